import { entityId } from '../common.js';
import { GSIN_LENGTH, isValidGsin, isValidSscc } from '../numberSeries/gs1.js';

/** What an identifier in a search names: a package (SSCC), a shipment (GSIN) or an order. */
export type SearchIdKind = 'SSCC' | 'GSIN' | 'ORDER';

/**
 * The kind of identifier a search word is, or null for a word: an SSCC or a GSIN with a valid
 * GS1 check digit (a scanned "(00)" prefix allowed), else an
 * order number (an entity id shorter than a GSIN).
 */
export function searchIdKind(word: string): SearchIdKind | null {
  const digits = word.replace(/^\(00\)/, '');
  if (isValidSscc(digits)) return 'SSCC';
  if (isValidGsin(digits)) return 'GSIN';
  // Shorter than a GSIN: a 17 or 18 digit number with a wrong check digit is a mistyped GS1 id.
  if (digits.length < GSIN_LENGTH && entityId.safeParse(digits).success) return 'ORDER';
  return null;
}

/**
 * The identifiers of an id-looking search (docs/decisions/0040): when every word of the phrase is
 * an SSCC, a GSIN or an order number, they are what the planner is after, whatever its date, so
 * the search finds them on every date; otherwise null (a search of words keeps to its dates).
 */
export function searchIds(phrase: string): { kind: SearchIdKind; value: string }[] | null {
  const words = phrase.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const ids = words.map((w) => ({ kind: searchIdKind(w), value: w.replace(/^\(00\)/, '') }));
  return ids.every((i) => i.kind !== null)
    ? (ids as { kind: SearchIdKind; value: string }[])
    : null;
}
