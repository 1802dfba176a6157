import { describe, expect, it } from '@jest/globals';
import { slotFilterGroups, type ConsignmentRow, type SlotState } from '@nordlog/contracts';
import { TIME_RANGE } from './constants';
import {
  defaultFilters,
  hoursOf,
  inTimeRange,
  mapRouteLines,
  mapStops,
  slotOutliers,
  windowHours,
} from './filters';

const row = (id: string, extra: Partial<ConsignmentRow> = {}): ConsignmentRow =>
  ({
    id,
    state: 'RESOLVED',
    slotId: null,
    pickupLat: 59.9,
    pickupLng: 10.7,
    deliveryLat: 59.95,
    deliveryLng: 10.8,
    pickupTimeEarliest: null,
    pickupTimeLatest: null,
    deliveryTimeEarliest: null,
    deliveryTimeLatest: null,
    ...extra,
  }) as ConsignmentRow;

const ids = (stops: { id: string }[]) => stops.map((s) => s.id);

describe('map filters', () => {
  it('S2-SCREEN-055 S2-SCREEN-056 S2-SCREEN-054 S9-CONST-048: pickups off, deliveries, assigned, unassigned and every slot group on, hours 4 to 24', () => {
    expect(defaultFilters).toEqual({
      pickups: false,
      deliveries: true,
      assigned: true,
      unassigned: true,
      slots: { showActive: true, showNotStarted: true, showCompleted: true },
      timeRange: [4, 24],
    });
    expect(TIME_RANGE).toEqual({ min: 4, max: 24 });
  });

  it('shows the delivery by default, the pickup with the pickups filter, nothing without coordinates or deleted', () => {
    const rows = [
      row('1'),
      row('2', { deliveryLat: null, deliveryLng: null }),
      row('3', { state: 'DELETED' }),
    ];
    expect(mapStops(rows, new Map(), defaultFilters)).toEqual([
      {
        id: '1:delivery',
        consignmentId: '1',
        kind: 'delivery',
        lat: 59.95,
        lng: 10.8,
        slotId: null,
        // A row without a known precision is approximate (contracts `isApproximate`).
        approximate: true,
        outlier: false,
      },
    ]);
    const both = { ...defaultFilters, pickups: true };
    expect(ids(mapStops(rows, new Map(), both))).toEqual(['1:pickup', '1:delivery', '2:pickup']);
    expect(ids(mapStops(rows, new Map(), { ...both, deliveries: false }))).toEqual([
      '1:pickup',
      '2:pickup',
    ]);
  });

  it('assigned and unassigned hide consignments on a slot and on none', () => {
    const rows = [row('1'), row('2', { slotId: '9', state: 'ASSIGNED' })];
    const states = new Map<string, SlotState>([['9', 'NOT_STARTED']]);
    expect(ids(mapStops(rows, states, { ...defaultFilters, assigned: false }))).toEqual([
      '1:delivery',
    ]);
    expect(ids(mapStops(rows, states, { ...defaultFilters, unassigned: false }))).toEqual([
      '2:delivery',
    ]);
  });

  it('S4-STATE-021: three slot groups; switching one off hides the consignments on slots of its states', () => {
    expect(Object.keys(defaultFilters.slots)).toEqual([
      'showActive',
      'showNotStarted',
      'showCompleted',
    ]);
    const states: SlotState[] = Object.values(slotFilterGroups).flat();
    const rows = [row('free'), ...states.map((s, i) => row(s, { slotId: String(i + 1) }))];
    const slotStates = new Map(states.map((s, i) => [String(i + 1), s]));
    for (const [group, hidden] of Object.entries(slotFilterGroups)) {
      const filters = { ...defaultFilters, slots: { ...defaultFilters.slots, [group]: false } };
      const shown = mapStops(rows, slotStates, filters).map((s) => s.consignmentId);
      expect(shown).toEqual([
        'free',
        ...states.filter((s) => !(hidden as readonly SlotState[]).includes(s)),
      ]);
    }
    // A slot not known (yet) hides nothing.
    expect(ids(mapStops([row('x', { slotId: '99' })], slotStates, defaultFilters))).toEqual([
      'x:delivery',
    ]);
  });

  it('reads time windows in hours; no time is the whole day; a window into the next day runs to midnight', () => {
    expect(hoursOf('09:30')).toBe(9.5);
    expect(hoursOf(null)).toBeNull();
    expect(windowHours('08:00', '10:00')).toEqual([8, 10]);
    expect(windowHours(null, null)).toEqual([0, 24]);
    expect(windowHours('22:00', '02:00')).toEqual([22, 24]);
  });

  it('the time range shows a stop whose own window overlaps it; its ends are open', () => {
    expect(inTimeRange([8, 10], [10, 12])).toBe(true);
    expect(inTimeRange([8, 10], [11, 12])).toBe(false);
    expect(inTimeRange([13, 15], [4, 12])).toBe(false);
    // At 4 the range also takes what comes before 4, at 24 what comes after.
    expect(inTimeRange([1, 3], [4, 12])).toBe(true);
    expect(inTimeRange([1, 3], [5, 12])).toBe(false);
    const rows = [
      row('early', { deliveryTimeEarliest: '08:00', deliveryTimeLatest: '10:00' }),
      row('late', {
        deliveryTimeEarliest: '15:00',
        deliveryTimeLatest: '18:00',
        pickupTimeEarliest: '09:00',
        pickupTimeLatest: '11:00',
      }),
    ];
    const morning = { ...defaultFilters, pickups: true, timeRange: [6, 12] as const };
    expect(ids(mapStops(rows, new Map(), morning))).toEqual([
      'early:pickup',
      'early:delivery',
      'late:pickup',
    ]);
  });

  it('marks a stop approximate by its precision: postal-code area, place or unknown; not street or address', () => {
    const rows = [
      row('1', { deliveryPrecision: 'address' }),
      row('2', { deliveryPrecision: 'street' }),
      row('3', { deliveryPrecision: 'postalCode' }),
      row('4', { deliveryPrecision: 'place' }),
      row('5', { deliveryPrecision: null }),
    ];
    const stops = mapStops(rows, new Map(), defaultFilters);
    expect(stops.map((s) => [s.consignmentId, s.approximate])).toEqual([
      ['1', false],
      ['2', false],
      ['3', true],
      ['4', true],
      ['5', true],
    ]);
  });

  it('flags a stop more than 30 km from every other stop of its slot (pickups counted), as the route list does', () => {
    const oslo = { pickupLat: 59.91, pickupLng: 10.75, deliveryLat: 59.92, deliveryLng: 10.76 };
    const rows = [
      row('1', { slotId: 'A', ...oslo }),
      // Delivered in Moss, 53 km south: its pickup in Oslo is near the others, the delivery not.
      row('2', { slotId: 'A', ...oslo, deliveryLat: 59.4344, deliveryLng: 10.6577 }),
      // On another slot alone in Moss: a route of its own pickup and delivery, far apart.
      row('3', { slotId: 'B', ...oslo, deliveryLat: 59.4344, deliveryLng: 10.6577 }),
      // Unplanned: never an outlier.
      row('4', { deliveryLat: 62, deliveryLng: 10 }),
    ];
    expect([...slotOutliers(rows)].sort()).toEqual(['2:delivery', '3:delivery', '3:pickup']);
    const stops = mapStops(rows, new Map(), defaultFilters);
    expect(stops.filter((s) => s.outlier).map((s) => s.id)).toEqual(['2:delivery', '3:delivery']);
  });
});

