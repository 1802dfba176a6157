import {
  AppError,
  personalUniqueKinds,
  pseudonymText,
  pseudonymousReservationStream,
  reservationStream,
  uniqueValue,
  type RecordedEvent,
  type ReservationEvent,
} from '@nordlog/contracts';
import { pseudonymOf, type EventStore, type StreamAppend } from '@nordlog/platform';
import { fold, type Decider } from './decider.js';
import type { UniqueClaim } from './uniqueClaim.js';

export type { UniqueClaim } from './uniqueClaim.js';

export interface ReservationState {
  ownerId: string | null;
}

export type ReservationCommand =
  | { type: 'reserve'; claim: UniqueClaim; ownerId: string }
  | { type: 'release'; claim: UniqueClaim; ownerId: string };

/**
 * One reservation stream per normalised value: who holds it now. Reserving a value someone else
 * holds is refused; reserving one's own again, or releasing a value one does not hold, is nothing.
 */
export const reservationDecider: Decider<ReservationState, ReservationCommand, ReservationEvent> = {
  initialState: { ownerId: null },
  evolve(state, event) {
    if (event.type === 'UniqueValueReserved') return { ownerId: event.data.ownerId };
    return event.data.ownerId === state.ownerId ? { ownerId: null } : state;
  },
  decide(command, state) {
    const data = {
      kind: command.claim.kind,
      value: uniqueValue(command.claim.kind, command.claim.value),
      ownerId: command.ownerId,
    };
    if (command.type === 'release')
      return state.ownerId === command.ownerId ? [{ type: 'UniqueValueReleased', data }] : [];
    if (state.ownerId === command.ownerId) return [];
    if (state.ownerId !== null)
      throw new AppError(
        command.claim.refusal.errorType,
        command.claim.refusal.description,
        command.claim.refusal.params,
      );
    return [{ type: 'UniqueValueReserved', data }];
  },
};

/**
 * Where a claim's value is reserved, and the value its events record. A personal value (a phone
 * number, an e-mail address) where the store seals personal data: its pseudonym, in the stream
 * named by it, so the reservation holds nothing of the person and needs no erasing; the plain
 * stream it had before (an installation from before pseudonyms) is still asked who holds it.
 */
interface Place {
  streamId: string;
  /** The value the events record (the pseudonym of a personal value). */
  value: string;
  /** The stream the value was reserved in before pseudonyms, read while the own stream is empty. */
  legacy: string | null;
}

function placeOf(store: EventStore, claim: UniqueClaim): Place {
  const plain = reservationStream(claim.kind, claim.value);
  if (!personalUniqueKinds.includes(claim.kind))
    return { streamId: plain, value: uniqueValue(claim.kind, claim.value), legacy: null };
  const pseudonym = pseudonymOf(store, pseudonymText(claim.kind, claim.value));
  if (pseudonym === null)
    return { streamId: plain, value: uniqueValue(claim.kind, claim.value), legacy: null };
  return {
    streamId: pseudonymousReservationStream(claim.kind, pseudonym),
    value: pseudonym,
    legacy: plain,
  };
}

/**
 * The reservation appends that go with an entity's change: values held after the change but not
 * before are reserved, values held before but not after are released. Reads each reservation
 * stream and expects the revision it read, so the append fails if another command moved it.
 *
 * `optimistic` (a command's first attempt): a value to reserve is taken to be new (a booking's
 * shipment id from a number series always is), so its stream is not read and the append expects
 * no stream; where the stream exists the append fails as a conflict and the next attempt reads it
 * and decides on what it holds (the same refusal, or nothing to do, as a read first gives). A
 * personal value is always read: the plain stream of an older installation may hold it.
 */
export async function reservationAppends(
  store: EventStore,
  ownerId: string,
  before: UniqueClaim[],
  after: UniqueClaim[],
  optimistic = false,
): Promise<StreamAppend[]> {
  const byStream = (claims: UniqueClaim[]) =>
    new Map(
      claims.map((c) => {
        const place = placeOf(store, c);
        return [place.streamId, { claim: c, place }] as const;
      }),
    );
  const was = byStream(before);
  const now = byStream(after);
  const commands: [Place, ReservationCommand][] = [
    ...[...now]
      .filter(([stream]) => !was.has(stream))
      .map(([, { claim, place }]): [Place, ReservationCommand] => [
        place,
        { type: 'reserve', claim: { ...claim, value: place.value }, ownerId },
      ]),
    ...[...was]
      .filter(([stream]) => !now.has(stream))
      .map(([, { claim, place }]): [Place, ReservationCommand] => [
        place,
        { type: 'release', claim: { ...claim, value: place.value }, ownerId },
      ]),
  ];
  const appends: StreamAppend[] = [];
  for (const [place, command] of commands) {
    const history =
      optimistic && command.type === 'reserve' && place.legacy === null
        ? []
        : await store.readStream(place.streamId);
    // Who holds the value: its own stream once it has events, else the plain stream of before.
    const holder: readonly RecordedEvent[] =
      history.length === 0 && place.legacy !== null
        ? await store.readStream(place.legacy)
        : history;
    const events = reservationDecider.decide(command, fold(reservationDecider, holder as never[]));
    if (events.length > 0)
      appends.push({
        streamId: place.streamId,
        expected: history.length === 0 ? 'no_stream' : history[history.length - 1]!.streamRevision,
        events,
      });
  }
  return appends;
}
