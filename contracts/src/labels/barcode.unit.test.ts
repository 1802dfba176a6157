import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { gs1CheckDigit } from '../numberSeries/gs1.js';
import {
  CODE128,
  QUIET_ZONE_MODULES,
  code128Patterns,
  code128Values,
  code128Widths,
  gs1Barcode,
  gs1Tokens,
  groupedDigits,
  gsinBarcode,
  ssccBarcode,
  type Gs1Token,
} from './barcode.js';

/** A reader's view: widths back to symbol values (6 elements each, the stop 7). */
function decodeWidths(widths: readonly number[]): number[] {
  const byPattern = new Map(code128Patterns.map((p, v) => [p, v]));
  const values: number[] = [];
  let at = 0;
  while (at < widths.length) {
    const size = widths.length - at === 7 ? 7 : 6;
    const value = byPattern.get(widths.slice(at, at + size).join(''));
    if (value === undefined) throw new Error(`no symbol at element ${at}`);
    values.push(value);
    at += size;
  }
  return values;
}

/** Symbol values back to tokens, checking start, check symbol and stop as a scanner does. */
function decodeValues(values: readonly number[]): Gs1Token[] {
  const stop = values.at(-1);
  const check = values.at(-2)!;
  const body = values.slice(0, -2);
  if (stop !== CODE128.STOP) throw new Error('no stop');
  const sum = body.reduce((s, v, i) => s + v * Math.max(i, 1), 0);
  if (sum % 103 !== check) throw new Error('bad check symbol');
  let set = body[0] === CODE128.START_C ? 'C' : body[0] === CODE128.START_B ? 'B' : 'A';
  const tokens: Gs1Token[] = [];
  for (const v of body.slice(1)) {
    if (v === CODE128.FNC1) tokens.push('FNC1');
    else if (set === 'C' && v === CODE128.CODE_B) set = 'B';
    else if (set === 'B' && v === CODE128.CODE_C) set = 'C';
    else if (set === 'C') tokens.push(...String(v).padStart(2, '0'));
    else if (set === 'B') tokens.push(String.fromCharCode(v + 32));
    else throw new Error(`unexpected value ${v} in set ${set}`);
  }
  return tokens;
}

const withCheckDigit = (body: string) => body + String(gs1CheckDigit(body));

describe('Code 128 symbol table', () => {
  it('has 107 distinct patterns of 11 modules (stop 13), bars of even width (the parity rule)', () => {
    expect(code128Patterns).toHaveLength(107);
    expect(new Set(code128Patterns).size).toBe(107);
    code128Patterns.forEach((p, v) => {
      const widths = [...p].map(Number);
      const sum = widths.reduce((a, b) => a + b, 0);
      expect({ v, sum }).toEqual({ v, sum: v === 106 ? 13 : 11 });
      const bars = widths.filter((_, i) => i % 2 === 0).reduce((a, b) => a + b, 0);
      expect({ v, even: bars % 2 === 0 }).toEqual({ v, even: true });
      expect(widths.every((w) => w >= 1 && w <= 4)).toBe(true);
    });
  });
});

