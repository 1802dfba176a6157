import { START, comparePositions, type GlobalPosition } from '@nordlog/contracts';
import type { Knex } from 'knex';
import { CHECKPOINTS_TABLE } from '../eventStore/watermark.js';

/**
 * Counts of not-yet-handled rows stop here: a count is an index scan, and a scrape must stay cheap
 * however far behind a reader is (the age in seconds is the number to alert on).
 */
export const COUNT_CAP = 100_000;

/** The change outbox the projector writes (platform migration 0002) and the message outbox (0005). */
export const CHANGE_OUTBOX_TABLE = 'rm_changes';
export const MESSAGE_OUTBOX_TABLE = 'message_outbox';
/**
 * The Kafka relay's checkpoints (platform migration 0014, moved by platform/src/kafka/relay.ts):
 * one row per source; the row `changes` is how far the relay has published `rm_changes`.
 */
const RELAY_CHECKPOINTS = 'relay_checkpoints';
const RELAY_CHANGES_SOURCE = 'changes';

/** Rejects with `what timed out` after `ms`; the promise itself is left to settle on its own. */
export function withDeadline<T>(promise: PromiseLike<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

export interface ProjectionLag {
  /** The projection (its checkpoint row's name). */
  projection: string;
  /** Events after its checkpoint, at most COUNT_CAP. */
  events: number;
  /** Age of the oldest event after its checkpoint; 0 when caught up. */
  seconds: number;
}

/**
 * Per projection checkpoint: how many events of the store lie after it and how old the oldest of
 * them is. One statement; checkpoints at the same place (the usual case: one projector loop moves
 * them together) are measured once, each with index scans of `es_events_global_order` that read
 * only the not-yet-projected tail.
 */
export async function readProjectionLag(knex: Knex, timeoutMs = 2000): Promise<ProjectionLag[]> {
  const result = await knex
    .raw<{ rows: { projection: string; events: number; seconds: number }[] }>(
      `with cp as (
         select name, transaction_id as tx, position as pos from ${CHECKPOINTS_TABLE}
       ), places as (
         select distinct tx, pos from cp
       ), lag as (
         select p.tx, p.pos,
           (select count(*) from (
              select 1 from es_events e where (e.transaction_id, e.position) > (p.tx, p.pos)
              limit ${COUNT_CAP}) tail) as events,
           (select greatest(0, extract(epoch from now() - e.created_at))
              from es_events e where (e.transaction_id, e.position) > (p.tx, p.pos)
              order by e.transaction_id, e.position limit 1) as seconds
         from places p
       )
       select cp.name as projection, lag.events::int as events,
              coalesce(lag.seconds, 0)::float8 as seconds
       from cp join lag on lag.tx = cp.tx and lag.pos = cp.pos
       order by cp.name`,
    )
    .timeout(timeoutMs, { cancel: true });
  return result.rows.map((r) => ({
    projection: r.projection,
    events: Number(r.events),
    seconds: Number(r.seconds),
  }));
}

/**
 * The age in milliseconds of the oldest event the slowest of `projections` has not applied yet
 * (0 when every one has caught up). Without `projections`, every checkpoint row counts; a named
 * projection without a row yet has applied nothing (it starts at the first event).
 */
export async function oldestUnprojectedAgeMs(
  knex: Knex,
  projections?: readonly string[],
  timeoutMs = 2000,
): Promise<number> {
  const q = knex(CHECKPOINTS_TABLE).select<{ transactionId: string; position: string }[]>(
    knex.raw('transaction_id::text as "transactionId"'),
    knex.raw('position::text as position'),
  );
  if (projections) q.whereIn('name', [...projections]);
  const rows = await q.timeout(timeoutMs, { cancel: true });
  const low: GlobalPosition =
    (projections && rows.length < new Set(projections).size) || rows.length === 0
      ? START
      : rows.reduce((min, p) => (comparePositions(p, min) < 0 ? p : min));
  const result = await knex
    .raw<{ rows: { ms: number }[] }>(
      `select greatest(0, extract(epoch from now() - created_at) * 1000)::float8 as ms
       from es_events where (transaction_id, position) > (?::text::xid8, ?::bigint)
       order by transaction_id, position limit 1`,
      [low.transactionId, low.position],
    )
    .timeout(timeoutMs, { cancel: true });
  return Number(result.rows[0]?.ms ?? 0);
}

/** Which optional outbox bookkeeping exists in this database (looked up in the catalogue). */
export interface OutboxShape {
  /** `message_outbox.sent_at`: a dispatcher marks sent rows (today nothing does; see below). */
  messageSentAt: boolean;
  /** The relay's checkpoint table exists. */
  relayCheckpoints: boolean;
}

export async function readOutboxShape(knex: Knex, timeoutMs = 2000): Promise<OutboxShape> {
  const result = await knex
    .raw<{ rows: { sentAt: boolean; relay: boolean }[] }>(
      `select exists (select 1 from pg_attribute where attrelid = to_regclass(?)
                      and attname = 'sent_at' and not attisdropped) as "sentAt",
              to_regclass(?) is not null as relay`,
      [MESSAGE_OUTBOX_TABLE, RELAY_CHECKPOINTS],
    )
    .timeout(timeoutMs, { cancel: true });
  const row = result.rows[0];
  return { messageSentAt: row?.sentAt === true, relayCheckpoints: row?.relay === true };
}

/**
 * Rows waiting in each outbox, by outbox name (`message_outbox`, `rm_changes`), at most COUNT_CAP.
 * - `message_outbox`: rows with `sent_at` null, only when that column exists. The outbox of the
 *   embedded default is where messages end (stored and listed, never sent on), so it has no
 *   backlog to report until a dispatcher that sends from it adds `sent_at`.
 * - `rm_changes`: rows after the relay's `changes` checkpoint, in commit order (as the relay and
 *   the gateway read them), only once a relay has written that checkpoint: without a relay
 *   (the gateway reads the outbox itself) nothing waits for one.
 * Outboxes without that bookkeeping are left out, not reported as 0.
 */
export async function readOutboxBacklog(
  knex: Knex,
  shape: OutboxShape,
  timeoutMs = 2000,
): Promise<Record<string, number>> {
  const backlog: Record<string, number> = {};
  if (shape.messageSentAt) {
    const result = await knex
      .raw<{ rows: { n: number }[] }>(
        `select count(*)::int as n from (select 1 from ${MESSAGE_OUTBOX_TABLE}
         where sent_at is null limit ${COUNT_CAP}) unsent`,
      )
      .timeout(timeoutMs, { cancel: true });
    backlog[MESSAGE_OUTBOX_TABLE] = Number(result.rows[0]?.n ?? 0);
  }
  if (shape.relayCheckpoints) {
    const result = await knex
      .raw<{ rows: { n: number }[] }>(
        `select (select count(*)::int from (
                   select 1 from ${CHANGE_OUTBOX_TABLE} c
                   where (c.transaction_id, c.position) > (r.transaction_id, r.position)
                   limit ${COUNT_CAP}) waiting) as n
         from ${RELAY_CHECKPOINTS} r where r.name = ?`,
        [RELAY_CHANGES_SOURCE],
      )
      .timeout(timeoutMs, { cancel: true });
    const n = result.rows[0]?.n;
    if (n !== undefined) backlog[CHANGE_OUTBOX_TABLE] = Number(n);
  }
  return backlog;
}
