import { describe, expect, it } from '@jest/globals';
import {
  planPointOf,
  routePlan,
  type BookedOrder,
  type ConsignmentEvent,
  type ConsignmentRow,
  type RecordedEvent,
  type SlotRow,
  type UnitRow,
} from '@nordlog/contracts';
import fc from 'fast-check';
import { evolveRow, rowFromOrder } from '../consignmentGrid/row.js';
import { evolvePoint, foldPlans, planOf, type PlanRows, type PointRow } from './routePlansFold.js';

const AT = '2026-11-24T09:00:00.000Z';
const at = (streamId: string, revision: number, event: object): RecordedEvent =>
  ({ ...event, streamId, streamRevision: revision, metadata: { occurredAt: AT } }) as never;

const order = (id: string, o: { lat: number | null; weight: number; quantity: number }) => ({
  orderId: id,
  departmentId: '1',
  customerId: '7',
  pickupDate: '2026-11-24',
  pickup: { countryCode: 'NO', address: 'Storgata 1', zipCode: '0155', lat: 59.91, lng: 10.75 },
  delivery: {
    countryCode: 'NO',
    address: 'Bogstadveien 3',
    zipCode: '0355',
    ...(o.lat === null ? {} : { lat: o.lat, lng: 10.7 }),
  },
  measurements: [
    {
      quantity: o.quantity,
      weight: o.weight,
      weightUnit: 'KGM',
      width: 40,
      height: 30,
      length: 50,
      dimensionUnit: 'CMT',
    },
  ],
});

/** The events of one order that the grid folds (those that move its points or load, and others). */
const orderEvent = fc.oneof(
  fc
    .record({
      lat: fc.option(fc.double({ min: 59, max: 61, noNaN: true })),
      weight: fc.integer({ min: 0, max: 900 }),
      quantity: fc.integer({ min: 1, max: 5 }),
    })
    .map((o) => ({ type: 'OrderUpdated', make: (id: string) => order(id, o) })),
  fc
    .record({
      side: fc.constantFrom('pickup', 'delivery'),
      lat: fc.double({ min: 59, max: 61, noNaN: true }),
    })
    .map((s) => ({ type: 'AddressResolved', ...s })),
  fc.constantFrom('pickup', 'delivery').map((side) => ({ type: 'AddressUnresolved', side })),
  fc.constant({ type: 'ConsignmentCollected' }),
);

describe('routePlans fold (docs/decisions/0105)', () => {
  it("a consignment's points and load: the grid row's, after any of its events", () => {
    fc.assert(
      fc.property(
        fc.option(fc.double({ min: 59, max: 61, noNaN: true })),
        fc.array(orderEvent, { maxLength: 8 }),
        (lat, later) => {
          const id = '41';
          const events: RecordedEvent[] = [
            at(`order-${id}`, 0, {
              type: 'OrderCreated',
              data: { order: order(id, { lat, weight: 12, quantity: 2 }), state: 'CREATED' },
            }),
            ...later.map((e, i) =>
              at(`order-${id}`, i + 1, {
                type: e.type,
                data:
                  'make' in e
                    ? { order: e.make(id), state: 'CREATED' }
                    : e.type === 'AddressResolved' && 'lat' in e
                      ? {
                          side: e.side,
                          lat: e.lat,
                          lng: 10.8,
                          resolvedBy: 'geocoder',
                          state: 'CREATED',
                        }
                      : 'side' in e
                        ? { side: e.side, state: 'CREATED' }
                        : { manual: false, comment: null, state: 'COLLECTED' },
              }),
            ),
          ];
          const [first, ...rest] = events as (RecordedEvent & ConsignmentEvent)[];
          const created = (first!.data as { order?: BookedOrder }).order!;
          let grid: ConsignmentRow = rowFromOrder(created, 'CREATED', 0, AT);
          for (const e of rest) grid = evolveRow(grid, e as never);
          let point: PointRow | null = null;
          for (const e of events) point = evolvePoint(point, e);
          const { id: _i, revision: _r, ...plan } = point!;
          expect(plan).toEqual(planPointOf(grid));
        },
      ),
    );
  });

  it('a route is planned from its slot, its unit and its consignments as routePlan plans it', () => {
    const slot = {
      id: '5',
      departmentId: '1',
      date: '2026-11-24',
      name: 'Rute 1',
      state: 'PLANNED',
      courierId: null,
      unitId: '9',
      timeFrom: '2026-11-24T07:00:00.000Z',
      stops: [
        { kind: 'pickup', consignmentId: '41' },
        { kind: 'rest_break' },
        { kind: 'delivery', consignmentId: '41' },
      ],
      consignmentIds: ['41'],
    };
    const unit = {
      id: '9',
      name: 'Bil 1',
      vehicleType: 'van',
      speedFactor: 1,
      capacity: 10,
      weightCapacity: 500,
      volumeCapacity: 2,
      startLocation: { lat: 59.9, lng: 10.7, address: 'Depot' },
      endLocation: null,
    };
    const rows: PlanRows = { slots: new Map(), units: new Map(), points: new Map() };
    const folded = foldPlans(rows, [
      at('order-41', 0, {
        type: 'OrderCreated',
        data: { order: order('41', { lat: 59.95, weight: 30, quantity: 2 }), state: 'CREATED' },
      }),
      at('unit-9', 0, { type: 'UnitCreated', data: unit }),
      at('slot-5', 0, { type: 'SlotCreated', data: slot }),
      at('order-41', 1, {
        type: 'AddressResolved',
        data: {
          side: 'delivery',
          lat: 59.96,
          lng: 10.71,
          resolvedBy: 'geocoder',
          state: 'CREATED',
        },
      }),
    ]);
    expect([...folded.slots]).toEqual(['5']);
    expect([...folded.units]).toEqual(['9']);
    // Created and then moved in the batch: the routes it is on are planned again.
    expect([...folded.moved]).toEqual(['41']);
    const plan = planOf(rows.slots.get('5')!, rows);
    expect(plan).toEqual(
      routePlan(slot as unknown as SlotRow, rows.units.get('9') as UnitRow, (id) =>
        id === '41'
          ? {
              pickup: { lat: 59.91, lng: 10.75 },
              delivery: { lat: 59.96, lng: 10.71 },
              packageCount: 2,
              weight: 60,
              volume: 120,
            }
          : undefined,
      ),
    );
    expect(plan.capacity).toEqual({ count: 10, weight: 500, volume: 2000 });
    expect(plan.load).toEqual({ count: 2, weight: 60, volume: 120 });
    expect(plan.distanceKm).toBeGreaterThan(0);
    // Redelivered, the batch changes nothing.
    const again = foldPlans(rows, [
      at('order-41', 1, {
        type: 'AddressResolved',
        data: { side: 'delivery', lat: 1, lng: 1, resolvedBy: 'geocoder', state: 'CREATED' },
      }),
    ]);
    expect(again.points.size + again.moved.size).toBe(0);
  });
});
