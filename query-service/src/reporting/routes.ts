import {
  COURIERS_TABLE,
  UNITS_TABLE,
  ROUTE_REPORTS_TABLE,
  SLOTS_TABLE,
  ROUTE_PLANS_TABLE,
  addRouteSums,
  emptyRouteSums,
  routeReportFigures,
  type ReportGrouping,
  type RouteReport,
  type RouteRow,
  type SlotRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import type { schedules } from '../planning/query.js';

type Sums = ReturnType<typeof emptyRouteSums>;

/**
 * The departments' routes of the dates (slots not deleted, not cancelled), read through the slots'
 * (department_id, date) index, in id order.
 */
export async function routesOfPeriod(
  knex: Knex,
  departments: Iterable<string>,
  fromDate: string,
  toDate: string,
): Promise<SlotRow[]> {
  return (
    await knex(SLOTS_TABLE)
      .whereIn('department_id', [...departments])
      .whereBetween('date', [fromDate, toDate])
      .where('deleted', false)
      .whereNot('state', 'CANCELLED')
      .orderBy('id')
      .select<{ data: SlotRow }[]>('data')
  ).map((r) => r.data);
}

/** A route's planned figures and its load against the unit's capacity, from its schedule. */
export function plannedSums(schedule: Awaited<ReturnType<typeof schedules>>[number]) {
  const sums = emptyRouteSums();
  sums.plannedKm = schedule.totals.distanceKm;
  sums.plannedDrivingMinutes = schedule.totals.drivingMinutes;
  if (schedule.capacity) {
    sums.loadWeight = schedule.load.weight;
    sums.capacityWeight = schedule.capacity.weight;
    sums.loadVolume = schedule.load.volume;
    sums.capacityVolume = schedule.capacity.volume;
  }
  return sums;
}

/** A route's row: its slot's group keys and the figures the report sums (0090, 0105). */
interface RouteFigures {
  id: string;
  date: string;
  courierId: string | null;
  unitId: string | null;
  name: string | null;
  routeStops: number;
  plannedKm: number;
  plannedMinutes: number;
  loadWeight: number;
  loadVolume: number;
  capacityWeight: number | null;
  capacityVolume: number | null;
  startedAt: string | null;
  completedAt: string | null;
  drivenMetres: number | null;
  drivingSeconds: number | null;
}

/** A route's group: its date, its courier or its unit now (as the cells' groups, 0080). */
const groupOf: Partial<Record<ReportGrouping, (r: RouteFigures) => string | null>> = {
  day: (r) => r.date,
  courier: (r) => r.courierId,
  unit: (r) => r.unitId,
  slot: (r) => r.id,
};

/**
 * The departments' routes of the dates (slots not deleted, not cancelled) with their plans
 * (`rm_route_plans`, 0105) and what was driven and worked on them (`rm_report_routes`, 0090),
 * through the plans' (department_id, date) index, in id order.
 */
const ROUTES = `select p.id::text as id, p.date, p.courier_id::text as "courierId",
    p.unit_id::text as "unitId", p.data->>'name' as name, p.route_stops as "routeStops",
    p.planned_km as "plannedKm", p.planned_minutes as "plannedMinutes",
    p.load_weight as "loadWeight", p.load_volume as "loadVolume",
    p.capacity_weight as "capacityWeight", p.capacity_volume as "capacityVolume",
    r.data->>'startedAt' as "startedAt", r.data->>'completedAt' as "completedAt",
    (r.data->>'drivenMetres')::float8 as "drivenMetres",
    (r.data->>'drivingSeconds')::float8 as "drivingSeconds"
  from ${ROUTE_PLANS_TABLE} p left join ${ROUTE_REPORTS_TABLE} r on r.id = p.id
  where p.department_id = any(?::bigint[]) and p.date between ? and ?
    and not p.deleted and p.state <> 'CANCELLED'
  order by p.id`;

/**
 * One route's sums (docs/decisions/0090): the planned figures and the load against the unit's
 * capacity (a route with a unit) from its plan, the driven and worked ones from rm_report_routes.
 */
function routeSums(r: RouteFigures): Sums {
  const sums = emptyRouteSums();
  sums.slots = 1;
  sums.plannedKm = r.plannedKm;
  sums.plannedDrivingMinutes = r.plannedMinutes;
  if (r.capacityWeight !== null && r.capacityVolume !== null) {
    sums.loadWeight = r.loadWeight;
    sums.capacityWeight = r.capacityWeight;
    sums.loadVolume = r.loadVolume;
    sums.capacityVolume = r.capacityVolume;
  }
  sums.drivenKm = (r.drivenMetres ?? 0) / 1000;
  sums.drivenMinutes = (r.drivingSeconds ?? 0) / 60;
  if (r.startedAt && r.completedAt) {
    sums.workingMinutes = (Date.parse(r.completedAt) - Date.parse(r.startedAt)) / 60_000;
    sums.workedStops = r.routeStops;
  }
  return sums;
}

/**
 * The route figures of the departments' slots of the dates (not deleted, not cancelled), per
 * group; null for a grouping they have none for (customers). Groups in the cells' order: days
 * in order, the others by name, none last.
 */
export async function routeReport(
  knex: Knex,
  departments: readonly string[],
  fromDate: string,
  toDate: string,
  groupBy: ReportGrouping,
): Promise<RouteReport | null> {
  const keyOf = groupOf[groupBy];
  if (!keyOf) return null;
  const { rows: routes } = await knex.raw<{ rows: RouteFigures[] }>(ROUTES, [
    [...departments],
    fromDate,
    toDate,
  ]);
  const groups = new Map<string | null, Sums>();
  let total = emptyRouteSums();
  for (const route of routes) {
    const sums = routeSums(route);
    const key = keyOf(route);
    groups.set(key, addRouteSums(groups.get(key) ?? emptyRouteSums(), sums));
    total = addRouteSums(total, sums);
  }
  const names =
    groupBy === 'slot'
      ? new Map(routes.map((r) => [r.id, r.name ?? '']))
      : await labels(knex, groupBy, [...groups.keys()]);
  const rows: RouteRow[] = [...groups].map(([key, sums]) => ({
    key,
    label: key === null ? null : (names.get(key) ?? null),
    ...routeReportFigures(sums),
  }));
  rows.sort((a, b) =>
    groupBy === 'day'
      ? String(a.key).localeCompare(String(b.key))
      : a.key === null || b.key === null
        ? Number(a.key === null) - Number(b.key === null)
        : (a.label ?? '').localeCompare(b.label ?? '') || a.key.localeCompare(b.key),
  );
  return { rows, totals: routeReportFigures(total) };
}

async function labels(
  knex: Knex,
  groupBy: ReportGrouping,
  keys: (string | null)[],
): Promise<Map<string, string>> {
  const table = { courier: COURIERS_TABLE, unit: UNITS_TABLE }[groupBy as 'courier' | 'unit'];
  const ids = keys.filter((k): k is string => k !== null);
  if (!table || ids.length === 0) return new Map();
  const rows = await knex(table)
    .whereIn('id', ids)
    .select<{ id: string; name: string }[]>(knex.raw('id::text as id'), 'name');
  return new Map(rows.map((r) => [r.id, r.name]));
}
