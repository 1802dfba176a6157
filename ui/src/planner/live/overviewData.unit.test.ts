import { describe, expect, it } from '@jest/globals';
import type { SlotState, SlotView } from '@nordlog/contracts';
import {
  fullness,
  hoursAndMinutes,
  nextSort,
  overviewRows,
  sortRows,
  type OverviewColumn,
  type OverviewRow,
} from './overviewData';

const DATE = '2026-11-25';

/** A row of the table: name, state, courier, km, minutes, end, late, done, left, packages. */
type Figures = [
  name: string,
  state: SlotState,
  courier: string | null,
  km: number,
  minutes: number,
  end: string | null,
  late: number,
  done: number,
  left: number,
  packages: number,
  capacity: number | null,
];
const row = (id: string, ...f: Figures): OverviewRow => ({
  id,
  date: DATE,
  name: f[0],
  timeFrom: `${DATE}T0${id}:00:00.000Z`,
  courier: f[2],
  unit: f[2] ? `Van ${id}` : null,
  state: f[1],
  distanceKm: f[3],
  drivingMinutes: f[4],
  endTime: f[5] && `${DATE}T${f[5]}:00.000Z`,
  late: f[6],
  done: f[7],
  left: f[8],
  load: { count: f[9], weight: 0, volume: 0 },
  capacity: f[10] === null ? null : { count: f[10], weight: 1000, volume: 1000 },
});
const rows = [
  row('1', 'Morning 10', 'IN_PROGRESS', 'Kim Courier', 42.5, 95, '14:30', 2, 3, 9, 24, 120),
  row('2', 'Morning 2', 'PLANNED', 'Ada Bud', 12, 30, '10:00', 0, 0, 4, 9, 10),
  row('3', 'afternoon', 'COMPLETED', null, 0, 0, null, 0, 0, 0, 0, null),
];
const order = (column: OverviewColumn, direction: 'asc' | 'desc' = 'asc') =>
  sortRows(rows, { column, direction }).map((r) => r.id);

describe('routes overview: rows and sorting', () => {
  it('a row per slot with its figures, courier and unit by name', () => {
    const load = { count: 24, weight: 240, volume: 500 };
    const capacity = { count: 120, weight: 1200, volume: 12_500 };
    const slot = {
      id: '1',
      date: DATE,
      name: 'Morning 10',
      timeFrom: `${DATE}T07:00:00.000Z`,
      state: 'IN_PROGRESS',
      courierId: '7',
      unitId: '3',
      totals: { distanceKm: 42.5, drivingMinutes: 95, endTime: `${DATE}T14:30:00.000Z`, late: 2 },
      progress: { done: 3, left: 9 },
      load,
      capacity,
    } as SlotView;
    const bare = { ...slot, id: '2', courierId: null, unitId: '4' } as SlotView;
    const [first, second] = overviewRows(
      [slot, bare],
      [{ id: '3', name: 'Oslo van 1' }],
      [{ id: '7', name: 'Kim Courier' }],
    );
    expect(first).toEqual({
      ...row('1', 'Morning 10', 'IN_PROGRESS', 'Kim Courier', 42.5, 95, '14:30', 2, 3, 9, 0, 0),
      timeFrom: `${DATE}T07:00:00.000Z`,
      unit: 'Oslo van 1',
      load,
      capacity,
    });
    // No courier; a unit the list lacks by its id.
    expect(second).toMatchObject({ courier: null, unit: '4' });
  });

  it('sorts by every column, either way; names in natural order, states as a day goes', () => {
    expect(order('slot')).toEqual(['3', '2', '1']);
    expect(order('slot', 'desc')).toEqual(['1', '2', '3']);
    expect(order('state')).toEqual(['2', '1', '3']);
    expect(order('distance')).toEqual(['3', '2', '1']);
    expect(order('distance', 'desc')).toEqual(['1', '2', '3']);
    expect(order('driving', 'desc')).toEqual(['1', '2', '3']);
    expect(order('late', 'desc')).toEqual(['1', '2', '3']);
    // By the share of stops done (a slot without stops last), by the fullest capacity.
    expect(order('stops', 'desc')).toEqual(['1', '2', '3']);
    expect(order('load', 'desc')).toEqual(['2', '1', '3']);
  });

  it('empty values go last in either direction; ties keep the start order', () => {
    expect(order('courier')).toEqual(['2', '1', '3']);
    expect(order('courier', 'desc')).toEqual(['1', '2', '3']);
    expect(order('unit', 'desc')).toEqual(['2', '1', '3']);
    expect(order('end')).toEqual(['2', '1', '3']);
    expect(order('end', 'desc')).toEqual(['1', '2', '3']);
    const tied = rows.map((r) => ({ ...r, late: 0 }));
    expect(sortRows(tied, { column: 'late', direction: 'desc' }).map((r) => r.id)).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(sortRows([...rows].reverse(), null).map((r) => r.id)).toEqual(['1', '2', '3']);
  });

  it('a header click turns its column round, another column starts ascending', () => {
    expect(nextSort(null, 'slot')).toEqual({ column: 'slot', direction: 'asc' });
    expect(nextSort({ column: 'slot', direction: 'asc' }, 'slot')).toEqual({
      column: 'slot',
      direction: 'desc',
    });
    expect(nextSort({ column: 'slot', direction: 'desc' }, 'late')).toEqual({
      column: 'late',
      direction: 'asc',
    });
  });

  it('fullness is the fullest capacity; none without a unit; driving time in hours and minutes', () => {
    expect(fullness(rows[0]!)).toBeCloseTo(0.2);
    expect(fullness(rows[1]!)).toBeCloseTo(0.9);
    expect(fullness(rows[2]!)).toBeNull();
    const overEmpty = { count: 1, weight: 0, volume: 0 };
    expect(fullness({ load: overEmpty, capacity: { count: 0, weight: 1, volume: 1 } })).toBe(
      Infinity,
    );
    expect(hoursAndMinutes(95)).toEqual({ hours: 1, minutes: '35' });
    expect(hoursAndMinutes(5)).toEqual({ hours: 0, minutes: '05' });
  });
});
