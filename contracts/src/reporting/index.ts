import { z } from 'zod';
import { calendarDate, entityId } from '../common.js';
import { checkReportRange } from './range.js';
import type { InvoicingReport } from './invoicing.js';
import type { RouteReport } from './routes.js';

export * from './invoicing.js';
export * from './range.js';
export * from './routes.js';

/**
 * Reports (issue 45; docs/decisions/0080-reporting.md): a day's work counted per department, date,
 * slot and customer by a projection, so that a report adds up a few rows per day instead of
 * scanning every consignment. A slot's courier and unit are the slot's, read when the report is
 * asked for.
 */
export const REPORT_ORDERS_TABLE = 'rm_report_orders';
export const REPORT_CELLS_TABLE = 'rm_report_cells';
/**
 * The cells summed per department and date (docs/decisions/0096): written by the same projection
 * in the same statement as the cells, read by the admin report.
 */
export const REPORT_DEPARTMENT_DAYS_TABLE = 'rm_report_department_days';

/** How the productivity report's rows are grouped. */
/** A slot's group is its route (docs/decisions/0090). */
export const reportGroupings = ['day', 'courier', 'unit', 'slot', 'customer'] as const;
export type ReportGrouping = (typeof reportGroupings)[number];

/**
 * Query `productivityReport`: the departments' consignments of the dates (each consignment counted
 * on its pickup date), grouped. A department group is asked for as its member departments.
 */
export const productivityReportQuerySchema = z
  .object({
    departmentIds: z.array(entityId).min(1).max(200),
    fromDate: calendarDate,
    toDate: calendarDate,
    groupBy: z.enum(reportGroupings).default('day'),
  })
  .strict()
  .superRefine(checkReportRange);
export type ProductivityReportQuery = z.output<typeof productivityReportQuerySchema>;

/**
 * Query `toInvoiceEstimate`: the amount still to invoice of the departments' dates, estimated at
 * today's prices (docs/decisions/0101, 0105). Its own query: it prices orders when asked, where
 * the report's figures are read models, so the report is not held up by it.
 */
export const toInvoiceEstimateQuerySchema = z
  .object({
    departmentIds: z.array(entityId).min(1).max(200),
    fromDate: calendarDate,
    toDate: calendarDate,
  })
  .strict()
  .superRefine(checkReportRange);

/**
 * What a report counts of a set of consignments, each by where it is now:
 * - `booked`: every consignment not deleted;
 * - `planned`: those on a slot's route; `stops`: the route stops they make (a delivery, and a
 *   pickup unless the goods are handed in at the department, as the route planner counts them);
 * - `collected`, `delivered`, `deviated`, `returned`: those in that state;
 * - `onTime` and `late`: the delivered ones, by whether the delivery came before the end of the
 *   order's delivery window (its latest time's minute, else its last day) or after;
 * - `reasons`: the deviated ones by the reason of their last deviation.
 */
export interface ReportCounts {
  booked: number;
  planned: number;
  collected: number;
  delivered: number;
  deviated: number;
  returned: number;
  onTime: number;
  late: number;
  stops: number;
  reasons: Record<string, number>;
}

export const reportCountFields = [
  'booked',
  'planned',
  'collected',
  'delivered',
  'deviated',
  'returned',
  'onTime',
  'late',
  'stops',
] as const satisfies readonly Exclude<keyof ReportCounts, 'reasons'>[];

export const emptyCounts = (): ReportCounts => ({
  booked: 0,
  planned: 0,
  collected: 0,
  delivered: 0,
  deviated: 0,
  returned: 0,
  onTime: 0,
  late: 0,
  stops: 0,
  reasons: {},
});

/** `a` plus `sign` times `b` (a reason is kept at zero: which keys a row has never depends on batching). */
export function addCounts(a: ReportCounts, b: ReportCounts, sign: 1 | -1 = 1): ReportCounts {
  const sum = { ...a, reasons: { ...a.reasons } };
  for (const f of reportCountFields) sum[f] = a[f] + sign * b[f];
  for (const [reason, n] of Object.entries(b.reasons))
    sum.reasons[reason] = (sum.reasons[reason] ?? 0) + sign * n;
  return sum;
}

/** One row of the report: the group (a date, a courier, a unit, a slot or a customer; null: none) and its counts. */
export interface ProductivityRow extends ReportCounts {
  key: string | null;
  /** The courier's, unit's or customer's name (null for a date, or when there is none). */
  label: string | null;
}
export interface ProductivityReport {
  groupBy: ReportGrouping;
  rows: ProductivityRow[];
  totals: ReportCounts;
  /**
   * The routes' figures by the same groups (docs/decisions/0090): by day, courier, unit or slot;
   * null for customers (a route serves many).
   */
  routes: RouteReport | null;
  /** The invoiced amounts by the same groups (docs/decisions/0096). */
  invoicing: InvoicingReport;
}

/** The share of delivered consignments that came on time (null: none delivered). */
export const onTimeRate = (c: Pick<ReportCounts, 'onTime' | 'late'>): number | null =>
  c.onTime + c.late === 0 ? null : c.onTime / (c.onTime + c.late);
