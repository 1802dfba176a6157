import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore, silentLogger } from '@nordlog/platform';
import { runProjection } from '@nordlog/projector';
import { countingProjection } from '../support/countingProjection.js';
import {
  createTestDatabase,
  isReachable,
  LOCAL_SERVER_URL,
  type TestDatabase,
} from '../support/database.js';
import { meta } from '../eventStore/contract.js';

describe('global order under concurrent writers (local PostgreSQL server)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    if (!(await isReachable(LOCAL_SERVER_URL)))
      throw new Error(`the local PostgreSQL server is needed at ${LOCAL_SERVER_URL}`);
    db = await createTestDatabase([], LOCAL_SERVER_URL);
    await db.knex.raw('create table seen_events (event_id uuid not null)');
  });
  afterAll(async () => db.drop());

  it('the projector sees every event exactly once with 12 concurrent writers and late commits', async () => {
    const store = new PostgresEventStore(db.knex, db.notifier);
    const abort = new AbortController();
    const projecting = runProjection(
      { knex: db.knex, store, logger: silentLogger() },
      countingProjection,
      abort.signal,
      17,
    );

    const writers = Array.from({ length: 12 }, async (_, w) => {
      for (let i = 0; i < 60; i++) {
        await store.appendToStream(
          `w${w}-${i}`,
          'no_stream',
          [
            { type: 'A', data: { w, i } },
            { type: 'B', data: { w, i } },
          ],
          meta(),
        );
      }
    });
    // Slow writers: each takes its sequence numbers, then waits before committing, so
    // later-numbered events of the fast writers commit first.
    const slow = Array.from({ length: 4 }, async (_, s) => {
      for (let i = 0; i < 8; i++) {
        await db.knex.transaction(async (trx) => {
          await trx.raw(
            `insert into es_events (event_id, stream_id, stream_revision, type, data, metadata)
             values (gen_random_uuid(), ?, 0, 'Slow', '{}'::jsonb, ?::jsonb)`,
            [`slow${s}-${i}`, JSON.stringify(meta())],
          );
          await new Promise((resolve) => setTimeout(resolve, 15 + ((s * 7 + i * 13) % 40)));
        });
        db.notifier.notify('es_events');
      }
    });
    await Promise.all([...writers, ...slow]);
    const total = Number(
      (await db.knex('es_events').count<{ count: string }[]>('* as count'))[0]!.count,
    );
    expect(total).toBe(12 * 60 * 2 + 4 * 8);

    for (let i = 0; i < 400; i++) {
      const seen = Number(
        (await db.knex('seen_events').count<{ count: string }[]>('* as count'))[0]!.count,
      );
      if (seen >= total) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    abort.abort();
    await projecting;
    const rows = await db.knex.raw<{ rows: { seen: number; distinct: number; missing: number }[] }>(
      `select (select count(*) from seen_events)::int as seen,
              (select count(distinct event_id) from seen_events)::int as distinct,
              (select count(*) from es_events e where not exists (select 1 from seen_events s where s.event_id = e.event_id))::int as missing`,
    );
    expect(rows.rows[0]).toEqual({ seen: total, distinct: total, missing: 0 });
  });
});
