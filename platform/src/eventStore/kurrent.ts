import { EventEmitter } from 'node:events';
import {
  START,
  comparePositions,
  eventMetadataSchema,
  type AppError,
  type EventMetadata,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
} from '@nordlog/contracts';
import type {
  AllStreamSubscription,
  AppendStreamRequest,
  KurrentDBClient,
  MultiAppendResult,
  RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import { signalWaiter, type Waiter } from '../db/notifier.js';
import type { Logger } from '../logger.js';
import {
  collect,
  conflict,
  conflictAmong,
  DOMAIN_STREAMS,
  firstRevision,
  isConflict,
  isDomainEvent,
  outcomeEvent,
  outcomeStream,
  toEventData,
  toGlobalPosition,
  toKurrentPosition,
  toRecorded,
  toStreamState,
  withPosition,
  type StoredOutcome,
} from './kurrentCodec.js';
import {
  assertAppendsWellFormed,
  type AppendOptions,
  type AppendResult,
  type CommandOutcome,
  type EventStore,
  type ExpectedRevision,
  type StreamAppend,
} from './types.js';

// The pure half (positions, ids, outcomes, errors) is kurrentCodec.ts; the unit tests import it
// from here as before.
export * from './kurrentCodec.js';

/** How long the wake-up subscription waits before subscribing again after it was lost. */
const RESUBSCRIBE_MS = 1_000;

const EVENTS = 'events';

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
        // A stream only checked at its revision: nothing appended, nothing to read back.
        if (a.events.length === 0)
          return Promise.resolve<AppendResult>({
            nextRevision: a.expected === 'no_stream' ? -1 : (a.expected as number),
            positions: [],
          });
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