describe('GS1-128 encoding', () => {
  it('SSCC (00) 370712340000000016: START C, FNC1, ten digit pairs, check 65, STOP', () => {
    // Code set C takes "00" "37" "07" "12" "34" "00" "00" "00" "00" "16" as values 0, 37, 7, …
    // Check: 105 + 1×102 + 2×0 + 3×37 + 4×7 + 5×12 + 6×34 + 7×0 + 8×0 + 9×0 + 10×0 + 11×16
    //      = 105 + 102 + 111 + 28 + 60 + 204 + 176 = 786; 786 mod 103 = 786 − 721 = 65.
    const code = ssccBarcode('370712340000000016');
    expect(code.values).toEqual([105, 102, 0, 37, 7, 12, 34, 0, 0, 0, 0, 16, 65, 106]);
    // START C is 211232, FNC1 411131, value 0 is 212222, the stop 2331112.
    expect(code.widths.slice(0, 18).join('')).toBe('211232' + '411131' + '212222');
    expect(code.widths.slice(-7).join('')).toBe('2331112');
    // 13 symbols of 11 modules, the stop of 13, and two quiet zones of 10.
    expect(code.modules).toBe(13 * 11 + 13 + 2 * QUIET_ZONE_MODULES);
    expect(code.text).toBe('(00) 3 7071234 000000001 6');
  });

  it('GSIN (402) 70712340000000015: check digit 5, check symbol 1', () => {
    // GS1 mod 10 of 7071234000000001, weights 3,1,3,… from the right:
    // 1×3 + 4×1 + 3×3 + 2×1 + 1×3 + 7×1 + 0×3 + 7×1 = 35 → check digit 5.
    expect(gs1CheckDigit('7071234000000001')).toBe(5);
    // "40" "27" "07" "12" "34" "00" "00" "00" "00" "15":
    // 105 + 102 + 2×40 + 3×27 + 4×7 + 5×12 + 6×34 + 11×15 = 825; 825 mod 103 = 1.
    const code = gsinBarcode('70712340000000015');
    expect(code.values).toEqual([105, 102, 40, 27, 7, 12, 34, 0, 0, 0, 0, 15, 1, 106]);
    expect(code.text).toBe('(402) 7071234 000000001 5');
  });

  it('alphanumeric data (401 GINC) starts in code set B', () => {
    // B values are ASCII − 32: '4' 20, '0' 16, '1' 17, 'N' 46, 'O' 47, '-' 13, '1' 17, '2' 18, '3' 19.
    // 104 + 102 + 2×20 + 3×16 + 4×17 + 5×46 + 6×47 + 7×13 + 8×17 + 9×18 + 10×19 = 1453 → 11.
    const code = gs1Barcode([{ ai: '401', data: 'NO-123' }]);
    expect(code.values).toEqual([104, 102, 20, 16, 17, 46, 47, 13, 17, 18, 19, 11, 106]);
  });

  it('switches to code set C for a long digit run and back to B', () => {
    const values = code128Values(gs1Tokens([{ ai: '401', data: 'AB12345678C' }]));
    expect(decodeValues(values)).toEqual(['FNC1', ...'401AB12345678C']);
    expect(values).toContain(CODE128.CODE_C);
    expect(values).toContain(CODE128.CODE_B);
  });

  it('an FNC1 separates a variable-length element from the next; 00 needs none', () => {
    expect(
      gs1Tokens([
        { ai: '00', data: '370712340000000016' },
        { ai: '402', data: '70712340000000015' },
      ]),
    ).toEqual(['FNC1', ...'00370712340000000016', ...'40270712340000000015']);
    expect(
      gs1Tokens([
        { ai: '402', data: '70712340000000015' },
        { ai: '00', data: '370712340000000016' },
      ]),
    ).toEqual(['FNC1', ...'40270712340000000015', 'FNC1', ...'00370712340000000016']);
  });

  it('refuses wrong check digits, lengths and unknown AIs', () => {
    expect(() => ssccBarcode('370712340000000015')).toThrow(/check digit 5 should be 6/);
    expect(() => gsinBarcode('7071234000000001')).toThrow(RangeError);
    expect(() => gs1Barcode([{ ai: '99', data: '1' }])).toThrow(/unsupported/);
    expect(() => gs1Barcode([])).toThrow(RangeError);
  });

  it('groups the human-readable digits by the company prefix length', () => {
    expect(groupedDigits('00', '370712340000000016', 9)).toBe('3 707123400 0000001 6');
    expect(groupedDigits('402', '70712340000000015', 7)).toBe('7071234 000000001 5');
  });

  it('property: widths decode back to the data, for any SSCC and GSIN, and to every GINC', () => {
    const digits = (n: number) =>
      fc
        .array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n })
        .map((d) => d.join(''));
    fc.assert(
      fc.property(digits(17), digits(16), (ssccBody, gsinBody) => {
        const sscc = withCheckDigit(ssccBody);
        const gsin = withCheckDigit(gsinBody);
        for (const [ai, data] of [
          ['00', sscc],
          ['402', gsin],
        ] as const) {
          const code = gs1Barcode([{ ai, data }]);
          expect(decodeValues(decodeWidths(code.widths))).toEqual(['FNC1', ...ai, ...data]);
          // Bars and spaces alternate, and the bars lie inside the quiet zones.
          expect(code.bars[0]!.x).toBe(QUIET_ZONE_MODULES);
          const last = code.bars.at(-1)!;
          expect(last.x + last.width).toBe(code.modules - QUIET_ZONE_MODULES);
        }
      }),
      { numRuns: 300 },
    );
    const gincChar = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefz-./_:');
    fc.assert(
      fc.property(fc.array(gincChar, { minLength: 1, maxLength: 30 }), (chars) => {
        const data = chars.join('');
        const widths = code128Widths(code128Values(gs1Tokens([{ ai: '401', data }])));
        expect(decodeValues(decodeWidths(widths))).toEqual(['FNC1', ...'401', ...data]);
      }),
      { numRuns: 300 },
    );
  });
});
