import type { NewEvent } from '@nordlog/contracts';
import type { UniqueClaim } from './uniqueClaim.js';

/**
 * A pure decider (EventSourcing.NodeJS `samples/decider`): no clock, no ids, no I/O.
 * Time and ids arrive inside the command, filled in by the handler from injected dependencies.
 */
export interface Decider<State, Command, Event extends NewEvent> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

/** Folds a stream's events into the decider's state. */
export const fold = <S, E extends NewEvent>(
  decider: Pick<Decider<S, never, E>, 'initialState' | 'evolve'>,
  events: E[],
): S => events.reduce(decider.evolve, decider.initialState);

/**
 * One stream a command acts on. `isNew` marks a stream the handler just allocated an id for, so
 * there is nothing to read and the append expects no stream.
 */
export interface Target<State = unknown, Command = unknown, Event extends NewEvent = NewEvent> {
  id: string;
  streamId: string;
  isNew?: boolean;
  /** Refuses (throws) when the caller may not act on the entity in this state (e.g. its department). */
  guard?: (state: State) => void;
  decider: Decider<State, Command, Event>;
  command: Command;
  /**
   * The unique values (phone number, e-mail) the entity holds in a state. The executor reserves
   * what the decided events add and releases what they drop, in one atomic append with them.
   */
  uniques?: (state: State) => UniqueClaim[];
  /**
   * The command names fields to change, not a state it saw: when its append loses a race it is
   * decided again on the newer state (bounded), so two updates of different fields both apply.
   */
  redecide?: boolean;
  /**
   * The stream revision the handler decided from (null: no stream), when the command carries
   * values the handler derived from that state (e.g. an order merged with an update): the append
   * is refused as a concurrency conflict (409) when the stream has moved since.
   */
  basedOn?: number | null;
  /**
   * A stream the decision rests on without changing it (e.g. a department's SHD settings a
   * booking was decided under, 0092): decided as any (its guard and decider may refuse; it decides
   * no events) and appended with no events at the revision read, so the append is a concurrency
   * conflict when the stream moved since (a companion, or a target of an atomic command).
   */
  expectOnly?: boolean;
  /**
   * Other streams that change with this one, from the state it was decided on (e.g. the slot an
   * order leaves when it is deleted): decided on their own states and appended atomically with it.
   */
  companions?: (state: State) => Target[];
}

/** Erases a target's types, for handlers that return targets of one decider. */
export const target = <S, C, E extends NewEvent>(t: Target<S, C, E>): Target =>
  t as unknown as Target;
