import type { Waiter } from '../db/notifier.js';
import type { EventMetadata, GlobalPosition, NewEvent, RecordedEvent } from '@nordlog/contracts';

/**
 * A recorded event with its data and metadata as JSON text, as a store that keeps JSON text has
 * them: for readers that only pass the event on (the Kafka relay), so nothing is parsed only to be
 * serialised again.
 */
export interface RecordedEventJson extends Omit<RecordedEvent, 'data' | 'metadata'> {
  /** The data's JSON text (not necessarily compact). */
  dataJson: string;
  /** The metadata's JSON text (not necessarily compact). */
  metadataJson: string;
  /** The metadata's `occurredAt`. */
  occurredAt: string;
}

/**
 * `'no_stream'`: the stream must not exist yet; `'any'`: append whatever the revision is;
 * a number: the revision of the stream's last event the decision was made on.
 */
export type ExpectedRevision = number | 'no_stream' | 'any';

export interface AppendResult {
  /** Revision of the last appended event. */
  nextRevision: number;
  positions: GlobalPosition[];
}

/** A command's first outcome, kept so that a repeated commandId gets the same answer. */
export interface CommandOutcome {
  status: number;
  body: unknown;
  /** Who sent the command and which command it was (`{userId} {command name}`). */
  owner?: string | null;
}

/** One stream's part of a multi-stream append. */
export interface StreamAppend {
  streamId: string;
  expected: ExpectedRevision;
  /** None: the stream is only checked at `expected` (the append rests on it, changes it not). */
  events: NewEvent[];
}

export interface AppendOptions {
  /** Record this outcome of the command atomically with the events, where the store can. */
  outcome?: CommandOutcome;
  /**
   * Keys of data subjects this append is the first to seal data of (docs/decisions/0050, 0065),
   * stored in the same statement as the events: only by a store whose `storesSubjectKeysIn` says
   * it keeps the key table. When any of these subjects has a key (or an erasure) already, nothing
   * is appended and the append throws `SubjectKeysTaken`.
   */
  newSubjectKeys?: readonly NewSubjectKey[];
}

/** A data subject's new key, wrapped by the master key, as the key table keeps it. */
export interface NewSubjectKey {
  subject: string;
  wrapped: Buffer;
}

/** An append with `newSubjectKeys` found a key of one of them stored already: nothing appended. */
export class SubjectKeysTaken extends Error {
  constructor() {
    super('a new data subject of the append has a key already');
    this.name = 'SubjectKeysTaken';
  }
}

/**
 * The event store port. Services use only this; adapters (PostgreSQL now, EventStoreDB later)
 * pass the same contract suite (platform/src/eventStore/contract.ts).
 *
 * @example
 *   const { nextRevision } = await store.appendToStream('order-1', 'no_stream',
 *     [{ type: 'OrderCreated', data }], metadata);
 */
/** One stream of a `readStreamsAfter`: its events after revision `after` (null: all of them). */
export interface StreamRead {
  streamId: string;
  after: number | null;
}

