import { describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CHANGES_TABLE,
  gaplessHead,
  isHeldBack,
  PostgresEventStore,
  readAllJson,
  readChanges,
  readChangesJson,
  readChangesLazily,
  silentLogger,
  type Knex,
  startEmbeddedPostgres,
  writeChanges,
} from '@nordlog/platform';
import {
  createTestDatabase,
  isReachable,
  LOCAL_SERVER_URL,
  serverUrl,
  type TestDatabase,
} from '../support/database.js';
import { eventStoreContract, meta, type StoreFixture } from './contract.js';

/**
 * A transaction that does `work` and then stays open until `release` (it holds the server's
 * visibility horizon, or an uncommitted append, as long as a test needs).
 */
async function heldOpen(
  db: TestDatabase,
  work: (trx: Knex.Transaction) => Promise<unknown>,
): Promise<{ release: () => Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let opened!: () => void;
  const openedPromise = new Promise<void>((r) => (opened = r));
  const done = db.knex.transaction(async (trx) => {
    await work(trx);
    opened();
    await gate;
  });
  await openedPromise;
  return {
    release: async () => {
      release();
      await done;
    },
  };
}

function fixtureOn(db: TestDatabase, cleanup: () => Promise<void>): StoreFixture {
  return {
    store: new PostgresEventStore(db.knex, db.notifier),
    burnToNextXidDigit: async (max) => {
      const current = async () =>
        (await db.knex.raw<{ rows: { x: string }[] }>('select pg_current_xact_id()::text as x'))
          .rows[0]!.x;
      const start = await current();
      const target = 10n ** BigInt(start.length);
      if (target - BigInt(start) > BigInt(max)) return false;
      while ((await current()).length === start.length);
      return true;
    },
    holdOpenAppend: (stream) =>
      heldOpen(db, (trx) =>
        trx.raw(
          `insert into es_events (event_id, stream_id, stream_revision, type, data, metadata)
           values (gen_random_uuid(), ?, 0, 'Slow', '{}'::jsonb, ?::jsonb)`,
          [stream, JSON.stringify(meta())],
        ),
      ),
    holdOpenTransaction: () => heldOpen(db, (trx) => trx.raw('select pg_current_xact_id()')),
    close: async () => {
      await db.drop();
      await cleanup();
    },
  };
}

const isEmbeddedRun = !process.env.CI_TEST_DATABASE_IS_LOCAL && serverUrl().includes(':embedded@');

// The suite runs on the test server of this run (embedded, or CI's local server) …
eventStoreContract(
  isEmbeddedRun ? 'embedded PostgreSQL' : 'PostgreSQL server (TEST_DATABASE_URL)',
  async () => fixtureOn(await createTestDatabase(), async () => undefined),
);

// … and on the other kind as well, so both are proven in every run.
if (isEmbeddedRun) {
  eventStoreContract('local PostgreSQL 15 server', async () => {
    if (!(await isReachable(LOCAL_SERVER_URL)))
      throw new Error(`local PostgreSQL server not reachable at ${LOCAL_SERVER_URL}`);
    return fixtureOn(await createTestDatabase([], LOCAL_SERVER_URL), async () => undefined);
  });
} else {
  eventStoreContract('embedded PostgreSQL', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'nordlog-es-'));
    const server = await startEmbeddedPostgres({ dataDir, logger: silentLogger(), fast: true });
    const db = await createTestDatabase([], server.url);
    return fixtureOn(db, async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    });
  });
}

describe('the gapless read tells "held back at the horizon" from "nothing new" (0003, addendum)', () => {
  it('marks a read that stops before committed events of a later transaction, and only that', async () => {
    const db = await createTestDatabase();
    const fixture = fixtureOn(db, async () => undefined);
    const { store } = fixture;
    try {
      const from = await store.headPosition();
      const none = await store.readAll(from, 100);
      expect([none.length, isHeldBack(none)]).toEqual([0, false]);
      const hold = await fixture.holdOpenTransaction!();
      const s = `held-${from.position}`;
      await store.appendToStream(s, 'no_stream', [{ type: 'A', data: {} }], meta());
      await store.appendToStream(s, 0, [{ type: 'B', data: {} }], meta());
      // Committed, and behind the open transaction: not handed out, but the read says why.
      const held = await store.readAll(from, 100);
      expect([held.length, isHeldBack(held)]).toEqual([0, true]);
      const heldJson = await readAllJson(store, from, 100);
      expect([heldJson.length, isHeldBack(heldJson)]).toEqual([0, true]);
      await hold.release();
      // Other transactions on the server may hold the horizon a while longer; never for ever.
      let read = await store.readAll(from, 100);
      for (let i = 0; i < 1500 && read.length < 2; i++) {
        expect(isHeldBack(read)).toBe(true);
        await new Promise((r) => setTimeout(r, 10));
        read = await store.readAll(from, 100);
      }
      expect(read.map((e) => e.type)).toEqual(['A', 'B']);
      expect(isHeldBack(read)).toBe(false);
      // A batch cut by the limit says nothing about what lies beyond it.
      const first = await store.readAll(from, 1);
      expect([first.map((e) => e.type), isHeldBack(first)]).toEqual([['A'], false]);
      const after = await store.readAll(read[1]!.global, 100);
      expect([after.length, isHeldBack(after)]).toEqual([0, false]);
    } finally {
      await fixture.close();
    }
  });

  it('every reader of the change outbox keeps the mark (sockets, relay)', async () => {
    const db = await createTestDatabase();
    const fixture = fixtureOn(db, async () => undefined);
    try {
      const from = await gaplessHead(db.knex, CHANGES_TABLE);
      const hold = await fixture.holdOpenTransaction!();
      try {
        await db.knex.transaction((trx) =>
          writeChanges(trx, [
            {
              entity: 'customers',
              op: 'upsert',
              id: '1',
              revision: 0,
              data: { id: '1', revision: 0 },
              scope: {
                departmentId: null,
                customerId: '1',
                date: null,
                state: null,
                departmentIds: null,
              },
            },
          ]),
        );
        for (const read of [readChanges, readChangesJson, readChangesLazily]) {
          const held = await read(db.knex, from, 100);
          expect([read.name, held.length, isHeldBack(held)]).toEqual([read.name, 0, true]);
        }
      } finally {
        await hold.release();
      }
    } finally {
      await fixture.close();
    }
  });
});
