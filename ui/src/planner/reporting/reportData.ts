import {
  csvText,
  deviationReasons,
  onTimeRate,
  reportGroupings,
  type CsvValue,
  type ProductivityReport,
  type ProductivityRow,
  type ReportCounts,
  type ReportGrouping,
} from '@nordlog/contracts';

/**
 * The productivity screens' view and what they show of a report
 * (docs/decisions/0080-reporting.md): the dates and the grouping are the address's segments
 * (`…/{fromDate}/{toDate}/{groupBy}`), so a report can be bookmarked and sent as a link.
 */
export interface ReportView {
  fromDate: string;
  toDate: string;
  groupBy: ReportGrouping;
}

export type ReportKind = 'dashboard' | 'report';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The screen's base: the dashboard groups by courier, the report by day (their defaults). */
export const reportBase = (kind: ReportKind, departmentId: string) =>
  kind === 'dashboard'
    ? `/planner/${departmentId}/dashboards/productivity`
    : `/planner/${departmentId}/reports`;

export function parseReportView(splat: string, kind: ReportKind, today: string): ReportView {
  const [from, to, group] = splat.split('/');
  const fromDate = from && isoDate.test(from) ? from : today;
  const toDate = to && isoDate.test(to) && to >= fromDate ? to : fromDate;
  const groupBy = (reportGroupings as readonly string[]).includes(group ?? '')
    ? (group as ReportGrouping)
    : kind === 'dashboard'
      ? 'courier'
      : 'day';
  return { fromDate, toDate, groupBy };
}

export const reportPath = (kind: ReportKind, departmentId: string, view: ReportView) =>
  `${reportBase(kind, departmentId)}/${view.fromDate}/${view.toDate}/${view.groupBy}`;

/** The counts a table shows, in its column order (the reasons are a column of their own). */
export const reportColumns = [
  'booked',
  'planned',
  'stops',
  'collected',
  'delivered',
  'onTime',
  'late',
  'deviated',
  'returned',
] as const satisfies readonly (keyof ReportCounts)[];

/** The reasons in the catalogue's order, then any other (older events' free text). */
export function reasonsOf(counts: Pick<ReportCounts, 'reasons'>): [string, number][] {
  const known = deviationReasons.filter((r) => counts.reasons[r]);
  const others = Object.keys(counts.reasons)
    .filter((r) => !(deviationReasons as readonly string[]).includes(r) && counts.reasons[r])
    .sort();
  return [...known, ...others].map((r) => [r, counts.reasons[r]!]);
}

/** The on-time rate as a whole percent (null: nothing delivered). */
export const ratePercent = (c: Pick<ReportCounts, 'onTime' | 'late'>): number | null => {
  const rate = onTimeRate(c);
  return rate === null ? null : Math.round(rate * 100);
};

/** The headers of a report's table, in the user's language. */
export interface ReportHeaders {
  group: string;
  counts: readonly string[];
  rate: string;
  reasons: string;
  total: string;
}

/** What a report's table holds: its rows and their totals (the planner's and the admin report). */
export type ReportRows = Pick<ProductivityReport, 'rows' | 'totals'>;

/**
 * The report as a table of cells, for its files (CSV, xlsx): a header of the given names, a line
 * per row with its group's name (`name`), the counts, the on-time rate (whole percent) and the
 * reasons as `reason: n` pairs (each reason's name by `reason`), and the totals last.
 */
export function reportTable(
  report: ReportRows,
  headers: ReportHeaders,
  name: (row: ProductivityRow) => string,
  reason: (code: string) => string = (code) => code,
): CsvValue[][] {
  const line = (first: string, c: ReportCounts): CsvValue[] => [
    first,
    ...reportColumns.map((f) => c[f]),
    ratePercent(c),
    reasonsOf(c)
      .map(([r, n]) => `${reason(r)}: ${n}`)
      .join('; '),
  ];
  return [
    [headers.group, ...headers.counts, headers.rate, headers.reasons],
    ...report.rows.map((r) => line(name(r), r)),
    line(headers.total, report.totals),
  ];
}

/** The report as CSV (the route lists' cells: contracts csvText), as `reportTable` lays it out. */
export const reportCsv = (...args: Parameters<typeof reportTable>): string =>
  csvText(reportTable(...args));
