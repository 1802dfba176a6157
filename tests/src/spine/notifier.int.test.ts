import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Notifier, NOTIFY_INTERVAL_MS, processTag, silentLogger } from '@nordlog/platform';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

/** Wake-ups: threads of one process without a database round trip, processes by LISTEN/NOTIFY. */
describe('notifier', () => {
  let db: TestDatabase;
  let other: Notifier;
  let listener: pg.Client;
  const seen: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    other = new Notifier(db.url, db.knex, silentLogger());
    listener = new pg.Client({ connectionString: db.url });
    await listener.connect();
    listener.on('notification', (m) => seen.push(`${m.channel}:${m.payload}`));
    await listener.query('listen "burst"');
  });
  afterAll(async () => {
    await listener.end();
    await other.close();
    await db.drop();
  });

  const signalled = (n: Notifier, channel: string) =>
    new Promise<void>((resolve) => {
      void n.listen(channel, () => resolve());
    });

  it('reaches another notifier of the same database in this process', async () => {
    const got = signalled(other, 'threads');
    await new Promise((r) => setTimeout(r, 50));
    db.notifier.notify('threads');
    await got;
  });

  it('wakes on a NOTIFY from another process', async () => {
    const got = signalled(db.notifier, 'elsewhere');
    await new Promise((r) => setTimeout(r, 100));
    await db.knex.raw(`select pg_notify('elsewhere', 'another-host:1')`);
    await got;
  });

  it(`sends a burst of signals to other processes as few NOTIFYs, at most one per ${NOTIFY_INTERVAL_MS} ms`, async () => {
    const started = Date.now();
    for (let i = 0; i < 200; i++) {
      db.notifier.notify('burst');
      if (i % 50 === 0) await new Promise((r) => setTimeout(r, 1));
    }
    await new Promise((r) => setTimeout(r, 300));
    const ours = seen.filter((s) => s === `burst:${processTag}`).length;
    const elapsed = Date.now() - started;
    expect(ours).toBeGreaterThanOrEqual(1);
    expect(ours).toBeLessThanOrEqual(Math.ceil(elapsed / NOTIFY_INTERVAL_MS) + 1);
    expect(ours).toBeLessThan(20);
  });
});
