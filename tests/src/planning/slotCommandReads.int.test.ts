import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  applySlotEvent,
  slotStream,
  type RouteStop,
  type Slot,
  type SlotEvent,
} from '@nordlog/contracts';
import type { PostgresEventStore } from '@nordlog/platform';
import { bookingDate, osloStops } from '../support/booking.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { TEST_VAN, createCourierVan } from '../support/planning.js';
import { countedCommands } from '../support/countingStore.js';

/**
 * Issue 37 §3: a planning command's cost must not grow with its slot. What grew was the reading:
 * every order on the slot read one stream at a time for the capacity check, and the slot's stream
 * folded from its first event, twice a command. Counted here, not timed (docs/decisions/0043): the
 * store round trips and the events read by one command on a slot of 1 consignment and on a slot
 * of 40 planned over 8 commands are the same (planning onto it, a new order of its stops, whose
 * every consignment is a reference to check, and unassigning).
 */
describe('the reads of a planning command on a slot', () => {
  let db: TestDatabase;
  let raw: PostgresEventStore;
  let run: ReturnType<typeof countedCommands>['run'];
  let reads: (name: string, payload: unknown) => Promise<{ trips: number; events: number }>;
  let commands: ReturnType<typeof countedCommands>;

  beforeAll(async () => {
    db = await createTestDatabase();
    commands = countedCommands(db);
    raw = commands.raw;
    run = commands.run;
    /** The store round trips and events one command reads. */
    reads = async (name, payload) => {
      const { trips, events } = await commands.reads(name, payload);
      return { trips, events };
    };
  });
  afterAll(async () => {
    await db.drop();
  });

  it('are the same on a slot of 1 consignment and on one of 40 planned over 8 commands', async () => {
    const { department, customer } = await commands.departmentAndCustomer();
    const { unit } = await createCourierVan(run, department, TEST_VAN, {
      name: 'Courier',
      phoneNumber: '+4748000001',
    });
    const slot = async (name: string) =>
      (
        await run('CREATE_SLOT', {
          departmentId: department,
          name,
          timeFrom: `${bookingDate()}T06:00:00.000Z`,
          unitId: unit,
        })
      )[0]!;
    const [small, large] = [await slot('Small'), await slot('Large')];
    const orders: string[] = [];
    for (let i = 0; i < 44; i++)
      orders.push(
        (
          await run('CREATE_ORDER', {
            departmentId: department,
            customerId: customer,
            pickupDate: bookingDate(),
            ...osloStops(i, { lat: 59.9 + i / 1000, lng: 10.7 }),
            measurements: [{ weight: 2, quantity: 1 }],
          })
        )[0]!,
      );
    await run('UPDATE_CONSIGNMENT_SLOT', { slotId: small, consignmentIds: [orders[0]] });
    for (let i = 0; i < 8; i++)
      await run('UPDATE_CONSIGNMENT_SLOT', {
        slotId: large,
        consignmentIds: orders.slice(1 + i * 5, 6 + i * 5),
      });
    // Each slot and its orders read once since they changed, as by any planning command on them
    // (here one that changes nothing: a consignment planned again onto its own slot).
    await run('UPDATE_CONSIGNMENT_SLOT', { slotId: small, consignmentIds: [orders[0]] });
    await run('UPDATE_CONSIGNMENT_SLOT', { slotId: large, consignmentIds: [orders[1]] });

    const plan = (slotId: string, id: string) =>
      reads('UPDATE_CONSIGNMENT_SLOT', { slotId, consignmentIds: [id] });
    const onSmall = await plan(small, orders[41]!);
    const onLarge = await plan(large, orders[42]!);
    expect(onLarge).toEqual(onSmall);
    // What is read is what changed since the last read, not the slot's history.
    expect(onLarge.events).toBeLessThan(5);

    // A new order of the stops names every consignment on the slot, each a reference to check.
    const stopsOf = async (slotId: string) => {
      let stops: RouteStop[] = [];
      for (const e of (await raw.readStream(slotStream(slotId))) as unknown as SlotEvent[])
        stops =
          e.type === 'SlotCreated'
            ? e.data.stops
            : e.type === 'SlotDeleted'
              ? stops
              : applySlotEvent({ stops } as Slot, e).stops;
      return stops;
    };
    const reorder = async (slotId: string) => {
      const stops = await stopsOf(slotId);
      return reads('UPDATE_ROUTE', { slotId, stops: [...stops.slice(-2), ...stops.slice(0, -2)] });
    };
    expect(await reorder(large)).toEqual(await reorder(small));

    const unassign = (id: string) => reads('UNASSIGN_CONSIGNMENTS', { consignmentIds: [id] });
    expect(await unassign(orders[42]!)).toEqual(await unassign(orders[41]!));
  });
});
