// How the product's events, positions and command outcomes are written to and read from
// KurrentDB (EventStoreDB): the store's pure half, tested without a server (kurrent.unit.test.ts).
import {
  AppError,
  eventMetadataSchema,
  type EventMetadata,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
} from '@nordlog/contracts';
import type {
  AppendStreamState,
  JSONEventData,
  JSONType,
  Position,
  RecordedEvent as KurrentRecordedEvent,
  RegexFilter,
} from '@kurrent/kurrentdb-client';
import type { CommandOutcome, ExpectedRevision } from './types.js';
import { deterministicUuid } from './uuid.js';

/**
 * Command outcomes live in a stream per command id. They are not domain events: readAll, the
 * head and the wake-up subscription leave these streams out (docs/decisions/0022).
 */
export const OUTCOME_STREAM_PREFIX = 'command-outcome-';

export const outcomeStream = (commandId: string): string => `${OUTCOME_STREAM_PREFIX}${commandId}`;

/**
 * The server-side filter for the global order: no system streams (`$…`, e.g. stream metadata in
 * `$$…`, statistics) and no outcome streams, so a page of `$all` is a page of domain events and a
 * reader never pages through thousands of events it would drop.
 */
export const DOMAIN_STREAMS: RegexFilter = {
  filterOn: 'streamName',
  regex: `^(?!\\$|${OUTCOME_STREAM_PREFIX})`,
  // The readers keep their own checkpoints; the server's filter checkpoints are not used.
  checkpointInterval: 1000,
};

/**
 * The port's place in the global order from KurrentDB's `$all` position. KurrentDB orders `$all`
 * by (commit, prepare); the port orders by (transactionId, position), numerically
 * (comparePositions), so the mapping keeps the order. The events of one append share their
 * commit position, as the events of one PostgreSQL transaction share their transaction id.
 */
export function toGlobalPosition(position: Position): GlobalPosition {
  return { transactionId: position.commit.toString(), position: position.prepare.toString() };
}

export function toKurrentPosition(position: GlobalPosition): Position {
  return { commit: BigInt(position.transactionId), prepare: BigInt(position.position) };
}

export function toStreamState(expected: ExpectedRevision): AppendStreamState {
  return typeof expected === 'number' ? BigInt(expected) : expected;
}

/**
 * The revision of the first event an append wrote. With a definite expectation it follows from
 * the expectation alone, also when the server took the append as a repeat of an earlier one (same
 * event ids) and wrote nothing; with `any` it comes from the revision the server reports.
 */
export function firstRevision(
  expected: ExpectedRevision,
  lastWritten: bigint | undefined,
  count: number,
): bigint {
  if (expected === 'no_stream') return 0n;
  if (typeof expected === 'number') return BigInt(expected) + 1n;
  if (lastWritten === undefined) throw new Error('KurrentDB reported no revision for the append');
  return lastWritten - BigInt(count) + 1n;
}

/**
 * The ids of an append's events, the same as the PostgreSQL store gives them: name-based on
 * (commandId, stream, index), so a repeated append of the same command is recognised by the
 * server (its idempotency check by event id) and written once.
 */
export function eventIds(commandId: string, streamId: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => deterministicUuid(commandId, streamId, String(i)));
}

/** The outcome's event id: a repeated saveOutcome of the same command is written once. */
export const outcomeEventId = (commandId: string): string =>
  deterministicUuid(commandId, 'outcome');

/** Whether an event belongs to the domain: not a system event, not a command outcome. */
export function isDomainEvent(streamId: string, type: string): boolean {
  return (
    !streamId.startsWith('$') &&
    !streamId.startsWith(OUTCOME_STREAM_PREFIX) &&
    !type.startsWith('$')
  );
}

/**
 * The outcome's body with the append's position added, as PostgreSQL's
 * `body || jsonb_build_object('position', …)` makes it: merged into an object, appended to an
 * array, and a scalar becomes a two-element array.
 */
export function withPosition(body: unknown, position: string): unknown {
  if (Array.isArray(body)) return [...(body as unknown[]), { position }];
  if (body !== null && typeof body === 'object') return { ...body, position };
  return [body, { position }];
}

/** A stream was not at the expected revision (the client's WrongExpectedVersionError). */
export function isConflict(err: unknown): err is { streamName?: string } {
  return (err as { type?: unknown } | null)?.type === 'wrong-expected-version';
}

/** Reading a stream that has no events (the client's StreamNotFoundError). */
export function isStreamNotFound(err: unknown): boolean {
  return (err as { type?: unknown } | null)?.type === 'stream-not-found';
}

export function conflict(streamId: string, expected: ExpectedRevision): AppError {
  return new AppError(
    'CONCURRENCY_CONFLICT',
    `Stream ${streamId} changed since it was read (expected revision ${String(expected)}); reload and try again`,
  );
}

export function conflictAmong(streams: string): AppError {
  return new AppError(
    'CONCURRENCY_CONFLICT',
    `One of the streams ${streams} changed since it was read; nothing was appended; reload and try again`,
  );
}

/** An outcome as stored: `appended` when it was written in the same atomic append as events. */
export interface StoredOutcome {
  status: number;
  body: unknown;
  owner: string | null;
  appended: boolean;
}

export function outcomeEvent(
  commandId: string,
  outcome: CommandOutcome,
  appended: boolean,
  metadata?: EventMetadata,
): JSONEventData {
  const data: StoredOutcome = {
    status: outcome.status,
    // As the PostgreSQL store: an append's outcome body defaults to {}, a saved one to null.
    body: outcome.body ?? (appended ? {} : null),
    owner: outcome.owner ?? null,
    appended,
  };
  return {
    id: outcomeEventId(commandId),
    contentType: 'application/json',
    type: 'CommandOutcomeRecorded',
    data: data as unknown as JSONType,
    metadata,
  };
}

export function toEventData(metadata: EventMetadata, streamId: string, events: NewEvent[]) {
  const ids = eventIds(metadata.commandId, streamId, events.length);
  return events.map((e, i): JSONEventData => ({
    id: ids[i]!,
    contentType: 'application/json',
    type: e.type,
    data: (e.data ?? null) as JSONType,
    metadata,
  }));
}

export function toRecorded(event: KurrentRecordedEvent): RecordedEvent {
  if (!event.position)
    throw new Error('KurrentDB sent an event without its $all position (server before 22.6)');
  const metadata = eventMetadataSchema.safeParse(event.metadata);
  if (!metadata.success)
    throw new Error(`Event ${event.id} of ${event.streamId} carries no command metadata`);
  return {
    eventId: event.id,
    streamId: event.streamId,
    streamRevision: Number(event.revision),
    type: event.type,
    data: event.data,
    metadata: metadata.data,
    global: toGlobalPosition(event.position),
  };
}

export async function collect<T>(events: AsyncIterable<{ event?: T }>): Promise<T[]> {
  const found: T[] = [];
  try {
    for await (const resolved of events) if (resolved.event) found.push(resolved.event);
  } catch (err) {
    if (isStreamNotFound(err)) return [];
    throw err;
  }
  return found;
}
