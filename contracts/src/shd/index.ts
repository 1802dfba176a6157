import { z } from 'zod';
import { calendarDate, entityId } from '../common.js';

/**
 * Same-day home delivery (SHD) settings per department (spec §2 `/admin/shd`, §6 ADMIN_SHD; the
 * spec names the page and the flag only: docs/decisions/0092-shd.md). A department turns SHD on
 * or off, names the services (their article codes, the order's `serviceId`) that are same-day
 * home delivery, and caps how many such orders one day takes. The cut-off and the postal codes
 * are the department's time windows (0078) and matrix (0079): not repeated here.
 *
 * A booking of an SHD service takes a place on the department's day: a stream per department and
 * delivery day (`shd-capacity-{departmentId}-{date}`), appended atomically with the order, so the
 * count is decided on an event stream, never on a read model.
 */

export const SHD_SETTINGS_TABLE = 'rm_shd_settings';
export const SHD_SETTINGS_ENTITY = 'shdSettings';
export const SHD_CAPACITY_TABLE = 'rm_shd_capacity';
export const SHD_CAPACITY_ENTITY = 'shdCapacity';

export const shdSettingsStream = (departmentId: string) => `shd-settings-${departmentId}`;
export const shdCapacityStream = (departmentId: string, date: string) =>
  `shd-capacity-${departmentId}-${date}`;
/** A capacity row's id: the department and the day. */
export const shdCapacityId = (departmentId: string, date: string) => `${departmentId}:${date}`;

/** At most this many orders a day (a sanity bound, not a business rule). */
export const MAX_SHD_DAILY_CAPACITY = 100000;

const serviceCode = z
  .string()
  .trim()
  .min(1, 'required')
  .max(40, 'validation.serviceCode')
  .regex(/^[A-Za-z0-9_-]+$/, 'validation.serviceCode');

/** UPSERT_SHD_SETTINGS: the department's whole SHD settings, replacing what it had. */
export const upsertShdSettingsSchema = z
  .object({
    departmentId: entityId,
    enabled: z.boolean(),
    /** The services (article codes, the order's `serviceId`) that are same-day home delivery. */
    serviceIds: z
      .array(serviceCode)
      .max(50, 'validation.tooMany')
      .default([])
      .transform((ids) => [...new Set(ids)]),
    /** Orders of those services one delivery day takes. */
    dailyCapacity: z.number().int().min(0).max(MAX_SHD_DAILY_CAPACITY),
  })
  .strict();
export type ShdSettingsFields = z.output<typeof upsertShdSettingsSchema>;

export interface ShdSettingsRow extends ShdSettingsFields {
  /** The department's id: one row per department. */
  id: string;
  revision: number;
  updatedAtEpoch: number;
}

/** A department's day: the orders holding a place on it. */
export interface ShdCapacityRow {
  id: string;
  departmentId: string;
  date: string;
  orderIds: string[];
  used: number;
  revision: number;
  updatedAtEpoch: number;
}

export type ShdSettingsEvent = {
  type: 'ShdSettingsSet';
  data: ShdSettingsFields & { id: string };
};
export type ShdCapacityEvent =
  | {
      type: 'ShdPlacesTaken';
      data: { departmentId: string; date: string; orderIds: string[]; capacity: number };
    }
  | { type: 'ShdPlacesFreed'; data: { departmentId: string; date: string; orderIds: string[] } };
export type ShdEvent = ShdSettingsEvent | ShdCapacityEvent;

export const shdCommandSchemas = {
  UPSERT_SHD_SETTINGS: upsertShdSettingsSchema,
} as const;

export const shdQuerySchemas = {
  /** A department's SHD settings and one day's used and free places (default: today there). */
  shdSettings: z.object({ departmentId: entityId, date: calendarDate.optional() }).strict(),
} as const;
