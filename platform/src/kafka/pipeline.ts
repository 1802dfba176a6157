import type { GlobalPosition } from '@nordlog/contracts';
import { heldBackWait } from '../eventStore/subscription.js';

/** What a pipelined publisher does with a source's items, step by step. */
export interface PublishSteps<T, B> {
  /** The items after `from`, at most `limit`, in the source's order. */
  read(from: GlobalPosition, limit: number): Promise<T[]>;
  /** A batch's messages, made once (serialised while the batch before is in flight). */
  prepare(items: T[]): B;
  /** Sends a batch; resolves when the broker acknowledged all of it. */
  send(batch: B): Promise<void>;
  /** Records that everything up to `at` was acknowledged (the checkpoint a restart reads). */
  checkpoint(at: GlobalPosition, items: T[]): Promise<void>;
  positionOf(item: T): GlobalPosition;
  /** Waits for a signal that there may be more (or `ms`), or until `signal` aborts. */
  wait(ms: number, signal: AbortSignal): Promise<void>;
}

export interface PublishOptions {
  batchSize: number;
  /**
   * The safety net: read again at least this often without a signal (sooner after a read held
   * back at the horizon: heldBackWait).
   */
  pollMs: number;
  signal: AbortSignal;
}

interface Prepared<T, B> {
  items: T[];
  batch: B | null;
}

/**
 * Publishes a source from `from` (exclusive) until `signal` aborts, as a pipeline of three
 * stages, each one at a time and in order:
 * - reading and preparing the next batch runs while the current one is being sent (read-ahead of
 *   one batch, only after a full batch: a short read means the reader is at the head, so after a
 *   short batch it waits for a signal, or `pollMs`, before it reads again);
 * - sends are strictly one after another, so the broker gets a key's messages in order;
 * - each batch's checkpoint is written after its acknowledgement, in batch order, while the next
 *   batch is being sent; a checkpoint never covers a batch that was not acknowledged.
 *
 * Throws the first failure of any stage once the stages in flight have settled: the caller starts
 * again from its stored checkpoint (the reader's own position is past batches that may not have
 * been sent). A crash re-sends at most the batches after the last written checkpoint, which
 * consumers de-duplicate. On abort, the batch in flight is awaited and its checkpoint written.
 */
export async function publishPipelined<T, B>(
  steps: PublishSteps<T, B>,
  from: GlobalPosition,
  { batchSize, pollMs, signal }: PublishOptions,
): Promise<void> {
  const readAt = (at: GlobalPosition): Promise<Prepared<T, B>> => {
    const read = steps.read(at, batchSize).then((items) => ({
      items,
      batch: items.length > 0 ? steps.prepare(items) : null,
    }));
    // Not lost: awaited (and so thrown) when its turn comes, or settled in `finally`.
    read.catch(() => undefined);
    return read;
  };
  const waitMs = heldBackWait(pollMs);
  let position = from;
  let ahead: Promise<Prepared<T, B>> | null = null;
  let checkpointing: Promise<void> = Promise.resolve();
  try {
    while (!signal.aborted) {
      const next: Prepared<T, B> = await (ahead ?? readAt(position));
      ahead = null;
      if (next.batch === null) {
        await checkpointing;
        await steps.wait(waitMs(next.items), signal);
        continue;
      }
      const last = steps.positionOf(next.items[next.items.length - 1]!);
      position = last;
      if (next.items.length >= batchSize) ahead = readAt(position);
      await steps.send(next.batch);
      const previous = checkpointing;
      checkpointing = previous.then(() => steps.checkpoint(last, next.items));
      checkpointing.catch(() => undefined);
      // At most one checkpoint outstanding; a failed one ends the run here.
      await previous;
      // A short batch: the reader was at the head. Reading again at once would find nothing (a
      // round trip a batch at a live rate); a signal that came since the read is kept by the
      // waiter, which then returns at once.
      if (next.items.length < batchSize && !signal.aborted) {
        await checkpointing;
        await steps.wait(waitMs(next.items), signal);
      }
    }
    await checkpointing;
  } finally {
    await Promise.allSettled([ahead, checkpointing]);
  }
}
