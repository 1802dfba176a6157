/**
 * Numbers in the user's language: one place that picks the locale's Intl.NumberFormat, used by the
 * screens that format a figure themselves and by translate() for every number a message
 * interpolates (issue 36: the slot header showed "69.6 km" in Norwegian beside the panel's "69,6").
 */

/** The Intl locale for an app language (Norwegian bokmål as nb-NO, which every engine knows). */
export const numberLocale = (locale: string): string => (locale === 'nb' ? 'nb-NO' : locale);

export interface NumberOptions {
  /** At most this many decimals (default 1). */
  digits?: number;
  /** At least this many decimals (default 0). */
  minDigits?: number;
  /** Thousands separators (default true). */
  grouping?: boolean;
}

const cache = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, o: NumberOptions): Intl.NumberFormat {
  const digits = o.digits ?? 1;
  const minDigits = Math.min(o.minDigits ?? 0, digits);
  const grouping = o.grouping ?? true;
  const key = `${locale}|${digits}|${minDigits}|${grouping}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(numberLocale(locale), {
      maximumFractionDigits: digits,
      minimumFractionDigits: minDigits,
      useGrouping: grouping,
    });
    cache.set(key, f);
  }
  return f;
}

/** A figure in the user's language ("69,6" in nb, "69.6" in en). */
export function formatNumber(n: number, locale: string, options: NumberOptions = {}): string {
  // −0 would print as "-0".
  return formatter(locale, options).format(n === 0 ? 0 : n);
}

/**
 * The options of a message with every number written in the user's language, so that no message
 * shows a raw `69.6` in a language that writes `69,6`. `smart_count` stays a number: polyglot picks
 * the plural form by it. Interpolated numbers keep up to 3 decimals (the caller rounds) and get no
 * thousands separators, so that ids, years and postal codes passed as numbers read as before and
 * English output is unchanged for every integer.
 */
export function localizeMessageOptions<T extends Record<string, unknown> | undefined>(
  options: T,
  locale: string,
): T {
  if (!options) return options;
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(options)) {
    if (key === 'smart_count' || typeof value !== 'number' || !Number.isFinite(value)) continue;
    out ??= { ...options };
    out[key] = formatNumber(value, locale, { digits: 3, grouping: false });
  }
  return (out ?? options) as T;
}
