import {
  PERSONAL_DATA_ERASED,
  applyPersonal,
  splitPersonal,
  type EventMetadata,
  type GlobalPosition,
  type NewEvent,
  type PersonalPatch,
  type RecordedEvent,
} from '@nordlog/contracts';
import type { Waiter } from '../db/notifier.js';
import {
  readAllJson,
  readStreamsAfter,
  type AppendOptions,
  type AppendResult,
  type CommandOutcome,
  type EventStore,
  type ExpectedRevision,
  type RecordedEventJson,
  type StreamAppend,
  type StreamRead,
  type NewSubjectKey,
  SubjectKeysTaken,
} from '../eventStore/types.js';
import { open, seal, type SubjectKeys } from './keys.js';

/**
 * A stream as the product reads it, with `subjects` erased: the personal data store's own read, or
 * a store's plain read (which seals nothing, so has nothing to open).
 */
export function readStreamErasing(
  store: EventStore,
  streamId: string,
  subjects: Iterable<string>,
): Promise<RecordedEvent[]> {
  return store instanceof PersonalDataStore
    ? store.readStreamErasing(streamId, subjects)
    : store.readStream(streamId);
}

/**
 * The installation's pseudonym of a personal value where `store` seals personal data (the keyed
 * digest of KeyWrapping.pseudonym), else null: a store that seals nothing names nothing by it.
 */
export function pseudonymOf(store: EventStore, text: string): string | null {
  return store.pseudonym?.(text) ?? null;
}

/** The subjects whose sealed data each opened event carried (whether it opened or read as erased). */
const sealedSubjects = new WeakMap<object, readonly string[]>();

/**
 * The data subjects an event read through the personal data store carried sealed data of (none for
 * an event with none, or read elsewhere): how an erasure finds the events of its batch to fold
 * again.
 */
export function sealedSubjectsOf(event: object): readonly string[] {
  return sealedSubjects.get(event) ?? [];
}

/**
 * Forgets the keys the store holds in memory, so what follows reads as the key store says now (a
 * rebuild: another process may have erased a subject a moment ago).
 */
export function forgetCachedKeys(store: EventStore): void {
  if (store instanceof PersonalDataStore) store.keys.clearCache();
}

/** Where a sealed event keeps its subjects' sealed values: `data.$sealed`. */
export const SEALED = '$sealed';

/** One subject's personal values of an event, sealed with the subject's key. */
interface Seal {
  /** The subject. */
  s: string;
  /** base64 of iv ‖ tag ‖ AES-256-GCM(JSON of the values), bound to the subject and the stream. */
  c: string;
}

const binding = (subject: string, streamId: string) => `${subject}|${streamId}`;

const sealsOf = (data: unknown): Seal[] | null => {
  if (typeof data !== 'object' || data === null) return null;
  const seals = (data as Record<string, unknown>)[SEALED];
  return Array.isArray(seals) ? (seals as Seal[]) : null;
};

/** The subjects erased in a stream's own events (PersonalDataErased). */
const erasedIn = (events: readonly RecordedEvent[]): Set<string> => {
  const erased = new Set<string>();
  for (const e of events)
    if (e.type === PERSONAL_DATA_ERASED) erased.add((e.data as { subject: string }).subject);
  return erased;
};

/**
 * The event store with personal data sealed (docs/decisions/0050-personal-data.md): on append,
 * every personal field the inventory (contracts privacy) names is stored as its erased value and
 * sealed, per data subject, with the subject's key in `data.$sealed`; on read, the values are put
 * back where the subject still has its key. Erasing a subject deletes its key: its events keep
 * their shape and read as erased, in every reader and in every rebuild. A stream that records the
 * subject's erasure (PersonalDataErased) reads as erased for it whatever a cache still holds.
 */
