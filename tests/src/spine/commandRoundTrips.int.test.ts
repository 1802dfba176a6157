import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { StreamStates, executeCommand } from '@nordlog/command-service';
import { SYSTEM_IDENTITY, orderStream } from '@nordlog/contracts';
import { PostgresEventStore, PostgresIdAllocator, silentLogger } from '@nordlog/platform';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { countingStore, type StreamReads } from '../support/countingStore.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

/**
 * Issue 37 §1 (docs/decisions/0045, addendum): a command's reads of streams go to the store
 * together. A booking's customer (its reference check) and the pins of its sides without
 * coordinates (what its handler reads first, named up front) are one round trip; counted, not
 * timed. The pins still place the booking (planning/precision.e2e checks it through the API too).
 */
describe('the round trips of a command', () => {
  let db: TestDatabase;
  let counted: StreamReads;
  let deps: Parameters<typeof executeCommand>[0];
  let raw: PostgresEventStore;

  const run = async (name: string, payload: unknown) => {
    const res = (await executeCommand(deps, {
      name,
      body: { type: name, payload },
      identity: SYSTEM_IDENTITY,
    })) as { status: number; body: { ids: string[] } };
    if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
    return res.body.ids;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    raw = new PostgresEventStore(db.knex, db.notifier);
    const counting = countingStore(raw);
    counted = counting.counted;
    deps = {
      store: counting.store,
      ids: new PostgresIdAllocator(db.knex),
      logger: silentLogger(),
      states: new StreamStates(counting.store),
    };
  });
  afterAll(async () => {
    await db.drop();
  });

  it('a booking reads its customer and both sides’ pins in one round trip, and is placed at the pin', async () => {
    const [department] = await run('CREATE_DEPARTMENT', {
      name: 'Oslo',
      departmentType: 'courier',
      country: 'NO',
      location: { lat: 59.91, lng: 10.75 },
    });
    const [customer] = await run('CREATE_CUSTOMER', { name: 'Kunde', departmentId: department });
    await configureNumberSeries({
      command: (name, payload) =>
        executeCommand(deps, { name, body: { type: name, payload }, identity: SYSTEM_IDENTITY }),
    });
    const door = { lat: 59.92512, lng: 10.71466 };
    await run('PIN_ADDRESS', {
      departmentId: department,
      address: 'Bogstadveien 30',
      zipCode: '0355',
      countryCode: 'NO',
      ...door,
    });
    const book = async () => {
      counted.trips = counted.batched = counted.events = 0;
      const [id] = await run('CREATE_ORDER', {
        departmentId: department,
        customerId: customer,
        pickupDate: bookingDate(),
        pickup: {
          ...osloAddress,
          name: 'Sender',
          address: 'Karl Johans gate 1',
          lat: null,
          lng: null,
        },
        delivery: {
          ...osloAddress,
          name: 'Recipient',
          address: 'Bogstadveien 30',
          zipCode: '0355',
          lat: null,
          lng: null,
        },
        measurements: [{ weight: 2, quantity: 1 }],
      });
      return { id: id!, batched: counted.batched };
    };
    // The first booking reads the customer stream whole; the second only what is new: the same
    // one statement both times.
    for (const { id, batched } of [await book(), await book()]) {
      expect(batched).toBe(1);
      const [booked] = (await raw.readStream(orderStream(id))) as unknown as {
        data: { order: { delivery: { lat: number; lng: number } } };
      }[];
      expect(booked!.data.order.delivery).toMatchObject(door);
    }
  });
});
