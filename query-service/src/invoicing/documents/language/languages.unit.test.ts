import { describe, expect, it } from '@jest/globals';
import { marketCountries } from '@nordlog/contracts';
import { en } from './en.js';
import {
  fill,
  invoiceLanguage,
  invoiceLanguages,
  plural,
  type InvoiceLanguageCode,
  type InvoiceWord,
} from './index.js';

/**
 * Words a Nordic language writes as English does, on purpose: names of payment systems and
 * references (IBAN, Bankgiro, KID, FIK), and Swedish "Period" and "Order" (the glossary's word),
 * Norwegian, Swedish and Danish "Finland". Any other word equal to English is an untranslated one.
 */
const sameAsEnglish: Readonly<Record<Exclude<InvoiceLanguageCode, 'en'>, readonly InvoiceWord[]>> =
  {
    nb: ['iban', 'bankgiro', 'referenceKid', 'referenceFik', 'countryFI'],
    sv: ['iban', 'bankgiro', 'referenceKid', 'referenceFik', 'period', 'order', 'countryFI'],
    da: ['iban', 'bankgiro', 'referenceKid', 'referenceFik', 'countryFI'],
    fi: ['bankgiro'],
  };

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the invoice dictionaries', () => {
  const nordic = Object.values(invoiceLanguages).filter((l) => l.code !== 'en');

  it('every word of every language is there, trimmed and not empty', () => {
    for (const language of Object.values(invoiceLanguages)) {
      const texts = [
        ...Object.entries(language.words),
        ...Object.entries(language.plurals).flatMap(([key, forms]) => [
          [`${key}.one`, forms.one] as const,
          [`${key}.other`, forms.other] as const,
        ]),
      ];
      const bad = texts.filter(([, text]) => text.trim() === '' || text !== text.trim());
      expect({ lang: language.code, bad }).toEqual({ lang: language.code, bad: [] });
      expect(Object.keys(language.words).sort()).toEqual(Object.keys(en.words).sort());
    }
  });

  it('no Nordic word is left in English, save the few that are the same in both', () => {
    for (const language of nordic) {
      const allowed: readonly string[] = sameAsEnglish[language.code as keyof typeof sameAsEnglish];
      const english = Object.entries(en.words)
        .filter(([key, word]) => language.words[key as InvoiceWord] === word)
        .map(([key]) => key)
        .filter((key) => !allowed.includes(key));
      const plurals = Object.entries(en.plurals)
        .filter(([key, forms]) => {
          const own = language.plurals[key as keyof typeof en.plurals];
          return own.one === forms.one || own.other === forms.other;
        })
        .map(([key]) => key);
      expect({ lang: language.code, english: [...english, ...plurals] }).toEqual({
        lang: language.code,
        english: [],
      });
      // The allowance names only words that really are the same, so it cannot grow stale.
      const stale = allowed.filter(
        (key) => language.words[key as InvoiceWord] !== en.words[key as InvoiceWord],
      );
      expect({ lang: language.code, stale }).toEqual({ lang: language.code, stale: [] });
    }
  });

  it('every language keeps English’s placeholders, and the count in both plural forms', () => {
    for (const language of Object.values(invoiceLanguages)) {
      for (const [key, word] of Object.entries(en.words))
        expect({
          lang: language.code,
          key,
          placeholders: placeholders(language.words[key as InvoiceWord]),
        }).toEqual({
          lang: language.code,
          key,
          placeholders: placeholders(word),
        });
      for (const forms of Object.values(language.plurals)) {
        expect(placeholders(forms.one)).toEqual(['n']);
        expect(placeholders(forms.other)).toEqual(['n']);
      }
    }
  });

  it('the seller’s country chooses the language; an unknown or foreign country gets English', () => {
    expect(marketCountries.map((c) => invoiceLanguage(c).code)).toEqual(['nb', 'sv', 'da', 'fi']);
    expect(marketCountries.map((c) => invoiceLanguage(c).datePattern)).toEqual([
      'dd.MM.yyyy',
      'yyyy-MM-dd',
      'dd.MM.yyyy',
      'd.M.yyyy',
    ]);
    for (const unknown of [undefined, null, '', 'DE', 'toString', '__proto__'])
      expect(invoiceLanguage(unknown).code).toBe('en');
  });

  it('fills placeholders and picks the plural form by the count', () => {
    expect(fill('Net {n} days to {who}', { n: 14, who: 'x' })).toBe('Net 14 days to x');
    expect(fill('{missing} stays', {})).toBe('{missing} stays');
    const forms = en.plurals.netDays;
    expect([0, 1, 2, 14].map((n) => plural(forms, n))).toEqual([
      'Net 0 days',
      'Net 1 day',
      'Net 2 days',
      'Net 14 days',
    ]);
  });
});
