import {
  AppError,
  type CommandResult,
  type EventMetadata,
  type ErrorItem,
  type NewEvent,
  type RecordedEvent,
} from '@nordlog/contracts';
import type { EventStore, ExpectedRevision } from '@nordlog/platform';
import { type Target } from './decider.js';
import { reservationAppends } from './reservation.js';
import { StreamStates, type Folded } from './streamStates.js';

/** A target's stream as it is now (a new stream: nothing to read). */
const current = (states: StreamStates, t: Target): Promise<Folded<unknown>> =>
  t.isNew
    ? Promise.resolve({ state: t.decider.initialState, revision: null, applied: () => null })
    : states.load(t.streamId, t.decider);

/** The append's expected revision for a stream decided at `revision`. */
const expectedAt = (t: Target, revision: number | null): ExpectedRevision =>
  t.isNew || revision === null ? 'no_stream' : revision;

export interface TargetOutcome {
  id: string;
  events: RecordedEvent[] | { type: string; position: string }[];
  error?: AppError;
}

/** Attempts of a target with unique values or field changes: a lost race is decided again on what won it. */
const UNIQUE_ATTEMPTS = 5;

const isConflict = (err: unknown) =>
  err instanceof AppError && err.items[0]!.errorType === 'CONCURRENCY_CONFLICT';

/**
 * Runs one target: read the stream, fold, decide, append at the revision decided on.
 * A command already applied to this stream (same commandId in its events) is not applied again.
 * A target with unique values appends their reservations in the same atomic append; when that
 * append loses a race it is decided again (bounded), so the loser of two commands that take the
 * same value is refused for the value (e.g. `PHONE_NUMBER_TAKEN`), not for a conflict.
 */
export async function executeTarget(
  store: EventStore,
  t: Target,
  metadata: EventMetadata,
  outcomeFor?: (events: string[]) => { status: number; body: unknown },
  states = new StreamStates(store),
): Promise<{ type: string; position: string }[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await attemptTarget(store, states, t, metadata, outcomeFor, attempt === 1);
    } catch (err) {
      if (!isConflict(err)) throw err;
      // The same command may have won the race in a concurrent retry: then it is done, not refused.
      const again = (await store.readStream(t.streamId)).filter(
        (e) => e.metadata.commandId === metadata.commandId,
      );
      if (again.length > 0)
        return again.map((e) => ({ type: e.type, position: e.global.position }));
      if (!(t.uniques || t.redecide || t.companions) || attempt >= UNIQUE_ATTEMPTS) throw err;
    }
  }
}

async function attemptTarget(
  store: EventStore,
  states: StreamStates,
  t: Target,
  metadata: EventMetadata,
  outcomeFor?: (events: string[]) => { status: number; body: unknown },
  first = false,
): Promise<{ type: string; position: string }[]> {
  const { state, revision, applied: appliedBy } = await current(states, t);
  const applied = appliedBy(metadata.commandId);
  if (applied) {
    // The same commandId from another user is another command: refused, not taken as a repeat.
    if (applied.userId !== metadata.userId)
      throw new AppError(
        'COMMAND_ID_TAKEN',
        `commandId ${metadata.commandId} was used by another user; send a new one`,
      );
    return applied.events;
  }
  assertBasedOn(t, revision);
  t.guard?.(state);
  const events = t.decider.decide(t.command, state);
  if (events.length === 0) return [];
  const expected = expectedAt(t, revision);
  const reservations = t.uniques
    ? await reservationAppends(
        store,
        t.id,
        t.uniques(state),
        t.uniques(events.reduce((s, e) => t.decider.evolve(s, e), state)),
        // A new entity's values are new on its first attempt (a lost race reads them).
        first && t.isNew === true,
      )
    : [];
  const companions = t.companions
    ? await companionAppends(store, states, t.companions(state), first)
    : [];
  const extra = [...companions, ...reservations];
  const outcome = outcomeFor?.(events.map((e) => e.type));
  const options = outcome ? { outcome } : {};
  const results =
    extra.length === 0
      ? [await store.appendToStream(t.streamId, expected, events, metadata, options)]
      : await store.appendToStreams(
          [{ streamId: t.streamId, expected, events }, ...extra],
          metadata,
          options,
        );
  // The reply's position is the whole atomic append's, reservations included, as the stored
  // outcome's is: a repeated commandId then answers the same, and a read waits for all of it.
  const head = results
    .flatMap((r) => r.positions.map((p) => p.position))
    .reduce((max, p) => (BigInt(p) > BigInt(max) ? p : max));
  return events.map((e, i) => ({
    type: e.type,
    position: i === events.length - 1 ? head : results[0]!.positions[i]!.position,
  }));
}

