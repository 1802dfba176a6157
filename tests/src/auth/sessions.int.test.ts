import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { authRules } from '@nordlog/contracts';
import { SessionStore } from '@nordlog/gateway';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

describe('server-side sessions', () => {
  let db: TestDatabase;
  let now = Date.parse('2026-11-22T08:00:00Z');
  const clock = () => new Date(now);
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db.drop());

  it('stores only a hash of the session id, and a new id each time', async () => {
    const store = new SessionStore(db.knex, clock);
    const a = await store.create('7');
    const b = await store.create('7');
    expect(a.id).not.toBe(b.id);
    const rows = await db.knex('auth_sessions').select('id_hash');
    expect(rows.map((r: { id_hash: string }) => r.id_hash)).not.toContain(a.id);
    expect((await store.get(a.id))?.userId).toBe('7');
    expect(await store.get('not-a-session')).toBeNull();
  });

  it('ends after the idle time without requests', async () => {
    const store = new SessionStore(db.knex, clock);
    const { id } = await store.create('8');
    now += authRules.sessionIdleMs - 60_000;
    expect(await store.get(id)).not.toBeNull();
    now += authRules.sessionIdleMs + 1;
    expect(await store.get(id)).toBeNull();
  });

  it('ends after the absolute time even when used all along', async () => {
    const store = new SessionStore(db.knex, clock);
    const { id } = await store.create('9');
    const end = now + authRules.sessionAbsoluteMs;
    while (now + authRules.sessionIdleMs / 2 < end) {
      now += authRules.sessionIdleMs / 2;
      expect(await store.get(id)).not.toBeNull();
    }
    now = end + 1;
    expect(await store.get(id)).toBeNull();
  });

  it('logout ends the session and tells whose it was', async () => {
    const store = new SessionStore(db.knex, clock);
    const { id } = await store.create('10');
    expect(await store.end(id)).toBe('10');
    expect(await store.get(id)).toBeNull();
    expect(await store.end(id)).toBeNull();
  });
});
