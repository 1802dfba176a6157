import {
  slotStates,
  type CourierRow,
  type Load,
  type SlotState,
  type SlotView,
  type UnitRow,
} from '@nordlog/contracts';
import { capacityBars } from '../planning/planningData';

/**
 * The routes overview's rows (spec §2 `/routes-overview/{date?}`): one per slot of the day with
 * its figures from query `slots` (totals, progress, load, capacity), and their sorting.
 */
export interface OverviewRow {
  id: string;
  date: string;
  name: string;
  timeFrom: string;
  courier: string | null;
  unit: string | null;
  state: SlotState;
  distanceKm: number;
  drivingMinutes: number;
  done: number;
  left: number;
  load: Load | undefined;
  capacity: Load | null | undefined;
  late: number;
  endTime: string | null;
}

export const overviewColumns = [
  'slot',
  'courier',
  'unit',
  'state',
  'distance',
  'driving',
  'stops',
  'load',
  'late',
  'end',
] as const;
export type OverviewColumn = (typeof overviewColumns)[number];
export type SortDirection = 'asc' | 'desc';
export interface OverviewSort {
  column: OverviewColumn;
  direction: SortDirection;
}

export function overviewRows(
  slots: readonly SlotView[],
  units: readonly Pick<UnitRow, 'id' | 'name'>[],
  couriers: readonly Pick<CourierRow, 'id' | 'name'>[],
): OverviewRow[] {
  const nameOf = (list: readonly { id: string; name: string }[], id: string | null) =>
    id ? (list.find((x) => String(x.id) === String(id))?.name ?? id) : null;
  return slots.map((s) => ({
    id: String(s.id),
    date: s.date,
    name: s.name,
    timeFrom: s.timeFrom,
    courier: nameOf(couriers, s.courierId),
    unit: nameOf(units, s.unitId),
    state: s.state,
    distanceKm: s.totals?.distanceKm ?? 0,
    drivingMinutes: s.totals?.drivingMinutes ?? 0,
    done: s.progress?.done ?? 0,
    left: s.progress?.left ?? 0,
    load: s.load,
    capacity: s.capacity,
    late: s.totals?.late ?? 0,
    endTime: s.totals?.endTime ?? null,
  }));
}

/** The fullest of a row's capacities (0 to 1; over capacity counts above 1), or null: no unit. */
export function fullness(row: Pick<OverviewRow, 'load' | 'capacity'>): number | null {
  if (!row.capacity) return null;
  return Math.max(
    ...capacityBars(row.load, row.capacity).map((b) =>
      b.capacity && b.capacity > 0 ? b.used / b.capacity : b.used > 0 ? Infinity : 0,
    ),
  );
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The value a column sorts by; null sorts last in either direction. */
function sortValue(row: OverviewRow, column: OverviewColumn): string | number | null {
  switch (column) {
    case 'slot':
      return row.name;
    case 'courier':
      return row.courier;
    case 'unit':
      return row.unit;
    case 'state':
      return slotStates.indexOf(row.state);
    case 'distance':
      return row.distanceKm;
    case 'driving':
      return row.drivingMinutes;
    case 'stops':
      return row.done + row.left === 0 ? null : row.done / (row.done + row.left);
    case 'load':
      return fullness(row);
    case 'late':
      return row.late;
    case 'end':
      return row.endTime ? Date.parse(row.endTime) : null;
  }
}

/**
 * The rows sorted by a column (names in natural order, numbers by size, states in the order a day
 * goes, stops by the share done, load by the fullest capacity); empty values last; ties keep the
 * slots' start order.
 */
export function sortRows(rows: readonly OverviewRow[], sort: OverviewSort | null): OverviewRow[] {
  const byStart = (a: OverviewRow, b: OverviewRow) =>
    a.timeFrom.localeCompare(b.timeFrom) || Number(a.id) - Number(b.id);
  if (!sort) return [...rows].sort(byStart);
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, sort.column);
    const y = sortValue(b, sort.column);
    if (x === null || y === null) return x === y ? byStart(a, b) : x === null ? 1 : -1;
    const order =
      typeof x === 'string' || typeof y === 'string'
        ? collator.compare(String(x), String(y))
        : x - y;
    // NaN (two capacities of 0, both over) is a tie too.
    return order ? sign * order : byStart(a, b);
  });
}

/**
 * A click on a column's header: the same column turns round, another starts ascending (null: the
 * slots' start order, before any click).
 */
export const nextSort = (current: OverviewSort | null, column: OverviewColumn): OverviewSort =>
  current?.column === column
    ? { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
    : { column, direction: 'asc' };

/** Minutes as hours and minutes. */
export const hoursAndMinutes = (minutes: number): { hours: number; minutes: string } => ({
  hours: Math.floor(minutes / 60),
  minutes: String(Math.round(minutes % 60)).padStart(2, '0'),
});
