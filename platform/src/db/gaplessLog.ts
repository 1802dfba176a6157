import type { GlobalPosition } from '@nordlog/contracts';
import type { Knex } from 'knex';
import { preparedQuery } from './prepared.js';

/**
 * Reading an append-only table (events, the change outbox) in commit-safe order.
 *
 * Rows carry the xid8 of their transaction. A reader takes rows after its checkpoint in
 * (transaction_id, position) order, but only from transactions older than the oldest one still
 * running (`pg_snapshot_xmin(pg_current_snapshot())`, the horizon): those are all finished, so no
 * row can later appear before the checkpoint. A transaction that commits late is read late, never
 * skipped.
 *
 * The same statement also tells "held back" from "nothing new" (0003, addendum): it returns the
 * first committed row at or beyond the horizon, if there is one, flagged `gapless_held`, and the
 * reader drops it. Such a row is visible in the statement's snapshot (so committed) yet not
 * readable: some other transaction on the server, older than it, is still open (in any database:
 * transaction ids are cluster-wide). A reader that sees it re-reads after a short back-off instead
 * of waiting for the next NOTIFY or its poll (runCatchUp), since the end of that other transaction
 * sends no signal. The probe for that row is one index step from the horizon, and the scan of the
 * readable rows stops at it, so the statement stays the ordered index scan that stops at the
 * limit (plus one row).
 */
export function gaplessQuery(table: string, columns: string): string {
  const horizon = 'pg_snapshot_xmin(pg_current_snapshot())';
  // The first visible row after both the checkpoint and the horizon: the first held-back one.
  const firstHeld = (column: string) => `(select h.${column} from ${table} h
      where (h.transaction_id, h.position) > (greatest($1::text::xid8, ${horizon}),
        case when $1::text::xid8 >= ${horizon} then $2::bigint else -1 end)
      order by h.transaction_id, h.position limit 1)`;
  // Order by the table's columns (t.), not the text aliases of the select list. The upper bound is
  // that first held-back row (included, flagged), else the horizon (excluded: positions are >= 1).
  return `select ${columns}, t.transaction_id::text as transaction_id, t.position::text as position,
      t.transaction_id >= ${horizon} as gapless_held
    from ${table} t
    where (t.transaction_id, t.position) > ($1::text::xid8, $2::bigint)
      and (t.transaction_id, t.position) <= (coalesce(${firstHeld('transaction_id')}, ${horizon}),
        coalesce(${firstHeld('position')}, -1))
    order by t.transaction_id, t.position
    limit $3 + 1`;
}

/**
 * Set on the array a gapless read returns (readGapless, and the event store's and change bus's
 * reads made from it) when it stopped at the horizon while committed rows lie beyond it: they
 * become readable when the older transactions still open on the server end, which sends no
 * NOTIFY. Absent: nothing newer was committed (or the batch is full). See `isHeldBack`.
 */
export const HELD_BACK: unique symbol = Symbol('nordlog.gaplessHeldBack');

/** True when `rows` came from a gapless read that stopped at the horizon before committed rows. */
export function isHeldBack(rows: readonly unknown[]): boolean {
  return (rows as { [HELD_BACK]?: boolean })[HELD_BACK] === true;
}

/** Marks `rows` (a mapped copy of a gapless read) as held back when `from` was. Returns `rows`. */
export function keepHeldBack<T>(from: readonly unknown[], rows: T[]): T[] {
  if (isHeldBack(from)) markHeldBack(rows);
  return rows;
}

function markHeldBack(rows: unknown[]): void {
  Object.defineProperty(rows, HELD_BACK, { value: true, enumerable: false });
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
  const rows = await preparedQuery<
    Row & { transaction_id: string; position: string; gapless_held?: boolean }
  >(knex, gaplessQuery(table, columns), [from.transactionId, from.position, limit]);
  // Rows keep their `gapless_held` column (false); callers map them to their own records.
  // At most one row is past the readable ones: the first held-back row, or one more readable
  // row than asked for (then the batch is full and nothing is said about what lies beyond).
  const last = rows[rows.length - 1];
  if (last?.gapless_held) {
    rows.pop();
    markHeldBack(rows);
  } else if (rows.length > limit) rows.pop();
  return rows;
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
