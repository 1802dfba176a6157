/**
 * What a decoded barcode says, as the code the scan command takes (issue 42 part 2,
 * docs/decisions/0073-camera-scanning.md). The labels print GS1-128: FNC1 first, then `00` and the
 * 18-digit SSCC, or `402` and the 17-digit GSIN (contracts/src/labels/barcode.ts). A decoder gives
 * that back as text in one of several shapes, all handled here:
 *
 * - the bare element string, `00370712340000000015` (FNC1 first dropped, as BarcodeDetector does);
 * - with a symbology identifier first (ISO/IEC 15424: `]C1` GS1-128, `]Q3` GS1 QR, `]d2` GS1
 *   DataMatrix, `]e0` DataBar, `]J1` GS1 DotCode), or an FNC1 first written as the GS character;
 * - several elements, a variable-length one ended by GS (ASCII 29) when another follows;
 * - the human-readable line, `(00) 3 7071234 000000001 5`;
 * - a GS1 Digital Link URL, `https://id.example/00/370712340000000015`.
 *
 * The code is the package's SSCC when the text names one, else the shipment's GSIN, else a GINC
 * (401); a text that is not GS1 (a load carrier's QR, a bare SSCC) is the code itself, trimmed.
 */

/** A GS1 element: application identifier and data. */
export interface Gs1Element {
  ai: string;
  data: string;
}

const GS = '\u001d';

/**
 * The length of an AI by its first two digits (GS1 General Specifications, the table of AI
 * lengths); prefixes not listed are not assigned.
 */
function aiLength(prefix: string): number | null {
  const n = Number(prefix);
  if (n <= 22 || n === 30 || n === 37 || n >= 90) return 2;
  if ((n >= 23 && n <= 25) || (n >= 40 && n <= 42) || n === 71) return 3;
  if ((n >= 31 && n <= 36) || n === 39 || n === 43 || n === 70 || (n >= 72 && n <= 82)) return 4;
  return null;
}

/**
 * Element strings of a predefined length, AI included, by the AI's first two digits: no separator
 * follows them (the same table the labels' encoder uses).
 */
// prettier-ignore
const predefined: Record<string, number> = {
  '00': 20, '01': 16, '02': 16, '03': 16, '04': 18, '11': 8, '12': 8, '13': 8, '14': 8, '15': 8,
  '16': 8, '17': 8, '18': 8, '19': 8, '20': 4, '31': 10, '32': 10, '33': 10, '34': 10, '35': 10,
  '36': 10, '41': 16,
};

/** The GS1 mod-10 check: weights 3, 1, 3, … from the digit before the check digit leftwards. */
export function hasGs1CheckDigit(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 1; i < digits.length; i++)
    sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 1 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

/** The elements of a GS1 element string (no brackets), or null when it does not parse. */
export function parseElementString(text: string): Gs1Element[] | null {
  const elements: Gs1Element[] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] === GS) {
      at++;
      continue;
    }
    const prefix = text.slice(at, at + 2);
    const length = /^\d\d$/.test(prefix) ? aiLength(prefix) : null;
    if (length === null) return null;
    const ai = text.slice(at, at + length);
    if (!/^\d+$/.test(ai) || ai.length < length) return null;
    const fixed = predefined[prefix];
    let end: number;
    if (fixed !== undefined) {
      end = at + fixed;
      if (end > text.length) return null;
    } else {
      const gs = text.indexOf(GS, at + length);
      end = gs < 0 ? text.length : gs;
    }
    const data = text.slice(at + length, end);
    if (data.length === 0 || data.includes(GS)) return null;
    elements.push({ ai, data });
    at = end;
  }
  return elements.length > 0 ? elements : null;
}

/** `(00) 3 7071234 000000001 5 (402) …`: each AI in brackets, its data after it (spaces dropped). */
function parseBracketed(text: string): Gs1Element[] | null {
  if (!/^\(\d{2,4}\)/.test(text)) return null;
  const elements: Gs1Element[] = [];
  for (const match of text.matchAll(/\((\d{2,4})\)([^(]*)/g))
    elements.push({ ai: match[1]!, data: match[2]!.replace(/\s/g, '') });
  return elements.every((e) => e.data.length > 0) ? elements : null;
}

/** A GS1 Digital Link (`…/00/{sscc}`, `…/01/{gtin}/21/{serial}`): its path's AI and value pairs. */
function parseDigitalLink(text: string): Gs1Element[] | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const parts = url.pathname.split('/').filter(Boolean);
  for (let i = 0; i + 1 < parts.length; i++) {
    if (!/^\d{2,4}$/.test(parts[i]!) || aiLength(parts[i]!.slice(0, 2)) !== parts[i]!.length)
      continue;
    const elements: Gs1Element[] = [];
    for (let j = i; j + 1 < parts.length; j += 2)
      elements.push({ ai: parts[j]!, data: decodeURIComponent(parts[j + 1]!) });
    return elements;
  }
  return null;
}

/** A symbology identifier that says the data is GS1 (ISO/IEC 15424). */
const GS1_SYMBOLOGY = /^\](C1|Q3|d2|e0|J1)/;

/** A symbology identifier or a GS separator: the text is GS1, whether it parses or not. */
const saysGs1 = (text: string) => GS1_SYMBOLOGY.test(text) || text.includes(GS);

/** The GS1 elements the decoded text carries, or null when it is not GS1. */
export function gs1Elements(decoded: string): Gs1Element[] | null {
  let text = decoded.trim();
  const flagged = saysGs1(text);
  text = text.replace(/^\][A-Za-z]\d/, '');
  while (text.startsWith(GS)) text = text.slice(1);
  const bracketed = parseBracketed(text);
  if (bracketed) return bracketed;
  const link = parseDigitalLink(text);
  if (link) return link;
  // Unflagged digits are GS1 only when they begin with a checked SSCC or GSIN: a load carrier's
  // code of digits must not be cut into elements.
  const looksGs1 =
    (/^00\d{18}/.test(text) && hasGs1CheckDigit(text.slice(2, 20))) ||
    (/^402\d{17}/.test(text) && hasGs1CheckDigit(text.slice(3, 20)));
  return flagged || looksGs1 ? parseElementString(text) : null;
}

/**
 * The code to send for a decoded text: the SSCC (AI 00), else the GSIN (402), else the GINC
 * (401), else the text as it is. Null when a GS1 text names none of them, or its SSCC or GSIN
 * fails its check digit: a misread, not a scan.
 */
export function scanCodeOf(decoded: string): string | null {
  const text = decoded.trim();
  if (!text) return null;
  const elements = gs1Elements(text);
  if (!elements) return text.length <= 60 && !saysGs1(text) ? text : null;
  for (const ai of ['00', '402', '401']) {
    const element = elements.find((e) => e.ai === ai);
    if (!element) continue;
    if (ai === '00' && !(/^\d{18}$/.test(element.data) && hasGs1CheckDigit(element.data)))
      return null;
    if (ai === '402' && !(/^\d{17}$/.test(element.data) && hasGs1CheckDigit(element.data)))
      return null;
    return element.data;
  }
  return null;
}

/** Whether the code is a package's SSCC (18 digits, checked): a label's package barcode. */
export const isSscc = (code: string) => /^\d{18}$/.test(code) && hasGs1CheckDigit(code);
