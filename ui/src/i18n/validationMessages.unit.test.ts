import { describe, expect, it } from '@jest/globals';
import { validationKeys } from '@nordlog/contracts';
import { locales } from './locales';
import { formatTimeWindow, nextDayWindow } from './timeWindow';
import { appMessages } from './appMessages';
import { createTranslator } from './translator';

describe('messages of the shared rules and time windows in six languages', () => {
  it('S8-ERR-020 every validation key of the shared schemas has its own text in all six languages', () => {
    for (const locale of locales) {
      const t = createTranslator(locale, appMessages[locale]);
      for (const key of validationKeys) {
        const text = t(key);
        expect({ locale, key, translated: text !== key && text.trim() !== '' }).toEqual({
          locale,
          key,
          translated: true,
        });
      }
    }
  });

  it('the zip code, phone and negative-number messages say what is wrong, not just "valid zip code" or "not a valid number"', () => {
    const t = createTranslator('en', appMessages.en);
    expect(t('validation.zipCodeNO')).toBe('Postal code must be 4 digits in Norway');
    expect(t('validation.zipCodeSE')).toBe('Postal code must be 5 digits in Sweden (e.g. 123 45)');
    expect(t('validation.phoneNO')).toBe(
      'A Norwegian number (+47) has 8 digits after the country code',
    );
    expect(t('validation.notNegative')).toBe('Must be 0 or more (not negative)');
    expect(createTranslator('nb', appMessages.nb)('validation.zipCodeNO')).toBe(
      'Postnummeret må ha 4 sifre i Norge',
    );
  });

  it('an overnight window (end before start) is shown as the next day in every language', () => {
    const expected = {
      en: '18:00–09:00 (+1 day)',
      nb: '18:00–09:00 (+1 dag)',
      sv: '18:00–09:00 (+1 dag)',
      da: '18:00–09:00 (+1 dag)',
      fi: '18:00–09:00 (+1 vrk)',
      fr: '18:00–09:00 (+1 jour)',
    };
    for (const locale of locales) {
      const nextDay = nextDayWindow(createTranslator(locale, appMessages[locale]));
      expect({ locale, text: formatTimeWindow('18:00', '09:00', nextDay) }).toEqual({
        locale,
        text: expected[locale],
      });
      expect(formatTimeWindow('09:00', '17:00', nextDay)).toBe('09:00–17:00');
    }
    const nextDay = nextDayWindow(createTranslator('en', appMessages.en));
    expect(formatTimeWindow('10:00', '10:00', nextDay)).toBe('10:00–10:00');
    expect(formatTimeWindow('18:00', null, nextDay)).toBe('18:00–');
    expect(formatTimeWindow(null, undefined, nextDay)).toBe('');
  });
});
