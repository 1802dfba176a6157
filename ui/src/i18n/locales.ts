import { formatInTimeZone } from 'date-fns-tz';

/** The six languages of spec §1; English is the default. */
export const locales = ['da', 'en', 'fi', 'fr', 'nb', 'sv'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** A language code as users and links write it: `dk` is Danish (spec §1), `no`/`nn` Norwegian. */
export function normalizeLocale(code: string | null | undefined): Locale {
  const lower = (code ?? '').trim().toLowerCase().slice(0, 2);
  if (lower === 'dk') return 'da';
  if (lower === 'no' || lower === 'nn') return 'nb';
  return (locales as readonly string[]).includes(lower) ? (lower as Locale) : defaultLocale;
}

/**
 * Spec §9 date formats (date-fns tokens). Norwegian is spec's "no". English is written the
 * European way, day first (issue 13; the spec's MM/dd/yyyy is the US form: decision 0019).
 */
export const dateFormats: Record<Locale, string> = {
  en: 'dd/MM/yyyy',
  fr: 'dd/MM/yyyy',
  fi: 'dd.MM.yyyy',
  nb: 'dd.MM.yyyy',
  da: 'yyyy-MM-dd',
  sv: 'yyyy-MM-dd',
};

/**
 * Spec §9 date-input length: 10 for Swedish and French, otherwise 8. The short inputs take the
 * digits without separators (ddMMyyyy); docs/decisions/0013-web-app.md.
 */
export const dateInputLength = (locale: Locale): number =>
  locale === 'sv' || locale === 'fr' ? 10 : 8;

/** Spec §9 time zones per country (UK and IS use London as the spec says). */
export const timeZones: Record<string, string> = {
  NO: 'Europe/Oslo',
  SE: 'Europe/Stockholm',
  DK: 'Europe/Copenhagen',
  FI: 'Europe/Helsinki',
  UK: 'Europe/London',
  GB: 'Europe/London',
  IS: 'Europe/London',
};
export const defaultTimeZone = 'Europe/Oslo';
export const timeZoneFor = (country: string | null | undefined): string =>
  timeZones[(country ?? '').toUpperCase()] ?? defaultTimeZone;

/** Weeks start on Monday (spec §9), as date-fns' `weekStartsOn`. */
export const weekStartsOn = 1 as const;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date in the user's format. A business date (`yyyy-MM-dd`) is shown as it is, with no time
 * zone shift; an instant is shown in the department's time zone.
 */
export function formatDate(
  value: Date | string,
  locale: Locale,
  timeZone = defaultTimeZone,
): string {
  const format = dateFormats[locale];
  if (typeof value === 'string') {
    const m = isoDate.exec(value);
    if (m) {
      const [, y, mo, d] = m as unknown as [string, string, string, string];
      return format.replace('yyyy', y).replace('MM', mo).replace('dd', d);
    }
    value = new Date(value);
  }
  return formatInTimeZone(value, timeZone, format);
}

/** A date and time (24-hour clock in every language) in a time zone. */
export function formatDateTime(
  value: Date | string,
  locale: Locale,
  timeZone = defaultTimeZone,
): string {
  return formatInTimeZone(new Date(value), timeZone, `${dateFormats[locale]} HH:mm`);
}

const hourMs = 3_600_000;

/**
 * `formatDateTime` for one language and time zone, made for many calls (a grid column): the
 * zone's offset is looked up once per UTC hour through one `Intl.DateTimeFormat`, and the fields
 * are read from the shifted instant, so a call costs a few string operations instead of a
 * date-fns-tz format (which parses the pattern and asks Intl on every call). Offsets change at
 * whole UTC hours in every zone of `timeZones` (Europe's rules); same text as `formatDateTime`.
 */
export function dateTimeFormatter(
  locale: Locale,
  timeZone = defaultTimeZone,
): (value: Date | string) => string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const offsets = new Map<number, number>();
  const offsetAt = (hour: number): number => {
    let offset = offsets.get(hour);
    if (offset === undefined) {
      const at = hour * hourMs;
      const f: Record<string, number> = {};
      for (const p of parts.formatToParts(new Date(at))) f[p.type] = Number(p.value);
      const field = (type: string) => f[type] ?? 0;
      const local = Date.UTC(
        field('year'),
        field('month') - 1,
        field('day'),
        field('hour') % 24,
        field('minute'),
      );
      offset = local - at;
      offsets.set(hour, offset);
    }
    return offset;
  };
  const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
  const date = dateFormats[locale];
  return (value) => {
    const ms = typeof value === 'string' ? Date.parse(value) : value.getTime();
    if (!Number.isFinite(ms)) return formatDateTime(value, locale, timeZone);
    const local = new Date(ms + offsetAt(Math.floor(ms / hourMs)));
    const y = local.getUTCFullYear();
    const day = date
      .replace('yyyy', String(y).padStart(4, '0'))
      .replace('MM', pad(local.getUTCMonth() + 1))
      .replace('dd', pad(local.getUTCDate()));
    const h = local.getUTCHours();
    const m = pad(local.getUTCMinutes());
    return `${day} ${pad(h)}:${m}`;
  };
}

/** Today's business date (`yyyy-MM-dd`) in a time zone. */
export const todayIn = (timeZone: string, now = new Date()): string =>
  formatInTimeZone(now, timeZone, 'yyyy-MM-dd');

const storageKey = 'nordlog.locale';

/** The language the user picked last (kept in the browser), else English. */
export function storedLocale(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): Locale {
  try {
    return normalizeLocale(storage?.getItem(storageKey));
  } catch {
    return defaultLocale;
  }
}

export function storeLocale(
  locale: Locale,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(storageKey, locale);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}
