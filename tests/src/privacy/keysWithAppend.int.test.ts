import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ERASED_TEXT, orderStream, orderSubject, type NewEvent } from '@nordlog/contracts';
import { PostgresEventStore, withPersonalData, type PersonalDataStore } from '@nordlog/platform';
import { meta } from '../eventStore/contract.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { recordStatements } from '../support/statements.js';

/**
 * Issue 37 §1 (docs/decisions/0065): a new data subject's key is stored by the append's own
 * statement, so a booking no longer pays a round trip of its own for its key. Counted, not timed;
 * and what is stored reads back the same in another process, whatever path the key took.
 */

const created = (orderId: string, name: string): NewEvent => ({
  type: 'OrderCreated',
  data: {
    order: {
      orderId,
      pickup: { name: 'Sender AS', address: 'Kaia 1', zipCode: '0150', phone: '' },
      delivery: { name, address: 'Gata 2', zipCode: '0155', phone: '+4791234567' },
    },
    state: 'RESOLVED',
  },
});

const nameOf = (data: unknown) =>
  (data as { order: { delivery: { name: string } } }).order.delivery.name;

describe('new subjects’ keys stored with the append', () => {
  let db: TestDatabase;
  let store: PersonalDataStore;
  /** Another process over the same database: its own key cache. */
  let other: () => Promise<PersonalDataStore>;
  let recorder: ReturnType<typeof recordStatements>;
  /**
   * The statements the appends sent since the last `reset`. The notifier's wake-up is not one of
   * them: it is sent on its own timer, coalesced over an interval, and may land in any test's count
   * (it made this suite fail now and then before it was left out).
   */
  const statements = () =>
    recorder.sent.map((s) => s.text.trim()).filter((text) => !/pg_notify\(/.test(text));
  const reset = () => void (recorder.sent.length = 0);

  beforeAll(async () => {
    db = await createTestDatabase();
    store = await withPersonalData(
      new PostgresEventStore(db.knex, db.notifier),
      db.knex,
      undefined,
    );
    other = () =>
      withPersonalData(new PostgresEventStore(db.knex, db.notifier), db.knex, undefined);
    recorder = recordStatements();
  });
  afterAll(async () => {
    recorder.restore();
    await db.drop();
  });

  const keyRows = (subject: string) =>
    db.knex('privacy_subject_keys').where({ subject }).select('subject', 'wrapped');

  it('a new order’s events and its key are one statement, and another process opens them', async () => {
    reset();
    await store.appendToStream(
      orderStream('1'),
      'no_stream',
      [created('1', 'Kari Quibble')],
      meta(),
    );
    expect(statements()).toHaveLength(1);
    expect(statements()[0]).toMatch(/insert into privacy_subject_keys/);
    expect(await keyRows(orderSubject('1'))).toHaveLength(1);
    const [opened] = await (await other()).readStream(orderStream('1'));
    expect(nameOf(opened!.data)).toBe('Kari Quibble');

    // The next event of the same order: the key is held, nothing stored, still one statement.
    reset();
    await store.appendToStream(orderStream('1'), 0, [created('1', 'Kari Second')], meta());
    expect(statements()).toHaveLength(1);
  });

  it('a multi-stream append stores the key with its events too', async () => {
    reset();
    await store.appendToStreams(
      [
        {
          streamId: orderStream('2'),
          expected: 'no_stream',
          events: [created('2', 'Ola Nordmann')],
        },
        {
          streamId: 'reservation-x-2',
          expected: 'no_stream',
          events: [{ type: 'Reserved', data: {} }],
        },
      ],
      meta(),
    );
    expect(statements()).toHaveLength(1);
    const [opened] = await (await other()).readStream(orderStream('2'));
    expect(nameOf(opened!.data)).toBe('Ola Nordmann');
  });

  it('a subject that has a key already (stored by another process) is sealed with that key, not a new one', async () => {
    const elsewhere = await other();
    // Another process stored the key of order 3 (an attempt whose append then failed).
    await elsewhere.keys.keys([orderSubject('3')], true);
    const [before] = await keyRows(orderSubject('3'));
    reset();
    await store.appendToStream(orderStream('3'), 'no_stream', [created('3', 'Per Hansen')], meta());
    // The append with a new key appended nothing; the key was read; the append made again.
    expect(statements()).toHaveLength(3);
    const [after] = await keyRows(orderSubject('3'));
    expect(after).toEqual(before);
    const [opened] = await (await other()).readStream(orderStream('3'));
    expect(nameOf(opened!.data)).toBe('Per Hansen');
  });

  it('an erased subject gets no key again: its new stream holds the erased form only', async () => {
    await (await other()).keys.erase([orderSubject('4')]);
    await store.appendToStream(
      orderStream('4'),
      'no_stream',
      [created('4', 'Liv Ullmann')],
      meta(),
    );
    expect((await keyRows(orderSubject('4')))[0]).toMatchObject({ wrapped: null });
    const [opened] = await (await other()).readStream(orderStream('4'));
    expect(nameOf(opened!.data)).toBe(ERASED_TEXT);
    expect(JSON.stringify(opened!.data)).not.toMatch(/Ullmann/);
  });

  it('an append that loses its stream’s race is refused as before, the first append’s values kept', async () => {
    await store.appendToStream(orderStream('5'), 'no_stream', [created('5', 'First')], meta());
    const racer = await other();
    await expect(
      racer.appendToStream(orderStream('5'), 'no_stream', [created('5', 'Second')], meta()),
    ).rejects.toMatchObject({ items: [{ errorType: 'CONCURRENCY_CONFLICT' }] });
    const [first] = await (await other()).readStream(orderStream('5'));
    expect(nameOf(first!.data)).toBe('First');
  });
});
