import { gs1CheckDigit, hasValidGs1CheckDigit } from '../numberSeries/gs1.js';

/**
 * GS1-128 (ISO/IEC 15417 Code 128 with FNC1 in first position) for the labels' shipment (GSIN,
 * AI 402) and package (SSCC, AI 00) barcodes. Pure: the web app draws the bars as SVG, and the
 * server may validate with the same code (docs/decisions/0020-labels.md).
 */

/**
 * Code 128 symbol patterns, by symbol value 0–106: the widths (in modules) of bar, space, bar,
 * space, bar, space; 11 modules each. 106 (STOP) has a seventh element, the final bar (13).
 */
// prettier-ignore
export const code128Patterns: readonly string[] = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212',
  '221213', '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221',
  '223211', '221132', '221231', '213212', '223112', '312131', '311222', '321122', '321221',
  '312212', '322112', '322211', '212123', '212321', '232121', '111323', '131123', '131321',
  '112313', '132113', '132311', '211313', '231113', '231311', '112133', '112331', '132131',
  '113123', '113321', '133121', '313121', '211331', '231131', '213113', '213311', '213131',
  '311123', '311321', '331121', '312113', '312311', '332111', '314111', '221411', '431111',
  '111224', '111422', '121124', '121421', '141122', '141221', '112214', '112412', '122114',
  '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111', '111242',
  '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311',
  '113141', '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

/** Special symbol values of Code 128. */
export const CODE128 = {
  CODE_C: 99,
  CODE_B: 100,
  FNC1: 102,
  START_B: 104,
  START_C: 105,
  STOP: 106,
} as const;

/** A quiet zone of at least ten modules on each side of the symbol. */
export const QUIET_ZONE_MODULES = 10;

/** One GS1 element string: an Application Identifier and its data. */
export interface Gs1Element {
  ai: string;
  data: string;
}

/**
 * The AIs the labels use, with the data they take. Their check digits are validated before a bar
 * is drawn: a wrong number on a label is worse than no label.
 */
const knownAis: Record<string, { pattern: RegExp; checkDigit: boolean }> = {
  /** SSCC: 18 digits, the last a GS1 mod-10 check digit. */
  '00': { pattern: /^\d{18}$/, checkDigit: true },
  /** GINC (global identification number for consignment): up to 30 of GS1's 82 characters. */
  '401': { pattern: /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]{1,30}$/, checkDigit: false },
  /** GSIN: 17 digits, the last a GS1 mod-10 check digit. */
  '402': { pattern: /^\d{17}$/, checkDigit: true },
};

/**
 * The AIs whose element strings have a predefined length (GS1 General Specifications, by their
 * first two digits): no FNC1 separator follows them. Every other element but the last needs one,
 * even a fixed-length one such as 402.
 */
// prettier-ignore
const predefinedLength = new Set([
  '00', '01', '02', '03', '04', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20',
  '31', '32', '33', '34', '35', '36', '41',
]);

/** Refuses (RangeError) an element the labels do not know or whose data is not valid. */
export function assertGs1Element({ ai, data }: Gs1Element): void {
  const rule = knownAis[ai];
  if (!rule) throw new RangeError(`unsupported application identifier (${ai})`);
  if (!rule.pattern.test(data)) throw new RangeError(`(${ai}) ${data}: not valid data`);
  if (rule.checkDigit && !hasValidGs1CheckDigit(data))
    throw new RangeError(
      `(${ai}) ${data}: check digit ${data.at(-1)} should be ${gs1CheckDigit(data.slice(0, -1))}`,
    );
}

/** What a GS1-128 symbol carries, in order: `'FNC1'` marks, else one character each. */
export type Gs1Token = string;

/** FNC1 first (it makes Code 128 GS1-128), then each element; FNC1 after variable-length ones. */
export function gs1Tokens(elements: readonly Gs1Element[]): Gs1Token[] {
  if (elements.length === 0) throw new RangeError('a GS1-128 symbol needs an element');
  const tokens: Gs1Token[] = ['FNC1'];
  elements.forEach((element, i) => {
    assertGs1Element(element);
    tokens.push(...element.ai, ...element.data);
    const last = i === elements.length - 1;
    if (!last && !predefinedLength.has(element.ai.slice(0, 2))) tokens.push('FNC1');
  });
  return tokens;
}

const isDigit = (t: Gs1Token | undefined) =>
  t !== undefined && t.length === 1 && t >= '0' && t <= '9';

/** How many digits follow from `i` without another token between them. */
function digitRun(tokens: readonly Gs1Token[], i: number): number {
  let n = 0;
  while (isDigit(tokens[i + n])) n++;
  return n;
}

