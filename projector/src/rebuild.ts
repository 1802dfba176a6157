import { START, comparePositions } from '@nordlog/contracts';
import type { EventStore, Knex } from '@nordlog/platform';
import type { Projection } from './framework/projection.js';
import { applyBatch, readCheckpoints, type Checkpoints } from './framework/runner.js';

export interface RebuildProgress {
  projection: string;
  done: number;
  total: number;
}

/**
 * Rebuilds read models from position 0: empties their tables, resets their checkpoints and replays
 * every event once, in large batches, without publishing changes (clients reload after a rebuild). A live projector of the same projections
 * notices the moved checkpoints and steps aside for the batches the rebuild takes.
 */
export async function rebuild(
  knex: Knex,
  store: EventStore,
  projections: Projection[],
  onProgress: (p: RebuildProgress) => void = () => undefined,
  batchSize = 5000,
): Promise<{ events: number; ms: number }> {
  const started = performance.now();
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
  let from: Checkpoints = new Map(names.map((n) => [n, START]));
  let position = START;
  let done = 0;
  onProgress({ projection: label, done, total });
  // The next batch is read while this one is applied, and each projection applies a batch in a
  // transaction of its own, so their inserts run side by side on the server (each projection has
  // its own checkpoint; a batch is still atomic per projection).
  const read = (after: typeof position) =>
    comparePositions(after, head) < 0 ? store.readAll(after, batchSize) : Promise.resolve([]);
  let next = read(position);
  for (;;) {
    const batch = await next;
    if (batch.length === 0) break;
    const last = batch[batch.length - 1]!.global;
    next = read(last);
    const applied = (
      await Promise.all(
        projections.map((p) => applyBatch(knex, [p], from, batch, { publish: false, bulk: true })),
      )
    ).flat();
    if (applied.length < projections.length) {
      // A live projector took a batch meanwhile: continue from where the checkpoints are now.
      from = await readCheckpoints(knex, names);
      position = [...from.values()].reduce((min, p) => (comparePositions(p, min) < 0 ? p : min));
      await next.catch(() => undefined);
      next = read(position);
      continue;
    }
    position = last;
    from = new Map(names.map((n) => [n, position]));
    done += batch.length;
    onProgress({ projection: label, done, total });
  }
  return { events: done, ms: performance.now() - started };
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
