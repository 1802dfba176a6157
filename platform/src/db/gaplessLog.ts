import type { GlobalPosition } from '@nordlog/contracts';
import type { Knex } from 'knex';
import { preparedQuery } from './prepared.js';

/**
 * Reading an append-only table (events, the change outbox) in commit-safe order.
 *
 * Rows carry the xid8 of their transaction. A reader takes rows after its checkpoint in
 * (transaction_id, position) order, but only from transactions older than the oldest one still
 * running (`pg_snapshot_xmin(pg_current_snapshot())`): those are all finished, so no row can later
 * appear before the checkpoint. A transaction that commits late is read late, never skipped.
 */
export function gaplessQuery(table: string, columns: string): string {
  // Order by the table's columns (t.), not the text aliases of the select list.
  return `select ${columns}, transaction_id::text as transaction_id, position::text as position
    from ${table} t
    where (t.transaction_id, t.position) > ($1::text::xid8, $2::bigint)
      and t.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    order by t.transaction_id, t.position
    limit $3`;
}

export async function readGapless<Row extends object>(
  knex: Knex | Knex.Transaction,
  table: string,
  columns: string,
  from: GlobalPosition,
  limit: number,
): Promise<(Row & { transaction_id: string; position: string })[]> {
  // Prepared: its generic plan is the ordered index scan that stops at the limit, for a live
  // reader near the head as for a rebuild from position 0 (no sort of the rest of the log).
  return preparedQuery<Row & { transaction_id: string; position: string }>(
    knex,
    gaplessQuery(table, columns),
    [from.transactionId, from.position, limit],
  );
}

/** The newest readable position of such a table (the start for a reader that wants only new rows). */
export async function gaplessHead(knex: Knex, table: string): Promise<GlobalPosition> {
  const result = await knex.raw<{
    rows: { transaction_id: string | null; position: string | null }[];
  }>(
    `select t.transaction_id::text as transaction_id, t.position::text as position from ${table} t
     where t.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
     order by t.transaction_id desc, t.position desc limit 1`,
  );
  const row = result.rows[0];
  return { transactionId: row?.transaction_id ?? '0', position: row?.position ?? '0' };
}
