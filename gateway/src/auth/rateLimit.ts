import { createHash } from 'node:crypto';
import type { Knex } from '@nordlog/platform';

/** At most `max` hits per key in a sliding window of `windowMs` (per process). */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly clock: () => Date,
  ) {}

  /** Records a hit; false when the key is over its limit (the hit is then not recorded). */
  hit(key: string): boolean {
    const now = this.clock().getTime();
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.max) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 100_000) this.prune(now);
    return true;
  }

  /** Milliseconds until the key may hit again: when its oldest hit in the window leaves it. */
  retryAfterMs(key: string): number {
    const now = this.clock().getTime();
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length < this.max) return 0;
    return Math.min(...recent) + this.windowMs - now;
  }

  private prune(now: number) {
    for (const [key, times] of this.hits)
      if (times.every((t) => now - t >= this.windowMs)) this.hits.delete(key);
  }
}

/** A limiter whose counts every gateway process shares. */
export interface SharedRateLimiter {
  /** Records a hit; false when the key is over its limit (the hit is then not recorded). */
  hit(key: string): Promise<boolean>;
  /** Milliseconds until the key may hit again (0 when it may now). */
  retryAfterMs(key: string): Promise<number>;
}

/**
 * At most `max` hits per key in a sliding window of `windowMs`, counted in PostgreSQL so that
 * every gateway process behind a load balancer shares the limit (the identity issue's "rate-limited
 * per phone and per client address"). Keys are stored hashed (they hold phone numbers and
 * addresses); a per-key advisory lock makes the count and the insert one decision, so concurrent
 * hits never let more than `max` through. Old hits of a key are deleted as it is hit.
 */
export class PostgresRateLimiter implements SharedRateLimiter {
  constructor(
    private readonly knex: Knex,
    private readonly scope: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly clock: () => Date,
  ) {}

  private hashOf(key: string): string {
    return createHash('sha256').update(`${this.scope}\u0000${key}`).digest('hex');
  }

  async hit(key: string): Promise<boolean> {
    const hashed = this.hashOf(key);
    const now = this.clock();
    const since = new Date(now.getTime() - this.windowMs);
    return this.knex.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [hashed]);
      await trx('auth_rate_hits').where('key_hash', hashed).andWhere('at', '<=', since).delete();
      const row = await trx('auth_rate_hits')
        .where('key_hash', hashed)
        .count<{ count: string }[]>('* as count')
        .first();
      if (Number(row?.count ?? 0) >= this.max) return false;
      await trx('auth_rate_hits').insert({ key_hash: hashed, at: now });
      return true;
    });
  }

  async retryAfterMs(key: string): Promise<number> {
    const now = this.clock().getTime();
    const rows = await this.knex('auth_rate_hits')
      .where('key_hash', this.hashOf(key))
      .andWhere('at', '>', new Date(now - this.windowMs))
      .orderBy('at', 'desc')
      .limit(this.max)
      .select<{ at: Date }[]>('at');
    if (rows.length < this.max) return 0;
    return Math.max(0, rows.at(-1)!.at.getTime() + this.windowMs - now);
  }
}
