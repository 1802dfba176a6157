import { formatInTimeZone } from 'date-fns-tz';
import { useMemo } from 'react';
import { useLocale } from 'react-admin';
import { formatDate, normalizeLocale, type Locale } from '../../i18n/locales';
import { formatNumber } from '../../i18n/numbers';

/** How the route lists write dates, times and numbers for a language and a time zone. */
export function formats(locale: Locale, timeZone: string) {
  const decimals = (digits: number) => ({
    format: (n: number) => formatNumber(n, locale, { digits }),
  });
  const one = decimals(1);
  const two = decimals(2);
  const whole = decimals(0);
  const time = (iso: string | null | undefined) =>
    iso ? formatInTimeZone(new Date(iso), timeZone, 'HH:mm') : '';
  return {
    locale,
    timeZone,
    date: (value: string) => formatDate(value, locale, timeZone),
    time,
    /** A window of two `HH:mm` (either may be missing): `09:00–12:00`. */
    window: (from: string | null | undefined, to: string | null | undefined) =>
      from || to ? `${from ?? ''}–${to ?? ''}` : '',
    count: (n: number) => whole.format(n),
    kg: (n: number) => two.format(n),
    dm3: (n: number) => one.format(n),
    km: (n: number) => one.format(n),
  };
}
export type Formats = ReturnType<typeof formats>;

export function useFormats(timeZone: string): Formats {
  const locale = normalizeLocale(useLocale());
  return useMemo(() => formats(locale, timeZone), [locale, timeZone]);
}
