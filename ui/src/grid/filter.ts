/**
 * The grid's column filter syntax (spec §2, §5): the text is split into parts on `&`, and a row
 * passes when every part matches the cell's DISPLAYED value. A part that is a numeric range
 * (`10-20`, `10-` at least 10, `-20` at most 20) compares the first number of the displayed value;
 * any other part, a hyphenated word like `2026-11` included, is a fuzzy match: its characters
 * (spaces left out) appear in the value in the same order, case-insensitively.
 */
export type FilterPart =
  { kind: 'range'; min: number | null; max: number | null } | { kind: 'fuzzy'; chars: string };

const number = String.raw`-?\d+(?:[.,]\d+)?`;
const rangePattern = new RegExp(String.raw`^(${number})?\s*-\s*(${number})?$`);
const firstNumber = /-?\d+(?:[.,]\d+)?/;

const toNumber = (text: string): number => Number(text.replace(',', '.'));

export function parseFilterPart(raw: string): FilterPart | null {
  const text = raw.trim();
  if (text.length === 0) return null;
  const range = rangePattern.exec(text);
  if (range && (range[1] !== undefined || range[2] !== undefined)) {
    let min = range[1] === undefined ? null : toNumber(range[1]);
    let max = range[2] === undefined ? null : toNumber(range[2]);
    if (min !== null && max !== null && min > max) [min, max] = [max, min];
    return { kind: 'range', min, max };
  }
  return { kind: 'fuzzy', chars: text.replace(/\s+/g, '').toLowerCase() };
}

/** The parts of a filter text; empty parts are left out (an empty filter matches everything). */
export function parseFilter(text: string): FilterPart[] {
  return text
    .split('&')
    .map(parseFilterPart)
    .filter((p): p is FilterPart => p !== null);
}

/**
 * The first number in a displayed value (a decimal comma counts as a point), or null. A minus sign
 * counts only at the start or after a space: `Box-12` holds 12, `-12 kg` holds -12.
 */
export function displayedNumber(displayed: string): number | null {
  const match = firstNumber.exec(displayed);
  if (!match) return null;
  const negative =
    match[0].startsWith('-') && (match.index === 0 || /\s/.test(displayed[match.index - 1]!));
  return toNumber(negative || !match[0].startsWith('-') ? match[0] : match[0].slice(1));
}

/** True when the characters of `chars` appear in `value` in order (both already lower-cased). */
export function fuzzyIncludes(value: string, chars: string): boolean {
  let at = 0;
  for (const c of chars) {
    at = value.indexOf(c, at);
    if (at < 0) return false;
    at += c.length;
  }
  return true;
}

export function matchesPart(part: FilterPart, displayed: string): boolean {
  if (part.kind === 'fuzzy') return fuzzyIncludes(displayed.toLowerCase(), part.chars);
  const value = displayedNumber(displayed);
  if (value === null) return false;
  return (part.min === null || value >= part.min) && (part.max === null || value <= part.max);
}

export function matchesFilter(parts: readonly FilterPart[], displayed: string): boolean {
  return parts.every((p) => matchesPart(p, displayed));
}

/** A filter text's matcher, parsed once for many rows. */
export function compileFilter(text: string): (displayed: string) => boolean {
  const parts = parseFilter(text);
  return (displayed) => matchesFilter(parts, displayed);
}
