import {
  ADMIN_ROUTE_PLAN_LIMIT,
  DEPARTMENTS_TABLE,
  ROUTE_DAYS_TABLE,
  addRouteSums,
  emptyRouteSums,
  routeReportFigures,
  type AdminReportType,
  type AdminRouteReport,
  type AdminRouteRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { schedules } from '../planning/query.js';
import { plannedSums, routesOfPeriod } from './routes.js';

type Sums = ReturnType<typeof emptyRouteSums>;

/** A department's day of routes as the rollup keeps it (driven and worked). */
interface DayRow {
  department: string;
  date: string | null;
  slots: number;
  metres: number;
  seconds: number;
  working: number;
  stops: number;
}

/**
 * The days of the dates from the rollup per department and day that `routeReports` keeps with
 * rm_report_routes (docs/decisions/0101, addendum): the slots (not deleted, not cancelled), their
 * driven metres and driving seconds, and of those started and completed the working seconds and
 * worked stops (0090). Some 2,800 rows a month of 100 departments, where the slots are 22,400;
 * summed per department in SQL unless the report is per department and day (`days`).
 */
const DRIVEN = (days: boolean) => `select department_id::text as department,
    ${days ? 'date' : 'null::text as date'}, sum(slots)::integer as slots,
    sum(driven_metres)::float8 as metres, sum(driving_seconds)::float8 as seconds,
    sum(working_seconds)::float8 as working, sum(worked_stops)::integer as stops
  from ${ROUTE_DAYS_TABLE} where date between ? and ? group by 1, 2`;

/**
 * The admin report's route figures (docs/decisions/0101): per department, or per department and
 * day (`days`); none for `customers`. The driven and worked figures always (the rollup); the
 * planned ones and the loads (each route's planning schedule, 0090) only while the dates have at
 * most `limit` routes.
 */
export async function adminRouteReport(
  knex: Knex,
  fromDate: string,
  toDate: string,
  type: AdminReportType,
  limit = ADMIN_ROUTE_PLAN_LIMIT,
): Promise<AdminRouteReport | null> {
  if (type === 'customers') return null;
  const { rows: days } = await knex.raw<{ rows: DayRow[] }>(DRIVEN(type === 'days'), [
    fromDate,
    toDate,
  ]);
  const byDay =
    type === 'days' ? (d: DayRow) => `${d.department}|${d.date}` : (d: DayRow) => d.department;
  const sums = new Map<string, Sums>();
  const add = (key: string, s: Sums) =>
    sums.set(key, addRouteSums(sums.get(key) ?? emptyRouteSums(), s));
  for (const d of days) {
    const s = emptyRouteSums();
    s.slots = d.slots;
    s.drivenKm = d.metres / 1000;
    s.drivenMinutes = d.seconds / 60;
    s.workingMinutes = d.working / 60;
    s.workedStops = d.stops;
    add(byDay(d), s);
  }
  const count = days.reduce((n, d) => n + d.slots, 0);
  const planned = count <= limit;
  if (planned && count > 0) {
    // The departments with routes in the dates (the rollup's), through the slots' index.
    const departments = new Set(days.map((d) => d.department));
    const slots = await routesOfPeriod(knex, departments, fromDate, toDate);
    const plans = await schedules(knex, slots);
    slots.forEach((slot, i) => {
      const s = plannedSums(plans[i]!);
      const key = String(slot.departmentId);
      add(type === 'days' ? `${key}|${slot.date}` : key, s);
    });
  }
  const ids = [...new Set(days.map((d) => d.department))];
  const names = new Map(
    (ids.length === 0
      ? []
      : await knex(DEPARTMENTS_TABLE)
          .whereIn('id', ids)
          .select<{ id: string; name: string }[]>(knex.raw('id::text as id'), 'name')
    ).map((r) => [r.id, r.name]),
  );
  let total = emptyRouteSums();
  const rows: AdminRouteRow[] = [...sums].map(([k, s]) => {
    total = addRouteSums(total, s);
    const [key, date] = k.split('|') as [string, string | undefined];
    return { key, label: names.get(key) ?? null, date: date ?? null, ...routeReportFigures(s) };
  });
  // Days in order, a day's departments (and the departments) by name.
  rows.sort(
    (a, b) =>
      (a.date ?? '').localeCompare(b.date ?? '') ||
      (a.label ?? '').localeCompare(b.label ?? '') ||
      String(a.key).localeCompare(String(b.key)),
  );
  return { rows, totals: routeReportFigures(total), planned, limit };
}