/**
 * The appends of a target's companions, each decided on its stream's current state (a new
 * stream's is its decider's first), with the reservations of the unique values it takes or drops.
 */
async function companionAppends(
  store: EventStore,
  states: StreamStates,
  companions: Target[],
  first: boolean,
) {
  const appends: { streamId: string; expected: ExpectedRevision; events: NewEvent[] }[] = [];
  for (const c of companions) {
    const { state, revision } = await current(states, c);
    c.guard?.(state);
    const events = c.decider.decide(c.command, state);
    if (c.expectOnly) {
      assertBasedOn(c, revision);
      appends.push({ streamId: c.streamId, expected: expectedAt(c, revision), events: [] });
      continue;
    }
    if (events.length === 0) continue;
    appends.push({ streamId: c.streamId, expected: expectedAt(c, revision), events });
    if (c.uniques)
      appends.push(
        ...(await reservationAppends(
          store,
          c.id,
          c.uniques(state),
          c.uniques(events.reduce((s, e) => c.decider.evolve(s, e), state)),
          first && c.isNew === true,
        )),
      );
  }
  return appends;
}

export interface Execution {
  status: number;
  body: CommandResult | ErrorItem[];
  /** Whether this outcome is the command's final word (kept for repeats) or may be retried. */
  final: boolean;
  /** Whether the store already recorded the outcome together with the append. */
  saved: boolean;
}

/**
 * Runs every target of a command. One target: its outcome is the command's. Several (bulk
 * commands): each stream is decided and appended on its own; the reply lists what failed, and
 * is an error only when every target failed.
 */
