import {
  AppError,
  type EventMetadata,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
} from '@nordlog/contracts';
import type { Knex } from 'knex';
import { gaplessHead, keepHeldBack, readGapless } from '../db/gaplessLog.js';
import { prepared } from '../db/prepared.js';
import type { Notifier, Waiter } from '../db/notifier.js';
import {
  assertAppendsWellFormed,
  type AppendOptions,
  type AppendResult,
  type CommandOutcome,
  type EventStore,
  type ExpectedRevision,
  type RecordedEventJson,
  type StreamAppend,
  type StreamRead,
  SubjectKeysTaken,
} from './types.js';
import { deterministicUuid } from './uuid.js';
import { APPEND_MANY_SQL, APPEND_SQL, keyBindings } from './appendSql.js';

export const EVENTS_CHANNEL = 'es_events';

interface EventRow {
  event_id: string;
  stream_id: string;
  stream_revision: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  transaction_id: string;
  position: string;
}

/** An event row with its data and metadata as text (readAllJson). */
interface EventJsonRow extends Omit<EventRow, 'data' | 'metadata'> {
  data: string;
  metadata: string;
  occurred_at: string;
}

const toRecorded = (row: EventRow): RecordedEvent => ({
  eventId: row.event_id,
  streamId: row.stream_id,
  streamRevision: row.stream_revision,
  type: row.type,
  data: row.data,
  metadata: row.metadata,
  global: { transactionId: row.transaction_id, position: row.position },
});

const COLUMNS = 'event_id, stream_id, stream_revision, type, data, metadata';
/** The same columns with data and metadata as the text PostgreSQL keeps (no JSON.parse). */
const JSON_COLUMNS = `event_id, stream_id, stream_revision, type, data::text as data,
  metadata::text as metadata, metadata->>'occurredAt' as occurred_at`;

const READ_STREAM_SQL = `select ${COLUMNS}, transaction_id::text as transaction_id, position::text as position
  from es_events where stream_id = $1 order by stream_revision`;

/**
 * Each stream's events after its revision (-1: all), by the (stream_id, stream_revision) index:
 * one index scan per stream asked for, whatever the planner's statistics say. As a plain join of
 * the unnested ids, a table without fresh statistics (a database just filled, before ANALYZE) was
 * planned as a hash join over a sequential scan of the whole store: 300 ms for 100 order streams
 * in a store of 80,000 events, against 1–4 ms by the index (docs/decisions/0047). The lateral
 * subquery with `offset 0` is not flattened into a join, so it is always a scan per stream.
 */
const READ_STREAMS_AFTER_SQL = `select e.event_id, e.stream_id, e.stream_revision, e.type, e.data, e.metadata,
    e.transaction_id::text as transaction_id, e.position::text as position
  from unnest($1::text[], $2::int[]) as r(stream_id, after)
  cross join lateral (
    select x.event_id, x.stream_id, x.stream_revision, x.type, x.data, x.metadata,
      x.transaction_id, x.position
    from es_events x where x.stream_id = r.stream_id and x.stream_revision > r.after offset 0
  ) e
  order by e.stream_id, e.stream_revision`;

const FIND_OUTCOME_SQL = 'select status, body, owner from es_command_results where command_id = $1';

const READ_LAST_SQL = `select ${COLUMNS}, transaction_id::text as transaction_id, position::text as position
  from es_events where stream_id = $1 order by stream_revision desc limit 1`;

export class PostgresEventStore implements EventStore {
  constructor(
    private readonly knex: Knex,
    private readonly notifier: Notifier,
  ) {}

  /** Its appends store new subjects' keys in the key table of its own database. */
  storesSubjectKeysIn(database: unknown): boolean {
    return database === this.knex;
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const rows = await prepared<EventRow>(this.knex, 'es_read_stream', READ_STREAM_SQL, [streamId]);
    return rows.map(toRecorded);
  }

  async readStreamsAfter(reads: readonly StreamRead[]): Promise<RecordedEvent[][]> {
    if (reads.length === 0) return [];
    // Each stream once, from the earliest revision any read of it needs.
    const from = new Map<string, number>();
    for (const r of reads)
      from.set(r.streamId, Math.min(from.get(r.streamId) ?? Infinity, r.after ?? -1));
    const rows = await prepared<EventRow>(
      this.knex,
      'es_read_streams_after',
      READ_STREAMS_AFTER_SQL,
      [[...from.keys()], [...from.values()]],
    );
    const byStream = new Map<string, RecordedEvent[]>();
    for (const row of rows) {
      const list = byStream.get(row.stream_id);
      if (list) list.push(toRecorded(row));
      else byStream.set(row.stream_id, [toRecorded(row)]);
    }
    return reads.map(
      (r) =>
        byStream.get(r.streamId)?.filter((e) => r.after === null || e.streamRevision > r.after) ??
        [],
    );
  }

  async readLastEvent(streamId: string): Promise<RecordedEvent | null> {
    const rows = await prepared<EventRow>(this.knex, 'es_read_last', READ_LAST_SQL, [streamId]);
    return rows[0] ? toRecorded(rows[0]) : null;
  }

