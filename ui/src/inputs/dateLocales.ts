import type { Locale as DateFnsLocale } from 'date-fns';
import { da, enGB, fi, fr, nb, sv } from 'date-fns/locale';
import { weekStartsOn, type Locale } from '../i18n/locales';

/**
 * date-fns locales for the date pickers, every one with weeks starting on Monday (spec §9; English
 * uses the British locale's month and day names with the spec's week start).
 */
const base: Record<Locale, DateFnsLocale> = { da, en: enGB, fi, fr, nb, sv };

export const pickerLocale = (locale: Locale): DateFnsLocale => {
  const l = base[locale];
  return { ...l, options: { ...l.options, weekStartsOn } };
};
