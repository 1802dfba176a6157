import {
  START,
  comparePositions,
  PERSONAL_DATA_ERASED,
  type GlobalPosition,
  type RecordedEvent,
} from '@nordlog/contracts';
import {
  eraseSubjectKeys,
  eraseSubjectRecords,
  preparedQuery,
  readStreamErasing,
  sealedSubjectsOf,
  runCatchUp,
  writeChanges,
  type Change,
  type EventStore,
  type Knex,
  type Logger,
} from '@nordlog/platform';
import type { Projection } from './projection.js';
import { BatchWrites } from './batchWrites.js';

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
  /**
   * Reads a stream as the product reads it: what the projections fold again after an erasure in
   * the batch (`refoldErasures`). Required for batches that hold erasures.
   */
  readStream?: (streamId: string, erased: ReadonlySet<string>) => Promise<RecordedEvent[]>;
}

/** The advisory lock key of the batches that erase (any fixed number; the product's only one). */
const ERASURE_TURN = 5_020_050;

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
  const erased = await readErasures(knex, candidates, batch, options);
  return knex.transaction(async (trx) => {
    // Batches that erase take turns, before they hold anything: each deletes the same keys and
    // records after writing its own projections' rows, so two at once (a rebuild's projections
    // side by side, or a rebuild beside the live projector) could each hold what the other
    // waits for (CI saw "deadlock detected" in a rebuild after a user's erasure).
    if (erased) await trx.raw('select pg_advisory_xact_lock(?)', [ERASURE_TURN]);
    const moved = await advanceCheckpoints(trx, candidates, from, last.global);
    const changes: Change[] = [];
    // The projections' last writes and the outbox in one statement (docs/decisions/0066); not
    // where an erasure folds rows again after the batch (it reads what the batch wrote).
    const writes = erased || options.bulk ? undefined : new BatchWrites();
    for (const projection of candidates.filter((p) => moved.includes(p.name))) {
      const start = from.get(projection.name) ?? START;
      // Usually the whole batch is after the checkpoint: then only `handles` sorts it.
      const events =
        comparePositions(batch[0]!.global, start) > 0
          ? batch.filter((e) => projection.handles(e))
          : batch.filter((e) => comparePositions(e.global, start) > 0 && projection.handles(e));
      if (events.length === 0) continue;
      if (options.bulk && projection.applyBulk) await projection.applyBulk(trx, events);
      else changes.push(...(await projection.apply(trx, events, writes)));
    }
    const movedProjections = candidates.filter((p) => moved.includes(p.name));
    const refolded = erased ? await refoldErasures(trx, movedProjections, from, erased) : [];
    if (refolded.length > 0) {
      // The batch's own changes of the rows folded again held what the erasure erased.
      const again = new Set(refolded.map((c) => `${c.entity}:${c.id}`));
      const kept = changes.filter((c) => !again.has(`${c.entity}:${c.id}`));
      changes.length = 0;
      changes.push(...kept, ...refolded);
    }
    if (writes) await writes.flush(trx, options.publish ? changes : null);
    else if (options.publish) await writeChanges(trx, changes);
    return moved;
  });
}

/** One stream to fold again after an erasure: its events as they read with the subjects erased. */
interface ErasedStream {
  /** The position of the (last) erasure that names it. */
  at: GlobalPosition;
  events: RecordedEvent[];
}

/**
 * The erasures of a batch, read before its transaction opens (docs/decisions/0050-personal-data.md):
 * each erased stream and the other streams that carry its subject's data (a label's pages), read
 * with the subject erased, up to the batch's end. Read outside the transaction, so a batch never
 * holds one connection while it waits for another (a rebuild runs every projection at once).
 */
async function readErasures(
  knex: Knex,
  projections: Projection[],
  batch: RecordedEvent[],
  options: ApplyOptions,
): Promise<{ subjects: string[]; streams: ErasedStream[] } | null> {
  const erasures = batch.filter((e) => e.type === PERSONAL_DATA_ERASED);
  if (erasures.length === 0) return null;
  if (!options.readStream) throw new Error('a batch with erasures needs readStream');
  const end = batch[batch.length - 1]!.global;
  const holding = new Map<string, { at: GlobalPosition; subjects: Set<string> }>();
  for (const e of erasures) {
    const subject = (e.data as { subject: string }).subject;
    // The stream erased, the batch's streams with its data (not in any read model yet), and the
    // read models' other streams with its data.
    const streams = [e.streamId];
    for (const b of batch) if (sealedSubjectsOf(b).includes(subject)) streams.push(b.streamId);
    for (const p of projections)
      if (p.subjectStreams) streams.push(...(await p.subjectStreams(knex, subject)));
    for (const streamId of streams) {
      const entry = holding.get(streamId) ?? { at: e.global, subjects: new Set<string>() };
      entry.at = e.global;
      entry.subjects.add(subject);
      holding.set(streamId, entry);
    }
  }
  const streams: ErasedStream[] = [];
  for (const [streamId, { at, subjects }] of holding) {
    const events = (await options.readStream(streamId, subjects)).filter(
      (e) => comparePositions(e.global, end) <= 0,
    );
    streams.push({ at, events });
  }
  return { subjects: erasures.map((e) => (e.data as { subject: string }).subject), streams };
}

/**
 * The erasures of a batch, in its transaction, so an erasure is done whole or retried: each
 * subject's key is deleted (idempotent), and every projection folds the erased streams again from
 * their events as they now read, so its rows hold what a rebuild would give them.
 */
async function refoldErasures(
  trx: Knex.Transaction,
  projections: Projection[],
  from: Checkpoints,
  erased: { subjects: string[]; streams: ErasedStream[] },
): Promise<Change[]> {
  await eraseSubjectKeys(trx, erased.subjects);
  await eraseSubjectRecords(trx, erased.subjects);
  const changes: Change[] = [];
  for (const { at, events } of erased.streams)
    for (const projection of projections) {
      // A projection already past this erasure (its checkpoint) folded it before.
      if (!projection.refold || comparePositions(at, from.get(projection.name) ?? START) <= 0)
        continue;
      const mine = events.filter((e) => projection.handles(e));
      if (mine.length > 0) changes.push(...(await projection.refold(trx, mine)));
    }
  return changes;
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
        const applied = await applyBatch(deps.knex, projections, from, batch, {
          publish: true,
          readStream: (id, erased) => readStreamErasing(deps.store, id, erased),
        });
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