export interface EventStore {
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /**
   * The events of several streams, each after a revision its reader already holds, in one round
   * trip where the store can (PostgreSQL): for readers that keep folded states and read only what
   * is new (docs/decisions/0043). Answers one list per read, in the order of `reads`; a store
   * without it is read with `readStream` (see `readStreamsAfter` below).
   */
  readStreamsAfter?(reads: readonly StreamRead[]): Promise<RecordedEvent[][]>;
  /**
   * The installation's pseudonym of a personal value (a keyed digest), where the store seals
   * personal data (docs/decisions/0050): what must find a personal value without holding it (the
   * reservation of a user's phone number) is named by it. A store that wraps another passes it on.
   */
  pseudonym?(text: string): string;
  /**
   * The newest event of a stream, or null for an empty stream: for streams whose events each carry
   * the state the next decision needs (number allocations), so a decision never reads them all.
   */
  readLastEvent(streamId: string): Promise<RecordedEvent | null>;
  appendToStream(
    streamId: string,
    expected: ExpectedRevision,
    events: NewEvent[],
    metadata: EventMetadata,
    options?: AppendOptions,
  ): Promise<AppendResult>;
  /**
   * Appends to several streams atomically: each stream at its expected revision, or nothing to
   * any of them (`CONCURRENCY_CONFLICT`). For an invariant that spans streams, e.g. a phone
   * number's reservation stream and the user that takes the number (docs/decisions/0013).
   * Results are in the order of `appends`.
   */
  appendToStreams(
    appends: StreamAppend[],
    metadata: EventMetadata,
    options?: AppendOptions,
  ): Promise<AppendResult[]>;
  /**
   * Whether this store's appends can store subject keys (`AppendOptions.newSubjectKeys`) in the
   * key table of the database at `database`: the PostgreSQL store in its own database.
   */
  storesSubjectKeysIn?(database: unknown): boolean;
  /** Events after `from` in the global order, oldest first; never skips a later-committing one. */
  readAll(from: GlobalPosition, limit: number): Promise<RecordedEvent[]>;
  /**
   * `readAll` with data and metadata as their stored JSON text, where the store keeps them as text
   * (PostgreSQL); a store without it is read with `readAll` (see `readAllJson` below).
   */
  readAllJson?(from: GlobalPosition, limit: number): Promise<RecordedEventJson[]>;
  /** Position of the newest event a reader can see now. */
  headPosition(): Promise<GlobalPosition>;
  /** A waiter that wakes when new events may be readable (see Notifier.createWaiter). */
  createWaiter(): Waiter;
  findOutcome(commandId: string): Promise<CommandOutcome | null>;
  saveOutcome(commandId: string, outcome: CommandOutcome): Promise<void>;
  close(): Promise<void>;
}

/**
 * The arguments every adapter's `appendToStreams` refuses: no events at all, a stream without
 * events and without an expected revision to check, or one stream twice.
 */
export function assertAppendsWellFormed(appends: readonly StreamAppend[]): void {
  // A stream with no events is only checked at its expected revision (an append that rests on
  // a stream it does not change, e.g. a booking on its department's SHD settings, 0092).
  if (
    appends.every((a) => a.events.length === 0) ||
    appends.some((a) => a.expected === 'any' && a.events.length === 0)
  )
    throw new Error('appendToStreams needs events, and a revision for a stream it only checks');
  if (new Set(appends.map((a) => a.streamId)).size !== appends.length)
    throw new Error('appendToStreams takes each stream once');
}

/** The events after `from` as JSON text: the store's own `readAllJson`, or `readAll` serialised. */
export async function readAllJson(
  store: EventStore,
  from: GlobalPosition,
  limit: number,
): Promise<RecordedEventJson[]> {
  if (store.readAllJson) return store.readAllJson(from, limit);
  return (await store.readAll(from, limit)).map(recordedEventJson);
}

/** An event with its data and metadata serialised (for a store that has them parsed). */
export function recordedEventJson({ data, metadata, ...rest }: RecordedEvent): RecordedEventJson {
  return {
    ...rest,
    dataJson: JSON.stringify(data) ?? 'null',
    metadataJson: JSON.stringify(metadata),
    occurredAt: metadata.occurredAt,
  };
}

/** The events of each stream after its revision: the store's own `readStreamsAfter`, or `readStream`. */
export async function readStreamsAfter(
  store: Pick<EventStore, 'readStream' | 'readStreamsAfter'>,
  reads: readonly StreamRead[],
): Promise<RecordedEvent[][]> {
  if (reads.length === 0) return [];
  if (store.readStreamsAfter) return store.readStreamsAfter(reads);
  return Promise.all(
    reads.map(async ({ streamId, after }) =>
      (await store.readStream(streamId)).filter((e) => after === null || e.streamRevision > after),
    ),
  );
}
