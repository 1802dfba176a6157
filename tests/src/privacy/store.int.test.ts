import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ERASED_TEXT, orderStream, type NewEvent, type RecordedEvent } from '@nordlog/contracts';
import {
  PersonalDataStore,
  PostgresEventStore,
  PostgresSubjectKeys,
  localKeyWrapping,
  masterKey,
  readAllJson,
  withPersonalData,
} from '@nordlog/platform';
import { randomBytes } from 'node:crypto';
import { meta } from '../eventStore/contract.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

/**
 * The personal data store (docs/decisions/0050-personal-data.md) over the PostgreSQL event store:
 * what is stored, what each read gives back, and what an erasure changes.
 */

const created = (orderId: string, name: string, phone: string): NewEvent => ({
  type: 'OrderCreated',
  data: {
    order: {
      orderId,
      orderNote: `call ${name}`,
      pickup: { name: 'Sender AS', address: 'Kaia 1', zipCode: '0150', phone: '' },
      delivery: { name, address: 'Gata 2', zipCode: '0155', phone, lat: 59.91234, lng: 10.7567 },
    },
    state: 'RESOLVED',
  },
});

/** A global read, again until it gives something (10 s at most). */
async function eventually<T>(read: () => Promise<T[]>): Promise<T[]> {
  const until = Date.now() + 10_000;
  for (;;) {
    const found = await read();
    if (found.length > 0 || Date.now() > until) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the personal data store', () => {
  let db: TestDatabase;
  let raw: PostgresEventStore;
  let store: PersonalDataStore;
  const deliveryOf = (e: RecordedEvent) =>
    (e.data as { order: { delivery: Record<string, unknown> } }).order.delivery;

  beforeAll(async () => {
    db = await createTestDatabase();
    raw = new PostgresEventStore(db.knex, db.notifier);
    store = await withPersonalData(raw, db.knex, undefined);
  });
  afterAll(async () => db.drop());

  it('stores the erased form and the sealed values; every read opens them', async () => {
    await store.appendToStream(
      orderStream('1'),
      'no_stream',
      [created('1', 'Kari Quibble', '+4791234567')],
      meta(),
    );
    const [stored] = await raw.readStream(orderStream('1'));
    expect(JSON.stringify(stored!.data)).not.toMatch(/Quibble|91234567/);
    expect(deliveryOf(stored!)).toMatchObject({ name: ERASED_TEXT, phone: '', lat: 59.91 });
    expect(stored!.data).toHaveProperty('$sealed');

    const [opened] = await store.readStream(orderStream('1'));
    expect(deliveryOf(opened!)).toMatchObject({
      name: 'Kari Quibble',
      phone: '+4791234567',
      lat: 59.91234,
    });
    expect(opened!.data).not.toHaveProperty('$sealed');
    // The global order holds an event back while any transaction on the server is open (0003).
    const all = await eventually(() => store.readAll({ transactionId: '0', position: '0' }, 100));
    expect(deliveryOf(all[0]!).name).toBe('Kari Quibble');
    const [json] = await eventually(() =>
      readAllJson(store, { transactionId: '0', position: '0' }, 100),
    );
    expect(json!.dataJson).toContain('Kari Quibble');
    expect(json!.dataJson).not.toContain('$sealed');
    const [after] = await store.readStreamsAfter([{ streamId: orderStream('1'), after: null }]);
    expect(deliveryOf(after![0]!).name).toBe('Kari Quibble');
    expect(deliveryOf((await store.readLastEvent(orderStream('1')))!).name).toBe('Kari Quibble');
  });

  it('reads a subject whose key was deleted as erased; its later events keep no values', async () => {
    await store.appendToStream(
      orderStream('2'),
      'no_stream',
      [created('2', 'Ola Quibble', '+4791234568')],
      meta(),
    );
    await store.keys.erase(['order:2']);
    const erasedRead = async () => {
      const fresh = await withPersonalData(raw, db.knex, undefined);
      return fresh.readStream(orderStream('2'));
    };
    expect(deliveryOf((await erasedRead())[0]!)).toMatchObject({ name: ERASED_TEXT, phone: '' });
    // An erased subject never gets a key again: what follows is stored erased only.
    await store.appendToStream(
      orderStream('2'),
      0,
      [
        {
          type: 'ConsignmentDelivered',
          data: { manual: true, comment: 'to Quibble', state: 'DELIVERED' },
        },
      ],
      meta(),
    );
    const events = await raw.readStream(orderStream('2'));
    expect(JSON.stringify(events.map((e) => e.data))).not.toMatch(/Quibble/);
    expect((events[1]!.data as { comment: string }).comment).toBe(ERASED_TEXT);
    // The other order is not touched.
    expect(deliveryOf((await store.readStream(orderStream('1')))[0]!).name).toBe('Kari Quibble');
  });

  it('a stream that records the erasure reads as erased whatever a cache still holds', async () => {
    await store.appendToStream(
      orderStream('3'),
      'no_stream',
      [created('3', 'Per Quibble', '+4791234569')],
      meta(),
    );
    // The key is in this store's cache; the erasure event is in the stream.
    expect(deliveryOf((await store.readStream(orderStream('3')))[0]!).name).toBe('Per Quibble');
    await store.appendToStream(
      orderStream('3'),
      0,
      [{ type: 'PersonalDataErased', data: { subject: 'order:3', reason: 'request' } }],
      meta(),
    );
    const events = await store.readStream(orderStream('3'));
    expect(deliveryOf(events[0]!).name).toBe(ERASED_TEXT);
    expect(
      deliveryOf((await store.readStreamErasing(orderStream('1'), ['order:1']))[0]!).name,
    ).toBe(ERASED_TEXT);
  });

  it('many streams read at once: one key lookup for all their subjects, each stream its own erasures', async () => {
    for (const [id, name] of [
      ['41', 'Eva Quibble'],
      ['42', 'Liv Quibble'],
      ['43', 'Tor Quibble'],
    ] as const)
      await store.appendToStream(
        orderStream(id),
        'no_stream',
        [created(id, name, '+4791234570')],
        meta(),
      );
    await store.appendToStream(
      orderStream('43'),
      0,
      [{ type: 'PersonalDataErased', data: { subject: 'order:43', reason: 'request' } }],
      meta(),
    );
    // A store with an empty cache, its key lookups counted.
    const counted = await withPersonalData(raw, db.knex, undefined);
    const lookups: string[][] = [];
    const keys = counted.keys.keys.bind(counted.keys);
    counted.keys.keys = (subjects, create) => {
      lookups.push([...subjects]);
      return keys(subjects, create);
    };
    const lists = await counted.readStreamsAfter(
      ['41', '42', '43', '1'].map((id) => ({ streamId: orderStream(id), after: null })),
    );
    expect(lists.map((events) => deliveryOf(events[0]!).name)).toEqual([
      'Eva Quibble',
      'Liv Quibble',
      ERASED_TEXT,
      'Kari Quibble',
    ]);
    expect(lookups).toHaveLength(1);
    expect([...new Set(lookups[0])].sort()).toEqual([
      'order:1',
      'order:41',
      'order:42',
      'order:43',
    ]);
  });

  it('a wrong master key fails loudly instead of reading as erased', async () => {
    const wrong = new PersonalDataStore(
      raw,
      new PostgresSubjectKeys(db.knex, localKeyWrapping(randomBytes(32))),
    );
    await expect(wrong.readStream(orderStream('1'))).rejects.toThrow();
    // The installation's own key (no PERSONAL_DATA_KEY) is made once and kept.
    expect(await masterKey(db.knex, undefined)).toEqual(await masterKey(db.knex, undefined));
  });
});
