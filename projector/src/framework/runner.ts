import {
  START,
  comparePositions,
  type GlobalPosition,
  type RecordedEvent,
} from '@nordlog/contracts';
import {
  preparedQuery,
  runCatchUp,
  writeChanges,
  type Change,
  type EventStore,
  type Knex,
  type Logger,
} from '@nordlog/platform';
import type { Projection } from './projection.js';

const CHECKPOINTS = 'projection_checkpoints';

export type Checkpoints = Map<string, GlobalPosition>;

export async function readCheckpoints(
  knex: Knex | Knex.Transaction,
  names: string[],
): Promise<Checkpoints> {
  const rows = await knex(CHECKPOINTS)
    .whereIn('name', names)
    .select<{ name: string; transactionId: string; position: string }[]>(
      'name',
      knex.raw('transaction_id::text as "transactionId"'),
      knex.raw('position::text as position'),
    );
  const found = new Map(
    rows.map((r) => [r.name, { transactionId: r.transactionId, position: r.position }]),
  );
  return new Map(names.map((n) => [n, found.get(n) ?? START]));
}

export async function readCheckpoint(
  knex: Knex | Knex.Transaction,
  name: string,
): Promise<GlobalPosition> {
  return (await readCheckpoints(knex, [name])).get(name)!;
}

const oldest = (checkpoints: Checkpoints): GlobalPosition =>
  [...checkpoints.values()].reduce((min, p) => (comparePositions(p, min) < 0 ? p : min));

export interface ApplyOptions {
  /** Publish the changes through the outbox (off during a rebuild: clients reload instead). */
  publish: boolean;
  /** Write through the projections' bulk path where they have one (rebuilds; nothing is published). */
  bulk?: boolean;
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
  const candidates = projections.filter(
    (p) => comparePositions(last.global, from.get(p.name) ?? START) > 0,
  );
  if (candidates.length === 0) return [];
  return knex.transaction(async (trx) => {
    const moved = await advanceCheckpoints(trx, candidates, from, last.global);
    const changes: Change[] = [];
    for (const projection of candidates.filter((p) => moved.includes(p.name))) {
      const start = from.get(projection.name) ?? START;
      // Usually the whole batch is after the checkpoint: then only `handles` sorts it.
      const events =
        comparePositions(batch[0]!.global, start) > 0
          ? batch.filter((e) => projection.handles(e))
          : batch.filter((e) => comparePositions(e.global, start) > 0 && projection.handles(e));
      if (events.length === 0) continue;
      if (options.bulk && projection.applyBulk) await projection.applyBulk(trx, events);
      else changes.push(...(await projection.apply(trx, events)));
    }
    if (options.publish) await writeChanges(trx, changes);
    return moved;
  });
}

const ADVANCE_CHECKPOINTS = `
  with no_flush_wait as (select set_config('synchronous_commit', 'off', true)),
  expected as (
    select e.name, e.tx::xid8 as tx, e.pos::bigint as pos
    from unnest($1::text[], $2::text[], $3::text[]) as e(name, tx, pos), no_flush_wait
  ),
  created as (
    insert into ${CHECKPOINTS} (name, transaction_id, position, updated_at)
    select name, $4::text::xid8, $5::bigint, now() from expected where tx = '0'::xid8 and pos = 0
    on conflict (name) do nothing returning name
  ),
  updated as (
    update ${CHECKPOINTS} c set transaction_id = $4::text::xid8, position = $5::bigint, updated_at = now()
    from expected where c.name = expected.name and c.transaction_id = expected.tx and c.position = expected.pos
    returning c.name
  )
  select name from created union all select name from updated`;

/**
 * One statement: commit this transaction without waiting for the WAL flush, make sure every
 * checkpoint row exists, and move each from its expected position to `to` (compare-and-set).
 * Returns the names that moved.
 */
async function advanceCheckpoints(
  trx: Knex.Transaction,
  projections: Projection[],
  from: Checkpoints,
  to: GlobalPosition,
): Promise<string[]> {
  const names = projections.map((p) => p.name);
  const starts = names.map((n) => from.get(n) ?? START);
  const rows = await preparedQuery<{ name: string }>(trx, ADVANCE_CHECKPOINTS, [
    names,
    starts.map((p) => p.transactionId),
    starts.map((p) => p.position),
    to.transactionId,
    to.position,
  ]);
  return rows.map((r) => r.name);
}

export interface RunnerDeps {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  /** Called after a batch with published changes committed (wakes the change bus). */
  onPublished?: () => void;
  /** See CatchUpOptions.coalesceMs. */
  coalesceMs?: number;
}

/**
 * Keeps a group of projections caught up with the event store until `signal` aborts: one read
 * and one transaction per batch for the whole group.
 */
export async function runProjections(
  deps: RunnerDeps,
  projections: Projection[],
  signal: AbortSignal,
  batchSize = 1000,
): Promise<void> {
  const waiter = deps.store.createWaiter();
  const names = projections.map((p) => p.name);
  const logger = deps.logger.child({ projections: names });
  try {
    // The checkpoints in the database are the truth; the copy here is re-read whenever a
    // compare-and-set finds that one moved elsewhere. The first read is part of the retried loop
    // too, so a projector that starts while the database cannot be reached waits for it.
    let from: Checkpoints = new Map(names.map((n) => [n, START]));
    let stale = true;
    await runCatchUp<RecordedEvent>(
      {
        read: async (_position, limit) => {
          if (stale) from = await readCheckpoints(deps.knex, names);
          stale = false;
          return deps.store.readAll(oldest(from), limit);
        },
        wait: (ms, s) => waiter.wait(ms, s),
        positionOf: (e) => e.global,
      },
      START,
      async (batch) => {
        const last = batch[batch.length - 1]!.global;
        const behind = projections.filter(
          (p) => comparePositions(last, from.get(p.name) ?? START) > 0,
        );
        const applied = await applyBatch(deps.knex, projections, from, batch, { publish: true });
        for (const name of applied) from.set(name, last);
        if (applied.length < behind.length) {
          stale = true;
          logger.debug({ applied }, 'some checkpoints moved elsewhere; re-reading');
        }
        if (applied.length > 0) deps.onPublished?.();
      },
      { signal, logger, batchSize, coalesceMs: deps.coalesceMs ?? 0 },
    );
  } finally {
    waiter.close();
  }
}

/** One projection alone (tests, tools). */
export const runProjection = (
  deps: RunnerDeps,
  projection: Projection,
  signal: AbortSignal,
  batchSize = 1000,
) => runProjections(deps, [projection], signal, batchSize);
