/**
 * Reads what a user typed into the address input ("Tvetenveien 150, 0671 Oslo") into its parts.
 * In the four markets the house number follows the street name and the postal code stands before
 * the town, so a number right after a street name is a house number, and a postal code is a
 * number of the country's format that starts the text, starts a part after a comma, or follows
 * the house number (docs/decisions/0034-geodata.md).
 */

/** Digits of a postal code per country (Sweden's `123 45` is five digits with a space). */
export { postalCodeDigits } from '@nordlog/contracts';
import { postalCodeDigits as digitsPerCountry } from '@nordlog/contracts';
const postalCodeDigits: Readonly<Record<string, number>> = digitsPerCountry;

export interface TypedAddress {
  /** Street name and house number as typed ("Tvetenveien 150"), '' when none. */
  street: string;
  houseNumber?: string;
  /** The postal code's digits (no space), complete or, at the end of the text, begun. */
  postalCode?: string;
  /** Whether `postalCode` has all its digits for at least one of the countries. */
  postalCodeComplete: boolean;
  /** The town as typed ('' when none). */
  place: string;
}

// House numbers never begin with 0; postal codes of Oslo and Helsinki do ("Oslo 0155").
const HOUSE_NUMBER = /^[1-9]\d{0,3}[a-zA-Z]?$|^[1-9]\d{0,3}-\d{1,4}$/;
const hasLetters = (t: string) => /\p{L}/u.test(t);

/** Whether digits are (the beginning of) a postal code of one of the countries. */
export function fitsPostalCode(digits: string, countries: readonly string[], begun: boolean) {
  if (!/^\d+$/.test(digits)) return false;
  return countries.some((c) => {
    const n = postalCodeDigits[c];
    return n !== undefined && (digits.length === n || (begun && digits.length < n));
  });
}

interface Token {
  text: string;
  segment: number;
  /** The token before it in the same comma-separated part. */
  previous?: string;
  last: boolean;
}

function tokenize(text: string): Token[] {
  const segments = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const tokens: Token[] = [];
  segments.forEach((segment, s) => {
    const words = segment.split(/\s+/);
    words.forEach((w, i) =>
      tokens.push({ text: w, segment: s, previous: words[i - 1], last: false }),
    );
  });
  if (tokens.length > 0) tokens[tokens.length - 1]!.last = true;
  return tokens;
}

/**
 * A postal code at tokens[i]: one number of the format, or Sweden's two groups `123 45`. Returns
 * the digits and how many tokens they take.
 */
function postalCodeAt(tokens: Token[], i: number, countries: readonly string[]) {
  const first = tokens[i]!;
  const next = tokens[i + 1];
  if (
    countries.includes('SE') &&
    /^\d{3}$/.test(first.text) &&
    next?.segment === first.segment &&
    /^\d{1,2}$/.test(next.text) &&
    fitsPostalCode(first.text + next.text, ['SE'], next.last)
  )
    return { digits: first.text + next.text, used: 2 };
  if (fitsPostalCode(first.text, countries, first.last)) return { digits: first.text, used: 1 };
  return null;
}

/** Splits typed text into street, house number, postal code and town for the countries given. */
export function parseTypedAddress(text: string, countries: readonly string[]): TypedAddress {
  const tokens = tokenize(text);
  const complete = (code: string | undefined) =>
    code !== undefined && fitsPostalCode(code, countries, false);
  const street: string[] = [];
  const place: string[] = [];
  let houseNumber: string | undefined;
  let postalCode: string | undefined;
  let codeSegment = -1;
  // The street is the first part when that part begins with a word ("Storgata 1, Oslo").
  const streetSegment = tokens[0] && hasLetters(tokens[0].text) ? 0 : -1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const inStreet = t.segment === streetSegment && postalCode === undefined && place.length === 0;
    if (inStreet && houseNumber === undefined && t.previous && hasLetters(t.previous)) {
      if (HOUSE_NUMBER.test(t.text)) {
        houseNumber = t.text;
        street.push(t.text);
        continue;
      }
    }
    // "150 B": a single letter after the house number belongs to it.
    if (
      inStreet &&
      houseNumber !== undefined &&
      t.previous === houseNumber &&
      /^\p{L}$/u.test(t.text)
    ) {
      houseNumber += t.text;
      street.push(t.text);
      continue;
    }
    // A number after a number that was neither house number nor code ("1114 3") starts none.
    const afterStray =
      t.previous !== undefined && /^\d/.test(t.previous) && t.previous !== houseNumber;
    if (postalCode === undefined && /^\d/.test(t.text) && !afterStray) {
      const code = postalCodeAt(tokens, i, countries);
      if (code) {
        postalCode = code.digits;
        codeSegment = t.segment;
        i += code.used - 1;
        continue;
      }
    }
    if (inStreet && houseNumber === undefined) street.push(t.text);
    else place.push(t.text);
  }
  // One part of words alone ("malmo") is a town being typed, not a street.
  const onlyWords = streetSegment === 0 && tokens.every((t) => t.segment === 0);
  if (onlyWords && houseNumber === undefined && postalCode === undefined && place.length === 0)
    return { street: '', postalCodeComplete: false, place: street.join(' ') };
  // "Oslo 0155": words before the code in its own part, with no house number, are the town.
  if (houseNumber === undefined && codeSegment === streetSegment && place.length === 0)
    return {
      street: '',
      postalCode,
      postalCodeComplete: complete(postalCode),
      place: street.join(' '),
    };
  return {
    street: street.join(' '),
    ...(houseNumber !== undefined ? { houseNumber } : {}),
    ...(postalCode !== undefined ? { postalCode } : {}),
    postalCodeComplete: complete(postalCode),
    place: place.join(' '),
  };
}
