import { describe, expect, it } from '@jest/globals';
import { codeOfFrame } from './decoder';

const sscc = '370712340000000016';
const gsin = '73707123400000019';

describe('the camera decoder (issue 42 part 2, 0073)', () => {
  it("a frame with the label's two barcodes gives the package's SSCC, whichever is found first", () => {
    expect(
      codeOfFrame([
        { rawValue: `(402)${gsin}`, format: 'code_128' },
        { rawValue: `00${sscc}`, format: 'code_128' },
      ]),
    ).toBe(sscc);
    expect(codeOfFrame([{ rawValue: `402${gsin}`, format: 'code_128' }])).toBe(gsin);
  });

  it("a misread is skipped for the frame's next code; a load carrier's QR is its text; nothing is null", () => {
    expect(
      codeOfFrame([
        { rawValue: ']C100370712340000000015', format: 'code_128' },
        { rawValue: 'CAGE-7', format: 'qr_code' },
      ]),
    ).toBe('CAGE-7');
    expect(codeOfFrame([{ rawValue: ']C100370712340000000015', format: 'code_128' }])).toBeNull();
    expect(codeOfFrame([])).toBeNull();
  });
});
