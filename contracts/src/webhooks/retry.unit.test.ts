import { describe, expect, it } from '@jest/globals';
import { WEBHOOK_RETRY_WINDOW_MS, nextAttemptAt, retryDelayMs } from './index.js';

describe('webhook back-off', () => {
  it('waits 30 s, doubling per try, at most 2 h', () => {
    expect([1, 2, 3, 4, 5, 8, 9, 10, 30].map((n) => retryDelayMs(n) / 1000)).toEqual([
      30, 60, 120, 240, 480, 3840, 7200, 7200, 7200,
    ]);
  });

  it('tries for a day from queueing, then no more', () => {
    const created = new Date('2026-12-03T00:00:00Z');
    let at = created;
    let attempt = 1;
    const tries: Date[] = [at];
    for (;;) {
      const next = nextAttemptAt(created, attempt, at);
      if (!next) break;
      tries.push(next);
      at = next;
      attempt++;
    }
    expect(tries).toHaveLength(19);
    const last = tries.at(-1)!.getTime() - created.getTime();
    expect(last).toBeLessThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
    expect(last).toBeGreaterThan(WEBHOOK_RETRY_WINDOW_MS - 2 * 3600_000);
  });

  it('spreads the wait by the jitter given', () => {
    const created = new Date('2026-12-03T00:00:00Z');
    expect(nextAttemptAt(created, 1, created, 0.8)!.getTime() - created.getTime()).toBe(24_000);
    expect(nextAttemptAt(created, 1, created, 1.2)!.getTime() - created.getTime()).toBe(36_000);
  });
});
