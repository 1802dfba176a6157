import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  compileFilter,
  displayedNumber,
  fuzzyIncludes,
  matchesFilter,
  parseFilter,
} from './filter';

const matches = (filter: string, displayed: string) => compileFilter(filter)(displayed);
/** Text without the syntax's own characters. */
const plain = fc.string({ maxLength: 12 }).map((s) => s.replace(/[&-]/g, ''));

describe('grid filter syntax (spec §2, §5)', () => {
  it('S2-SCREEN-022: parts split on & must all match', () => {
    expect(matches('osl&ter', 'Oslo terminal')).toBe(true);
    expect(matches('osl&xyz', 'Oslo terminal')).toBe(false);
    expect(matches(' & osl & ', 'Oslo')).toBe(true);
    expect(parseFilter('a&&b')).toHaveLength(2);
  });

  it('S2-SCREEN-023: a part with a hyphen is a numeric range on the displayed number', () => {
    expect(matches('10-20', '15')).toBe(true);
    expect(matches('10-20', '25')).toBe(false);
    expect(matches('10-20', '10')).toBe(true);
    expect(matches('10-20', '20')).toBe(true);
    expect(matches('10-', '1000')).toBe(true);
    expect(matches('-20', '3')).toBe(true);
    expect(matches('-20', '21')).toBe(false);
    expect(matches('20-10', '15')).toBe(true);
    expect(matches('1,5-2,5', '2,0 kg')).toBe(true);
    expect(matches('-5--1', '-3')).toBe(true);
    // No number in the value: a range does not match it.
    expect(matches('1-9', 'Oslo')).toBe(false);
    expect(parseFilter('10 - 20')).toEqual([{ kind: 'range', min: 10, max: 20 }]);
  });

  it('S2-SCREEN-024: any other part is a fuzzy, case-insensitive character-order match', () => {
    expect(matches('osl', 'Oslo')).toBe(true);
    expect(matches('osl', 'O s l o')).toBe(true);
    expect(matches('osl', 'Lso')).toBe(false);
    expect(matches('OSLO', 'oslo')).toBe(true);
    expect(matches('o l', 'Oslo')).toBe(true);
    // A hyphen that does not make a numeric range is matched as text.
    expect(parseFilter('2026-11-22')).toEqual([{ kind: 'fuzzy', chars: '2026-11-22' }]);
    expect(matches('a-b', 'a-b-c')).toBe(true);
  });

  it('S5-VAL-070: the match is on the displayed value', () => {
    // A date shown as 22.11.2026 matches 22.11; the raw ISO value is not what is matched.
    expect(matches('22.11', '22.11.2026')).toBe(true);
    expect(matches('2026-11-22', '22.11.2026')).toBe(false);
  });

  it('an empty filter matches everything', () => {
    expect(parseFilter('   ')).toEqual([]);
    expect(matchesFilter([], 'anything')).toBe(true);
  });

  it('displayed numbers: decimal commas, a minus only at the start or after a space', () => {
    expect(displayedNumber('12,5 kg')).toBe(12.5);
    expect(displayedNumber('-12 kg')).toBe(-12);
    expect(displayedNumber('Box-12')).toBe(12);
    expect(displayedNumber('none')).toBeNull();
  });

  it('S2-SCREEN-022 property: a&b matches exactly when a and b both match, in any order', () => {
    fc.assert(
      fc.property(plain, plain, fc.string({ maxLength: 20 }), (a, b, value) => {
        const both = matches(`${a}&${b}`, value);
        expect(both).toBe(matches(a, value) && matches(b, value));
        expect(matches(`${b}&${a}`, value)).toBe(both);
      }),
    );
  });

  it('S2-SCREEN-023 property: lo-hi keeps exactly the numbers between lo and hi', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: -2000, max: 2000 }),
        (a, b, x) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(matches(`${lo}-${hi}`, String(x))).toBe(x >= lo && x <= hi);
          expect(matches(`${lo}-`, `${x} kg`)).toBe(x >= lo);
        },
      ),
    );
  });

  it('S2-SCREEN-024 property: every subsequence of a value matches it, whatever the case', () => {
    fc.assert(
      fc.property(
        fc
          .string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 20 })
          .map((s) => s.replace(/[&-]/g, 'x')),
        fc.array(fc.boolean(), { maxLength: 20 }),
        (value, keep) => {
          const sub = [...value].filter((_, i) => keep[i] ?? false).join('');
          expect(matches(sub, value)).toBe(true);
          expect(matches(sub.toUpperCase(), value.toLowerCase())).toBe(
            matches(sub.toLowerCase(), value.toLowerCase()),
          );
        },
      ),
    );
  });

  it('property: fuzzy matching is a subsequence test', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (p, v) => {
        // Reference: greedy from the other end gives the same answer for a subsequence.
        const reference = (() => {
          let j = v.length - 1;
          for (let i = p.length - 1; i >= 0; i--) {
            while (j >= 0 && v[j] !== p[i]) j--;
            if (j < 0) return false;
            j--;
          }
          return true;
        })();
        expect(fuzzyIncludes(v, p)).toBe(reference);
      }),
    );
  });
});