export class PersonalDataStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    readonly keys: SubjectKeys,
  ) {}

  pseudonym(text: string): string {
    return this.keys.pseudonym(text);
  }

  /** The store under this one (for tests that read what is stored). */
  get stored(): EventStore {
    return this.inner;
  }

  async appendToStream(
    streamId: string,
    expected: ExpectedRevision,
    events: NewEvent[],
    metadata: EventMetadata,
    options?: AppendOptions,
  ): Promise<AppendResult> {
    return this.appendSealed([{ streamId, expected, events }], (sealed, newSubjectKeys) =>
      this.inner.appendToStream(streamId, expected, sealed[0]!.events, metadata, {
        ...options,
        newSubjectKeys,
      }),
    );
  }

  async appendToStreams(
    appends: StreamAppend[],
    metadata: EventMetadata,
    options?: AppendOptions,
  ): Promise<AppendResult[]> {
    return this.appendSealed(appends, (sealed, newSubjectKeys) =>
      this.inner.appendToStreams(sealed, metadata, { ...options, newSubjectKeys }),
    );
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const events = await this.inner.readStream(streamId);
    return this.openAll(events, erasedIn(events));
  }

  /**
   * A stream read with these subjects erased whatever their keys say: what an erasure folds again
   * in the transaction that deletes the keys (not committed yet, so not seen by this reader).
   */
  async readStreamErasing(streamId: string, subjects: Iterable<string>): Promise<RecordedEvent[]> {
    const events = await this.inner.readStream(streamId);
    const erased = erasedIn(events);
    for (const s of subjects) erased.add(s);
    return this.openAll(events, erased);
  }

  /** Many streams read at once, opened with one key lookup for all their subjects. */
  async readStreamsAfter(reads: readonly StreamRead[]): Promise<RecordedEvent[][]> {
    const lists = await readStreamsAfter(this.inner, reads);
    const keys = await this.keysOf(lists.flat());
    return lists.map((events) => openWith(keys, events, erasedIn(events)));
  }

  async readLastEvent(streamId: string): Promise<RecordedEvent | null> {
    const event = await this.inner.readLastEvent(streamId);
    return event ? (await this.openAll([event], new Set()))[0]! : null;
  }

  async readAll(from: GlobalPosition, limit: number): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readAll(from, limit), new Set());
  }

  readAllJson = async (from: GlobalPosition, limit: number): Promise<RecordedEventJson[]> => {
    const events = await readAllJson(this.inner, from, limit);
    const sealed = events.filter((e) => e.dataJson.includes(`"${SEALED}"`));
    if (sealed.length === 0) return events;
    const opened = await this.openAll(
      sealed.map((e) => ({
        ...e,
        data: JSON.parse(e.dataJson) as unknown,
        metadata: {} as EventMetadata,
      })),
      new Set(),
    );
    const byId = new Map(opened.map((e) => [e.eventId, JSON.stringify(e.data)]));
    return events.map((e) => (byId.has(e.eventId) ? { ...e, dataJson: byId.get(e.eventId)! } : e));
  };

  headPosition(): Promise<GlobalPosition> {
    return this.inner.headPosition();
  }

  createWaiter(): Waiter {
    return this.inner.createWaiter();
  }

  findOutcome(commandId: string): Promise<CommandOutcome | null> {
    return this.inner.findOutcome(commandId);
  }

  saveOutcome(commandId: string, outcome: CommandOutcome): Promise<void> {
    return this.inner.saveOutcome(commandId, outcome);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /**
   * Appends with every event's personal values sealed. The subjects' keys come from one key lookup
   * for all of them; or, where the inner store keeps the key table (docs/decisions/0065), without
   * one: the keys this process holds, and for each subject it holds none of, a new key stored by
   * the append's own statement. That is tried only when every such subject is named after a stream
   * the append creates (`order:7` and a new `order-7`: a new order, user or address), so it has
   * no key yet; where one has a key after all, nothing was appended and the append is made again
   * the first way.
   */
  private async appendSealed<R>(
    appends: StreamAppend[],
    append: (sealed: StreamAppend[], newSubjectKeys?: NewSubjectKey[]) => Promise<R>,
  ): Promise<R> {
    const splits = appends.map((a) =>
      a.events.map((e) => splitPersonal(e.type, a.streamId, e.data)),
    );
    const subjects = splits.flatMap((list) => list.flatMap((s) => [...s.patches.keys()]));
    if (subjects.length === 0) return append(appends);
    const together = this.keys.together;
    if (together && this.inner.storesSubjectKeysIn?.(together.database)) {
      const keys = together.held(subjects);
      const absent = [...new Set(subjects)].filter((s) => !keys.has(s));
      if (absent.every((s) => createdBy(appends, s))) {
        const fresh = new Map(absent.map((s) => [s, together.fresh(s)]));
        for (const [subject, { key }] of fresh) keys.set(subject, key);
        try {
          const result = await append(
            sealAll(appends, splits, keys),
            absent.length > 0
              ? [...fresh].map(([subject, { wrapped }]) => ({ subject, wrapped }))
              : undefined,
          );
          together.stored(new Map([...fresh].map(([subject, { key }]) => [subject, key])));
          return result;
        } catch (err) {
          if (!(err instanceof SubjectKeysTaken)) throw err;
        }
      }
    }
    return append(sealAll(appends, splits, await this.keys.keys(subjects, true)));
  }

  /** The events with their sealed values put back where the subject has a key and is not `erased`. */
  private async openAll<E extends Pick<RecordedEvent, 'streamId' | 'data'>>(
    events: E[],
    erased: ReadonlySet<string>,
  ): Promise<E[]> {
    return openWith(await this.keysOf(events), events, erased);
  }

  /** The keys of every subject the events carry sealed values of, in one lookup (none: none). */
  private async keysOf(
    events: readonly Pick<RecordedEvent, 'data'>[],
  ): Promise<ReadonlyMap<string, Buffer | null>> {
    const subjects: string[] = [];
    for (const e of events) for (const s of sealsOf(e.data) ?? []) subjects.push(s.s);
    return subjects.length === 0 ? new Map() : this.keys.keys(subjects, false);
  }
}

