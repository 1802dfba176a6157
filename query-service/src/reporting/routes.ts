import {
  COURIERS_TABLE,
  UNITS_TABLE,
  ROUTE_REPORTS_TABLE,
  SLOTS_TABLE,
  REST_BREAK,
  addRouteSums,
  emptyRouteSums,
  routeReportFigures,
  type ReportGrouping,
  type RouteReport,
  type RouteRow,
  type SlotRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { schedules } from '../planning/query.js';

type Sums = ReturnType<typeof emptyRouteSums>;
interface Driven {
  startedAt: string | null;
  completedAt: string | null;
  drivenMetres: number;
  drivingSeconds: number;
}

/** A slot's group: its date, its courier or its unit now (as the cells' groups, 0080). */
const groupOf: Partial<Record<ReportGrouping, (s: SlotRow) => string | null>> = {
  day: (s) => s.date,
  courier: (s) => s.courierId,
  unit: (s) => s.unitId,
  slot: (s) => String(s.id),
};

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

/**
 * One slot's sums (docs/decisions/0090): the planned figures and the load against the unit's
 * capacity from the planning schedule, the driven and worked ones from rm_report_routes.
 */
function slotSums(
  slot: SlotRow,
  schedule: Awaited<ReturnType<typeof schedules>>[number],
  driven: Driven | undefined,
): Sums {
  const sums = plannedSums(schedule);
  sums.slots = 1;
  if (driven) {
    sums.drivenKm = driven.drivenMetres / 1000;
    sums.drivenMinutes = driven.drivingSeconds / 60;
    if (driven.startedAt && driven.completedAt) {
      sums.workingMinutes =
        (Date.parse(driven.completedAt) - Date.parse(driven.startedAt)) / 60_000;
      sums.workedStops = slot.stops.filter((s) => s.kind !== REST_BREAK).length;
    }
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
  const slots = await routesOfPeriod(knex, departments, fromDate, toDate);
  const [planned, drivenRows] = await Promise.all([
    schedules(knex, slots),
    knex(ROUTE_REPORTS_TABLE)
      .whereIn(
        'id',
        slots.map((s) => s.id),
      )
      .select<{ data: Driven & { id: string } }[]>('data'),
  ]);
  const driven = new Map(drivenRows.map((r) => [String(r.data.id), r.data]));
  const groups = new Map<string | null, Sums>();
  let total = emptyRouteSums();
  slots.forEach((slot, i) => {
    const sums = slotSums(slot, planned[i]!, driven.get(slot.id));
    const key = keyOf(slot);
    groups.set(key, addRouteSums(groups.get(key) ?? emptyRouteSums(), sums));
    total = addRouteSums(total, sums);
  });
  const names =
    groupBy === 'slot'
      ? new Map(slots.map((s) => [String(s.id), s.name]))
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
