import {
  AppError,
  reservationStream,
  uniqueValue,
  type ReservationEvent,
} from '@nordlog/contracts';
import type { EventStore, StreamAppend } from '@nordlog/platform';
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
 * The reservation appends that go with an entity's change: values held after the change but not
 * before are reserved, values held before but not after are released. Reads each reservation
 * stream and expects the revision it read, so the append fails if another command moved it.
 *
 * `optimistic` (a command's first attempt): a value to reserve is taken to be new (a booking's
 * shipment id from a number series always is), so its stream is not read and the append expects
 * no stream; where the stream exists the append fails as a conflict and the next attempt reads it
 * and decides on what it holds (the same refusal, or nothing to do, as a read first gives).
 */
export async function reservationAppends(
  store: EventStore,
  ownerId: string,
  before: UniqueClaim[],
  after: UniqueClaim[],
  optimistic = false,
): Promise<StreamAppend[]> {
  const byStream = (claims: UniqueClaim[]) =>
    new Map(claims.map((c) => [reservationStream(c.kind, c.value), c]));
  const was = byStream(before);
  const now = byStream(after);
  const commands: [string, ReservationCommand][] = [
    ...[...now]
      .filter(([stream]) => !was.has(stream))
      .map(([stream, claim]): [string, ReservationCommand] => [
        stream,
        { type: 'reserve', claim, ownerId },
      ]),
    ...[...was]
      .filter(([stream]) => !now.has(stream))
      .map(([stream, claim]): [string, ReservationCommand] => [
        stream,
        { type: 'release', claim, ownerId },
      ]),
  ];
  const appends: StreamAppend[] = [];
  for (const [streamId, command] of commands) {
    const history =
      optimistic && command.type === 'reserve' ? [] : await store.readStream(streamId);
    const events = reservationDecider.decide(command, fold(reservationDecider, history as never[]));
    if (events.length > 0)
      appends.push({
        streamId,
        expected: history.length === 0 ? 'no_stream' : history[history.length - 1]!.streamRevision,
        events,
      });
  }
  return appends;
}
