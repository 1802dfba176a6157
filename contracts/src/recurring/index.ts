import { z } from 'zod';
import { calendarDate, entityId } from '../common.js';
import type { BookedOrder } from '../consignments/events.js';
import { DEFAULT_PLANNING_HORIZON_DAYS } from '../departments/index.js';
import { holidayPolicies, type HolidayPolicy } from './schedule.js';

export * from './schedule.js';

/**
 * Recurring orders (spec §2 `/recurring/*`, §7; docs/decisions/0058-recurring-orders.md): orders
 * kept as templates that book themselves as ordinary orders on the dates of a schedule. A
 * recurring order is its own stream; each occurrence (recurring order, date) has a stream of its
 * own that records what executing it did, so executing a date twice, or in two processes at
 * once, books nothing twice.
 */

export const RECURRING_ORDERS_TABLE = 'rm_recurring_orders';
export const RECURRING_ORDERS_ENTITY = 'recurringOrders';
export const RECURRING_EXECUTIONS_TABLE = 'rm_recurring_order_executions';
export const RECURRING_EXECUTIONS_ENTITY = 'recurringOrderExecutions';
export const RECURRING_RUNS_TABLE = 'rm_recurring_order_runs';
export const RECURRING_RUNS_ENTITY = 'recurringOrderRuns';

/** At most this many orders in one recurring order (all booked in one atomic append). */
export const MAX_ORDERS_PER_RECURRING_ORDER = 100;
/**
 * The days ahead the scheduler books (today included) for a department that names no planning
 * horizon of its own (`planningHorizonDays`; 0058).
 */
export const RECURRING_HORIZON_DAYS = DEFAULT_PLANNING_HORIZON_DAYS;
/** The calendar of coming dates spans at most this many days. */
export const MAX_CALENDAR_DAYS = 92;

const weekdaysField = z
  .array(z.number().int().min(1).max(7))
  .min(1)
  .max(7)
  .default([1, 2, 3, 4, 5]);

/**
 * SAVE_RECURRING_ORDER (spec §7 `{recurringOrderId, orderIds, startDate, endDate}`; the spec
 * names no command for it, 0058 does): without `recurringOrderId` a new recurring order of the
 * listed orders; with it, the listed orders are added to it (those in it already stay) and its
 * schedule is replaced by the one sent.
 */
export const saveRecurringOrderSchema = z
  .object({
    recurringOrderId: entityId.optional(),
    orderIds: z.array(entityId).max(MAX_ORDERS_PER_RECURRING_ORDER).default([]),
    name: z.string().trim().max(100).default(''),
    startDate: calendarDate,
    endDate: calendarDate.nullable().default(null),
    weekdays: weekdaysField,
    intervalDays: z.number().int().min(1).max(365).nullable().default(null),
    holidayPolicy: z.enum(holidayPolicies, { error: 'validation.choice' }).default('SKIP'),
  })
  .superRefine((v, ctx) => {
    if (v.endDate !== null && v.endDate < v.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.dateRange' });
    if (!v.recurringOrderId && v.orderIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['orderIds'], message: 'validation.required' });
  });

/** REMOVE_ORDERS_FROM_RECURRING_ORDERS (spec §7 `{recurringOrderIds, orderIds}`). */
export const removeOrdersFromRecurringOrdersSchema = z.object({
  recurringOrderIds: z.array(entityId).min(1).max(500),
  orderIds: z.array(entityId).min(1).max(MAX_ORDERS_PER_RECURRING_ORDER),
});

/** SET_RECURRING_ORDER_PAUSED: a paused recurring order books nothing until resumed (0058). */
export const setRecurringOrderPausedSchema = z.object({ id: entityId, paused: z.boolean() });

/** DELETE_RECURRING_ORDER {id} (spec §7). */
export const deleteRecurringOrderSchema = z.object({ id: entityId });

/** EXECUTE_RECURRING_ORDERS {date, department} (spec §7): books the date's occurrences. */
export const executeRecurringOrdersSchema = z.object({ date: calendarDate, department: entityId });

export const recurringCommandSchemas = {
  SAVE_RECURRING_ORDER: saveRecurringOrderSchema,
  REMOVE_ORDERS_FROM_RECURRING_ORDERS: removeOrdersFromRecurringOrdersSchema,
  SET_RECURRING_ORDER_PAUSED: setRecurringOrderPausedSchema,
  DELETE_RECURRING_ORDER: deleteRecurringOrderSchema,
  EXECUTE_RECURRING_ORDERS: executeRecurringOrdersSchema,
} as const;

/** Query `recurringOrders {department}` (spec §7). */
export const recurringOrdersQuerySchema = z.object({ department: entityId });
/** Query `recurringOrdersForDepartmentIds {departmentIds}` (spec §7). */
export const recurringOrdersForDepartmentIdsQuerySchema = z.object({
  departmentIds: z.array(entityId).min(1).max(1000),
});
/** Query `getRecurringExecutedDates {department}` (spec §7): the dates executed (rows), newest first. */
export const recurringExecutedDatesQuerySchema = z.object({
  department: entityId,
  fromDate: calendarDate.optional(),
  toDate: calendarDate.optional(),
});
/** Query `recurringOrderResult {department, date}` (0058): what executing the date did. */
export const recurringOrderResultQuerySchema = z.object({
  department: entityId,
  date: calendarDate,
});
/** Query `recurringOrderCalendar {recurringOrderId, fromDate, toDate}` (0058): coming dates. */
export const recurringOrderCalendarQuerySchema = z
  .object({ recurringOrderId: entityId, fromDate: calendarDate, toDate: calendarDate })
  .refine((v) => v.toDate >= v.fromDate, { path: ['toDate'], error: 'validation.dateRange' })
  .refine((v) => (Date.parse(v.toDate) - Date.parse(v.fromDate)) / 86_400_000 < MAX_CALENDAR_DAYS, {
    path: ['toDate'],
    error: 'validation.dateRangeTooLong',
  });

