import { describe, expect, it } from '@jest/globals';
import { gs1Tokens, humanReadable, type Gs1Element } from '@nordlog/contracts';
import { gs1Elements, hasGs1CheckDigit, parseElementString, scanCodeOf } from './gs1';

const sscc = '370712340000000016';
const gsin = '73707123400000019';

/** The text a decoder gives for the symbol the labels print: FNC1 first dropped, later ones GS. */
const decoded = (elements: Gs1Element[]) =>
  gs1Tokens(elements)
    .slice(1)
    .map((t) => (t === 'FNC1' ? '\u001d' : t))
    .join('');

describe('GS1 application identifiers in a decoded barcode (issue 42 part 2, 0073)', () => {
  it('the check digits of the numbers the labels print', () => {
    expect(hasGs1CheckDigit(sscc)).toBe(true);
    expect(hasGs1CheckDigit(gsin)).toBe(true);
    expect(hasGs1CheckDigit('370712340000000015')).toBe(false);
  });

  it("the labels' package and shipment barcodes give back their SSCC and GSIN", () => {
    expect(decoded([{ ai: '00', data: sscc }])).toBe(`00${sscc}`);
    expect(scanCodeOf(decoded([{ ai: '00', data: sscc }]))).toBe(sscc);
    expect(scanCodeOf(decoded([{ ai: '402', data: gsin }]))).toBe(gsin);
  });

  it('a symbology identifier or an FNC1 first, and the human-readable line, give the same code', () => {
    for (const text of [
      `]C100${sscc}`,
      `\u001d00${sscc}`,
      `]Q300${sscc}`,
      humanReadable([{ ai: '00', data: sscc }]),
      `  (00)${sscc} `,
    ])
      expect(scanCodeOf(text)).toBe(sscc);
  });

  it('several elements: a variable-length one ends at GS, and the SSCC wins over the others', () => {
    const text = decoded([
      { ai: '401', data: 'ABC-12' },
      { ai: '402', data: gsin },
      { ai: '00', data: sscc },
    ]);
    expect(text).toBe(`401ABC-12\u001d402${gsin}\u001d00${sscc}`);
    expect(parseElementString(text)).toEqual([
      { ai: '401', data: 'ABC-12' },
      { ai: '402', data: gsin },
      { ai: '00', data: sscc },
    ]);
    expect(scanCodeOf(text)).toBe(sscc);
    expect(scanCodeOf(`]C1401ABC-12\u001d402${gsin}`)).toBe(gsin);
    expect(scanCodeOf(']C1401ABC-12')).toBe('ABC-12');
    // A GTIN, a batch and a weight: GS1, but nothing a scan names.
    expect(gs1Elements(']C10107071234567891310300012510LOT7')).toEqual([
      { ai: '01', data: '07071234567891' },
      { ai: '3103', data: '000125' },
      { ai: '10', data: 'LOT7' },
    ]);
    expect(scanCodeOf(']C101070712345678913103000125')).toBeNull();
  });

  it('a GS1 Digital Link QR names its SSCC', () => {
    expect(scanCodeOf(`https://id.gs1.org/00/${sscc}`)).toBe(sscc);
    expect(scanCodeOf(`https://example.com/track/402/${gsin}?x=1`)).toBe(gsin);
  });

  it('a misread SSCC or GSIN (wrong check digit, short) is no scan', () => {
    expect(scanCodeOf(']C100370712340000000015')).toBeNull();
    expect(scanCodeOf(`]C1402${gsin.slice(0, -1)}8`)).toBeNull();
    expect(scanCodeOf(']C10037071234')).toBeNull();
    expect(scanCodeOf('')).toBeNull();
    expect(scanCodeOf(']C1\u001d')).toBeNull();
  });

  it("text that is not GS1 is the code itself: a load carrier's QR, a bare SSCC, digits that only look like it", () => {
    expect(scanCodeOf('CAGE-404')).toBe('CAGE-404');
    expect(scanCodeOf(` ${sscc} `)).toBe(sscc);
    // 20 digits starting 00 without a valid SSCC after them: a carrier's own number.
    expect(scanCodeOf('00123456789012345678')).toBe('00123456789012345678');
    expect(scanCodeOf('https://example.com/cage/7')).toBe('https://example.com/cage/7');
    expect(scanCodeOf('x'.repeat(61))).toBeNull();
  });
});