  async appendToStream(
    streamId: string,
    expected: ExpectedRevision,
    events: NewEvent[],
    metadata: EventMetadata,
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const expectedRevision = expected === 'any' ? null : expected === 'no_stream' ? -1 : expected;
    const ids = events.map((_, i) => deterministicUuid(metadata.commandId, streamId, String(i)));
    const outcome = options.outcome;
    const bindings = [
      streamId,
      JSON.stringify(metadata),
      ids,
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data ?? null)),
      expectedRevision,
      metadata.commandId,
      outcome?.status ?? null,
      JSON.stringify(outcome?.body ?? {}),
      outcome?.owner ?? null,
      ...keyBindings(options),
    ];
    let rows: {
      stream_revision: number;
      transaction_id: string;
      position: string;
      keys_ok: boolean;
    }[];
    try {
      rows = await prepared<(typeof rows)[number]>(this.knex, 'es_append', APPEND_SQL, bindings);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(streamId, expected);
      throw err;
    }
    if (rows.some((r) => !r.keys_ok)) throw new SubjectKeysTaken();
    if (rows.length === 0) throw conflict(streamId, expected);
    this.notifier.notify(EVENTS_CHANNEL);
    return {
      nextRevision: rows[rows.length - 1]!.stream_revision,
      positions: rows.map((r) => ({ transactionId: r.transaction_id, position: r.position })),
    };
  }

  async appendToStreams(
    appends: StreamAppend[],
    metadata: EventMetadata,
    options: AppendOptions = {},
  ): Promise<AppendResult[]> {
    assertAppendsWellFormed(appends);
    const events = appends.flatMap((a, i) =>
      a.events.map((e, ord) => ({
        idx: i + 1,
        ord: ord + 1,
        id: deterministicUuid(metadata.commandId, a.streamId, String(ord)),
        type: e.type,
        data: JSON.stringify(e.data ?? null),
      })),
    );
    const outcome = options.outcome;
    const bindings = [
      appends.map((a) => a.streamId),
      appends.map((a) =>
        a.expected === 'any' ? null : a.expected === 'no_stream' ? -1 : a.expected,
      ),
      JSON.stringify(metadata),
      events.map((e) => e.idx),
      events.map((e) => e.ord),
      events.map((e) => e.id),
      events.map((e) => e.type),
      events.map((e) => e.data),
      metadata.commandId,
      outcome?.status ?? null,
      JSON.stringify(outcome?.body ?? {}),
      outcome?.owner ?? null,
      ...keyBindings(options),
    ];
    const streams = appends.map((a) => a.streamId).join(', ');
    let rows: {
      stream_id: string;
      stream_revision: number;
      transaction_id: string;
      position: string;
      keys_ok: boolean;
    }[];
    try {
      rows = await prepared<(typeof rows)[number]>(
        this.knex,
        'es_append_many',
        APPEND_MANY_SQL,
        bindings,
      );
    } catch (err) {
      if (isUniqueViolation(err) || isDeadlock(err)) throw conflictAmong(streams);
      throw err;
    }
    if (rows.some((r) => !r.keys_ok)) throw new SubjectKeysTaken();
    if (rows.length === 0) throw conflictAmong(streams);
    this.notifier.notify(EVENTS_CHANNEL);
    return appends.map((a) => {
      const mine = rows.filter((r) => r.stream_id === a.streamId);
      // A stream only checked (no events) stays at the revision it was expected at.
      const checked = a.expected === 'no_stream' ? -1 : (a.expected as number);
      return {
        nextRevision: mine.length > 0 ? mine[mine.length - 1]!.stream_revision : checked,
        positions: mine.map((r) => ({ transactionId: r.transaction_id, position: r.position })),
      };
    });
  }

  async readAll(from: GlobalPosition, limit: number): Promise<RecordedEvent[]> {
    const rows = await readGapless<EventRow>(this.knex, 'es_events', COLUMNS, from, limit);
    return keepHeldBack(rows, rows.map(toRecorded));
  }

  async readAllJson(from: GlobalPosition, limit: number): Promise<RecordedEventJson[]> {
    const rows = await readGapless<EventJsonRow>(this.knex, 'es_events', JSON_COLUMNS, from, limit);
    return keepHeldBack(
      rows,
      rows.map((row) => ({
        eventId: row.event_id,
        streamId: row.stream_id,
        streamRevision: row.stream_revision,
        type: row.type,
        dataJson: row.data,
        metadataJson: row.metadata,
        occurredAt: row.occurred_at,
        global: { transactionId: row.transaction_id, position: row.position },
      })),
    );
  }

  headPosition(): Promise<GlobalPosition> {
    return gaplessHead(this.knex, 'es_events');
  }

  createWaiter(): Waiter {
    return this.notifier.createWaiter(EVENTS_CHANNEL);
  }

  async findOutcome(commandId: string): Promise<CommandOutcome | null> {
    // Asked for every command that carries its own id: a prepared statement, no query builder.
    const rows = await prepared<{ status: number; body: unknown; owner: string | null }>(
      this.knex,
      'es_find_outcome',
      FIND_OUTCOME_SQL,
      [commandId],
    );
    const row = rows[0];
    if (!row) return null;
    return row.owner === null
      ? { status: row.status, body: row.body }
      : { status: row.status, body: row.body, owner: row.owner };
  }

  async saveOutcome(commandId: string, outcome: CommandOutcome): Promise<void> {
    await this.knex.raw(
      `insert into es_command_results (command_id, status, body, owner) values (?, ?, ?::jsonb, ?)
       on conflict (command_id) do nothing`,
      [commandId, outcome.status, JSON.stringify(outcome.body), outcome.owner ?? null],
    );
  }

  async close(): Promise<void> {
    // The knex pool and the notifier belong to the caller.
  }
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

/** Two appends that wait on each other's rows: PostgreSQL ends one of them. */
function isDeadlock(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '40P01';
}

function conflictAmong(streams: string): AppError {
  return new AppError(
    'CONCURRENCY_CONFLICT',
    `One of the streams ${streams} changed since it was read; nothing was appended; reload and try again`,
  );
}

function conflict(streamId: string, expected: ExpectedRevision): AppError {
  return new AppError(
    'CONCURRENCY_CONFLICT',
    `Stream ${streamId} changed since it was read (expected revision ${String(expected)}); reload and try again`,
  );
}
