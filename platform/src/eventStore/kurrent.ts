import { EventEmitter } from 'node:events';
import {
  AppError,
  START,
  comparePositions,
  eventMetadataSchema,
  type EventMetadata,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
} from '@nordlog/contracts';
import type {
  AllStreamSubscription,
  AppendStreamRequest,
  AppendStreamState,
  JSONEventData,
  JSONType,
  KurrentDBClient,
  MultiAppendResult,
  Position,
  RecordedEvent as KurrentRecordedEvent,
  RegexFilter,
} from '@kurrent/kurrentdb-client';
import { signalWaiter, type Waiter } from '../db/notifier.js';
import type { Logger } from '../logger.js';
import {
  assertAppendsWellFormed,
  type AppendOptions,
  type AppendResult,
  type CommandOutcome,
  type EventStore,
  type ExpectedRevision,
  type StreamAppend,
} from './types.js';
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

/** How long the wake-up subscription waits before subscribing again after it was lost. */
const RESUBSCRIBE_MS = 1_000;

const EVENTS = 'events';

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
interface StoredOutcome {
  status: number;
  body: unknown;
  owner: string | null;
  appended: boolean;
}

function outcomeEvent(
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

function toEventData(metadata: EventMetadata, streamId: string, events: NewEvent[]) {
  const ids = eventIds(metadata.commandId, streamId, events.length);
  return events.map((e, i): JSONEventData => ({
    id: ids[i]!,
    contentType: 'application/json',
    type: e.type,
    data: (e.data ?? null) as JSONType,
    metadata,
  }));
}

function toRecorded(event: KurrentRecordedEvent): RecordedEvent {
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

async function collect<T>(events: AsyncIterable<{ event?: T }>): Promise<T[]> {
  const found: T[] = [];
  try {
    for await (const resolved of events) if (resolved.event) found.push(resolved.event);
  } catch (err) {
    if (isStreamNotFound(err)) return [];
    throw err;
  }
  return found;
}

/**
 * The event store on KurrentDB (EventStoreDB), through @kurrent/kurrentdb-client. Passes the same
 * contract suite as the PostgreSQL store (tests/src/eventStore/kurrent.int.test.ts).
 *
 * Single-stream appends without an outcome use the classic append (any supported server). An
 * append that records an outcome, and every multi-stream append, is one atomic
 * `multiStreamAppend` (KurrentDB 25.1 or later): the outcome is an event in its own stream,
 * written together with the events. The store owns the client and disposes of it on close.
 */
export class KurrentEventStore implements EventStore {
  private readonly signals = new EventEmitter();
  private live: AllStreamSubscription | null = null;
  private retry: NodeJS.Timeout | null = null;
  private waiters = 0;
  private closed = false;

  constructor(
    private readonly client: KurrentDBClient,
    private readonly logger?: Logger,
  ) {
    this.signals.setMaxListeners(0);
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    return (await collect(this.client.readStream(streamId))).map(toRecorded);
  }

  async readLastEvent(streamId: string): Promise<RecordedEvent | null> {
    const [last] = await collect(
      this.client.readStream(streamId, {
        direction: 'backwards',
        fromRevision: 'end',
        maxCount: 1,
      }),
    );
    return last ? toRecorded(last) : null;
  }

  async appendToStream(
    streamId: string,
    expected: ExpectedRevision,
    events: NewEvent[],
    metadata: EventMetadata,
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    if (options.outcome) {
      const [result] = await this.appendAtomically(
        [{ streamId, expected, events }],
        metadata,
        options.outcome,
        conflict(streamId, expected),
      );
      return result!;
    }
    const data = toEventData(metadata, streamId, events);
    let written: bigint | undefined;
    try {
      const result = await this.client.appendToStream(streamId, data, {
        streamState: toStreamState(expected),
      });
      // A client made with throwOnAppendFailure=false reports a conflict instead of throwing it.
      if (result.success) written = result.nextExpectedRevision;
    } catch (err) {
      if (!isConflict(err)) throw err;
    }
    if (written === undefined) throw conflict(streamId, expected);
    this.signal();
    return this.readBack(
      streamId,
      firstRevision(expected, written, events.length),
      data.map((e) => e.id),
    );
  }

  async appendToStreams(
    appends: StreamAppend[],
    metadata: EventMetadata,
    options: AppendOptions = {},
  ): Promise<AppendResult[]> {
    assertAppendsWellFormed(appends);
    const streams = appends.map((a) => a.streamId).join(', ');
    return this.appendAtomically(appends, metadata, options.outcome, conflictAmong(streams));
  }

  /**
   * One `multiStreamAppend`: every stream at its expected revision, the outcome (when given)
   * last, in a stream of its own that must not exist yet. When only the outcome's stream
   * conflicts, the command already has an outcome: the events are appended without it and the
   * first outcome stays, as PostgreSQL's `on conflict do nothing` keeps it.
   */
  private async appendAtomically(
    appends: StreamAppend[],
    metadata: EventMetadata,
    outcome: CommandOutcome | undefined,
    conflictError: AppError,
  ): Promise<AppendResult[]> {
    const data = appends.map((a) => toEventData(metadata, a.streamId, a.events));
    const requests: AppendStreamRequest[] = appends.map((a, i) => ({
      streamName: a.streamId,
      expectedState: toStreamState(a.expected),
      events: data[i]!,
    }));
    const outcomeName = outcomeStream(metadata.commandId);
    if (outcome)
      requests.push({
        streamName: outcomeName,
        expectedState: 'no_stream',
        events: [outcomeEvent(metadata.commandId, outcome, true, metadata)],
      });
    let result: MultiAppendResult;
    try {
      result = await this.client.multiStreamAppend(requests);
    } catch (err) {
      if (!isConflict(err)) throw err;
      if (outcome && err.streamName === outcomeName)
        return this.appendAtomically(appends, metadata, undefined, conflictError);
      throw conflictError;
    }
    this.signal();
    return Promise.all(
      appends.map((a, i) => {
        const reported = result.responses.find((r) => r.streamName === a.streamId)?.revision;
        return this.readBack(
          a.streamId,
          firstRevision(a.expected, reported, a.events.length),
          data[i]!.map((e) => e.id),
        );
      }),
    );
  }

  /**
   * The appended events read back for their `$all` positions: an append reports one position for
   * the whole write, the port wants each event's. The ids prove they are this append's events.
   */
  private async readBack(streamId: string, first: bigint, ids: string[]): Promise<AppendResult> {
    const events = (
      await collect(this.client.readStream(streamId, { fromRevision: first, maxCount: ids.length }))
    ).map(toRecorded);
    if (events.length !== ids.length || events.some((e, i) => e.eventId !== ids[i]))
      throw new Error(`The events just appended to ${streamId} are not at revision ${first}`);
    return {
      nextRevision: events[events.length - 1]!.streamRevision,
      positions: events.map((e) => e.global),
    };
  }

  /**
   * Domain events after `from`, oldest first. `$all` is KurrentDB's commit order, so a reader
   * never passes an event that commits later. The server filters out system and outcome
   * streams; a read may start at `from` itself, so one more is asked for and events at or
   * before `from` are dropped. Pages continue while `$`-typed events thinned one out.
   */
  async readAll(from: GlobalPosition, limit: number): Promise<RecordedEvent[]> {
    const found: RecordedEvent[] = [];
    let cursor = from;
    while (found.length < limit) {
      const start = cursor;
      const want = limit - found.length + 1;
      const page = await collect(
        this.client.readAll({
          fromPosition: toKurrentPosition(start),
          maxCount: want,
          filter: DOMAIN_STREAMS,
        }),
      );
      for (const event of page) {
        const global = toGlobalPosition(event.position);
        if (comparePositions(global, start) <= 0) continue;
        cursor = global;
        if (isDomainEvent(event.streamId, event.type) && found.length < limit)
          found.push(toRecorded(event));
      }
      if (page.length < want) break;
    }
    return found;
  }

  async headPosition(): Promise<GlobalPosition> {
    const [newest] = await collect(
      this.client.readAll({
        direction: 'backwards',
        fromPosition: 'end',
        maxCount: 1,
        filter: DOMAIN_STREAMS,
      }),
    );
    return newest ? toGlobalPosition(newest.position) : START;
  }

  /**
   * Wakes on this store's own appends at once, and on other writers' through one live `$all`
   * subscription (domain streams only) shared by the waiters. The waiter's time-out is the poll
   * that covers a lost subscription; a new subscription wakes every waiter, since events may have
   * come while there was none.
   */
  createWaiter(): Waiter {
    this.waiters += 1;
    this.listen();
    return signalWaiter(this.signals, EVENTS, () => {
      this.waiters -= 1;
      if (this.waiters === 0) this.stopListening();
    });
  }

  /**
   * The first outcome of a command. One recorded with an append gets that append's position,
   * as the PostgreSQL store adds it: the position of the append's newest event, which is the
   * domain event just before the outcome in `$all` (the outcome is the append's last event).
   */
  async findOutcome(commandId: string): Promise<CommandOutcome | null> {
    const [recorded] = await collect(
      this.client.readStream(outcomeStream(commandId), { maxCount: 1 }),
    );
    if (!recorded) return null;
    const stored = recorded.data as unknown as StoredOutcome;
    const body = stored.appended
      ? withPosition(stored.body, await this.positionBefore(recorded, commandId))
      : stored.body;
    return stored.owner === null
      ? { status: stored.status, body }
      : { status: stored.status, body, owner: stored.owner };
  }

  private async positionBefore(outcome: KurrentRecordedEvent, commandId: string): Promise<string> {
    if (!outcome.position)
      throw new Error('KurrentDB sent an event without its $all position (server before 22.6)');
    const [previous] = await collect(
      this.client.readAll({
        direction: 'backwards',
        fromPosition: outcome.position,
        maxCount: 1,
        filter: DOMAIN_STREAMS,
      }),
    );
    const metadata = previous && eventMetadataSchema.safeParse(previous.metadata);
    if (!previous || !metadata?.success || metadata.data.commandId !== commandId)
      throw new Error(`The events of command ${commandId} are not just before its outcome`);
    return previous.position.prepare.toString();
  }

  async saveOutcome(commandId: string, outcome: CommandOutcome): Promise<void> {
    try {
      await this.client.appendToStream(
        outcomeStream(commandId),
        outcomeEvent(commandId, outcome, false),
        { streamState: 'no_stream' },
      );
    } catch (err) {
      // The command has an outcome already: the first one stays.
      if (!isConflict(err)) throw err;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopListening();
    this.signal();
    this.signals.removeAllListeners();
    await this.client.dispose();
  }

  private signal(): void {
    this.signals.emit(EVENTS);
  }

  private listen(): void {
    if (this.live || this.retry || this.closed) return;
    const subscription = this.client.subscribeToAll({
      fromPosition: 'end',
      filter: DOMAIN_STREAMS,
    });
    this.live = subscription;
    subscription.on('data', () => this.signal());
    const lost = (err?: Error) => {
      if (this.live !== subscription) return;
      this.live = null;
      void subscription.unsubscribe().catch(() => undefined);
      if (this.closed || this.waiters === 0) return;
      this.logger?.warn({ err }, 'KurrentDB subscription lost; waiters poll until it is back');
      this.retry = setTimeout(() => {
        this.retry = null;
        this.listen();
        this.signal();
      }, RESUBSCRIBE_MS);
      this.retry.unref();
    };
    subscription.on('error', lost);
    subscription.on('close', () => lost());
  }

  private stopListening(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const subscription = this.live;
    this.live = null;
    void subscription?.unsubscribe().catch(() => undefined);
  }
}

/**
 * Connects to KurrentDB, e.g. `kurrentdb://127.0.0.1:2113?tls=false`. The client (gRPC and a
 * native module) is loaded here, not when the platform package is imported, so a deployment on
 * PostgreSQL never loads it.
 */
export async function connectKurrentEventStore(
  url: string,
  options: { logger?: Logger } = {},
): Promise<KurrentEventStore> {
  const { KurrentDBClient } = await import('@kurrent/kurrentdb-client');
  return new KurrentEventStore(KurrentDBClient.connectionString(url), options.logger);
}
