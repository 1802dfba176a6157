import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { StreamStates, executeCommand } from '@nordlog/command-service';
import { SYSTEM_IDENTITY, orderStream } from '@nordlog/contracts';
import { PostgresEventStore, PostgresIdAllocator, silentLogger } from '@nordlog/platform';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { passThrough } from '../support/countingStore.js';

/**
 * An atomic command whose handler decided on an order that another command changed before the
 * append (a target's `basedOn`) is run again on what won, as one that loses the append's race is
 * (command-service/src/service.ts `atomically`): a planner's move onto a slot is not refused with a
 * conflict because someone edited the order a moment earlier. Made deterministic by changing the
 * order between the handler's read and the execution's.
 */
describe('atomic commands that lose a race before their append', () => {
  let db: TestDatabase;
  /** Before this read of the order's stream (counted from the command's start), `interleave` runs. */
  let hook: { stream: string; at: number; seen: number; interleave: () => Promise<void> } | null =
    null;
  let send: (name: string, payload: unknown) => Promise<{ status: number; body: any }>;

  beforeAll(async () => {
    db = await createTestDatabase();
    const raw = new PostgresEventStore(db.knex, db.notifier);
    const store = passThrough(raw, {
      readStream: (id) => raw.readStream(id),
      readStreamsAfter: async (reads) => {
        const h = hook;
        if (h && reads.some((r) => r.streamId === h.stream) && ++h.seen === h.at) {
          hook = null;
          await h.interleave();
        }
        return raw.readStreamsAfter(reads);
      },
    });
    const deps: Parameters<typeof executeCommand>[0] = {
      store,
      ids: new PostgresIdAllocator(db.knex),
      logger: silentLogger(),
      states: new StreamStates(store),
    };
    send = (name, payload) =>
      executeCommand(deps, {
        name,
        body: { type: name, payload },
        identity: SYSTEM_IDENTITY,
      });
  });
  afterAll(async () => db.drop());

  it('a move onto a slot decided before an edit of the order lands is decided again and succeeds', async () => {
    const ok = async (name: string, payload: unknown) => {
      const res = await send(name, payload);
      if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
      return res.body.ids as string[];
    };
    const [department] = await ok('CREATE_DEPARTMENT', {
      name: 'Oslo',
      departmentType: 'courier',
      country: 'NO',
      location: { lat: 59.91, lng: 10.75 },
    });
    const [customer] = await ok('CREATE_CUSTOMER', { name: 'Kunde', departmentId: department });
    await configureNumberSeries({ command: send });
    const date = bookingDate();
    const book = async () =>
      (
        await ok('CREATE_ORDER', {
          departmentId: department,
          customerId: customer,
          pickupDate: date,
          pickup: { ...osloAddress, lat: 59.91, lng: 10.75 },
          delivery: { ...osloAddress, lat: 59.92, lng: 10.76 },
          measurements: [{ weight: 1 }],
        })
      )[0]!;
    const [slotId] = await ok('CREATE_SLOT', {
      departmentId: department,
      name: 'Morning',
      timeFrom: `${date}T07:00:00.000Z`,
    });

    // How many reads of the order's stream a move makes: the last is the execution's.
    const probe = await book();
    const counter = {
      stream: orderStream(probe),
      at: Infinity,
      seen: 0,
      interleave: async () => {},
    };
    hook = counter;
    await ok('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [probe], slotId });
    hook = null;
    const reads = counter.seen;
    expect(reads).toBeGreaterThanOrEqual(2);

    // The same move of another order, edited by another command just before the last read.
    const order = await book();
    let edited = false;
    hook = {
      stream: orderStream(order),
      at: reads,
      seen: 0,
      interleave: async () => {
        await ok('UPDATE_ORDER', { orderId: order, orderNote: 'ring twice' });
        edited = true;
      },
    };
    const moved = await send('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [order], slotId });
    expect(edited).toBe(true);
    expect(moved.status).toBe(200);
    const types = (
      await db
        .knex('es_events')
        .where({ stream_id: orderStream(order) })
        .orderBy('stream_revision')
        .select('type')
    ).map((r: { type: string }) => r.type);
    expect(types).toEqual(['OrderCreated', 'OrderUpdated', 'ConsignmentAssignedToSlot']);
  });
});
