import type { AdminReport } from '../reporting/admin.js';
import { onTimeRate } from '../reporting/index.js';

/**
 * The analytics page's figures (`/reports/analytics`, docs/decisions/0084), made of the admin
 * report per department (query `adminReport`, the reporting read model's cells): the same numbers
 * as the admin report, arranged as the company's overview.
 */

/** Where a consignment is now; each counts in exactly one (`open`: booked, not yet picked up). */
export const analyticsStates = ['open', 'collected', 'delivered', 'deviated', 'returned'] as const;
export type AnalyticsState = (typeof analyticsStates)[number];

export interface AnalyticsDepartment {
  /** The department's id and name. */
  key: string | null;
  label: string | null;
  booked: number;
  delivered: number;
  onTimeRate: number | null;
  deviated: number;
  /** Deviations by reason, every reason of the figures' `reasons` (0 where none). */
  reasons: Record<string, number>;
}

export interface AnalyticsFigures {
  booked: number;
  states: Record<AnalyticsState, number>;
  onTime: number;
  late: number;
  /** Of the delivered, the share on time (null: none delivered). */
  onTimeRate: number | null;
  /** The deviation reasons of the range, the most frequent first (then by code). */
  reasons: string[];
  /** Departments with anything booked, by name (the report's order). */
  departments: AnalyticsDepartment[];
}

/** The figures of an admin report by department. */
export function analyticsFigures(report: AdminReport): AnalyticsFigures {
  const t = report.totals;
  const reasons = Object.entries(t.reasons)
    .filter(([, n]) => n > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([reason]) => reason);
  return {
    booked: t.booked,
    states: {
      open: t.booked - t.collected - t.delivered - t.deviated - t.returned,
      collected: t.collected,
      delivered: t.delivered,
      deviated: t.deviated,
      returned: t.returned,
    },
    onTime: t.onTime,
    late: t.late,
    onTimeRate: onTimeRate(t),
    reasons,
    departments: report.rows.map((r) => ({
      key: r.key,
      label: r.label,
      booked: r.booked,
      delivered: r.delivered,
      onTimeRate: onTimeRate(r),
      deviated: r.deviated,
      reasons: Object.fromEntries(reasons.map((reason) => [reason, r.reasons[reason] ?? 0])),
    })),
  };
}