describe('the planned slots’ routes on the map (docs/decisions/0037-planmap.md)', () => {
  const rows = new Map(
    [
      row('1', { slotId: 's', pickupLat: 1, pickupLng: 1, deliveryLat: 2, deliveryLng: 2 }),
      row('2', { slotId: 's', deliveryLat: 3, deliveryLng: 3 }),
      row('3', { slotId: 's', deliveryLat: null, deliveryLng: null }),
      row('4', { slotId: 's', state: 'DELETED', deliveryLat: 4, deliveryLng: 4 }),
    ].map((r) => [r.id, r]),
  );
  const slot = {
    id: 's',
    state: 'PLANNED' as SlotState,
    stops: [
      { kind: 'pickup' as const, consignmentId: '1' },
      { kind: 'rest_break' as const },
      { kind: 'delivery' as const, consignmentId: '2' },
      { kind: 'delivery' as const, consignmentId: '3' },
      { kind: 'delivery' as const, consignmentId: '4' },
      { kind: 'delivery' as const, consignmentId: 'unknown' },
      { kind: 'delivery' as const, consignmentId: '1' },
    ],
  };
  const colourOf = (id: string) => `colour of ${id}`;

  it('each slot’s stops in route order at their pickups and deliveries (pickups too, whatever the filter), in the markers’ colour', () => {
    expect(mapRouteLines([slot], rows, colourOf, defaultFilters)).toEqual([
      {
        slotId: 's',
        kind: 'current',
        colour: 'colour of s',
        dashed: false,
        latlngs: [
          [1, 1],
          [3, 3],
          [2, 2],
        ],
      },
    ]);
  });

  it('a slot the slot filter hides, or "assigned" off, draws no line', () => {
    const done = { ...slot, state: 'COMPLETED' as SlotState };
    const noCompleted = { ...defaultFilters.slots, showCompleted: false };
    expect(
      mapRouteLines([done], rows, colourOf, { ...defaultFilters, slots: noCompleted }),
    ).toEqual([]);
    expect(mapRouteLines([slot], rows, colourOf, { ...defaultFilters, assigned: false })).toEqual(
      [],
    );
  });
});
