import { z } from 'zod';

/** Spec §9 country codes of the four markets. */
export const marketCountries = ['NO', 'SE', 'DK', 'FI'] as const;
export type MarketCountry = (typeof marketCountries)[number];

/** Spec §9 time zones per country. */
export const countryTimeZones: Record<string, string> = {
  NO: 'Europe/Oslo',
  SE: 'Europe/Stockholm',
  DK: 'Europe/Copenhagen',
  FI: 'Europe/Helsinki',
  UK: 'Europe/London',
  GB: 'Europe/London',
  IS: 'Europe/London',
};

/** Spec §9 number bound. */
export const NUMBER_BOUND = 2147483647;
/** Spec §9 search minimum: more than 2 characters. */
export const SEARCH_MIN_LENGTH = 3;

const dateFormat = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid date format');

/** Whether a yyyy-MM-dd string names a day of the calendar (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}
/** A yyyy-MM-dd date that exists in the calendar (spec §5 "invalid date format"). */
export const calendarDate = dateFormat.refine(isCalendarDate, 'invalid date format');
/**
 * A business date in a call: yyyy-MM-dd and a day of the calendar (2026-02-30 is refused here,
 * not by the database).
 */
export const isoDate = calendarDate;
export const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalid time format (HH:mm)');
/** Entity ids are decimal strings of positive integers (spec: a department id is a plain number). */
export const entityId = z.coerce.string().regex(/^[1-9]\d{0,17}$/, 'not a valid id');
export const boundedNumber = z.number().min(-NUMBER_BOUND).max(NUMBER_BOUND);
export const latitude = z.number().min(-90).max(90);
export const longitude = z.number().min(-180).max(180);

/**
 * The schemas that refuse 0,0 as a position (issue 36): 0,0 ("Null Island", in the Gulf of
 * Guinea) is where an unset default lands, never a place a parcel goes. The registry-walking test
 * (positions.unit.test.ts) finds every latitude/longitude pair of every command and checks that
 * its object is one of these.
 */
export const nullIslandRefusing = new WeakSet<z.ZodType>();

/**
 * An object schema whose `lat`/`lng` (or other named) pair refuses 0,0 (message
 * `validation.coordinates`, at the latitude). Absent or null coordinates pass. Refinements keep
 * an object from `.partial()`/`.extend()` in zod 4: apply this last.
 */
export function refuseNullIsland<T extends z.ZodObject>(schema: T, lat = 'lat', lng = 'lng'): T {
  const refined = schema.superRefine((v: Record<string, unknown>, ctx) => {
    if (v[lat] === 0 && v[lng] === 0)
      ctx.addIssue({ code: 'custom', path: [lat], message: 'validation.coordinates' });
  });
  nullIslandRefusing.add(refined);
  return refined;
}

/** A position `{lat, lng}` (never 0,0). */
export const position = refuseNullIsland(z.object({ lat: latitude, lng: longitude }));
export const nonEmptyText = z.string().trim().min(1, 'required');
export const idList = z.array(entityId).min(1).max(10_000);
/** A set of entity ids (members of a group): duplicates dropped, order kept. */
export const idSet = z
  .array(entityId)
  .max(10_000)
  .transform((ids) => [...new Set(ids)]);

/** Whole days from one calendar date (yyyy-MM-dd) to another; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}
