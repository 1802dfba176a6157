import { START, comparePositions, type GlobalPosition } from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';

/** Rows of `table` at or before a position. */
export async function rowsUpTo(knex: Knex, table: string, at: GlobalPosition): Promise<number> {
  const { rows } = await knex.raw<{ rows: { c: string }[] }>(
    `select count(*)::text as c from ${table}
      where (transaction_id, position) <= (?::text::xid8, ?::bigint)`,
    [at.transactionId, at.position],
  );
  return Number(rows[0]!.c);
}

/**
 * A reader's rate over a backlog: from the first time its checkpoint moves to when it reaches
 * `head`, the rows of `table` it did in between over the time in between.
 */
export async function steadyRate(
  knex: Knex,
  position: () => Promise<GlobalPosition>,
  head: GlobalPosition,
  table = 'es_events',
): Promise<number> {
  let first: { at: number; done: number } | null = null;
  for (;;) {
    const at = await position();
    const now = performance.now();
    if (!first && comparePositions(at, START) > 0)
      first = { at: now, done: await rowsUpTo(knex, table, at) };
    if (first && comparePositions(at, head) >= 0) {
      const total = await rowsUpTo(knex, table, head);
      return (total - first.done) / ((now - first.at) / 1000);
    }
    // Every 10 ms: a finer poll costs the machine more than it gains (≤ 1% of a second's run).
    await new Promise((r) => setTimeout(r, 10));
  }
}
