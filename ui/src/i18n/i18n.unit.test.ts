import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import englishMessages from 'ra-language-english';
import { appMessages } from './appMessages';
import { raMessages } from './i18nProvider';
import { languageNames } from './loadMessages';
import {
  dateFormats,
  dateInputLength,
  dateTimeFormatter,
  formatDate,
  formatDateTime,
  locales,
  normalizeLocale,
  timeZoneFor,
  weekStartsOn,
} from './locales';

/** Every leaf of a message tree as `path → text`. */
function flatten(tree: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (tree && typeof tree === 'object')
    for (const [k, v] of Object.entries(tree)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]))].sort();
const pluralForms = (text: string) => text.split('||||').length;

describe('six languages (spec §1, §9)', () => {
  const english = flatten(appMessages.en);
  const raEnglish = flatten(englishMessages);

  it('S1-GEN-039: the languages are da, en, fi, fr, nb and sv', () => {
    expect([...locales]).toEqual(['da', 'en', 'fi', 'fr', 'nb', 'sv']);
  });

  it('the language menus name each language as its own messages do (loaded one language at a time)', () => {
    for (const locale of locales)
      expect([locale, languageNames[locale]]).toEqual([
        locale,
        appMessages[locale].languages[locale],
      ]);
  });

  for (const locale of locales) {
    it(`every app key exists in ${locale}, with the same placeholders and plural forms`, () => {
      const messages = flatten(appMessages[locale]);
      expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of english) {
        const translated = messages.get(key)!;
        expect(translated.trim().length).toBeGreaterThan(0);
        expect({ key, placeholders: placeholders(translated) }).toEqual({
          key,
          placeholders: placeholders(text),
        });
        expect({ key, forms: pluralForms(translated) }).toEqual({ key, forms: pluralForms(text) });
      }
    });

    it(`every react-admin key exists in ${locale}`, () => {
      const messages = flatten(raMessages[locale]);
      const missing = [...raEnglish.keys()].filter((k) => !messages.has(k));
      expect(missing).toEqual([]);
      // A translation may leave a placeholder out (ra-language-french does) but never invents one.
      for (const [key, text] of raEnglish) {
        const unknown = placeholders(messages.get(key)!).filter(
          (p) => !placeholders(text).includes(p),
        );
        expect({ key, unknown }).toEqual({ key, unknown: [] });
      }
    });
  }

  it('S1-GEN-040 S1-GEN-041: English is the default; dk is Danish', () => {
    expect(normalizeLocale(undefined)).toBe('en');
    expect(normalizeLocale('xx')).toBe('en');
    expect(normalizeLocale('dk')).toBe('da');
    expect(formatDate('2026-11-22', normalizeLocale('dk'))).toBe(formatDate('2026-11-22', 'da'));
    expect(normalizeLocale('no')).toBe('nb');
  });

  it('S9-CONST-023 S9-CONST-024 S9-CONST-025: date formats per language; English day first, as in Europe (issue 13)', () => {
    const d = '2026-11-22';
    expect(formatDate(d, 'en')).toBe('22/11/2026');
    expect(formatDate(d, 'fr')).toBe('22/11/2026');
    expect(formatDate(d, 'fi')).toBe('22.11.2026');
    expect(formatDate(d, 'nb')).toBe('22.11.2026');
    expect(formatDate(d, 'da')).toBe('2026-11-22');
    expect(formatDate(d, 'sv')).toBe('2026-11-22');
    expect(dateFormats.nb).toBe('dd.MM.yyyy');
  });

  it('formats an instant in the department time zone', () => {
    // 23:30 UTC on 21 Nov is 22 Nov in Oslo and Helsinki.
    expect(formatDate(new Date('2026-11-21T23:30:00Z'), 'nb', 'Europe/Oslo')).toBe('22.11.2026');
    expect(formatDate(new Date('2026-11-21T22:30:00Z'), 'nb', 'Europe/Helsinki')).toBe(
      '22.11.2026',
    );
    expect(formatDate(new Date('2026-11-21T22:30:00Z'), 'nb', 'Europe/London')).toBe('21.11.2026');
  });

  it('the grid’s date-time formatter writes what formatDateTime writes, across DST changes', () => {
    const zones = ['Europe/Oslo', 'Europe/Helsinki', 'Europe/London', 'UTC'];
    const formatters = new Map(
      locales.flatMap((l) => zones.map((z) => [`${l} ${z}`, dateTimeFormatter(l, z)] as const)),
    );
    const check = (ms: number) => {
      for (const l of locales)
        for (const z of zones) {
          const f = formatters.get(`${l} ${z}`)!;
          expect(f(new Date(ms))).toBe(formatDateTime(new Date(ms), l, z));
          expect(f(new Date(ms).toISOString())).toBe(
            formatDateTime(new Date(ms).toISOString(), l, z),
          );
        }
    };
    // Around the 2026 changes in Europe (29 March, 25 October at 01:00 UTC), minute by minute.
    for (const at of ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z'])
      for (let m = -90; m <= 90; m += 7) check(Date.parse(at) + m * 60_000);
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }), (ms) =>
        check(ms),
      ),
      { numRuns: 300 },
    );
    expect(dateTimeFormatter('en', 'Europe/Oslo')('2026-11-21T23:05:00Z')).toBe('22/11/2026 00:05');
  });

  it('S9-CONST-026: date-input length is 10 for sv and fr, otherwise 8', () => {
    expect(locales.map((l) => [l, dateInputLength(l)])).toEqual([
      ['da', 8],
      ['en', 8],
      ['fi', 8],
      ['fr', 10],
      ['nb', 8],
      ['sv', 10],
    ]);
  });

  it('S9-CONST-021 S9-CONST-020: time zones per country; weeks start on Monday', () => {
    expect(timeZoneFor('NO')).toBe('Europe/Oslo');
    expect(timeZoneFor('SE')).toBe('Europe/Stockholm');
    expect(timeZoneFor('DK')).toBe('Europe/Copenhagen');
    expect(timeZoneFor('FI')).toBe('Europe/Helsinki');
    expect(timeZoneFor('UK')).toBe('Europe/London');
    expect(timeZoneFor('IS')).toBe('Europe/London');
    expect(weekStartsOn).toBe(1);
  });
});
