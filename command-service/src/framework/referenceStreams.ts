import { NUMBER_SERIES_CATALOGUE_STREAM, type RecordedEvent } from '@nordlog/contracts';
import type { EventStore } from '@nordlog/platform';

/** Signalled by every process that appended to a reference stream (docs/decisions/0017). */
export const REFERENCE_CHANGED_CHANNEL = 'nordlog_reference_changed';

/**
 * Streams other commands read while deciding (a booking reads its department and the number-series
 * catalogue). Only admins change them, rarely; bookings read them on every order.
 */
export const isReferenceStream = (streamId: string): boolean =>
  streamId.startsWith('department-') || streamId === NUMBER_SERIES_CATALOGUE_STREAM;

/** How a process hears of, and tells others about, a change (the platform's Notifier fits). */
export interface ChangeSignals {
  notify(channel: string): void;
  listen(channel: string, listener: () => void): Promise<() => void>;
}

/** Entries are dropped after this long even when no signal came (a lost NOTIFY). */
export const REFERENCE_CACHE_MS = 5_000;

/**
 * The events of reference streams, kept in memory so a booking costs no stream read for its
 * department and number series. An append through `watch(store)` to a reference stream (or a
 * conflict on one) drops the whole cache at once in this process and signals the others, which
 * drop theirs when the signal arrives (a NOTIFY, within milliseconds); `REFERENCE_CACHE_MS` bounds
 * what a lost signal can cost. Only reads that *inform* a decision about another stream go through
 * the cache; a command on a reference stream itself reads the store, so its expected revision is
 * never decided on cached events.
 */
export class ReferenceStreams {
  private readonly entries = new Map<string, { events: RecordedEvent[]; until: number }>();
  /** Moves on every drop, so a read that started before a change never stores what it read. */
  private generation = 0;
  private stopListening: (() => void) | null = null;

  constructor(
    private readonly store: Pick<EventStore, 'readStream'>,
    private readonly signals?: ChangeSignals,
    private readonly clock: () => number = Date.now,
    private readonly ttlMs = REFERENCE_CACHE_MS,
  ) {}

  /** Starts hearing other processes' changes. */
  async start(): Promise<void> {
    if (this.signals && !this.stopListening)
      this.stopListening = await this.signals.listen(REFERENCE_CHANGED_CHANNEL, () => this.drop());
  }

  stop(): void {
    this.stopListening?.();
    this.stopListening = null;
  }

  async read(streamId: string): Promise<RecordedEvent[]> {
    const now = this.clock();
    const hit = this.entries.get(streamId);
    if (hit && hit.until > now) return hit.events;
    const generation = this.generation;
    const events = await this.store.readStream(streamId);
    if (generation === this.generation) {
      if (this.entries.size > 10_000) this.entries.clear();
      this.entries.set(streamId, { events, until: now + this.ttlMs });
    }
    return events;
  }

  /** Forgets everything (a change here or elsewhere). */
  drop(): void {
    this.generation++;
    this.entries.clear();
  }

  /** A reference stream changed (or may have): drop here, tell the other processes. */
  changed(streamIds: readonly string[]): void {
    if (!streamIds.some(isReferenceStream)) return;
    this.drop();
    this.signals?.notify(REFERENCE_CHANGED_CHANNEL);
  }

  /** The store with every append to a reference stream reported to `changed`. */
  watch(store: EventStore): EventStore {
    const changed = (ids: readonly string[]) => this.changed(ids);
    const after = async <T>(ids: readonly string[], work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } finally {
        // Also after a failure: a conflict means another process moved the stream.
        changed(ids);
      }
    };
    return {
      readStream: (streamId) => store.readStream(streamId),
      ...(store.readStreamsAfter
        ? { readStreamsAfter: (reads) => store.readStreamsAfter!(reads) }
        : {}),
      ...(store.readAllJson
        ? { readAllJson: (from, limit) => store.readAllJson!(from, limit) }
        : {}),
      ...(store.pseudonym ? { pseudonym: (text) => store.pseudonym!(text) } : {}),
      ...(store.storesSubjectKeysIn
        ? { storesSubjectKeysIn: (database) => store.storesSubjectKeysIn!(database) }
        : {}),
      readLastEvent: (streamId) => store.readLastEvent(streamId),
      appendToStream: (...args) => after([args[0]], () => store.appendToStream(...args)),
      appendToStreams: (...args) =>
        after(
          args[0].map((a) => a.streamId),
          () => store.appendToStreams(...args),
        ),
      readAll: (from, limit) => store.readAll(from, limit),
      headPosition: () => store.headPosition(),
      createWaiter: () => store.createWaiter(),
      findOutcome: (commandId) => store.findOutcome(commandId),
      saveOutcome: (commandId, outcome) => store.saveOutcome(commandId, outcome),
      close: () => store.close(),
    };
  }
}
