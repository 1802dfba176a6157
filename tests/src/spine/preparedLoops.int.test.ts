import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { executeCommand } from '@nordlog/command-service';
import { SYSTEM_IDENTITY } from '@nordlog/contracts';
import { startSystem, type System } from '@nordlog/deploy';
import {
  createKafka,
  createRelayProducer,
  KafkaRelay,
  PostgresIdAllocator,
  silentLogger,
} from '@nordlog/platform';
import type { Producer } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { recordStatements } from '../support/statements.js';
import { createEmptyDatabase } from '../support/database.js';
import { testConfig } from '../support/system.js';
import { kcatAvailable, startMockKafka, type MockKafka } from '../support/kafkaMock.js';

/** The test's own statements start with this comment and are not counted. */
const OURS = '/* test */';
/** Transaction control: sent as plain text, nothing to parse or plan. */
const CONTROL = /^\s*(begin|commit|rollback)\b/i;

/**
 * Issue 15: everything the product repeats while commands flow runs as named, prepared statements
 * (decision record 0025): the command's own path, the projector's batches, the socket hub's
 * change feed, the Kafka relay's reads and checkpoints, the run pollers and the notifier. An
 * unnamed statement is built by the query builder and parsed and planned by PostgreSQL on every
 * run: at a hundred commands a second, a fifth of the command path's CPU (measured, stop 30).
 * The parts run in this process (the projector too, not in its worker thread) with a relay on
 * librdkafka's mock Kafka cluster (mock-broker test); every statement any pg client of the
 * process sends is recorded while commands run and their events reach the read models and Kafka.
 * A new loop with an unnamed statement fails here, whichever part it is in.
 */
describe('the statements of the steady loops (mock-broker)', () => {
  let kafka: MockKafka;
  let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
  let system: System;
  let producer: Producer;
  let relay: KafkaRelay;
  let recording: ReturnType<typeof recordStatements>;

  /** One command as the web app sends it: with its own id. */
  const command = (name: string, payload: unknown) =>
    executeCommand(
      {
        store: system.store,
        ids: new PostgresIdAllocator(system.db.knex),
        logger: silentLogger(),
      },
      {
        name,
        body: { type: name, payload, commandId: randomUUID() },
        identity: SYSTEM_IDENTITY,
      },
    ) as Promise<{ status: number; body: { ids: string[] } }>;

  /** Until every projection and both relay sources are at the head of their logs. */
  const caughtUp = async () => {
    const until = Date.now() + 30_000;
    for (;;) {
      const { rows } = await system.db.knex.raw<{ rows: { behind: number }[] }>(
        `${OURS} with events as (select transaction_id, position from es_events
           order by transaction_id desc, position desc limit 1),
         changes as (select transaction_id, position from rm_changes
           order by transaction_id desc, position desc limit 1)
         select (select count(*) from projection_checkpoints c, events e
                   where (c.transaction_id, c.position) < (e.transaction_id, e.position))
              + (select count(*) from events e where not exists (select 1 from relay_checkpoints c
                   where c.name = 'events' and (c.transaction_id, c.position) >= (e.transaction_id, e.position)))
              + (select count(*) from changes r where not exists (select 1 from relay_checkpoints c
                   where c.name = 'changes' and (c.transaction_id, c.position) >= (r.transaction_id, r.position)))
           as behind`,
      );
      if (Number(rows[0]!.behind) === 0) return;
      if (Date.now() > until) throw new Error('the projector or the relay did not catch up');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  beforeAll(async () => {
    if (!kcatAvailable()) throw new Error('kcat is not installed (apt-get install kcat)');
    kafka = await startMockKafka();
    database = await createEmptyDatabase();
    system = await startSystem(testConfig(database.url), silentLogger(), {
      projectorInWorker: false,
    });
    producer = createRelayProducer(
      createKafka({ brokers: kafka.brokers, clientId: 'prepared-loops', logger: silentLogger() }),
    );
    await producer.connect();
    relay = new KafkaRelay({
      knex: system.db.knex,
      store: system.store,
      notifier: system.db.notifier,
      producer,
      logger: silentLogger(),
    });
    relay.start();
    recording = recordStatements();
  }, 60_000);

  afterAll(async () => {
    recording?.restore();
    await relay?.stop();
    await producer?.disconnect();
    await system?.close();
    await database?.drop();
    await kafka?.stop();
  });

  it('are prepared: commands, projector batches, change feed, relay batches, pollers', async () => {
    const department = (
      await command('CREATE_DEPARTMENT', { name: 'Oslo', departmentType: 'courier', country: 'NO' })
    ).body.ids[0]!;
    // Warm: every loop has run once and every pool connection exists before the count starts.
    for (let i = 0; i < 3; i++)
      await command('CREATE_CUSTOMER', { name: `Warm ${i}`, departmentId: department });
    await caughtUp();
    recording.sent.length = 0;

    for (let i = 0; i < 10; i++) {
      const created = await command('CREATE_CUSTOMER', {
        name: `Kunde ${i}`,
        departmentId: department,
      });
      expect(created.status).toBe(200);
    }
    await caughtUp();
    // At least one tick of each run poller (every 100 and 200 ms).
    await new Promise((resolve) => setTimeout(resolve, 300));

    const counted = recording.sent.filter((s) => !s.text.startsWith(OURS) && !CONTROL.test(s.text));
    // Ten commands, their projection batches, their relay batches and the pollers' ticks.
    expect(counted.length).toBeGreaterThan(40);
    expect(
      counted.filter((s) => !s.name).map((s) => s.text.replace(/\s+/g, ' ').slice(0, 160)),
    ).toEqual([]);
  });
});
