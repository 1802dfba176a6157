import { START, comparePositions, type GlobalPosition } from '@nordlog/contracts';
import type { EventStore, Knex } from '@nordlog/platform';
import type { Projection } from './framework/projection.js';
import { applyBatch, readCheckpoint } from './framework/runner.js';

export interface RebuildProgress {
  projection: string;
  done: number;
  total: number;
}

/**
 * Rebuilds read models from position 0: empties the tables, resets the checkpoint and replays
 * every event in large batches without publishing changes (clients reload after a rebuild).
 * A live projector of the same projection notices the moved checkpoint and steps aside.
 */
export async function rebuild(
  knex: Knex,
  store: EventStore,
  projections: Projection[],
  onProgress: (p: RebuildProgress) => void = () => undefined,
  batchSize = 5000,
): Promise<{ events: number; ms: number }> {
  const started = performance.now();
  const head = await store.headPosition();
  const total = Number(
    (await knex.raw<{ rows: { n: string }[] }>('select count(*)::text as n from es_events'))
      .rows[0]!.n,
  );
  let events = 0;
  for (const projection of projections) {
    await knex.transaction(async (trx) => {
      for (const table of projection.tables) await trx.raw(`truncate ${table}`);
      await trx('projection_checkpoints').where({ name: projection.name }).delete();
    });
    let from: GlobalPosition = START;
    let done = 0;
    onProgress({ projection: projection.name, done, total });
    for (;;) {
      const batch = await store.readAll(from, batchSize);
      if (batch.length === 0 || comparePositions(from, head) >= 0) break;
      if (!(await applyBatch(knex, projection, from, batch, { publish: false }))) {
        from = await readCheckpoint(knex, projection.name);
        continue;
      }
      from = batch[batch.length - 1]!.global;
      done += batch.length;
      events += batch.length;
      onProgress({ projection: projection.name, done, total });
    }
  }
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
