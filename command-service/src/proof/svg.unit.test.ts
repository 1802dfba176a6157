import { describe, expect, it } from '@jest/globals';
import { signatureSvg } from './svg.js';

describe('a signature drawn as SVG (0068)', () => {
  it('draws a path per stroke and a dot for a single point, with nothing but numbers', () => {
    const svg = signatureSvg({
      width: 300,
      height: 120,
      strokes: [
        [10, 10, 40, 60],
        [5, 6],
      ],
    });
    expect(svg).toContain('viewBox="0 0 300 120"');
    expect(svg).toContain('<path d="M10 10L40 60"/>');
    expect(svg).toContain('<path d="M5 6L5 6"/>');
    expect(svg).not.toMatch(/<script|on\w+=/i);
  });

  it('gives the same bytes for the same strokes (the same key in the store)', () => {
    const s = { width: 100, height: 50, strokes: [[1, 2, 3, 4]] };
    expect(signatureSvg(s)).toBe(signatureSvg(structuredClone(s)));
  });
});
