import {
  csvText,
  type CsvValue,
  type RouteReport,
  type RouteReportFigures,
  type RouteRow,
} from '@nordlog/contracts';

/**
 * The route figures' columns (docs/decisions/0090), in the table's and the files' order. The load
 * factors are shares (0.82), shown and written as whole percents.
 */
export const routeColumns = [
  'slots',
  'plannedKm',
  'drivenKm',
  'plannedDrivingMinutes',
  'drivenMinutes',
  'workingMinutes',
  'workedStops',
  'stopsPerHour',
  'loadFactorWeight',
  'loadFactorVolume',
] as const satisfies readonly (keyof RouteReportFigures)[];
export type RouteColumn = (typeof routeColumns)[number];

export const percentColumns: readonly RouteColumn[] = ['loadFactorWeight', 'loadFactorVolume'];

/** A figure as the table and the files hold it: a share as a whole percent; none is null. */
export function routeValue(f: RouteReportFigures, column: RouteColumn): number | null {
  const v = f[column];
  if (v === null) return null;
  return percentColumns.includes(column) ? Math.round(v * 100) : v;
}

/**
 * The route figures as a table: a header, a line per group (named by `name`), the totals last;
 * the `columns` given (`headers.columns` are their names), by default all.
 */
export function routeTable(
  report: RouteReport,
  headers: { group: string; columns: readonly string[]; total: string },
  name: (row: RouteRow) => string,
  columns: readonly RouteColumn[] = routeColumns,
): CsvValue[][] {
  const line = (first: string, f: RouteReportFigures): CsvValue[] => [
    first,
    ...columns.map((c) => routeValue(f, c)),
  ];
  return [
    [headers.group, ...headers.columns],
    ...report.rows.map((r) => line(name(r), r)),
    line(headers.total, report.totals),
  ];
}

export const routeCsv = (...args: Parameters<typeof routeTable>): string =>
  csvText(routeTable(...args));
