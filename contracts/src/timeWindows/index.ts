import { z } from 'zod';
import { calendarDate, entityId, nonEmptyText } from '../common.js';
import { updateShape } from '../updates.js';
import { crossFieldRules, evenWithFieldIssues } from '../crossFieldRules.js';
import { hoursIssues, periodIssues, type Issue } from './hours.js';

export * from './hours.js';
export * from './calendar.js';

/**
 * A department's time windows (spec §7 UPSERT_DEPARTMENT_TIME_WINDOW, `departmentTimeWindows`)
 * and its production time windows (spec §2 `/admin/production-time-window/*`, §7 "production time
 * window add, edit, delete"); docs/decisions/0078-time-windows.md. The spec names them and no
 * field: the fields are ours.
 *
 * - The **week** (one per department, replaced as a whole): pickup and delivery opening hours per
 *   weekday, in the department's time zone (its country's), the same-day booking cut-off and the
 *   minimum lead time between booking and pickup.
 * - A **production time window** is a dated period (from, to, inclusive) whose own hours replace
 *   the week's on every date inside it: a Christmas peak with Saturday production, a summer week
 *   with short days, a closure for stocktaking (no hours at all).
 */

export const DEPARTMENT_TIME_WINDOWS_TABLE = 'rm_department_time_windows';
export const DEPARTMENT_TIME_WINDOWS_ENTITY = 'departmentTimeWindows';
export const PRODUCTION_TIME_WINDOWS_TABLE = 'rm_production_time_windows';
export const PRODUCTION_TIME_WINDOWS_ENTITY = 'productionTimeWindows';

export const departmentTimeWindowStream = (departmentId: string) =>
  `department-time-windows-${departmentId}`;
/**
 * Every production time window in one stream: the overlap rule compares a department's windows,
 * and an edit or delete names only the window's id (docs/decisions/0078).
 */
export const PRODUCTION_TIME_WINDOWS_STREAM = 'production-time-windows';

/** ISO weekdays, Monday first. */
export const openingWeekdays = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Weekday = (typeof openingWeekdays)[number];

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.time');

/** One opening interval of a weekday, local time; the end is later than the start (same day). */
export const openingIntervalSchema = z.object({
  weekday: z.enum(openingWeekdays),
  start: timeOfDay,
  end: timeOfDay,
});
export type OpeningInterval = z.output<typeof openingIntervalSchema>;
/** Several intervals a day allow a split day (08:00–11:30 and 12:30–16:00); 70 at most. */
const openingHours = z.array(openingIntervalSchema).max(70, 'validation.tooMany');

/** Minutes between booking and the earliest pickup: at most a day. */
export const MAX_LEAD_MINUTES = 1440;

const weekFields = {
  /** When goods are picked up; empty: at any hour of every day. */
  pickupHours: openingHours.default([]),
  /** When goods are delivered; empty: at any hour of every day. */
  deliveryHours: openingHours.default([]),
  /** Local time after which no pickup can be booked for the same day; null: none. */
  bookingCutoff: timeOfDay.nullable().default(null),
  /** The earliest pickup is at least this many minutes after the booking. */
  minimumLeadMinutes: z.number().int().min(0).max(MAX_LEAD_MINUTES).default(0),
};

/** UPSERT_DEPARTMENT_TIME_WINDOW: the department's whole week, replacing the one it had. */
export const upsertDepartmentTimeWindowSchema = z
  .object({ departmentId: entityId, ...weekFields })
  .superRefine(crossFieldRules(hoursIssues), evenWithFieldIssues);
export type DepartmentTimeWindowFields = z.output<typeof upsertDepartmentTimeWindowSchema>;

export interface DepartmentTimeWindowRow extends DepartmentTimeWindowFields {
  /** The department's id: one row per department. */
  id: string;
  revision: number;
  updatedAtEpoch: number;
}

const productionFields = {
  departmentId: entityId,
  name: nonEmptyText.max(100),
  fromDate: calendarDate,
  toDate: calendarDate,
  /** Pickup hours on the dates of the window; a weekday without one has no pickups. */
  pickupHours: openingHours.default([]),
  /** Delivery hours on the dates of the window; a weekday without one has no deliveries. */
  deliveryHours: openingHours.default([]),
  /** The same-day cut-off on its dates; null: the department's. */
  bookingCutoff: timeOfDay.nullable().default(null),
};

export const MAX_PRODUCTION_WINDOW_DAYS = 366;

/** The rules of one window's own fields (the overlap with others needs them all: the decider). */
export const productionWindowIssues = (w: {
  fromDate: string;
  toDate: string;
  pickupHours: readonly OpeningInterval[];
  deliveryHours: readonly OpeningInterval[];
}): Issue[] => [...periodIssues(w), ...hoursIssues(w)];

export const addProductionTimeWindowSchema = z
  .object(productionFields)
  .superRefine(crossFieldRules(productionWindowIssues), evenWithFieldIssues);
/** Fields left out keep theirs; the merged window meets the same rules (checked by the decider). */
const { departmentId: _department, ...editable } = productionFields;
export const editProductionTimeWindowSchema = z.object({ id: entityId, ...updateShape(editable) });
export const deleteProductionTimeWindowSchema = z.object({ id: entityId });

export type ProductionTimeWindowFields = z.output<typeof addProductionTimeWindowSchema>;
export type ProductionTimeWindowChanges = Omit<
  z.output<typeof editProductionTimeWindowSchema>,
  'id'
>;
export interface ProductionTimeWindow extends ProductionTimeWindowFields {
  id: string;
}
export interface ProductionTimeWindowRow extends ProductionTimeWindow {
  revision: number;
  updatedAtEpoch: number;
  deleted: boolean;
}

export type DepartmentTimeWindowEvent = {
  type: 'DepartmentTimeWindowSet';
  data: DepartmentTimeWindowFields & { id: string };
};
export type ProductionTimeWindowEvent =
  | { type: 'ProductionTimeWindowAdded'; data: ProductionTimeWindow }
  | {
      type: 'ProductionTimeWindowEdited';
      data: { id: string; changes: ProductionTimeWindowChanges };
    }
  | { type: 'ProductionTimeWindowDeleted'; data: { id: string } };
export type TimeWindowEvent = DepartmentTimeWindowEvent | ProductionTimeWindowEvent;

export const timeWindowCommandSchemas = {
  UPSERT_DEPARTMENT_TIME_WINDOW: upsertDepartmentTimeWindowSchema,
  ADD_PRODUCTION_TIME_WINDOW: addProductionTimeWindowSchema,
  EDIT_PRODUCTION_TIME_WINDOW: editProductionTimeWindowSchema,
  DELETE_PRODUCTION_TIME_WINDOW: deleteProductionTimeWindowSchema,
} as const;

export const timeWindowQuerySchemas = {
  /** Spec §7 `departmentTimeWindows {departmentId}`: the week and its time zone. */
  departmentTimeWindows: z.object({ departmentId: entityId }).strict(),
  /** A department's (else every visible) production time window touching the dates. */
  productionTimeWindows: z
    .object({
      departmentId: entityId.optional(),
      fromDate: calendarDate.optional(),
      toDate: calendarDate.optional(),
    })
    .strict(),
} as const;
