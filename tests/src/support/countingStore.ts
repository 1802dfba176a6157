import type { EventStore, PostgresEventStore } from '@nordlog/platform';

/** The reads of streams a command makes: store round trips, and the events they handed out. */
export interface StreamReads {
  trips: number;
  /** Of the trips, `readStreamsAfter`s (many streams in one statement). */
  batched: number;
  events: number;
}

/**
 * An event store that counts its stream reads (`counted`, reset by the caller) and passes
 * everything else through: for tests that count a command's round trips instead of timing it.
 */
export function countingStore(raw: PostgresEventStore): {
  store: EventStore;
  counted: StreamReads;
} {
  const counted: StreamReads = { trips: 0, batched: 0, events: 0 };
  const store: EventStore = {
    readStream: async (id) => {
      const events = await raw.readStream(id);
      counted.trips++;
      counted.events += events.length;
      return events;
    },
    readStreamsAfter: async (reads) => {
      const events = await raw.readStreamsAfter(reads);
      counted.trips++;
      counted.batched++;
      counted.events += events.flat().length;
      return events;
    },
    readLastEvent: (id) => raw.readLastEvent(id),
    appendToStream: (...a) => raw.appendToStream(...a),
    appendToStreams: (...a) => raw.appendToStreams(...a),
    readAll: (...a) => raw.readAll(...a),
    headPosition: () => raw.headPosition(),
    createWaiter: () => raw.createWaiter(),
    findOutcome: (id) => raw.findOutcome(id),
    saveOutcome: (...a) => raw.saveOutcome(...a),
    close: () => raw.close(),
  };
  return { store, counted };
}
