import { afterEach, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createI18nProvider } from './i18nProvider';
import { locales } from './locales';
import { formatNumber, localizeMessageOptions } from './numbers';
import { appMessages } from './appMessages';
import { createTranslator } from './translator';

const decimalComma = ['da', 'fi', 'fr', 'nb', 'sv'];

describe('one number format (issue 36)', () => {
  it('formatNumber writes a figure in the language: 69,6 in the Nordic languages, 69.6 in English', () => {
    expect(formatNumber(69.6, 'en')).toBe('69.6');
    for (const locale of decimalComma) expect(formatNumber(69.6, locale)).toBe('69,6');
    expect(formatNumber(70, 'nb', { digits: 1, minDigits: 1 })).toBe('70,0');
    expect(formatNumber(-0, 'en')).toBe('0');
    expect(formatNumber(12345.67, 'en', { digits: 1, grouping: false })).toBe('12345.7');
  });

  it('every number a message interpolates is written in the language, smart_count stays a number', () => {
    const options = { km: 69.6, stops: 12, smart_count: 2, end: '12:30', id: 'S1' };
    const nb = localizeMessageOptions(options, 'nb');
    expect(nb).toEqual({ km: '69,6', stops: '12', smart_count: 2, end: '12:30', id: 'S1' });
    expect(options.km).toBe(69.6); // the caller's object is left alone
    expect(localizeMessageOptions(undefined, 'nb')).toBeUndefined();
    const plain = { name: 'Morning 1' };
    expect(localizeMessageOptions(plain, 'nb')).toBe(plain);
  });

  it('English output is unchanged for numbers under 1000 and for every integer (ids, years)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (thousandths) => {
        const n = thousandths / 1000;
        expect(localizeMessageOptions({ n }, 'en').n).toBe(String(n));
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (n) => {
        expect(localizeMessageOptions({ n }, 'en').n).toBe(String(n));
        // Ids, years and postal codes passed as numbers get no thousands separators in any
        // language (a negative number takes the language's own minus sign).
        for (const locale of locales)
          expect(localizeMessageOptions({ n: Math.abs(n) }, locale).n).toBe(String(Math.abs(n)));
      }),
    );
  });

  it('the slot header says "69,6 km" in Norwegian and "69.6 km" in English through the translator', () => {
    const options = { stops: 12, km: 69.6, end: '15:10' };
    expect(createTranslator('nb', appMessages.nb)('planning.slot.totals', options)).toContain(
      '69,6 km',
    );
    expect(createTranslator('en', appMessages.en)('planning.slot.totals', options)).toContain(
      '69.6 km',
    );
    expect(createTranslator('nb', appMessages.nb)('planning.slots.count', { smart_count: 2 })).toBe(
      '2 turer',
    );
    expect(createTranslator('nb', appMessages.nb)('planning.slots.count', { smart_count: 1 })).toBe(
      '1 tur',
    );
  });

  describe("react-admin's i18n provider", () => {
    const stored = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    afterEach(() => {
      if (stored) Object.defineProperty(globalThis, 'localStorage', stored);
      else delete (globalThis as { localStorage?: unknown }).localStorage;
    });

    it('formats interpolated numbers in the chosen language and keeps plurals', () => {
      Object.defineProperty(globalThis, 'localStorage', {
        configurable: true,
        value: { getItem: () => 'sv', setItem: () => undefined },
      });
      const provider = createI18nProvider(appMessages.sv);
      expect(provider.getLocale()).toBe('sv');
      const text = provider.translate('planning.slot.totals', { stops: 3, km: 12.5, end: '09:00' });
      expect(text).toContain('12,5 km');
      expect(provider.translate('planning.slots.count', { smart_count: 3 })).toBe('3 turer');
    });
  });
});
