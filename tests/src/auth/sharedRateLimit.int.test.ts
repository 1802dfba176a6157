import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresRateLimiter } from '@nordlog/gateway';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

/** Login rate limits count in PostgreSQL, so every gateway process shares them. */
describe('shared rate limits', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('two gateway processes share one count per key; concurrent hits never let more than the limit through', async () => {
    let now = new Date('2026-11-22T08:00:00Z');
    const clock = () => now;
    const a = new PostgresRateLimiter(db.knex, 'phone', 5, 600_000, clock);
    const b = new PostgresRateLimiter(db.knex, 'phone', 5, 600_000, clock);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).hit('+4740000001')),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
    // The refused key is told when it may come back (Retry-After): when its oldest hit leaves.
    now = new Date(now.getTime() + 100_000);
    expect(await b.retryAfterMs('+4740000001')).toBe(500_000);
    expect(await a.retryAfterMs('+4740000009')).toBe(0);
    now = new Date(now.getTime() - 100_000);
    expect(await a.hit('+4740000002')).toBe(true);
    // Another scope counts apart.
    expect(
      await new PostgresRateLimiter(db.knex, 'address', 5, 600_000, clock).hit('+4740000001'),
    ).toBe(true);
    // The window slides: after it has passed the key may hit again.
    now = new Date(now.getTime() + 600_001);
    expect(await b.hit('+4740000001')).toBe(true);
    // Keys are stored hashed, never as phone numbers.
    const stored = await db.knex('auth_rate_hits').select('key_hash');
    expect(stored.every((r: { key_hash: string }) => /^[0-9a-f]{64}$/.test(r.key_hash))).toBe(true);
  });
});
