import { z } from 'zod';
import { calendarDate } from '../common.js';
import type { InvoicingReport, ProductivityRow, ReportCounts } from './index.js';
import type { RouteReportFigures, RouteRow } from './routes.js';
import { checkReportRange } from './range.js';

/**
 * The admin report (spec §2 `/admin/report/{fromDate?}/{toDate?}/{type?}`; docs/decisions/0082):
 * the company's numbers, from the same cells as the planner's report (0080), for management.
 * - `departments`: a row per department;
 * - `customers`: the customers with the most consignments, across departments;
 * - `days`: the company's day by day.
 */
export const adminReportTypes = ['departments', 'customers', 'days'] as const;
export type AdminReportType = (typeof adminReportTypes)[number];

/** The customers a `customers` report lists by name; the rest are one row (key null). */
export const ADMIN_REPORT_TOP_CUSTOMERS = 50;

/** Query `adminReport {fromDate, toDate, type}`: ADMIN only, every department. */
export const adminReportQuerySchema = z
  .object({
    fromDate: calendarDate,
    toDate: calendarDate,
    type: z.enum(adminReportTypes).default('departments'),
  })
  .strict()
  .superRefine(checkReportRange);
export type AdminReportQuery = z.output<typeof adminReportQuerySchema>;

/**
 * The answer: rows (`key` a department id, a customer id or a date; for `customers`, null is the
 * other customers together; `label` the department's or customer's name) and the totals of every
 * row. Departments by name, customers by consignments (most first, then by name), days in order.
 */
export interface AdminReport {
  type: AdminReportType;
  rows: ProductivityRow[];
  totals: ReportCounts;
  /** The invoiced amounts by the same groups (docs/decisions/0096). */
  invoicing: InvoicingReport;
  /** The route figures per department or per department and day (0101); null for customers. */
  routes: AdminRouteReport | null;
}

/** A department's (`key`, `label`) route figures, of one day (`date`) in a `days` report. */
export interface AdminRouteRow extends RouteRow {
  date: string | null;
}
export interface AdminRouteReport {
  rows: AdminRouteRow[];
  totals: RouteReportFigures;
}
