import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SYSTEM_IDENTITY } from '@nordlog/contracts';
import { queries } from '@nordlog/query-service';
import { bookingDate, configureNumberSeries, orderForm, osloAddress } from '../support/booking.js';
import { createCourier, createDepartment, createSlot } from '../support/planning.js';
import { startTestSystem, type TestSystem } from '../support/system.js';

const DATE = bookingDate(2);

/**
 * The query service keeps each slot's computed schedule under the versions of what it was made
 * of (query-service/src/planning/scheduleCache.ts). After every kind of change a schedule reads
 * (the route, an order's address, window, duration, state and measurements, the unit, the slot's
 * start, the department's country), the `slots` answer through the running system (which has the
 * schedules of before the change cached) equals one computed afresh over the same database.
 */
describe('slots: cached schedules are never stale', () => {
  let sys: TestSystem;
  let oslo: string;
  let customer: string;
  let unit: string;
  let slotId: string;
  const orders: string[] = [];
  const params = () => ({
    departmentIds: [oslo],
    fromDate: DATE,
    toDate: DATE,
    includeProgress: true,
  });

  /** The answer through the running system, and one from a query service with nothing cached. */
  const both = async () => {
    await sys.settled();
    const cached = await sys.query('slots', params());
    expect(cached.status).toBe(200);
    const fresh = await queries.slots(
      { ...params(), shallowFetch: false, excludeRoutePoints: false, includeDriven: false },
      {
        // Another Knex instance over the same pool: a cache of its own, empty.
        knex: sys.db.knex.withUserParams({}),
        identity: SYSTEM_IDENTITY,
        clock: () => new Date(),
      },
    );
    return { cached: cached.body as unknown[], fresh: JSON.parse(JSON.stringify(fresh)) };
  };
  const ok = async (name: string, payload: Record<string, unknown>) => {
    const res = await sys.command(name, payload);
    expect({ name, status: res.status, body: res.body }).toMatchObject({ status: 200 });
  };
  beforeAll(async () => {
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    oslo = await createDepartment(sys, 'Oslo', null);
    customer = (await sys.command('CREATE_CUSTOMER', { name: 'Apotek', departmentId: oslo })).body
      .ids[0];
    unit = (
      await sys.command('CREATE_UNIT', {
        name: 'Van 1',
        alystraId: 'V1',
        departmentId: oslo,
        capacity: 10,
        weightCapacity: 500,
        volumeCapacity: 5,
        startLocation: { lat: 59.91, lng: 10.75 },
        endLocation: { lat: 59.91, lng: 10.75 },
        vehicleType: 'van',
        fuelType: 'electric',
        courierUserIds: [(await createCourier(sys, [oslo])).id],
      })
    ).body.ids[0];
    slotId = await createSlot(sys, oslo, DATE, { unitId: unit });
    for (let i = 0; i < 3; i++) {
      const res = await sys.command('CREATE_ORDER', {
        departmentId: oslo,
        customerId: customer,
        pickupDate: DATE,
        pickup: osloAddress,
        delivery: { ...osloAddress, name: `Kari ${i}`, lat: 59.92 + i / 100, lng: 10.7 },
        deliveryTimeEarliest: '09:00',
        deliveryTimeLatest: '17:00',
        measurements: [{ weight: 10, quantity: 2 }],
      });
      orders.push(res.body.ids[0]);
    }
  }, 60_000);
  afterAll(async () => sys.shutdown());

  const changes: [string, () => Promise<void>][] = [
    ['the route is made', () => ok('CREATE_ROUTE', { slotId, consignmentIds: orders })],
    [
      'the route is reordered',
      () =>
        ok('UPDATE_ROUTE', {
          slotId,
          stops: [...orders].reverse().flatMap((consignmentId) => [
            { kind: 'pickup', consignmentId },
            { kind: 'delivery', consignmentId },
          ]),
        }),
    ],
    [
      "an order's delivery address and measurements are edited",
      async () => {
        const { form } = await orderForm(sys, orders[0]!);
        await ok('UPDATE_ORDER', {
          ...form,
          orderId: orders[0],
          delivery: { ...(form.delivery as object), address: 'Kirkeveien 9', lat: 59.94 },
          measurements: [{ weight: 40, quantity: 4 }],
        });
      },
    ],
    [
      "an order's time window changes",
      () =>
        ok('UPDATE_PICKUP_AND_DELIVERY_TIMES', {
          orderIds: [orders[1]],
          deliveryTimeEarliest: '06:00',
          deliveryTimeLatest: '07:00',
        }),
    ],
    [
      "an order's durations change",
      () =>
        ok('SET_PICKUP_AND_DELIVERY_DURATIONS', {
          orderIds: [orders[2]],
          pickupDurationSeconds: 900,
          deliveryDurationSeconds: 1200,
        }),
    ],
    ['a stop is collected', () => ok('MANUAL_COLLECT', { consignmentIds: [orders[0]] })],
    [
      "the unit's capacity and speed change",
      () => ok('UPDATE_UNIT', { id: unit, capacity: 3, speedFactor: 0.5 }),
    ],
    [
      "the slot's start moves",
      () => ok('UPDATE_SLOT', { id: slotId, timeFrom: `${DATE}T05:00:00.000Z` }),
    ],
    [
      "the department's country changes",
      () => ok('UPDATE_DEPARTMENT', { id: oslo, country: 'FI' }),
    ],
    [
      'an order leaves the route',
      () => ok('UNASSIGN_CONSIGNMENTS', { consignmentIds: [orders[1]] }),
    ],
  ];

  it.each(changes)('after %s, the answer equals a fresh computation', async (_label, change) => {
    const before = await both();
    expect(before.cached).toEqual(before.fresh);
    await change();
    const after = await both();
    expect(after.cached).toEqual(after.fresh);
    // The change is visible at all (the cached answer of before is not the answer of after).
    expect(after.cached).not.toEqual(before.cached);
  });
});
