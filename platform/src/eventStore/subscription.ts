import type { GlobalPosition } from '@nordlog/contracts';
import { isHeldBack } from '../db/gaplessLog.js';
import { isUnavailable } from '../http/errors.js';
import type { Logger } from '../logger.js';

/**
 * The longest back-off while the database cannot be reached: a connection attempt costs nothing,
 * and the reader should be caught up within about a second of the database coming back.
 */
export const UNAVAILABLE_RETRY_MS = 1_000;

/**
 * The first re-read after a read held back at the horizon (see isHeldBack); it doubles while the
 * reads find nothing new, up to the poll interval.
 */
export const HELD_BACK_FIRST_MS = 2;

/**
 * How long a reader at the head waits before it reads again: the poll interval (or a signal), or,
 * after a read held back at the horizon, HELD_BACK_FIRST_MS after one that moved (the horizon
 * did), doubling after each one that found nothing new, at most the poll interval.
 */
export function heldBackWait(pollMs: number): (batch: readonly unknown[]) => number {
  let heldMs = 0;
  return (batch) => {
    if (!isHeldBack(batch)) heldMs = 0;
    else if (batch.length > 0 || heldMs === 0) heldMs = Math.min(HELD_BACK_FIRST_MS, pollMs);
    else heldMs = Math.min(heldMs * 2, pollMs);
    return heldMs || pollMs;
  };
}

export interface CatchUpSource<T> {
  /** A batch; one marked held back (isHeldBack) is re-read soon without waiting for a signal. */
  read(from: GlobalPosition, limit: number): Promise<T[]>;
  wait(timeoutMs: number, signal: AbortSignal): Promise<void>;
  positionOf(item: T): GlobalPosition;
}

export interface CatchUpOptions {
  batchSize?: number;
  /** The safety net: re-read at least this often even without a signal. */
  pollMs?: number;
  /**
   * After a wake-up, wait this long before reading, so that one batch takes the events of many
   * commands arriving close together (fewer, larger transactions under load).
   */
  coalesceMs?: number;
  signal: AbortSignal;
  logger: Logger;
}

/**
 * A catch-up subscription: reads batches after `from` and hands each to `handle`, which must
 * persist its own checkpoint; then waits for a signal (or the poll interval) and reads again.
 * A read held back at the horizon (committed rows wait for some other transaction on the server
 * to end, which sends no signal: isHeldBack) is re-read after HELD_BACK_FIRST_MS instead, doubling
 * while such reads find nothing new and at most the poll interval: so a long transaction costs at
 * most a few more reads than polling, and a short one no longer delays a batch by the poll interval.
 * A failing batch is retried from the same position after a back-off, so nothing is skipped; the
 * back-off grows to 30 s, or to UNAVAILABLE_RETRY_MS while the database cannot be reached (an
 * outage: the loop survives it and carries on as soon as the database answers again).
 * Resolves when `signal` aborts.
 */
export async function runCatchUp<T>(
  source: CatchUpSource<T>,
  from: GlobalPosition,
  handle: (batch: T[]) => Promise<void>,
  options: CatchUpOptions,
): Promise<void> {
  const { signal, logger, batchSize = 1000, pollMs = 500, coalesceMs = 0 } = options;
  let position = from;
  let failures = 0;
  const waitMs = heldBackWait(pollMs);
  while (!signal.aborted) {
    try {
      const batch = await source.read(position, batchSize);
      if (batch.length > 0) {
        await handle(batch);
        position = source.positionOf(batch[batch.length - 1]!);
      }
      // A read that worked ends a run of failures, also when it found nothing new.
      failures = 0;
      if (batch.length === batchSize) continue;
      if (!signal.aborted) await source.wait(waitMs(batch), signal);
      if (coalesceMs > 0 && !signal.aborted) await sleep(coalesceMs, signal);
    } catch (err) {
      if (signal.aborted) break;
      failures += 1;
      await backOff(err, failures, logger, 'catch-up batch failed', signal);
    }
  }
}

/**
 * After the `failures`th failure in a row: logs it (a warning while the database cannot be
 * reached, an error otherwise) and sleeps 200 ms doubling to 30 s, or to UNAVAILABLE_RETRY_MS
 * while the database is unavailable (an outage: the reader carries on about a second after it
 * ends). Resolves early when `signal` aborts.
 */
export async function backOff(
  err: unknown,
  failures: number,
  logger: Logger,
  what: string,
  signal: AbortSignal,
): Promise<void> {
  const unavailable = isUnavailable(err as { code?: string; message?: string });
  const delay = Math.min(
    unavailable ? UNAVAILABLE_RETRY_MS : 30_000,
    100 * 2 ** Math.min(failures, 8),
  );
  if (unavailable)
    logger.warn(
      { err, failures, delay },
      `${what}: the database is unavailable; retrying from the same position`,
    );
  else logger.error({ err, failures, delay }, `${what}; retrying from the same position`);
  await sleep(delay, signal);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
