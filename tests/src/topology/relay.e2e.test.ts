import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  comparePositions,
  kafkaHeaders,
  kafkaMessageJsonSchemas,
  kafkaTopics,
  type GlobalPosition,
  type RecordedEvent,
} from '@nordlog/contracts';
import {
  PostgresEventStore,
  readCheckpoint,
  replayFrom,
  writeChanges,
  type RelaySource,
} from '@nordlog/platform';
import { readModelMigrations } from '@nordlog/projector';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import {
  kcatAvailable,
  readTopicWithKcat,
  startMockKafka,
  type KcatMessage,
  type MockKafka,
} from '../support/kafkaMock.js';
import { topology, type Topology } from '../support/processes.js';

const STREAMS = 30;
const APPENDS = 12;
const EVENTS_PER_APPEND = 4;
const CHANGES = 600;
const ERASURES = 5;

/**
 * Issue 15 §1 on librdkafka's mock Kafka cluster (mock-broker test): the relay, a process of its
 * own, publishes a backlog of events and changes in batches, is killed with SIGKILL part-way and
 * started again. kcat itself (an independent consumer) then reads the topics: after
 * de-duplication by the message-id header every event and change is there exactly once, each
 * key's messages in order, and every message matches its published JSON Schema.
 */
describe('Kafka relay (mock-broker): at least once, in order per key, across a kill and a split into one process per source', () => {
  let kafka: MockKafka;
  let db: TestDatabase;
  let t: Topology;
  const eventIds = new Set<string>();
  const recorded = new Map<string, RecordedEvent>();
  const changeIds = new Set<string>();
  let head: Record<RelaySource, GlobalPosition>;
  let killedAt: Record<RelaySource, GlobalPosition>;

  const waitFor = async (check: () => Promise<boolean>, what: string, ms = 60_000) => {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const caughtUp = async () =>
    comparePositions(await readCheckpoint(db.knex, 'events'), head.events) >= 0 &&
    comparePositions(await readCheckpoint(db.knex, 'changes'), head.changes) >= 0;

  beforeAll(async () => {
    if (!kcatAvailable()) throw new Error('kcat is not installed (apt-get install kcat)');
    kafka = await startMockKafka();
    db = await createTestDatabase(readModelMigrations);
    const store = new PostgresEventStore(db.knex, db.notifier);
    const meta = () => ({
      commandId: randomUUID(),
      correlationId: randomUUID(),
      causationId: randomUUID(),
      userId: 'relay-test',
      occurredAt: new Date().toISOString(),
    });
    // The backlog: events of many streams, appended in turns, and changes of many rows.
    for (let round = 0; round < APPENDS; round++)
      for (let s = 0; s < STREAMS; s++) {
        const events = Array.from({ length: EVENTS_PER_APPEND }, (_, i) => ({
          type: 'TestHappened',
          data: { round, i },
        }));
        await store.appendToStream(
          `relaytest-${s}`,
          round === 0 ? 'no_stream' : 'any',
          events,
          meta(),
        );
      }
    // Erasures of data subjects (docs/decisions/0050): on the events topic and their own.
    for (let n = 1; n <= ERASURES; n++)
      await store.appendToStream(
        `order-${9000 + n}`,
        'any',
        [{ type: 'PersonalDataErased', data: { subject: `order:${9000 + n}`, reason: 'request' } }],
        meta(),
      );
    // A gapless read stops below the oldest transaction open on the whole server (another test
    // file's, in a parallel run), so it may lag the appends for a moment: read until all are there.
    let all: RecordedEvent[] = [];
    await waitFor(async () => {
      all = await store.readAll({ transactionId: '0', position: '0' }, 100_000);
      return all.length >= APPENDS * STREAMS * EVENTS_PER_APPEND + ERASURES;
    }, 'the appended events to be readable in the global order');
    for (const e of all) {
      eventIds.add(e.eventId);
      recorded.set(e.eventId, e);
    }
    for (let i = 0; i < CHANGES; i += 50)
      await db.knex.transaction((trx) =>
        writeChanges(
          trx,
          Array.from({ length: 50 }, (_, j) => ({
            entity: 'customers',
            op: 'upsert' as const,
            id: String(((i + j) % 40) + 1),
            revision: i + j,
            data: { n: i + j },
            scope: {
              departmentId: '1',
              customerId: null,
              date: null,
              state: null,
              departmentIds: null,
            },
          })),
        ),
      );
    for (let i = 0; i < CHANGES; i++) changeIds.add(`customers:${(i % 40) + 1}:${i}`);
    const last = async (table: string) => {
      const row = await db
        .knex(table)
        .orderBy([
          { column: 'transaction_id', order: 'desc' },
          { column: 'position', order: 'desc' },
        ])
        .first<{ t: string; p: string }>(
          db.knex.raw('transaction_id::text as t'),
          db.knex.raw('position::text as p'),
        );
      return { transactionId: row.t, position: row.p };
    };
    head = { events: await last('es_events'), changes: await last('rm_changes') };

    t = topology({
      DATABASE_URL: db.url,
      KAFKA_BROKERS: kafka.brokers.join(','),
      RELAY_BATCH_SIZE: '25',
    });
    const relay = await t.start('relay', 'relay');
    // Killed once it has published part of the backlog, wherever it is in a batch.
    await waitFor(
      async () =>
        comparePositions(await readCheckpoint(db.knex, 'events'), {
          transactionId: '0',
          position: '0',
        }) > 0,
      'the relay to publish a first batch',
    );
    relay.child.kill('SIGKILL');
    await relay.exited;
    killedAt = {
      events: await readCheckpoint(db.knex, 'events'),
      changes: await readCheckpoint(db.knex, 'changes'),
    };
    // Restarted as two processes, one per source (RELAY_SOURCES): each carries on from its own
    // checkpoint.
    await Promise.all([
      t.start('relay-events', 'relay', { RELAY_SOURCES: 'events' }),
      t.start('relay-changes', 'relay', { RELAY_SOURCES: 'changes' }),
    ]);
    await waitFor(caughtUp, 'the restarted relays to publish everything');
  }, 180_000);

  afterAll(async () => {
    await t?.stopAll();
    await db?.drop();
    await kafka?.stop();
  }, 60_000);

  it('was killed part-way through the backlog', () => {
    expect(comparePositions(killedAt.events, head.events)).toBeLessThan(0);
  });

  const check = (messages: KcatMessage[], expected: Set<string>, order: (m: any) => number) => {
    const seen = new Set<string>();
    const byKey = new Map<string, number[]>();
    for (const m of messages) {
      const id = m.headers[kafkaHeaders.messageId]!;
      if (seen.has(id)) continue;
      seen.add(id);
      const list = byKey.get(m.key!) ?? [];
      list.push(order(JSON.parse(m.payload!)));
      byKey.set(m.key!, list);
    }
    expect([...seen].sort()).toEqual([...expected].sort());
    for (const [key, seq] of byKey)
      expect({ key, ordered: seq.every((v, i) => i === 0 || v > seq[i - 1]!) }).toEqual({
        key,
        ordered: true,
      });
  };

  it('every event is on the events topic exactly once after de-duplication, in order per stream', () => {
    const messages = readTopicWithKcat(kafka.brokers, kafkaTopics.events());
    expect(messages.length).toBeGreaterThanOrEqual(eventIds.size);
    check(messages, eventIds, (m: { streamRevision: number }) => m.streamRevision);
  });

  it('every change is on its entity topic exactly once after de-duplication, in order per row', () => {
    const messages = readTopicWithKcat(kafka.brokers, kafkaTopics.changes('customers'));
    check(messages, changeIds, (m: { revision: number }) => m.revision);
  });

  it('every erasure is on the erasures topic, keyed by its data subject, as its schema says', () => {
    const messages = readTopicWithKcat(kafka.brokers, kafkaTopics.erasures());
    const erasure = new Ajv2020({ strict: false }).compile(
      kafkaMessageJsonSchemas().erasure as object,
    );
    const subjects = new Set<string>();
    for (const m of messages) {
      const value = JSON.parse(m.payload!) as { subject: string; eventId: string };
      expect({ valid: erasure(value), errors: erasure.errors ?? null }).toEqual({
        valid: true,
        errors: null,
      });
      expect(m.key).toBe(value.subject);
      expect(recorded.get(value.eventId)?.type).toBe('PersonalDataErased');
      subjects.add(value.subject);
    }
    expect([...subjects].sort()).toEqual(
      Array.from({ length: ERASURES }, (_, i) => `order:${9001 + i}`).sort(),
    );
  });

  it('every message matches the JSON Schema published for its kind', () => {
    const ajv = new Ajv2020({ strict: false });
    const schemas = kafkaMessageJsonSchemas();
    const event = ajv.compile(schemas['domain-event'] as object);
    const change = ajv.compile(schemas.change as object);
    for (const m of readTopicWithKcat(kafka.brokers, kafkaTopics.events()).slice(0, 200))
      expect({ valid: event(JSON.parse(m.payload!)), errors: event.errors ?? null }).toEqual({
        valid: true,
        errors: null,
      });
    for (const m of readTopicWithKcat(kafka.brokers, kafkaTopics.changes('customers')).slice(
      0,
      200,
    ))
      expect({ valid: change(JSON.parse(m.payload!)), errors: change.errors ?? null }).toEqual({
        valid: true,
        errors: null,
      });
  });

  it('every message carries what the database holds: the event as recorded, the row as written', () => {
    for (const m of readTopicWithKcat(kafka.brokers, kafkaTopics.events())) {
      const e = recorded.get(m.headers[kafkaHeaders.messageId]!)!;
      expect(JSON.parse(m.payload!)).toEqual({
        eventId: e.eventId,
        streamId: e.streamId,
        streamRevision: e.streamRevision,
        type: e.type,
        position: e.global,
        metadata: e.metadata,
        data: e.data,
      });
    }
    for (const m of readTopicWithKcat(kafka.brokers, kafkaTopics.changes('customers'))) {
      const value = JSON.parse(m.payload!) as { id: string; revision: number };
      expect(value).toMatchObject({
        entity: 'customers',
        op: 'upsert',
        id: String((value.revision % 40) + 1),
        data: { n: value.revision },
        scope: { departmentId: '1', customerId: null, date: null, state: null },
      });
    }
  });

  it('a replay from a position publishes everything after it again', async () => {
    const before = readTopicWithKcat(kafka.brokers, kafkaTopics.changes('customers')).length;
    t.processes.get('relay-changes')!.child.kill('SIGTERM');
    await t.processes.get('relay-changes')!.exited;
    await replayFrom(db.knex, ['changes'], killedAt.changes);
    await t.start('relay-changes', 'relay', { RELAY_SOURCES: 'changes' });
    await waitFor(caughtUp, 'the replay to publish');
    const after = readTopicWithKcat(kafka.brokers, kafkaTopics.changes('customers'));
    const again = await db.knex.raw<{ rows: { c: string }[] }>(
      `select count(*)::text as c from rm_changes
        where (transaction_id, position) > (?::text::xid8, ?::bigint)`,
      [killedAt.changes.transactionId, killedAt.changes.position],
    );
    expect(after.length - before).toBe(Number(again.rows[0]!.c));
  });
});