export async function executeTargets(
  store: EventStore,
  targets: Target[],
  metadata: EventMetadata,
  /** Keep the outcome for repeats (only a client that chose the command id can repeat it). */
  keepOutcome = true,
  /** Who sent which command (`{userId} {name}`), kept with the outcome. */
  owner: string | null = null,
  states = new StreamStates(store),
): Promise<Execution> {
  const succeeded: { id: string; events: { type: string; position: string }[] }[] = [];
  const failed: { id: string; error: AppError }[] = [];
  const single = targets.length === 1;
  for (const t of targets) {
    try {
      const outcomeFor =
        single && keepOutcome
          ? (events: string[]) => ({
              owner,
              status: 200,
              body: resultBody(
                metadata.commandId,
                [{ id: t.id, events: events.map((type) => ({ type, position: '' })) }],
                [],
              ),
            })
          : undefined;
      succeeded.push({
        id: t.id,
        events: await executeTarget(store, t, metadata, outcomeFor, states),
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      failed.push({ id: t.id, error: err });
    }
  }
  if (succeeded.length === 0 && failed.length > 0) {
    const first = failed[0]!.error;
    const items = single
      ? first.items
      : failed.flatMap((f) =>
          f.error.items.map((i) => ({ ...i, description: `${f.id}: ${i.description}` })),
        );
    const retryable = failed.some((f) => f.error.items[0]!.errorType === 'CONCURRENCY_CONFLICT');
    return { status: first.status, body: items, final: !retryable, saved: false };
  }
  const saved = single && keepOutcome && succeeded[0]!.events.length > 0;
  return {
    status: 200,
    body: resultBody(metadata.commandId, succeeded, failed),
    final: true,
    saved,
  };
}

function resultBody(
  commandId: string,
  succeeded: { id: string; events: { type: string; position: string }[] }[],
  failed: { id: string; error: AppError }[],
): CommandResult {
  const positions = succeeded.flatMap((s) => s.events.map((e) => e.position)).filter(Boolean);
  const last = positions.reduce<string | null>(
    (max, p) => (max === null || BigInt(p) > BigInt(max) ? p : max),
    null,
  );
  return {
    commandId,
    position: last,
    events: succeeded.flatMap((s) => s.events.map((e) => e.type)),
    ids: succeeded.map((s) => s.id),
    failed: failed.map((f) => ({
      id: f.id,
      errorType: f.error.items[0]!.errorType,
      description: f.error.items[0]!.description,
    })),
  };
}

/** Targets decided together and appended all or nothing (one atomic append across streams). */
export type AtomicTargets = Target[] & { atomic: true };

/**
 * Marks targets as one atomic change: every stream is decided on its current state and all their
 * events are appended together at the revisions decided on, or none is (an invariant across
 * streams, e.g. a slot's capacity and the consignments planned onto it). A refusal of any target
 * refuses the command; a lost race is a CONCURRENCY_CONFLICT, which the service answers by running
 * the handler again on what won.
 */
/** A target decided from a revision it names is refused when its stream has moved since. */
function assertBasedOn(t: Target, head: number | null) {
  if (t.basedOn === undefined) return;
  if (head !== t.basedOn)
    throw new AppError(
      'CONCURRENCY_CONFLICT',
      `${t.streamId} changed while the command was decided; load it again and retry`,
    );
}

export const atomic = (targets: Target[]): AtomicTargets =>
  Object.assign(targets, { atomic: true as const });
export const isAtomic = (targets: Target[]): targets is AtomicTargets =>
  (targets as Partial<AtomicTargets>).atomic === true;

export async function executeAtomic(
  store: EventStore,
  targets: AtomicTargets,
  metadata: EventMetadata,
  keepOutcome = true,
  owner: string | null = null,
  states = new StreamStates(store),
): Promise<Execution> {
  const streams = new Set(targets.map((t) => t.streamId));
  if (streams.size !== targets.length)
    throw new Error('an atomic command acts on each stream once');
  if (targets.some((t) => t.uniques))
    throw new Error('an atomic command cannot reserve unique values');
  const nows = await currentAll(states, targets);
  // A repeat of a command that was applied: the same answer, from what it appended.
  const applied = targets.flatMap((t, i) => {
    const a = nows[i]!.applied(metadata.commandId);
    return a ? [{ id: t.id, ...a }] : [];
  });
  if (applied.length > 0) {
    if (applied[0]!.userId !== metadata.userId)
      throw new AppError(
        'COMMAND_ID_TAKEN',
        `commandId ${metadata.commandId} was used by another user; send a new one`,
      );
    const byTarget = new Map<string, { type: string; position: string }[]>();
    for (const a of applied) byTarget.set(a.id, [...(byTarget.get(a.id) ?? []), ...a.events]);
    const succeeded = [...byTarget].map(([id, events]) => ({ id, events }));
    return {
      status: 200,
      body: resultBody(metadata.commandId, succeeded, []),
      final: true,
      saved: true,
    };
  }
  const decided: { t: Target; events: NewEvent[]; expected: ExpectedRevision }[] = [];
  try {
    targets.forEach((t, i) => {
      const { state, revision } = nows[i]!;
      assertBasedOn(t, revision);
      t.guard?.(state);
      const events = t.decider.decide(t.command, state);
      if (events.length > 0 || t.expectOnly)
        decided.push({ t, events: t.expectOnly ? [] : events, expected: expectedAt(t, revision) });
    });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const retryable = err.items[0]!.errorType === 'CONCURRENCY_CONFLICT';
    return { status: err.status, body: err.items, final: !retryable, saved: false };
  }
  // Streams only checked change nothing: without a change there is nothing to append.
  const changes = decided.filter((d) => d.events.length > 0);
  if (changes.length === 0)
    return { status: 200, body: resultBody(metadata.commandId, [], []), final: true, saved: false };
  const body = (positions: string[][]) =>
    resultBody(
      metadata.commandId,
      decided.flatMap((d, i) =>
        d.events.length === 0
          ? []
          : [
              {
                id: d.t.id,
                events: d.events.map((e, j) => ({
                  type: e.type,
                  position: positions[i]?.[j] ?? '',
                })),
              },
            ],
      ),
      [],
    );
  const options = keepOutcome ? { outcome: { owner, status: 200, body: body([]) } } : {};
  const results = await store.appendToStreams(
    decided.map((d) => ({ streamId: d.t.streamId, expected: d.expected, events: d.events })),
    metadata,
    options,
  );
  return {
    status: 200,
    body: body(results.map((r) => r.positions.map((p) => p.position))),
    final: true,
    saved: keepOutcome,
  };
}

/**
 * The targets' streams as they are now: those of one decider read together (one round trip where
 * the store can), e.g. a slot's orders.
 */
async function currentAll(states: StreamStates, targets: Target[]): Promise<Folded<unknown>[]> {
  const out: Folded<unknown>[] = new Array<Folded<unknown>>(targets.length);
  const byDecider = new Map<object, number[]>();
  targets.forEach((t, i) => {
    if (t.isNew) return;
    byDecider.set(t.decider, [...(byDecider.get(t.decider) ?? []), i]);
  });
  await Promise.all(
    [...byDecider].map(async ([, at]) => {
      const first = targets[at[0]!]!;
      const read = await states.loadMany(
        at.map((i) => targets[i]!.streamId),
        first.decider,
      );
      at.forEach((i, k) => (out[i] = read[k]!));
    }),
  );
  targets.forEach((t, i) => {
    if (t.isNew) out[i] = { state: t.decider.initialState, revision: null, applied: () => null };
  });
  return out;
}
