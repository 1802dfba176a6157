import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { orderStream } from '@nordlog/contracts';
import { bookingDate, osloAddress } from '../support/booking.js';
import { countedCommands } from '../support/countingStore.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

/**
 * Issue 37 §1 (docs/decisions/0045, addendum): a command's reads of streams go to the store
 * together. A booking's customer (its reference check) and the pins of its sides without
 * coordinates (what its handler reads first, named up front) are one round trip; counted, not
 * timed. The pins still place the booking (planning/precision.e2e checks it through the API too).
 */
describe('the round trips of a command', () => {
  let db: TestDatabase;
  let commands: ReturnType<typeof countedCommands>;

  beforeAll(async () => {
    db = await createTestDatabase();
    commands = countedCommands(db);
  });
  afterAll(async () => {
    await db.drop();
  });

  it('a booking reads its customer and both sides’ pins in one round trip, and is placed at the pin', async () => {
    const { run, raw, counted, reset } = commands;
    const { department, customer } = await commands.departmentAndCustomer();
    const door = { lat: 59.92512, lng: 10.71466 };
    await run('PIN_ADDRESS', {
      departmentId: department,
      address: 'Bogstadveien 30',
      zipCode: '0355',
      countryCode: 'NO',
      ...door,
    });
    const book = async () => {
      reset();
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
