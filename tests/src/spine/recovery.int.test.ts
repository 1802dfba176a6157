import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Notifier,
  PostgresChangeBus,
  PostgresEventStore,
  silentLogger,
  startEmbeddedPostgres,
  writeChanges,
  type ChangeRecord,
  type EmbeddedServer,
} from '@nordlog/platform';
import { runProjection, type Projection } from '@nordlog/projector';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { meta } from '../eventStore/contract.js';
import { quietKnexConnectionLogs } from '../soak/support.js';
import { countingProjection } from '../support/countingProjection.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const change = (id: string) => ({
  entity: 'probe',
  op: 'upsert' as const,
  id,
  revision: 1,
  data: { id },
  scope: { departmentId: null, customerId: null, date: null, state: null, departmentIds: null },
});

/**
 * The database goes away and comes back (its server stopped, then started on the same data and
 * port): the readers of one process carry on without a restart. The LISTEN connection comes
 * back with every channel, also those first asked for during the outage; change subscriptions
 * (one made during the outage too) deliver again; a projection that ran through the outage, and
 * one started during it, catch up within a couple of seconds of the server's return, every event
 * once. See also tests/src/soak/databaseOutage.e2e.test.ts (the whole product under load).
 */
describe('recovery after a database outage (a server of this test, stopped and started)', () => {
  let dataDir: string;
  let server: EmbeddedServer | null = null;
  let port: number;
  let db: TestDatabase;
  const restoreConsole = quietKnexConnectionLogs();
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'nordlog-recovery-'));
    server = await startEmbeddedPostgres({ dataDir, logger: silentLogger(), fast: true });
    port = Number(new URL(server.url).port);
    db = await createTestDatabase([], server.url);
    await db.knex.raw('create table seen_events (event_id uuid not null)');
    await db.knex.raw('create table seen_late (event_id uuid not null)');
  });
  afterAll(async () => {
    restoreConsole();
    if (!server)
      server = await startEmbeddedPostgres({ dataDir, logger: silentLogger(), fast: true, port });
    await db.drop().catch(() => undefined);
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('LISTEN, change subscriptions and projections resume when the server is back', async () => {
    const store = new PostgresEventStore(db.knex, db.notifier);
    const abort = new AbortController();
    const logger = silentLogger();
    // Running through the outage.
    const projecting = runProjection(
      { knex: db.knex, store, logger },
      countingProjection,
      abort.signal,
    );
    const bus = new PostgresChangeBus(db.knex, db.notifier, logger);
    const before: ChangeRecord[] = [];
    bus.subscribe((changes) => void before.push(...changes));
    const woken = new Set<string>();
    await db.notifier.listen('early', () => woken.add('early'));
    for (let i = 0; i < 20; i++)
      await store.appendToStream(`before-${i}`, 'no_stream', [{ type: 'A', data: { i } }], meta());

    await server!.stop();
    server = null;
    // During the outage: appends fail; a new notifier, a new subscription and a new projection
    // are made all the same.
    await expect(
      store.appendToStream('during', 'no_stream', [{ type: 'A', data: {} }], meta()),
    ).rejects.toThrow();
    const fresh = new Notifier(db.url, db.knex, logger);
    await fresh.listen('fresh', () => woken.add('fresh'));
    await db.notifier.listen('late', () => woken.add('late'));
    const during: ChangeRecord[] = [];
    bus.subscribe((changes) => void during.push(...changes));
    const late = runProjection(
      { knex: db.knex, store, logger },
      { ...countingProjection, name: 'late', tables: ['seen_late'], apply: applyTo('seen_late') },
      abort.signal,
    );
    await sleep(6_000);

    server = await startEmbeddedPostgres({ dataDir, logger, fast: true, port });
    const back = performance.now();
    try {
      for (let i = 0; i < 20; i++)
        await store.appendToStream(`after-${i}`, 'no_stream', [{ type: 'A', data: { i } }], meta());
      const total = 40;
      const count = async (table: string) =>
        Number((await db.knex(table).count<{ n: string }[]>('* as n'))[0]!.n);
      let caughtUp = Infinity;
      for (let i = 0; i < 400; i++) {
        if ((await count('seen_events')) >= total && (await count('seen_late')) >= total) {
          caughtUp = performance.now() - back;
          break;
        }
        await sleep(25);
      }
      // Both projections: every event once, within a couple of seconds of the return.
      for (const table of ['seen_events', 'seen_late']) {
        const rows = await db.knex.raw<{ rows: { seen: number; distinct: number }[] }>(
          `select count(*)::int as seen, count(distinct event_id)::int as distinct from ${table}`,
        );
        expect(rows.rows[0]).toEqual({ seen: total, distinct: total });
      }
      expect(caughtUp).toBeLessThan(3_000);

      // Change subscriptions, the old one and the one made during the outage (which starts at
      // the outbox's head once it can read it: changes are written until it has one).
      const written: string[] = [];
      for (let i = 0; i < 50 && (before.length === 0 || during.length === 0); i++) {
        const trx = await db.knex.transaction();
        await writeChanges(trx, [change(`after-outage-${i}`)]);
        await trx.commit();
        written.push(`after-outage-${i}`);
        await sleep(100);
      }
      const last = written[written.length - 1];
      for (let i = 0; i < 200; i++) {
        if (before.at(-1)?.id === last && during.at(-1)?.id === last) break;
        await sleep(20);
      }
      expect(before.map((c) => c.id)).toEqual(written);
      expect(during.length).toBeGreaterThan(0);
      expect(during.map((c) => c.id)).toEqual(written.slice(written.length - during.length));

      // LISTEN: a NOTIFY of another process reaches every channel, old and new (the
      // reconnection comes within 2 s of the server's return).
      const other = new pg.Client({ connectionString: db.url });
      await other.connect();
      try {
        for (let i = 0; i < 40 && woken.size < 3; i++) {
          woken.clear();
          for (const channel of ['early', 'late', 'fresh'])
            await other.query(`select pg_notify($1, 'another-host:1')`, [channel]);
          await sleep(100);
        }
      } finally {
        await other.end();
      }
      expect([...woken].sort()).toEqual(['early', 'fresh', 'late']);
      await fresh.close();
    } finally {
      abort.abort();
      await Promise.all([projecting, late]);
      await bus.close();
    }
  }, 60_000);
});

function applyTo(table: string): Projection['apply'] {
  return async (trx, events) => {
    await trx(table).insert(events.map((e) => ({ event_id: e.eventId })));
    return [];
  };
}
