import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { GlobalPosition } from '@nordlog/contracts';
import type { Logger } from '../logger.js';
import { HELD_BACK } from '../db/gaplessLog.js';
import { HELD_BACK_FIRST_MS, runCatchUp, UNAVAILABLE_RETRY_MS } from './subscription.js';

const at = (position: number): GlobalPosition => ({
  transactionId: '1',
  position: String(position),
});

/** A logger that keeps what was logged: the level, the message and the back-off chosen. */
function recordingLogger() {
  const lines: { level: string; msg: string; delay?: number }[] = [];
  const log =
    (level: string) =>
    (fields: { delay?: number }, msg: string): void =>
      void lines.push({ level, msg, delay: fields.delay });
  return { logger: { warn: log('warn'), error: log('error') } as unknown as Logger, lines };
}

/** The source's wait for a signal: 50 ms, or until the subscription ends. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * A source that fails `failures` times with `error`, then holds items 1..3; `reads` records the
 * position of every read.
 */
function failingSource(failures: number, error: Error & { code?: string }) {
  const reads: string[] = [];
  let left = failures;
  return {
    reads,
    source: {
      read: async (from: GlobalPosition) => {
        reads.push(from.position);
        if (left > 0) {
          left -= 1;
          throw error;
        }
        return [1, 2, 3].filter((n) => n > Number(from.position));
      },
      wait: pause,
      positionOf: (n: number) => at(n),
    },
  };
}

describe('runCatchUp: a failing read is retried from the same position', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const run = async (failures: number, error: Error & { code?: string }, advanceMs: number) => {
    const { logger, lines } = recordingLogger();
    const { source, reads } = failingSource(failures, error);
    const abort = new AbortController();
    const handled: number[] = [];
    const done = runCatchUp(source, at(0), async (batch) => void handled.push(...batch), {
      signal: abort.signal,
      logger,
      pollMs: 50,
    });
    await jest.advanceTimersByTimeAsync(advanceMs);
    abort.abort();
    await done;
    return { lines, reads, handled };
  };

  it(`while the database cannot be reached the back-off stays at ${UNAVAILABLE_RETRY_MS} ms at most, logged as a warning, and nothing is skipped`, async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    // 10 failures: 200 + 400 + 800 + 7 × 1000 ms = 8.4 s of back-off.
    const { lines, reads, handled } = await run(10, refused, 9_000);
    expect(lines.map((l) => l.delay)).toEqual([
      200, 400, 800, 1000, 1000, 1000, 1000, 1000, 1000, 1000,
    ]);
    expect(new Set(lines.map((l) => l.level))).toEqual(new Set(['warn']));
    expect(reads.slice(0, 11)).toEqual(Array(11).fill('0'));
    expect(handled).toEqual([1, 2, 3]);
  });

  it('the same for a connection the server ended (57P01, "Connection terminated")', async () => {
    const shutdown = Object.assign(
      new Error('terminating connection due to administrator command'),
      {
        code: '57P01',
      },
    );
    expect((await run(5, shutdown, 4_000)).lines.map((l) => l.delay)).toEqual([
      200, 400, 800, 1000, 1000,
    ]);
    const ended = new Error('Connection terminated unexpectedly');
    expect((await run(5, ended, 4_000)).lines.map((l) => l.delay)).toEqual([
      200, 400, 800, 1000, 1000,
    ]);
  });

  it('any other failure backs off further (up to 30 s) and is logged as an error', async () => {
    const { lines, handled } = await run(6, new Error('a projection refused the batch'), 30_000);
    expect(lines.map((l) => l.delay)).toEqual([200, 400, 800, 1600, 3200, 6400]);
    expect(new Set(lines.map((l) => l.level))).toEqual(new Set(['error']));
    expect(handled).toEqual([1, 2, 3]);
  });

  it('a read that works ends a run of failures, also when it finds nothing new', async () => {
    const { logger, lines } = recordingLogger();
    let calls = 0;
    const abort = new AbortController();
    const fails = (n: number) => [1, 2, 4, 5].includes(n);
    const done = runCatchUp(
      {
        read: async () => {
          calls += 1;
          if (fails(calls)) throw new Error('flaky');
          return [];
        },
        wait: pause,
        positionOf: (n: number) => at(n),
      },
      at(0),
      async () => undefined,
      { signal: abort.signal, logger, pollMs: 50 },
    );
    await jest.advanceTimersByTimeAsync(3_000);
    abort.abort();
    await done;
    expect(lines.map((l) => l.delay)).toEqual([200, 400, 200, 400]);
  });
});

describe('runCatchUp: a read held back at the horizon is re-read soon, without spinning', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const heldBack = (items: number[]) =>
    Object.defineProperty(items, HELD_BACK, { value: true, enumerable: false });

  /**
   * A source whose items 1..3 lie behind another transaction until `openMs` has passed (each read
   * until then is held back); `reads` records when each read was made. No signal ever comes.
   */
  const run = async (openMs: number, advanceMs: number, pollMs = 500) => {
    const reads: number[] = [];
    const handled: number[] = [];
    const start = Date.now();
    const abort = new AbortController();
    const done = runCatchUp(
      {
        read: async (from: GlobalPosition) => {
          const now = Date.now() - start;
          reads.push(now);
          const items = [1, 2, 3].filter((n) => n > Number(from.position));
          return now < openMs ? heldBack([]) : items;
        },
        wait: pause,
        positionOf: (n: number) => at(n),
      },
      at(0),
      async (batch) => void handled.push(...batch),
      { signal: abort.signal, logger: recordingLogger().logger, pollMs },
    );
    await jest.advanceTimersByTimeAsync(advanceMs);
    abort.abort();
    await done;
    return { reads, handled };
  };

  it(`re-reads after ${HELD_BACK_FIRST_MS} ms, doubling, so a short transaction delays the items by about its own length, not by the poll interval`, async () => {
    const { reads, handled } = await run(100, 400);
    expect(handled).toEqual([1, 2, 3]);
    // 0, 2, 6, 14, 30, 62, 126: the first read after the other transaction ended (at 100 ms).
    expect(reads.slice(0, 7)).toEqual([0, 2, 6, 14, 30, 62, 126]);
    expect(reads).toHaveLength(7);
  });

  it('while another transaction stays open for a minute, reads at most every poll interval after a few doublings', async () => {
    const { reads, handled } = await run(120_000, 60_000);
    expect(handled).toEqual([]);
    const gaps = reads.slice(1).map((t, i) => t - reads[i]!);
    expect(gaps.slice(0, 8)).toEqual([2, 4, 8, 16, 32, 64, 128, 256]);
    expect(new Set(gaps.slice(8))).toEqual(new Set([500]));
    // Polling alone would read 120 times in that minute.
    expect(reads.length).toBeLessThanOrEqual(120 + 9);
  });

  it('a batch that is not held back waits for a signal or the poll interval as before', async () => {
    const { reads } = await run(0, 2_100);
    expect(reads).toEqual([0, 500, 1000, 1500, 2000]);
  });
});
