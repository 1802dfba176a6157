import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { REST_BREAK, SYSTEM_IDENTITY, type SlotView } from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { queries } from '@nordlog/query-service';
import { bookingDate, configureNumberSeries, osloStops } from '../support/booking.js';
import { TEST_VAN, createCourierVan, createDepartment } from '../support/planning.js';
import { startTestSystem, type TestSystem } from '../support/system.js';

const DATE = bookingDate(2);

/**
 * Issue 37 §3, the read side (docs/decisions/0049-slot-read-cost.md): after a change to a slot,
 * the `slots` query computes that slot's schedule again, and reads the route-point fields of
 * only the consignments whose row changed, not of every stop of the slot. Counted, not timed:
 * the consignment rows that query reads after the same change on a slot of 1 consignment and on
 * one of 40 are the same; and the answer equals one computed with nothing cached.
 */
describe('the reads of the slots query after a change to the slot', () => {
  let sys: TestSystem;
  let department: string;
  let small: string;
  let large: string;
  const orders: string[] = [];
  /** The consignment ids each route-point read of the counted query service asked for. */
  let asked: string[][] = [];
  let counted: Knex;

  const ok = async (name: string, payload: Record<string, unknown>) => {
    const res = await sys.command(name, payload);
    expect({ name, status: res.status, body: res.body }).toMatchObject({ status: 200 });
    return res.body.ids as string[];
  };
  const params = (slotId: string) => ({
    departmentIds: [department],
    fromDate: DATE,
    toDate: DATE,
    slotIds: [slotId],
    shallowFetch: false,
    excludeRoutePoints: false,
    includeProgress: true,
    includeDriven: false,
  });
  const context = (knex: Knex) => ({ knex, identity: SYSTEM_IDENTITY, clock: () => new Date() });
  /** The answer of the counted query service and the consignment rows its route points read. */
  const read = async (slotId: string) => {
    await sys.settled();
    asked = [];
    const answer = (await queries.slots(params(slotId), context(counted))) as SlotView[];
    return { answer, rows: asked.flat().length };
  };
  /** One computed afresh: another Knex instance over the same pool has caches of its own. */
  const fresh = async (slotId: string) =>
    queries.slots(params(slotId), context(sys.db.knex.withUserParams({})));

  beforeAll(async () => {
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    const run = (name: string, payload: unknown) => ok(name, payload as Record<string, unknown>);
    department = await createDepartment(sys, 'Oslo', { lat: 59.91, lng: 10.75 });
    const [customer] = await ok('CREATE_CUSTOMER', { name: 'Kunde', departmentId: department });
    const { unit } = await createCourierVan(run, department, TEST_VAN, {
      name: 'Courier',
      phoneNumber: '+4748000002',
    });
    const slot = async (name: string) =>
      (
        await ok('CREATE_SLOT', {
          departmentId: department,
          name,
          timeFrom: `${DATE}T06:00:00.000Z`,
          unitId: unit,
        })
      )[0]!;
    [small, large] = [await slot('Small'), await slot('Large')];
    for (let i = 0; i < 43; i++)
      orders.push(
        (
          await ok('CREATE_ORDER', {
            departmentId: department,
            customerId: customer,
            pickupDate: DATE,
            ...osloStops(i, { lat: 59.9 + i / 1000, lng: 10.7 }),
            measurements: [{ weight: 2, quantity: 1 }],
          })
        )[0]!,
      );
    await ok('UPDATE_CONSIGNMENT_SLOT', { slotId: small, consignmentIds: [orders[0]] });
    await ok('UPDATE_CONSIGNMENT_SLOT', { slotId: large, consignmentIds: orders.slice(1, 41) });
    counted = sys.db.knex.withUserParams({});
    counted.on('query', (q: { sql: string; bindings?: unknown[] }) => {
      if (q.sql.includes('jsonb_to_record(g.data)')) asked.push(q.bindings?.[0] as string[]);
    });
  }, 120_000);
  afterAll(async () => sys.shutdown());

  it('reads every stop once, then only the consignments that changed, on any slot', async () => {
    // First: nothing kept yet, every consignment of the slot is read.
    expect((await read(small)).rows).toBe(1);
    expect((await read(large)).rows).toBe(40);
    // Nothing changed: the schedule is kept, nothing is read.
    expect((await read(large)).rows).toBe(0);

    const after = async (change: (slotId: string, id: string) => Promise<unknown>) => {
      await change(small, orders[41]!);
      await change(large, orders[42]!);
      const [onSmall, onLarge] = [await read(small), await read(large)];
      expect(onLarge.rows).toBe(onSmall.rows);
      expect(onLarge.answer).toEqual(await fresh(large));
      return onLarge.rows;
    };
    // One more consignment planned onto the slot: its row alone is read (the slot's row changed,
    // and with it the schedule: every other stop's row is kept under its version).
    expect(
      await after((slotId, id) =>
        ok('UPDATE_CONSIGNMENT_SLOT', { slotId, consignmentIds: [id], force: true }),
      ),
    ).toBe(1);
    // A consignment's own change (its delivery window): its row alone is read.
    expect(
      await after((_slotId, id) =>
        ok('UPDATE_PICKUP_AND_DELIVERY_TIMES', {
          orderIds: [id],
          deliveryTimeEarliest: '10:00',
          deliveryTimeLatest: '12:00',
        }),
      ),
    ).toBe(1);
    // The stops moved, no consignment changed: no row is read.
    expect(
      await after(async (slotId, id) => {
        const route = (await read(slotId)).answer[0]!.stops;
        const mine = route.filter((s) => s.kind !== REST_BREAK && s.consignmentId === id);
        await ok('UPDATE_ROUTE', {
          slotId,
          stops: [...mine, ...route.filter((s) => !mine.includes(s))],
        });
      }),
    ).toBe(0);
  });
});
