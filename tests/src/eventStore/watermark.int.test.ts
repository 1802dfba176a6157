import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CHANGES_CHANNEL, ProjectionWatermark } from '@nordlog/platform';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { meta } from './contract.js';

interface Placed {
  transactionId: string;
  position: string;
}

const insert = (stream: string) =>
  `insert into es_events (event_id, stream_id, stream_revision, type, data, metadata)
   values (gen_random_uuid(), '${stream}', 0, 'E', '{}'::jsonb, '${JSON.stringify(meta())}'::jsonb)
   returning transaction_id::text as "transactionId", position::text as position`;

describe('read-your-writes: waiting for the projection checkpoints (ProjectionWatermark)', () => {
  let db: TestDatabase;
  let watermark: ProjectionWatermark;
  /** Committed first in the global order, but with the larger position. */
  let early: Placed;
  /** A later transaction, but the smaller position. */
  let late: Placed;

  const setCheckpoint = async (p: Placed) => {
    await db.knex.raw(
      `insert into projection_checkpoints (name, transaction_id, position) values ('p', ?::text::xid8, ?)
       on conflict (name) do update set transaction_id = excluded.transaction_id, position = excluded.position`,
      [p.transactionId, p.position],
    );
    db.notifier.notify(CHANGES_CHANNEL);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    watermark = new ProjectionWatermark(db.knex, db.notifier, { projections: ['p'] });
    // Transaction A takes its transaction id first and inserts last; B in between: so B's event
    // has the smaller position but comes after A's in the global order (transaction id first).
    let ready!: () => void;
    let go!: () => void;
    const readyP = new Promise<void>((r) => (ready = r));
    const goP = new Promise<void>((r) => (go = r));
    const a = db.knex.transaction(async (trx) => {
      await trx.raw('select pg_current_xact_id()');
      ready();
      await goP;
      return (await trx.raw<{ rows: Placed[] }>(insert('stream-a'))).rows[0]!;
    });
    await readyP;
    late = (await db.knex.raw<{ rows: Placed[] }>(insert('stream-b'))).rows[0]!;
    go();
    early = await a;
    expect(BigInt(early.transactionId)).toBeLessThan(BigInt(late.transactionId));
    expect(BigInt(late.position)).toBeLessThan(BigInt(early.position));
  });
  afterAll(async () => {
    watermark.close();
    await db.drop();
  });

  it('a position no checkpoint reaches yet is not reached (time-out answers false)', async () => {
    expect(await watermark.waitFor(early.position, 200)).toBe(false);
  });

  it('compares (transaction id, position), not the position alone: a smaller position in a later transaction is not projected yet', async () => {
    await setCheckpoint(early);
    expect(await watermark.waitFor(early.position, 200)).toBe(true);
    expect(await watermark.waitFor(late.position, 300)).toBe(false);
  });

  it('wakes on the projector signal, without polling, when the checkpoint moves past it', async () => {
    await setCheckpoint(early);
    const started = Date.now();
    const waiting = watermark.waitFor(late.position, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await setCheckpoint(late);
    expect(await waiting).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('answers at once for a position that is projected or does not exist', async () => {
    await setCheckpoint(late);
    const started = Date.now();
    expect(await watermark.waitFor(early.position, 5_000)).toBe(true);
    expect(await watermark.waitFor('987654321', 5_000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('several waiting requests are each answered when their own position is reached', async () => {
    await setCheckpoint(early);
    const results = await Promise.all([
      watermark.waitFor(late.position, 3_000),
      watermark.waitFor(late.position, 3_000),
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        await setCheckpoint(late);
        return true;
      })(),
    ]);
    expect(results).toEqual([true, true, true]);
  });
});
