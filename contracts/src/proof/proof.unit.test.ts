import { describe, expect, it } from '@jest/globals';
import {
  MAX_PHOTO_BYTES,
  MAX_SIGNATURE_POINTS,
  photoTypeOf,
  recordDeliveryProofSchema,
} from './index.js';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(40)]);
const webp = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x20, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(20),
]);
const signature = { width: 300, height: 120, strokes: [[10, 10, 40, 60, 80, 20]] };
const base = { orderId: '7', recipientName: 'Kari Nordmann', signature };
const messages = (payload: unknown) => {
  const r = recordDeliveryProofSchema.safeParse(payload);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('proof of delivery: what the server takes (0068)', () => {
  it('reads a photo type from its first bytes: JPEG, PNG, WebP; nothing else', () => {
    expect(photoTypeOf(jpeg)).toBe('image/jpeg');
    expect(photoTypeOf(png)).toBe('image/png');
    expect(photoTypeOf(webp)).toBe('image/webp');
    expect(photoTypeOf(Buffer.from('%PDF-1.7 not an image'))).toBeNull();
    expect(photoTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(photoTypeOf(new Uint8Array())).toBeNull();
  });

  it('takes a name, a signature and up to three photos', () => {
    const photos = [jpeg, png, webp].map((b) => ({ data: b.toString('base64') }));
    expect(messages({ ...base, photos })).toEqual([]);
    expect(messages({ orderId: '7', photos: [photos[0]] })).toEqual([]);
  });

  it('refuses a photo that is not an image, not base64, or over the limit', () => {
    const text = { data: Buffer.from('just some text, not an image at all').toString('base64') };
    expect(messages({ ...base, photos: [text] })).toEqual([
      'a photo must be a JPEG, PNG or WebP image',
    ]);
    expect(messages({ ...base, photos: [{ data: '!!!!not base64!!!!' }] })).toEqual([
      'a photo must be sent as base64',
    ]);
    const big = Buffer.concat([jpeg, Buffer.alloc(MAX_PHOTO_BYTES)]).toString('base64');
    expect(messages({ ...base, photos: [{ data: big }] })).toEqual(['a photo is at most 600 KB']);
    // Just at the limit is taken.
    const edge = Buffer.concat([jpeg, Buffer.alloc(MAX_PHOTO_BYTES - jpeg.length)]);
    expect(messages({ ...base, photos: [{ data: edge.toString('base64') }] })).toEqual([]);
  });

  it('refuses a fourth photo', () => {
    const photo = { data: jpeg.toString('base64') };
    expect(messages({ ...base, photos: [photo, photo, photo, photo] })).toEqual([
      'at most 3 photos',
    ]);
  });

  it('refuses a signature of too many points, points outside it, or no strokes', () => {
    const many = Array.from({ length: MAX_SIGNATURE_POINTS + 1 }, (_, i) => [i % 300, i % 120]);
    const strokes = [many.flat()];
    expect(messages({ ...base, signature: { ...signature, strokes } })).toEqual([
      `a signature has at most ${MAX_SIGNATURE_POINTS} points`,
    ]);
    expect(messages({ ...base, signature: { ...signature, strokes: [[500, 10]] } })).toEqual([
      'a point lies outside the signature',
    ]);
    expect(messages({ ...base, signature: { ...signature, strokes: [[1, 2, 3]] } })).toEqual([
      'x and y for each point',
    ]);
    expect(messages({ ...base, signature: { ...signature, strokes: [] } })).toEqual([
      'the signature has no strokes',
    ]);
  });

  it('needs a signature or a photo, and a name with a signature', () => {
    expect(messages({ orderId: '7', recipientName: 'Kari' })).toEqual([
      'a signature or a photo is required',
    ]);
    expect(messages({ orderId: '7', signature })).toEqual(['validation.required']);
  });
});
