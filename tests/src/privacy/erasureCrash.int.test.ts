import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ERASED_TEXT,
  START,
  orderStream,
  type OrderRow,
  type RecordedEvent,
} from '@nordlog/contracts';
import {
  PostgresEventStore,
  readStreamErasing,
  withPersonalData,
  type PersonalDataStore,
} from '@nordlog/platform';
import {
  applyBatch,
  projections,
  readCheckpoint,
  readModelMigrations,
  type Projection,
} from '@nordlog/projector';
import { meta } from '../eventStore/contract.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

/**
 * An erasure that fails part-way (issue 38, docs/decisions/0050-personal-data.md): the projector
 * deletes the key and folds the read models again in the batch's transaction, so a failure (a
 * crash, a lost connection) leaves nothing half done: the key, the rows and the checkpoint are
 * as before, and the batch taken again completes the erasure.
 */

const block = (name: string) => ({
  name,
  address: 'Gata 2',
  zipCode: '0155',
  zipArea: 'Oslo',
  countryCode: 'NO',
  phone: '+4791234566',
});

describe('an erasure that fails part-way', () => {
  let db: TestDatabase;
  let store: PersonalDataStore;
  const orders = projections.find((p) => p.name === 'orders')!;
  const name = async () =>
    (await db.knex.raw<{ rows: { data: OrderRow }[] }>(`select data from rm_orders where id = 1`))
      .rows[0]!.data.order.delivery.name;
  const keyHeld = async () =>
    (
      await db.knex.raw<{ rows: { held: boolean }[] }>(
        `select wrapped is not null as held from privacy_subject_keys where subject = 'order:1'`,
      )
    ).rows[0]!.held;
  const apply = (projection: Projection, batch: RecordedEvent[], from = START) =>
    applyBatch(db.knex, [projection], new Map([[projection.name, from]]), batch, {
      publish: true,
      readStream: (id, erased) => readStreamErasing(store, id, erased),
    });
  /** The global order, again until it holds `n` events (it waits for open transactions). */
  const readAll = async (n: number) => {
    for (let i = 0; i < 500; i++) {
      const events = await store.readAll(START, 100);
      if (events.length >= n) return events;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`fewer than ${n} events readable`);
  };

  beforeAll(async () => {
    db = await createTestDatabase(readModelMigrations);
    store = await withPersonalData(
      new PostgresEventStore(db.knex, db.notifier),
      db.knex,
      undefined,
    );
  });
  afterAll(async () => db.drop());

  it('leaves the key, the rows and the checkpoint as they were, and completes when taken again', async () => {
    await store.appendToStream(
      orderStream('1'),
      'no_stream',
      [
        {
          type: 'OrderCreated',
          data: {
            order: {
              orderId: '1',
              departmentId: '1',
              customerId: '1',
              pickupDate: '2026-12-03',
              pickup: block('Sender AS'),
              delivery: block('Kari Quibble'),
              measurements: [{ weight: 1, quantity: 1 }],
            },
            state: 'RESOLVED',
          },
        },
      ],
      meta(),
    );
    const [created] = await readAll(1);
    expect(await apply(orders, [created!])).toEqual(['orders']);
    expect(await name()).toBe('Kari Quibble');

    await store.appendToStream(
      orderStream('1'),
      0,
      [{ type: 'PersonalDataErased', data: { subject: 'order:1', reason: 'request' } }],
      meta(),
    );
    const erasure = (await readAll(2)).slice(1);
    const crashing: Projection = {
      ...orders,
      refold: async () => {
        throw new Error('the connection was lost');
      },
    };
    await expect(apply(crashing, erasure, created!.global)).rejects.toThrow('connection was lost');
    expect(await keyHeld()).toBe(true);
    expect(await name()).toBe('Kari Quibble');
    expect(await readCheckpoint(db.knex, 'orders')).toEqual(created!.global);

    expect(await apply(orders, erasure, created!.global)).toEqual(['orders']);
    expect(await keyHeld()).toBe(false);
    expect(await name()).toBe(ERASED_TEXT);
    expect(await readCheckpoint(db.knex, 'orders')).toEqual(erasure[0]!.global);
  });
});