/** The events with their sealed values put back where `keys` has the subject's key and it is not `erased`. */
function openWith<E extends Pick<RecordedEvent, 'streamId' | 'data'>>(
  keys: ReadonlyMap<string, Buffer | null>,
  events: E[],
  erased: ReadonlySet<string>,
): E[] {
  return events.map((e) => {
    const seals = sealsOf(e.data);
    if (!seals) return e;
    const patches: PersonalPatch[] = [];
    for (const { s, c } of seals) {
      const key = erased.has(s) ? null : keys.get(s);
      if (!key) continue;
      const plain = open(key, Buffer.from(c, 'base64'), binding(s, e.streamId));
      patches.push(JSON.parse(plain.toString('utf8')) as PersonalPatch);
    }
    const { [SEALED]: _seals, ...data } = e.data as Record<string, unknown>;
    const opened = { ...e, data: applyPersonal(data, patches) };
    sealedSubjects.set(
      opened,
      seals.map((s) => s.s),
    );
    return opened;
  });
}

/** The appends with every event's personal values sealed with its subject's key in `keys`. */
function sealAll(
  appends: StreamAppend[],
  splits: ReturnType<typeof splitPersonal>[][],
  keys: ReadonlyMap<string, Buffer | null>,
): StreamAppend[] {
  return appends.map((a, i) => ({
    ...a,
    events: a.events.map((event, j) => {
      const { stored, patches } = splits[i]![j]!;
      if (patches.size === 0) return event;
      const seals: Seal[] = [];
      for (const [subject, patch] of patches) {
        const key = keys.get(subject);
        // An erased subject's values are not kept: the event holds their erased form only.
        if (!key) continue;
        const sealed = seal(key, Buffer.from(JSON.stringify(patch)), binding(subject, a.streamId));
        seals.push({ s: subject, c: sealed.toString('base64') });
      }
      const data = seals.length > 0 ? { ...(stored as object), [SEALED]: seals } : stored;
      return { ...event, data };
    }),
  }));
}

/** Whether the append creates the stream a subject is named after (`order:7`: a new `order-7`). */
const createdBy = (appends: readonly StreamAppend[], subject: string) =>
  appends.some(
    (a) =>
      (a.expected === 'no_stream' || a.expected === -1) && a.streamId === subject.replace(':', '-'),
  );
