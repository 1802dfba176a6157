import {
  AppError,
  orderStream,
  type EventMetadata,
  type PreAdviceEvent,
  type RecordedEvent,
} from '@nordlog/contracts';
import {
  deterministicUuid,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
} from '@nordlog/platform';
import type { StreamStates } from '../framework/streamStates.js';
import { preAdviceDecider, type PreAdviceCommand, type PreAdviceState } from './decider.js';

/** Orders decided and appended together (one read of their streams, one multi-stream append). */
export const PRE_ADVICE_CHUNK = 500;

/** One order's commands of a chunk, decided in order on its stream. */
export interface OrderCommands {
  orderId: string;
  commands: PreAdviceCommand[];
}

/**
 * Decides many orders' pre-advice commands and appends their events in one atomic
 * `appendToStreams` (docs/decisions/0062, addendum "the pass in batches"): the orders' streams read
 * in one round trip, each order's commands decided in memory on its state, every order's events at
 * the revision they were decided on. The append is all or nothing: when another process appended
 * to one of the streams meanwhile (or decided the same chunk: the same command id gives the same
 * event ids), nothing is appended and the answer is null; the caller then runs the commands one by
 * one (`executeTarget`), where the decider refuses an attempt decided twice. An order the decider
 * refuses (not found) is left out. Returns the events appended per order.
 */
export async function appendMany(
  store: EventStore,
  states: StreamStates,
  chunk: readonly OrderCommands[],
  name: string,
  now: Date,
): Promise<Map<string, number> | null> {
  const folded = await states.loadMany(
    chunk.map((c) => orderStream(c.orderId)),
    preAdviceDecider,
  );
  const appends: { streamId: string; expected: ExpectedRevision; events: PreAdviceEvent[] }[] = [];
  const counts = new Map<string, number>();
  chunk.forEach(({ orderId, commands }, i) => {
    const { state, revision } = folded[i]!;
    let s: PreAdviceState = state;
    const events: PreAdviceEvent[] = [];
    try {
      for (const command of commands)
        for (const e of preAdviceDecider.decide(command, s)) {
          events.push(e);
          s = preAdviceDecider.evolve(s, e);
        }
    } catch {
      return; // Not an order (any more): nothing to decide for it.
    }
    if (events.length === 0 || revision === null) return;
    appends.push({ streamId: orderStream(orderId), expected: revision, events });
    counts.set(orderId, events.length);
  });
  if (appends.length === 0) return counts;
  // The same chunk decided the same way by two passes has one id: the second append conflicts.
  const commandId = deterministicUuid(
    'pre-advice',
    name,
    appends.map((a) => `${a.streamId}@${String(a.expected)}`).join(','),
  );
  const metadata: EventMetadata = {
    commandId,
    correlationId: commandId,
    causationId: commandId,
    userId: 'system',
    occurredAt: now.toISOString(),
  };
  let results: AppendResult[];
  try {
    results = await store.appendToStreams(appends, metadata);
  } catch (err) {
    // A lost race only: anything else (the store unreachable) is the pass's failure.
    if (err instanceof AppError && err.items[0]!.errorType === 'CONCURRENCY_CONFLICT') return null;
    throw err;
  }
  // The pass's states take what was appended as decided: the relay reads none of it back (no
  // opening of the sealed messages, no key lookup), only what another process appended since.
  appends.forEach((a, i) => {
    const positions = results[i]?.positions ?? [];
    if (typeof a.expected !== 'number' || positions.length !== a.events.length) return;
    const expected = a.expected;
    states.appended(
      a.streamId,
      preAdviceDecider,
      expected,
      a.events.map((e, ord): RecordedEvent => ({
        ...e,
        eventId: deterministicUuid(commandId, a.streamId, String(ord)),
        streamId: a.streamId,
        streamRevision: expected + 1 + ord,
        global: positions[ord]!,
        metadata,
      })),
    );
  });
  return counts;
}

/** `items` in chunks of `size`. */
export function chunks<T>(items: readonly T[], size = PRE_ADVICE_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
