import { StreamStates, executeCommand } from '@nordlog/command-service';
import { SYSTEM_IDENTITY } from '@nordlog/contracts';
import {
  PostgresEventStore,
  PostgresIdAllocator,
  silentLogger,
  type EventStore,
} from '@nordlog/platform';
import { configureNumberSeries } from './booking.js';
import type { TestDatabase } from './database.js';

/** The reads of streams a command makes: store round trips, and the events they handed out. */
export interface StreamReads {
  trips: number;
  /** Of the trips, `readStreamsAfter`s (many streams in one statement). */
  batched: number;
  events: number;
}

/** The PostgreSQL store with some of its calls replaced (tests that watch or steer them). */
export function passThrough(
  raw: PostgresEventStore,
  overrides: Pick<EventStore, 'readStream' | 'readStreamsAfter'>,
): EventStore {
  return {
    readStream: overrides.readStream,
    readStreamsAfter: overrides.readStreamsAfter,
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
  const store = passThrough(raw, {
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
  });
  return { store, counted };
}

/**
 * The command service on a test database with a counting store, its stream states kept between
 * commands as the composition root keeps them (deploy/src/parts.ts), commands run as the system.
 */
export function countedCommands(db: TestDatabase) {
  const raw = new PostgresEventStore(db.knex, db.notifier);
  const { store, counted } = countingStore(raw);
  const deps: Parameters<typeof executeCommand>[0] = {
    store,
    ids: new PostgresIdAllocator(db.knex),
    logger: silentLogger(),
    states: new StreamStates(store),
  };
  const send = (name: string, payload: unknown) =>
    executeCommand(deps, { name, body: { type: name, payload }, identity: SYSTEM_IDENTITY });
  /** Runs a command that must succeed; its new ids. */
  const run = async (name: string, payload: unknown): Promise<string[]> => {
    const res = (await send(name, payload)) as { status: number; body: { ids: string[] } };
    if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
    return res.body.ids;
  };
  /** Counts from nought (what the commands after it read is in `counted`). */
  const reset = () => {
    counted.trips = counted.batched = counted.events = 0;
  };
  /** What one command reads of streams. */
  const reads = async (name: string, payload: unknown): Promise<StreamReads> => {
    reset();
    await run(name, payload);
    return { ...counted };
  };
  /** An Oslo department, a customer of it, and the number series bookings draw from. */
  const departmentAndCustomer = async () => {
    const [department] = await run('CREATE_DEPARTMENT', {
      name: 'Oslo',
      departmentType: 'courier',
      country: 'NO',
      location: { lat: 59.91, lng: 10.75 },
    });
    const [customer] = await run('CREATE_CUSTOMER', { name: 'Kunde', departmentId: department });
    await configureNumberSeries({ command: send });
    return { department: department!, customer: customer! };
  };
  return { raw, counted, reset, run, reads, departmentAndCustomer };
}
