import type { RecordedEvent } from '@nordlog/contracts';
import { readStreamsAfter, type EventStore } from '@nordlog/platform';
import type { Decider } from './decider.js';

type Folder<S> = Pick<Decider<S, never, never>, 'initialState' | 'evolve'>;

/** Streams to load with one decider (one `loadMany` of `loadGroups`). */
export interface LoadGroup {
  streamIds: readonly string[];
  decider: Folder<unknown>;
}

/** What one command appended to a stream, as a repeat of it is answered. */
export interface Applied {
  userId: string;
  events: { type: string; position: string }[];
}

/** A stream's state folded with one decider, at a revision. */
export interface Folded<S> {
  state: S;
  /** The revision of the stream's last event folded (null: no stream). */
  revision: number | null;
  /** What the command with this id appended to the stream (null: nothing). */
  applied: (commandId: string) => Applied | null;
}

interface Entry {
  state: unknown;
  revision: number | null;
  /** By command id, what each command appended (events are never changed, only added). */
  applied: ReadonlyMap<string, Applied>;
}

/**
 * Folded states kept at most (each a stream with one decider); the least recently read go. A day
 * whose commands come back to more streams than this in turn (couriers scanning their routes)
 * finds none of them kept: least-recently-read drops each state just before it is read again.
 * Sized for the issue 42 day (200 routes of 40 orders, 8,400 streams) with room (0064 addendum);
 * the service's own is COMMAND_STATES_KEPT.
 */
export const STREAM_STATES_KEPT = 50_000;

/**
 * Streams' states folded by their deciders, kept in memory with the revision they were folded to,
 * so a command reads only the events appended since (docs/decisions/0043): a slot is not folded
 * again from its first event on every command, and the orders on it are read in one round trip.
 * Nothing is ever stale: the events a state was folded from never change (the store only
 * appends), so the state at revision r and the events after r are the stream's state now; every
 * load still asks the store what is new. States are shared between commands and must not be
 * changed by their readers (deciders are pure); under test they are frozen, so a reader that
 * changes one fails there.
 */
export class StreamStates {
  private readonly entries = new Map<string, Map<object, Entry>>();

  constructor(
    private readonly store: Pick<EventStore, 'readStream' | 'readStreamsAfter'>,
    private readonly kept = STREAM_STATES_KEPT,
    private readonly freeze = process.env.NODE_ENV === 'test',
  ) {}

  async load<S>(streamId: string, decider: Folder<S>): Promise<Folded<S>> {
    return (await this.loadMany([streamId], decider))[0]!;
  }

  /** The streams' states now, in the order asked; all read in one round trip where the store can. */
  async loadMany<S>(streamIds: readonly string[], decider: Folder<S>): Promise<Folded<S>[]> {
    return (await this.loadGroups([{ streamIds, decider }]))[0] as Folded<S>[];
  }

  /**
   * Several `loadMany` at once, with their own deciders, in one round trip where the store can
   * (a command's reads asked together: its references, what its handler reads first). A stream
   * asked with two deciders is read once, from the older of their revisions.
   */
  async loadGroups(groups: readonly LoadGroup[]): Promise<Folded<unknown>[][]> {
    const asked = new Map<string, Map<Folder<unknown>, Entry | undefined>>();
    for (const { streamIds, decider } of groups)
      for (const id of streamIds) {
        const byDecider = asked.get(id) ?? new Map<Folder<unknown>, Entry | undefined>();
        byDecider.set(decider, this.entries.get(id)?.get(decider));
        asked.set(id, byDecider);
      }
    const streams = [...asked];
    // From the oldest revision any of its deciders holds (null: one holds nothing).
    const after = (held: Iterable<Entry | undefined>) => {
      let oldest: number | null = Number.POSITIVE_INFINITY;
      for (const entry of held) {
        const revision = entry?.revision ?? null;
        if (revision === null) return null;
        oldest = Math.min(oldest, revision);
      }
      return oldest;
    };
    const news = await readStreamsAfter(
      this.store,
      streams.map(([streamId, byDecider]) => ({ streamId, after: after(byDecider.values()) })),
    );
    const folded = new Map<string, Map<Folder<unknown>, Folded<unknown>>>();
    streams.forEach(([streamId, byDecider], i) => {
      const views = new Map<Folder<unknown>, Folded<unknown>>();
      for (const [decider, held] of byDecider) {
        const since = held?.revision ?? null;
        const events = since === null ? news[i]! : news[i]!.filter((e) => e.streamRevision > since);
        const entry = this.advance(held, events, decider);
        this.keep(streamId, decider, entry);
        views.set(decider, view(entry));
      }
      folded.set(streamId, views);
    });
    return groups.map(({ streamIds, decider }) =>
      streamIds.map((id) => folded.get(id)!.get(decider)!),
    );
  }

  /**
   * What this process itself appended to a stream it holds a state of, folded in without reading
   * it back (docs/decisions/0062, addendum "the relay reads back nothing it wrote"): `events` are
   * the events as decided, appended at revision `expected` by an append that succeeded (so they
   * are the stream's events `expected + 1` on). Taken only when the state held is at `expected`;
   * otherwise the next load reads them from the store as always.
   */
  appended<S>(
    streamId: string,
    decider: Folder<S>,
    expected: number,
    events: readonly RecordedEvent[],
  ): void {
    const held = this.entries.get(streamId)?.get(decider);
    if (!held || held.revision !== expected || events.length === 0) return;
    this.keep(streamId, decider, this.advance(held, events, decider));
  }

  private advance<S>(
    held: Entry | undefined,
    events: readonly RecordedEvent[],
    decider: Folder<S>,
  ): Entry {
    const from: Entry = held ?? {
      state: decider.initialState,
      revision: null,
      applied: new Map(),
    };
    if (events.length === 0) return from;
    let state = from.state as S;
    const applied = new Map(from.applied);
    for (const e of events) {
      state = decider.evolve(state, e as never);
      const by = applied.get(e.metadata.commandId);
      const one = { type: e.type, position: e.global.position };
      applied.set(
        e.metadata.commandId,
        by ? { ...by, events: [...by.events, one] } : { userId: e.metadata.userId, events: [one] },
      );
    }
    if (this.freeze) deepFreeze(state);
    return { state, revision: events[events.length - 1]!.streamRevision, applied };
  }

  /** Keeps the newest state read (a slower concurrent read never puts back an older one). */
  private keep(streamId: string, decider: object, entry: Entry): void {
    const byDecider = this.entries.get(streamId) ?? new Map<object, Entry>();
    const current = byDecider.get(decider);
    if (!current || (current.revision ?? -1) <= (entry.revision ?? -1))
      byDecider.set(decider, entry);
    // Most recently read last: the first key is the one to drop.
    this.entries.delete(streamId);
    this.entries.set(streamId, byDecider);
    while (this.entries.size > this.kept) this.entries.delete(this.entries.keys().next().value!);
  }
}

const view = <S>(entry: Entry): Folded<S> => ({
  state: entry.state as S,
  revision: entry.revision,
  applied: (commandId) => entry.applied.get(commandId) ?? null,
});

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}
