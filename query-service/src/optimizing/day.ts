import {
  CONSIGNMENT_GRID_TABLE,
  DEPARTMENTS_TABLE,
  ORDERS_TABLE,
  SLOTS_TABLE,
  UNITS_TABLE,
  countryTimeZones,
  isDepartmentPickup,
  openSpan,
  type ConsignmentRow,
  type DepartmentRow,
  type OptimizingDay,
  type OptimizingRun,
  type SlotRow,
  type UnitRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { readDepartmentCalendar } from '../timeWindows/calendar.js';

async function dataOf<T>(knex: Knex, table: string, ids: readonly string[]): Promise<T[]> {
  if (ids.length === 0) return [];
  const rows = await knex(table)
    .whereIn('id', [...new Set(ids)])
    .select<{ data: T }[]>('data');
  return rows.map((r) => r.data);
}

/**
 * The day a run plans, from the read models (docs/decisions/0026): the department's zone and
 * place, its slots of the date (a slot run: its slot), their units, the consignments on them,
 * the day's plannable unplanned ones when asked, and which are collected at the department.
 */
export async function readDay(knex: Knex, run: OptimizingRun): Promise<OptimizingDay> {
  const [department] = await dataOf<DepartmentRow>(knex, DEPARTMENTS_TABLE, [run.departmentId]);
  const slots =
    run.kind === 'day'
      ? (
          await knex(SLOTS_TABLE)
            .where({ department_id: run.departmentId, date: run.date, deleted: false })
            .orderBy('id')
            .select<{ data: SlotRow }[]>('data')
        ).map((r) => r.data)
      : await dataOf<SlotRow>(knex, SLOTS_TABLE, run.slotIds);
  const units = await dataOf<UnitRow>(
    knex,
    UNITS_TABLE,
    slots.flatMap((s) => (s.unitId ? [s.unitId] : [])),
  );
  const onSlots = slots.flatMap((s) =>
    s.stops.flatMap((p) => (p.kind === 'rest_break' ? [] : [p.consignmentId])),
  );
  const named = run.consignmentIds ?? [];
  const unplanned =
    run.kind === 'day' && run.includeUnassigned
      ? (
          await knex(CONSIGNMENT_GRID_TABLE)
            .where({ department_id: run.departmentId, date: run.date })
            .whereNull('slot_id')
            .whereIn('state', ['RESOLVED', 'REFUSED'])
            .select<{ id: string }[]>(knex.raw('id::text as id'))
        ).map((r) => r.id)
      : [];
  const consignments = await dataOf<ConsignmentRow>(knex, CONSIGNMENT_GRID_TABLE, [
    ...onSlots,
    ...named,
    ...unplanned,
  ]);
  const pickups = await knex(ORDERS_TABLE)
    .whereIn(
      'id',
      consignments.map((c) => c.orderId),
    )
    .select<{ id: string; pickup: Record<string, unknown> }[]>(
      knex.raw('id::text as id'),
      knex.raw(`data->'order'->'pickup' as pickup`),
    );
  const country = department?.country ?? 'NO';
  // The department's open hours of the date: the horizon of stops without times (0098).
  const calendar = department
    ? await readDepartmentCalendar(knex, department, run.date, run.date)
    : null;
  return {
    run,
    timeZone: countryTimeZones[country] ?? 'Europe/Oslo',
    country,
    departmentLocation: department?.location ?? null,
    slots,
    units,
    consignments,
    departmentPickups: pickups.filter((p) => isDepartmentPickup(p.pickup)).map((p) => p.id),
    hours: {
      pickup: calendar && openSpan(calendar, run.date, 'pickup'),
      delivery: calendar && openSpan(calendar, run.date, 'delivery'),
    },
  };
}
