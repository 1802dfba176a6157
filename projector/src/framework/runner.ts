import {
  START,
  comparePositions,
  type GlobalPosition,
  type RecordedEvent,
} from '@nordlog/contracts';
import {
  runCatchUp,
  writeChanges,
  type EventStore,
  type Knex,
  type Logger,
} from '@nordlog/platform';
import type { Projection } from './projection.js';

const CHECKPOINTS = 'projection_checkpoints';

export async function readCheckpoint(
  knex: Knex | Knex.Transaction,
  name: string,
): Promise<GlobalPosition> {
  const rows = await knex(CHECKPOINTS)
    .where({ name })
    .select<GlobalPosition[]>(
      knex.raw('transaction_id::text as "transactionId"'),
      knex.raw('position::text as position'),
    );
  return rows[0] ?? START;
}

export interface ApplyOptions {
  /** Publish the changes through the outbox (off during a rebuild: clients reload instead). */
  publish: boolean;
}

/**
 * Applies a batch and advances the checkpoint in one transaction. The checkpoint moves by
 * compare-and-set from `from`: if another process (or a rebuild) moved it meanwhile, nothing is
 * written and false is returned, so a batch is never applied twice or out of order.
 */
export async function applyBatch(
  knex: Knex,
  projection: Projection,
  from: GlobalPosition,
  batch: RecordedEvent[],
  options: ApplyOptions,
): Promise<boolean> {
  const last = batch[batch.length - 1];
  if (!last) return true;
  return knex.transaction(async (trx) => {
    const moved = await trx.raw<{ rowCount: number }>(
      `insert into ${CHECKPOINTS} as c (name, transaction_id, position, updated_at)
       values (?, ?::text::xid8, ?::bigint, now())
       on conflict (name) do update set transaction_id = excluded.transaction_id, position = excluded.position, updated_at = now()
       where c.transaction_id = ?::text::xid8 and c.position = ?::bigint`,
      [
        projection.name,
        last.global.transactionId,
        last.global.position,
        from.transactionId,
        from.position,
      ],
    );
    if (moved.rowCount === 0) return false;
    const events = batch.filter((e) => projection.handles(e));
    const changes = events.length > 0 ? await projection.apply(trx, events) : [];
    if (options.publish) await writeChanges(trx, changes);
    return true;
  });
}

export interface RunnerDeps {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  /** Called after a batch with published changes committed (wakes the change bus). */
  onPublished?: () => void;
}

/** Keeps one projection caught up with the event store until `signal` aborts. */
export async function runProjection(
  deps: RunnerDeps,
  projection: Projection,
  signal: AbortSignal,
  batchSize = 1000,
): Promise<void> {
  const waiter = deps.store.createWaiter();
  const logger = deps.logger.child({ projection: projection.name });
  try {
    // The checkpoint in the database is the truth: it is re-read before every batch.
    let from = await readCheckpoint(deps.knex, projection.name);
    await runCatchUp<RecordedEvent>(
      {
        read: async (_position, limit) => {
          from = await readCheckpoint(deps.knex, projection.name);
          return deps.store.readAll(from, limit);
        },
        wait: (ms, s) => waiter.wait(ms, s),
        positionOf: (e) => e.global,
      },
      from,
      async (batch) => {
        const applied = await applyBatch(deps.knex, projection, from, batch, { publish: true });
        if (!applied) logger.debug('checkpoint moved by another process; re-reading');
        else if (batch.some((e) => projection.handles(e))) deps.onPublished?.();
      },
      { signal, logger, batchSize },
    );
  } finally {
    waiter.close();
  }
}

export const isAfter = (a: GlobalPosition, b: GlobalPosition) => comparePositions(a, b) > 0;
