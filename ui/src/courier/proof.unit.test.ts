import { describe, expect, it } from '@jest/globals';
import { MAX_SIGNATURE_POINTS, recordDeliveryProofSchema } from '@nordlog/contracts';
import {
  addPoint,
  fitWithin,
  signatureFull,
  signaturePayload,
  toBase64,
  type Strokes,
} from './proof';

const area = { width: 300, height: 120 };

describe("the courier's proof on the phone (0068)", () => {
  it('draws strokes of whole points inside the area, skipping points that add nothing', () => {
    let s: Strokes = [];
    s = addPoint(s, 10.4, 10.6, area, true);
    s = addPoint(s, 11, 11, area, false);
    s = addPoint(s, 40, 60, area, false);
    s = addPoint(s, 500, -4, area, false);
    s = addPoint(s, 5, 5, area, true);
    expect(s).toEqual([
      [10, 11, 40, 60, 300, 0],
      [5, 5],
    ]);
  });

  it('stops taking points at the limit, and what it gives the server is taken', () => {
    let s: Strokes = [];
    for (let i = 0; i < MAX_SIGNATURE_POINTS + 50; i++)
      s = addPoint(s, (i * 3) % 300, i % 2 === 0 ? 10 : 100, area, i % 100 === 0);
    expect(signatureFull(s)).toBe(true);
    expect(s.reduce((n, x) => n + x.length / 2, 0)).toBe(MAX_SIGNATURE_POINTS);
    const payload = { orderId: '1', recipientName: 'Kari', signature: signaturePayload(s, area) };
    expect(recordDeliveryProofSchema.safeParse(payload).success).toBe(true);
    expect(signaturePayload([], area)).toBeNull();
  });

  it('fits a photo within its longest edge, never enlarging it', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
  });

  it('encodes large bytes as base64 in chunks', () => {
    expect(toBase64(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('/9j/4A==');
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 7) % 256);
    const back = Uint8Array.from(atob(toBase64(bytes)), (c) => c.charCodeAt(0));
    expect(back).toEqual(bytes);
  });
});
