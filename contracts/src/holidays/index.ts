import { z } from 'zod';
import { calendarDate, entityId, marketCountries, type MarketCountry } from '../common.js';

export const HOLIDAYS_TABLE = 'rm_holidays';
export const HOLIDAYS_ENTITY = 'holidays';

/**
 * What a holiday means for the operation (the spec names `type` but not its values;
 * docs/decisions/0011): a public holiday (no pickups and no deliveries), a day without deliveries,
 * a day without pickups.
 */
export const holidayTypes = ['PUBLIC_HOLIDAY', 'NO_DELIVERY', 'NO_PICKUP'] as const;
export type HolidayType = (typeof holidayTypes)[number];

/** CREATE_HOLIDAY {country, type, date} exactly as spec §7. */
export const createHolidaySchema = z.object({
  country: z.enum(marketCountries),
  type: z.enum(holidayTypes),
  date: calendarDate,
});
export const deleteHolidaySchema = z.object({ id: entityId });

export type HolidayFields = z.output<typeof createHolidaySchema>;
export interface Holiday extends HolidayFields {
  id: string;
}
export interface HolidayRow extends Holiday {
  revision: number;
  updatedAtEpoch: number;
  /** Deleted: kept as a tombstone in the read model, never answered. */
  deleted: boolean;
}

export type HolidayEvent =
  { type: 'HolidayCreated'; data: Holiday } | { type: 'HolidayDeleted'; data: { id: string } };

/** ISO 3166-1 numeric codes of the markets: the first digits of a holiday's id. */
const countryNumbers: Record<MarketCountry, string> = {
  NO: '578',
  SE: '752',
  DK: '208',
  FI: '246',
};
const typeNumbers: Record<HolidayType, string> = {
  PUBLIC_HOLIDAY: '1',
  NO_DELIVERY: '2',
  NO_PICKUP: '3',
};

/**
 * A holiday's id is its natural key as a plain number: country (ISO 3166-1 numeric), date
 * (yyyyMMdd) and type, e.g. a Norwegian public holiday on 2026-12-25 is `578202612251`. So the
 * stream of one (country, date, type) is the same for every create, and a duplicate is refused by
 * that stream alone, also under concurrency (docs/decisions/0011).
 */
export const holidayId = (h: HolidayFields): string =>
  `${countryNumbers[h.country]}${h.date.replaceAll('-', '')}${typeNumbers[h.type]}`;

export const holidayStream = (id: string) => `holiday-${id}`;

export const holidayCommandSchemas = {
  CREATE_HOLIDAY: createHolidaySchema,
  DELETE_HOLIDAY: deleteHolidaySchema,
} as const;

/** Query `holiday` (spec §7): optionally one country and a date range (inclusive). */
export const holidayQuerySchema = z.object({
  country: z.enum(marketCountries).optional(),
  type: z.enum(holidayTypes).optional(),
  fromDate: calendarDate.optional(),
  toDate: calendarDate.optional(),
});
