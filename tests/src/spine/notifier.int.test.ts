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
    await listener.query('listen "paced"');
    await listener.query('listen "spaced"');
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

  it('a burst of signals in one turn reaches the other threads as one message, and a later one again', async () => {
    let received = 0;
    const unlisten = await other.listen('coalesced', () => received++);
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 20; i++) db.notifier.notify('coalesced', { minIntervalMs: 0 });
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toBe(1);
    db.notifier.notify('coalesced', { minIntervalMs: 0 });
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toBe(2);
    unlisten();
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

  it('a paced sender (minIntervalMs: 0) is never held to an interval; a channel with one is', async () => {
    const arrived = (channel: string) =>
      seen.filter((s) => s === `${channel}:${processTag}`).length;
    const until = async (done: () => boolean) => {
      const deadline = Date.now() + 10_000;
      while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      expect(done()).toBe(true);
    };
    // Each channel: a signal, and a second one as soon as the first has arrived.
    for (const [channel, minIntervalMs] of [
      ['paced', 0],
      ['spaced', 3000],
    ] as const) {
      db.notifier.notify(channel, { minIntervalMs });
      await until(() => arrived(channel) === 1);
      db.notifier.notify(channel, { minIntervalMs });
    }
    // The paced second signal goes at once; the spaced one waits its 3 s, and is not lost.
    await until(() => arrived('paced') === 2);
    expect(arrived('spaced')).toBe(1);
    await until(() => arrived('spaced') === 2);
  });
});