/** A source order as its recurring order keeps it: its booking, without its ids and numbers. */
export interface RecurringTemplate {
  /** The order it was made from. */
  orderId: string;
  order: Omit<BookedOrder, 'orderId' | 'shipmentId' | 'trackingId'>;
  /** Days from the pickup date to the delivery date (null: the order named no delivery date). */
  deliveryOffsetDays: number | null;
}

export interface RecurringOrder {
  id: string;
  departmentId: string;
  name: string;
  startDate: string;
  endDate: string | null;
  weekdays: number[];
  intervalDays: number | null;
  holidayPolicy: HolidayPolicy;
  paused: boolean;
  orders: RecurringTemplate[];
}

export interface RecurringOrderRow extends RecurringOrder {
  revision: number;
  updatedAtEpoch: number;
  deleted: boolean;
}

export type RecurringScheduleFields = Pick<
  RecurringOrder,
  'name' | 'startDate' | 'endDate' | 'weekdays' | 'intervalDays' | 'holidayPolicy'
>;

export type RecurringOrderEvent =
  | {
      type: 'RecurringOrderSaved';
      data: { id: string; departmentId: string } & RecurringScheduleFields;
    }
  | { type: 'RecurringOrderOrdersAdded'; data: { id: string; orders: RecurringTemplate[] } }
  | { type: 'RecurringOrderOrdersRemoved'; data: { id: string; orderIds: string[] } }
  | { type: 'RecurringOrderPaused'; data: { id: string; paused: boolean } }
  | { type: 'RecurringOrderDeleted'; data: { id: string } };

/** The department's list of recurring orders: what EXECUTE_RECURRING_ORDERS goes through. */
export type RecurringIndexEvent =
  | { type: 'RecurringOrderListed'; data: { departmentId: string; id: string } }
  | { type: 'RecurringOrderUnlisted'; data: { departmentId: string; id: string } };

/** Why an occurrence was not booked. */
export const recurringSkipReasons = ['HOLIDAY', 'MOVED', 'PAUSED', 'REFUSED'] as const;
export type RecurringSkipReason = (typeof recurringSkipReasons)[number];

interface OccurrenceFields {
  /** `{recurringOrderId}:{occurrence}`: the execution row's id. */
  id: string;
  recurringOrderId: string;
  departmentId: string;
  /** The date the schedule names. */
  occurrence: string;
  /** The date executed when this was decided (the booking date when booked). */
  date: string;
}

export type RecurringOccurrenceEvent =
  | { type: 'RecurringOrderBooked'; data: OccurrenceFields & { orderIds: string[] } }
  | {
      type: 'RecurringOrderSkipped';
      data: OccurrenceFields & {
        reason: RecurringSkipReason;
        /** MOVED: the date it books on. */
        movedTo: string | null;
        /** REFUSED: the booking rule's refusal. */
        message: string | null;
      };
    };

export type RecurringRunEvent = {
  type: 'RecurringOrdersExecuted';
  data: { id: string; departmentId: string; date: string };
};

export type RecurringEvent =
  RecurringOrderEvent | RecurringIndexEvent | RecurringOccurrenceEvent | RecurringRunEvent;

/** An occurrence's outcome as the result page lists it. */
export interface RecurringExecutionRow {
  id: string;
  recurringOrderId: string;
  departmentId: string;
  occurrence: string;
  date: string;
  status: 'BOOKED' | RecurringSkipReason;
  orderIds: string[];
  movedTo: string | null;
  message: string | null;
  revision: number;
  updatedAtEpoch: number;
}

/** A date executed for a department. */
export interface RecurringRunRow {
  id: string;
  departmentId: string;
  date: string;
  executedAt: string;
  revision: number;
  updatedAtEpoch: number;
}

/** The answer of `recurringOrderResult`: the date's outcomes with the recurring orders' names. */
export interface RecurringOrderResult {
  department: string;
  date: string;
  executedAt: string | null;
  rows: (RecurringExecutionRow & { name: string | null })[];
  /** The shipment number of each booked order, by order id (an order not read yet: absent). */
  shipmentIds: Record<string, string>;
}

/** A coming date of the calendar, with what executing it did already (null: not yet). */
export interface RecurringCalendarDate {
  occurrence: string;
  /** The date it books on (null: skipped for a holiday). */
  date: string | null;
  holiday: boolean;
  execution: RecurringExecutionRow | null;
}

export const recurringOrderStream = (id: string) => `recurringOrder-${id}`;
export const recurringIndexStream = (departmentId: string) => `recurringOrderIndex-${departmentId}`;
export const occurrenceId = (recurringOrderId: string, occurrence: string) =>
  `${recurringOrderId}:${occurrence}`;
export const recurringOccurrenceStream = (recurringOrderId: string, occurrence: string) =>
  `recurringOrderDay-${recurringOrderId}-${occurrence}`;
export const runId = (departmentId: string, date: string) => `${departmentId}:${date}`;
export const recurringRunStream = (departmentId: string, date: string) =>
  `recurringOrderRun-${departmentId}-${date}`;
