import type { Locale as DateFnsLocale } from 'date-fns';
import { da, enGB, fi, fr, nb, sv } from 'date-fns/locale';
import { weekStartsOn, type Locale } from '../i18n/locales';

/**
 * date-fns locales for the date pickers, every one with weeks starting on Monday (spec §9; English
 * uses the British locale's month and day names with the spec's week start).
 */
const base: Record<Locale, DateFnsLocale> = { da, en: enGB, fi, fr, nb, sv };

const made = new Map<Locale, DateFnsLocale>();

/**
 * One object per language: the pickers rebuild their adapter when the locale object changes, and
 * a field then starts its sections over (typing "12" into a filled time gave "02").
 */
export const pickerLocale = (locale: Locale): DateFnsLocale => {
  let own = made.get(locale);
  if (!own) {
    const l = base[locale];
    own = { ...l, options: { ...l.options, weekStartsOn } };
    made.set(locale, own);
  }
  return own;
};
