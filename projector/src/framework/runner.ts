import { START, comparePositions, type GlobalPosition, type RecordedEvent } from '@nordlog/contracts';
import { runCatchUp, writeChanges, type Change, type EventStore, type Knex, type Logger } from '@nordlog/platform';
import type { Projection } from './projection.js';

const CHECKPOINTS = 'projection_checkpoints';

export type Checkpoints = Map<string, GlobalPosition>;

export async function readCheckpoints(knex: Knex | Knex.Transaction, names: string[]): Promise<Checkpoints> {
  const rows = await knex(CHECKPOINTS)
    .whereIn('name', names)
    .select<{ name: string; transactionId: string; position: string }[]>(
      'name',
      knex.raw('transaction_id::text as "transactionId"'),
      knex.raw('position::text as position'),
    );
  const found = new Map(rows.map((r) => [r.name, { transactionId: r.transactionId, position: r.position }]));
  return new Map(names.map((n) => [n, found.get(n) ?? START]));
}

export async function readCheckpoint(knex: Knex | Knex.Transaction, name: string): Promise<GlobalPosition> {
  return (await readCheckpoints(knex, [name])).get(name)!;
}

const oldest = (checkpoints: Checkpoints): GlobalPosition =>
  [...checkpoints.values()].reduce((min, p) => (comparePositions(p, min) < 0 ? p : min));

export interface ApplyOptions {
  /** Publish the changes through the outbox (off during a rebuild: clients reload instead). */
  publish: boolean;
}

/**
 * Applies a batch to several projections in one transaction. Each projection takes the events
 * after its own checkpoint, and its checkpoint moves to the end of the batch by compare-and-set
 * from the position it was read at: if another process (or a rebuild) moved it meanwhile, that
 * projection is left out, so a batch is never applied twice or out of order.
 *
 * Read models are derived data: the transaction commits without waiting for the WAL flush. A crash
 * can lose the newest batches, but read model and checkpoint together, so they are replayed.
 * Returns the names of the projections it applied the batch to.
 */
export async function applyBatch(
  knex: Knex,
  projections: Projection[],
  from: Checkpoints,
  batch: RecordedEvent[],
  options: ApplyOptions,
): Promise<string[]> {
  const last = batch[batch.length - 1];
  if (!last) return [];
  return knex.transaction(async (trx) => {
    await trx.raw('set local synchronous_commit = off');
    const applied: string[] = [];
    const changes: Change[] = [];
    for (const projection of projections) {
      const start = from.get(projection.name) ?? START;
      if (comparePositions(last.global, start) <= 0) continue;
      const moved = await trx.raw<{ rowCount: number }>(
        `insert into ${CHECKPOINTS} as c (name, transaction_id, position, updated_at)
         values (?, ?::text::xid8, ?::bigint, now())
         on conflict (name) do update set transaction_id = excluded.transaction_id, position = excluded.position, updated_at = now()
         where c.transaction_id = ?::text::xid8 and c.position = ?::bigint`,
        [projection.name, last.global.transactionId, last.global.position, start.transactionId, start.position],
      );
      if (moved.rowCount === 0) continue;
      const events = batch.filter((e) => comparePositions(e.global, start) > 0 && projection.handles(e));
      if (events.length > 0) changes.push(...(await projection.apply(trx, events)));
      applied.push(projection.name);
    }
    if (options.publish) await writeChanges(trx, changes);
    return applied;
  });
}

export interface RunnerDeps {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  /** Called after a batch with published changes committed (wakes the change bus). */
  onPublished?: () => void;
}

/**
 * Keeps a group of projections caught up with the event store until `signal` aborts: one read
 * and one transaction per batch for the whole group.
 */
export async function runProjections(deps: RunnerDeps, projections: Projection[], signal: AbortSignal, batchSize = 1000): Promise<void> {
  const waiter = deps.store.createWaiter();
  const names = projections.map((p) => p.name);
  const logger = deps.logger.child({ projections: names });
  try {
    // The checkpoints in the database are the truth: they are re-read before every batch.
    let from = await readCheckpoints(deps.knex, names);
    await runCatchUp<RecordedEvent>(
      {
        read: async (_position, limit) => {
          from = await readCheckpoints(deps.knex, names);
          return deps.store.readAll(oldest(from), limit);
        },
        wait: (ms, s) => waiter.wait(ms, s),
        positionOf: (e) => e.global,
      },
      oldest(from),
      async (batch) => {
        const applied = await applyBatch(deps.knex, projections, from, batch, { publish: true });
        if (applied.length < projections.length) logger.debug({ applied }, 'some checkpoints moved elsewhere; re-reading');
        if (applied.length > 0) deps.onPublished?.();
      },
      { signal, logger, batchSize },
    );
  } finally {
    waiter.close();
  }
}

/** One projection alone (tests, tools). */
export const runProjection = (deps: RunnerDeps, projection: Projection, signal: AbortSignal, batchSize = 1000) =>
  runProjections(deps, [projection], signal, batchSize);
