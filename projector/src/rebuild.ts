import {
  START,
  comparePositions,
  type GlobalPosition,
  type RecordedEvent,
} from '@nordlog/contracts';
import { forgetCachedKeys, readStreamErasing, type EventStore, type Knex } from '@nordlog/platform';
import type { Projection } from './framework/projection.js';
import { applyBatch, readCheckpoint } from './framework/runner.js';

export interface RebuildProgress {
  projection: string;
  done: number;
  total: number;
}

/** The first batch is small, so that the projections start working while the next is read. */
const FIRST_BATCH = 1000;
/** Batches read ahead of the one a projection asks for. */
const READ_AHEAD = 2;
/**
 * How far (in batches) the fastest projection may run ahead of the slowest: every batch in
 * between is held in memory until the slowest has applied it.
 */
const WINDOW = 4;

/**
 * The log read once, in batches, for several readers: batch i is read when a reader first asks
 * for it (and the next ones, up to READ_AHEAD, behind it), and kept until every reader is past it.
 */
class SharedBatches {
  private readonly batches = new Map<number, Promise<RecordedEvent[]>>();
  private readonly positions: number[];
  private readonly waiting: { index: number; go: () => void }[] = [];

  constructor(
    private readonly store: EventStore,
    private readonly head: GlobalPosition,
    private readonly batchSize: number,
    readers: number,
  ) {
    this.positions = new Array<number>(readers).fill(0);
  }

  /**
   * Batch `index`, for reader `reader` (which is then done with every earlier batch), once the
   * slowest reader is no more than WINDOW batches behind.
   */
  async get(reader: number, index: number): Promise<RecordedEvent[]> {
    this.moved(reader, index);
    if (index > this.slowest() + WINDOW)
      await new Promise<void>((go) => this.waiting.push({ index, go }));
    for (let i = index; i <= index + READ_AHEAD; i++) void this.read(i);
    return this.batches.get(index)!;
  }

  /** A reader that left the shared reads (it no longer holds batches back). */
  leave(reader: number): void {
    this.moved(reader, Number.POSITIVE_INFINITY);
  }

  private slowest(): number {
    return Math.min(...this.positions);
  }

  private moved(reader: number, index: number): void {
    this.positions[reader] = index;
    const slowest = this.slowest();
    for (const old of this.batches.keys()) if (old < slowest) this.batches.delete(old);
    for (let i = this.waiting.length - 1; i >= 0; i--)
      if (this.waiting[i]!.index <= slowest + WINDOW) this.waiting.splice(i, 1)[0]!.go();
  }

  private read(index: number): Promise<RecordedEvent[]> {
    const known = this.batches.get(index);
    if (known) return known;
    const size = index === 0 ? Math.min(FIRST_BATCH, this.batchSize) : this.batchSize;
    const promise =
      index === 0
        ? this.readAfter(START, size)
        : this.read(index - 1).then((previous) => {
            const last = previous[previous.length - 1];
            return last ? this.readAfter(last.global, size) : [];
          });
    // A failed read is the reader's to report; an unawaited read ahead must not crash the process.
    promise.catch(() => undefined);
    this.batches.set(index, promise);
    return promise;
  }

  private readAfter(after: GlobalPosition, limit: number): Promise<RecordedEvent[]> {
    return comparePositions(after, this.head) < 0
      ? this.store.readAll(after, limit)
      : Promise.resolve([]);
  }
}

/**
 * Rebuilds read models from position 0: empties their tables, resets their checkpoints and replays
 * every event once, in large batches, without publishing changes (clients reload after a rebuild).
 * A live projector of the same projections notices the moved checkpoints and steps aside for the
 * batches the rebuild takes.
 *
 * The log is read once for all projections, and each projection goes through it on its own: it
 * applies a batch in a transaction of its own and goes on to the next as soon as that commits, so
 * one projection's rows are worked out while another's are written, and the server's inserts run
 * side by side (each projection has its own checkpoint; a batch is still atomic per projection).
 */
export async function rebuild(
  knex: Knex,
  store: EventStore,
  projections: Projection[],
  onProgress: (p: RebuildProgress) => void = () => undefined,
  batchSize = 5000,
): Promise<{ events: number; ms: number }> {
  const started = performance.now();
  // Keys another process erased a moment ago must not open anything here (docs/decisions/0050).
  forgetCachedKeys(store);
  const names = projections.map((p) => p.name);
  const label = names.join(', ');
  const total = Number(
    (await knex.raw<{ rows: { n: string }[] }>('select count(*)::text as n from es_events'))
      .rows[0]!.n,
  );
  await knex.transaction(async (trx) => {
    for (const table of projections.flatMap((p) => p.tables)) await trx.raw(`truncate ${table}`);
    await trx('projection_checkpoints').whereIn('name', names).delete();
  });
  const head = await store.headPosition();
  const shared = new SharedBatches(store, head, batchSize, projections.length);
  // Events each projection went through; the progress is the slowest one's.
  const done = new Array<number>(projections.length).fill(0);
  let reported = 0;
  onProgress({ projection: label, done: 0, total });
  const progressed = () => {
    const slowest = Math.min(...done);
    if (slowest > reported) onProgress({ projection: label, done: (reported = slowest), total });
  };

  const replay = async (projection: Projection, reader: number): Promise<void> => {
    let from: GlobalPosition = START;
    // Shared batches while the checkpoint is where this rebuild left it; after a live projector
    // took a batch, this projection reads on by itself from the checkpoint it finds.
    let own = false;
    for (let index = 0; ; index++) {
      const batch = own
        ? comparePositions(from, head) < 0
          ? await store.readAll(from, batchSize)
          : []
        : await shared.get(reader, index);
      if (batch.length === 0) break;
      const applied = await applyBatch(
        knex,
        [projection],
        new Map([[projection.name, from]]),
        batch,
        {
          publish: false,
          bulk: true,
          readStream: (id, erased) => readStreamErasing(store, id, erased),
        },
      );
      if (applied.length === 0) {
        // A live projector took a batch meanwhile: continue from where the checkpoint is now.
        from = await readCheckpoint(knex, projection.name);
        if (!own) shared.leave(reader);
        own = true;
        continue;
      }
      from = batch[batch.length - 1]!.global;
      done[reader] = done[reader]! + batch.length;
      progressed();
    }
    shared.leave(reader);
  };
  await Promise.all(projections.map((p, i) => replay(p, i)));
  const events = Math.min(...done);
  return { events, ms: performance.now() - started };
}

/** A checksum of every row of a projection's tables (rebuild equals live). */
export async function checksum(knex: Knex, projection: Projection): Promise<string> {
  const parts: string[] = [];
  for (const table of projection.tables) {
    const result = await knex.raw<{ rows: { sum: string | null; n: string }[] }>(
      `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum, count(*)::text as n from ${table} t`,
    );
    parts.push(`${table}:${result.rows[0]!.n}:${result.rows[0]!.sum}`);
  }
  return parts.join(',');
}
