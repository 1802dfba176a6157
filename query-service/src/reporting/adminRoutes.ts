import {
  DEPARTMENTS_TABLE,
  ROUTE_DAYS_TABLE,
  ROUTE_PLANS_TABLE,
  addRouteSums,
  emptyRouteSums,
  routeReportFigures,
  type AdminReportType,
  type AdminRouteReport,
  type AdminRouteRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';

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

/** A department's (day's) planned figures and loads, summed from the routes' plans. */
interface PlanRow {
  department: string;
  date: string | null;
  km: number;
  minutes: number;
  loadWeight: number;
  capacityWeight: number;
  loadVolume: number;
  capacityVolume: number;
}

/**
 * The planned figures of the routes of the dates (not deleted, not cancelled) per department (and
 * day), from their plans (`rm_route_plans`, docs/decisions/0105); the loads and capacities of the
 * routes with a unit, as a route's sums count them (0090).
 */
const PLANNED = (days: boolean) => `select department_id::text as department,
    ${days ? 'date' : 'null::text as date'}, sum(planned_km::numeric)::float8 as km,
    sum(planned_minutes)::float8 as minutes,
    coalesce(sum(load_weight) filter (where capacity_weight is not null), 0)::float8
      as "loadWeight",
    coalesce(sum(capacity_weight), 0)::float8 as "capacityWeight",
    coalesce(sum(load_volume) filter (where capacity_weight is not null), 0)::float8
      as "loadVolume",
    coalesce(sum(capacity_volume) filter (where capacity_weight is not null), 0)::float8
      as "capacityVolume"
  from ${ROUTE_PLANS_TABLE}
  where date between ? and ? and not deleted and state <> 'CANCELLED'
  group by 1, 2`;

/**
 * The admin report's route figures (docs/decisions/0101, 0105): per department, or per department
 * and day (`days`); none for `customers`. The driven and worked figures from the rollup, the
 * planned ones and the loads from the routes' plans.
 */
export async function adminRouteReport(
  knex: Knex,
  fromDate: string,
  toDate: string,
  type: AdminReportType,
): Promise<AdminRouteReport | null> {
  if (type === 'customers') return null;
  const [{ rows: days }, { rows: plans }] = await Promise.all([
    knex.raw<{ rows: DayRow[] }>(DRIVEN(type === 'days'), [fromDate, toDate]),
    knex.raw<{ rows: PlanRow[] }>(PLANNED(type === 'days'), [fromDate, toDate]),
  ]);
  type Keyed = { department: string; date: string | null };
  const byDay =
    type === 'days' ? (d: Keyed) => `${d.department}|${d.date}` : (d: Keyed) => d.department;
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
  for (const p of plans) {
    const s = emptyRouteSums();
    s.plannedKm = p.km;
    s.plannedDrivingMinutes = p.minutes;
    s.loadWeight = p.loadWeight;
    s.capacityWeight = p.capacityWeight;
    s.loadVolume = p.loadVolume;
    s.capacityVolume = p.capacityVolume;
    add(byDay(p), s);
  }
  const ids = [...new Set([...days, ...plans].map((d) => d.department))];
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
  return { rows, totals: routeReportFigures(total) };
}
