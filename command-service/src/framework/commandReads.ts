import type { Folded, LoadGroup, StreamStates } from './streamStates.js';

type Folder<S> = LoadGroup['decider'] & { initialState: S };

interface Pending {
  group: LoadGroup;
  resolve: (folded: Folded<unknown>[]) => void;
  reject: (err: unknown) => void;
}

/**
 * One command's reads of streams (docs/decisions/0045, addendum): the loads it asks for together,
 * in the same tick (its reference check's kinds, a handler's `Promise.all`), go to the store in
 * one round trip; and what it prefetched at its start (streams its handler will read, named by
 * the command's prefetch, read together with its references) serves the first load of the same
 * stream with the same decider. A later load of that stream reads the store again, as without
 * prefetch: a prefetched state is a read taken a moment earlier, used once.
 */
export class CommandReads {
  private queue: Pending[] = [];
  private readonly prefetched = new Map<string, Map<object, Promise<Folded<unknown>>>>();

  constructor(private readonly states: Pick<StreamStates, 'loadGroups'>) {}

  /** The streams' states, in the order asked (prefetched ones taken, the rest read together). */
  async loadMany<S>(streamIds: readonly string[], decider: Folder<S>): Promise<Folded<S>[]> {
    const taken = streamIds.map((id) => this.take(id, decider));
    const missing = streamIds.filter((_, i) => !taken[i]);
    const read = missing.length > 0 ? this.enqueue({ streamIds: missing, decider }) : [];
    const fresh = await read;
    let next = 0;
    return (await Promise.all(
      taken.map((t) => t ?? Promise.resolve(fresh[next++]!)),
    )) as Folded<S>[];
  }

  /** Starts reading streams the command will load (with its references): kept for one load each. */
  prefetch<S>(streamIds: readonly string[], decider: Folder<S>): void {
    const unique = [...new Set(streamIds)];
    if (unique.length === 0) return;
    const read = this.enqueue({ streamIds: unique, decider });
    unique.forEach((id, i) => {
      const byDecider = this.prefetched.get(id) ?? new Map<object, Promise<Folded<unknown>>>();
      const one = read.then((folded) => folded[i]!);
      // A failed prefetch is the load's to report (it reads again). One never loaded (the
      // command failed first, say its references' read in a database outage) is never awaited:
      // its rejection must not be an unhandled one, which ends the process.
      one.catch(() => undefined);
      byDecider.set(decider, one);
      this.prefetched.set(id, byDecider);
    });
  }

  /** Drops what was prefetched (a handler run again after a conflict reads everything anew). */
  forget(): void {
    this.prefetched.clear();
  }

  private take(streamId: string, decider: object): Promise<Folded<unknown>> | undefined {
    const byDecider = this.prefetched.get(streamId);
    const found = byDecider?.get(decider);
    if (found) byDecider!.delete(decider);
    // A failed prefetch is read again.
    return found?.catch(() =>
      this.enqueue({ streamIds: [streamId], decider: decider as never }).then((f) => f[0]!),
    );
  }

  private enqueue(group: LoadGroup): Promise<Folded<unknown>[]> {
    return new Promise((resolve, reject) => {
      if (this.queue.length === 0) process.nextTick(() => this.flush());
      this.queue.push({ group, resolve, reject });
    });
  }

  private flush(): void {
    const pending = this.queue;
    this.queue = [];
    this.states.loadGroups(pending.map((p) => p.group)).then(
      (results) => pending.forEach((p, i) => p.resolve(results[i]!)),
      (err: unknown) => pending.forEach((p) => p.reject(err)),
    );
  }
}