/** Code set B value of a printable ASCII character. */
function valueB(char: string): number {
  const code = char.charCodeAt(0);
  if (code < 32 || code > 127) throw new RangeError(`not encodable in code set B: ${char}`);
  return code - 32;
}

/**
 * The symbol values of the tokens, start to stop, with the check symbol. Code set C (digit pairs)
 * for runs of four digits or more, code set B for the rest (GS1 data has no control characters,
 * so code set A is never needed). FNC1 is 102 in both sets.
 */
export function code128Values(tokens: readonly Gs1Token[]): number[] {
  const firstData = tokens[0] === 'FNC1' ? 1 : 0;
  const run = digitRun(tokens, firstData);
  let set: 'B' | 'C' = run >= 4 || (run >= 2 && run === tokens.length - firstData) ? 'C' : 'B';
  const values: number[] = [set === 'C' ? CODE128.START_C : CODE128.START_B];
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    if (token === 'FNC1') {
      values.push(CODE128.FNC1);
      i++;
    } else if (set === 'C') {
      if (isDigit(token) && isDigit(tokens[i + 1])) {
        values.push(Number(token + tokens[i + 1]!));
        i += 2;
      } else {
        values.push(CODE128.CODE_B);
        set = 'B';
      }
    } else {
      const digits = digitRun(tokens, i);
      // An odd run first spends one digit in B, so that C takes the rest in pairs.
      if (digits >= 4 && digits % 2 === 0) {
        values.push(CODE128.CODE_C);
        set = 'C';
      } else {
        values.push(valueB(token));
        i++;
      }
    }
  }
  values.push(code128CheckValue(values), CODE128.STOP);
  return values;
}

/** The check symbol: start value plus each data symbol times its position, modulo 103. */
export function code128CheckValue(startAndData: readonly number[]): number {
  return startAndData.reduce((sum, value, i) => sum + value * Math.max(i, 1), 0) % 103;
}

/** Bar and space widths of the values, in modules, beginning with a bar (no quiet zones). */
export function code128Widths(values: readonly number[]): number[] {
  return values.flatMap((v) => {
    const pattern = code128Patterns[v];
    if (pattern === undefined) throw new RangeError(`not a Code 128 symbol value: ${v}`);
    return [...pattern].map(Number);
  });
}

/** A drawn symbol: its widths, total modules, and the bars as rectangles (x and width in modules). */
export interface Gs1Barcode {
  values: number[];
  widths: number[];
  /** Modules of the symbol including both quiet zones. */
  modules: number;
  bars: { x: number; width: number }[];
  /** The human-readable interpretation, "(00) 3 7071234 000000001 5". */
  text: string;
}

/** Everything the label needs to draw one GS1-128 barcode of the elements. */
export function gs1Barcode(elements: readonly Gs1Element[], prefixLength = 7): Gs1Barcode {
  const values = code128Values(gs1Tokens(elements));
  const widths = code128Widths(values);
  const bars: { x: number; width: number }[] = [];
  let x = QUIET_ZONE_MODULES;
  widths.forEach((width, i) => {
    if (i % 2 === 0) bars.push({ x, width });
    x += width;
  });
  return {
    values,
    widths,
    modules: x + QUIET_ZONE_MODULES,
    bars,
    text: humanReadable(elements, prefixLength),
  };
}

/**
 * Digits grouped as GS1 logistic labels print them: an SSCC as extension digit, company prefix,
 * serial reference and check digit; a GSIN as company prefix, shipper reference and check digit.
 * The company prefix length (7 to 10) is not in the number; 7, the length of the series this
 * product sets up, is the default.
 */
export function groupedDigits(ai: string, data: string, prefixLength = 7): string {
  const grouped = (parts: number[]) => {
    const out: string[] = [];
    let at = 0;
    for (const n of parts) {
      out.push(data.slice(at, at + n));
      at += n;
    }
    return out.join(' ');
  };
  if (ai === '00' && data.length === 18) return grouped([1, prefixLength, 16 - prefixLength, 1]);
  if (ai === '402' && data.length === 17) return grouped([prefixLength, 16 - prefixLength, 1]);
  return data;
}

/** The human-readable text under a barcode: each AI in parentheses, then its grouped data. */
export const humanReadable = (elements: readonly Gs1Element[], prefixLength = 7): string =>
  elements.map((e) => `(${e.ai}) ${groupedDigits(e.ai, e.data, prefixLength)}`).join(' ');

/** The package barcode of a label: its SSCC under AI 00. */
export const ssccBarcode = (sscc: string): Gs1Barcode => gs1Barcode([{ ai: '00', data: sscc }]);
/** The shipment barcode of a label: its GSIN under AI 402. */
export const gsinBarcode = (gsin: string): Gs1Barcode => gs1Barcode([{ ai: '402', data: gsin }]);
