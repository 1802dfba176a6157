import { describe, expect, it } from '@jest/globals';
import { CommandReads } from './commandReads.js';
import type { Folded, LoadGroup } from './streamStates.js';

const counter = { initialState: 0, evolve: (n: number) => n + 1 };
const other = { initialState: 'x', evolve: (s: string) => s };

/** A StreamStates stand-in: each call is one round trip; a stream's state is its read count. */
function fakeStates() {
  const calls: LoadGroup[][] = [];
  let reads = 0;
  return {
    calls,
    failNext: false,
    async loadGroups(groups: readonly LoadGroup[]): Promise<Folded<unknown>[][]> {
      calls.push([...groups]);
      if (this.failNext) {
        this.failNext = false;
        throw new Error('store down');
      }
      reads++;
      return groups.map((g) =>
        g.streamIds.map((id) => ({
          state: `${id}@${reads}`,
          revision: reads,
          applied: () => null,
        })),
      );
    },
  };
}

describe('CommandReads: one command’s reads of streams', () => {
  it('sends the loads asked in the same tick to the store together, each answered in its order', async () => {
    const states = fakeStates();
    const reads = new CommandReads(states);
    const [a, b] = await Promise.all([
      reads.loadMany(['s-1', 's-2'], counter),
      reads.loadMany(['s-3'], other),
    ]);
    expect(states.calls).toHaveLength(1);
    expect(a.map((f) => f.state)).toEqual(['s-1@1', 's-2@1']);
    expect(b.map((f) => f.state)).toEqual(['s-3@1']);
    // A load asked after the first answer is a round trip of its own.
    await reads.loadMany(['s-1'], counter);
    expect(states.calls).toHaveLength(2);
  });

  it('serves the first load of a prefetched stream and decider from the prefetch, later ones from the store', async () => {
    const states = fakeStates();
    const reads = new CommandReads(states);
    reads.prefetch(['pin-1', 'pin-2'], counter);
    const refs = reads.loadMany(['customer-1'], other);
    expect((await refs)[0]!.state).toBe('customer-1@1');
    expect(states.calls).toHaveLength(1);
    // The handler's load: no round trip, the prefetched state (in the order asked).
    const pins = await reads.loadMany(['pin-2', 'pin-1'], counter);
    expect(pins.map((f) => f.state)).toEqual(['pin-2@1', 'pin-1@1']);
    expect(states.calls).toHaveLength(1);
    // The same stream with another decider, or a second load, reads the store.
    expect((await reads.loadMany(['pin-1'], other))[0]!.state).toBe('pin-1@2');
    expect((await reads.loadMany(['pin-1'], counter))[0]!.state).toBe('pin-1@3');
    expect(states.calls).toHaveLength(3);
  });

  it('mixes prefetched and unread streams in one load', async () => {
    const states = fakeStates();
    const reads = new CommandReads(states);
    reads.prefetch(['a'], counter);
    await reads.loadMany(['z'], other);
    const loaded = await reads.loadMany(['b', 'a', 'c'], counter);
    expect(loaded.map((f) => f.state)).toEqual(['b@2', 'a@1', 'c@2']);
  });

  it('forgets the prefetch before a handler runs again (a retry reads everything anew)', async () => {
    const states = fakeStates();
    const reads = new CommandReads(states);
    reads.prefetch(['a'], counter);
    await reads.loadMany(['b'], counter);
    reads.forget();
    expect((await reads.loadMany(['a'], counter))[0]!.state).toBe('a@2');
  });

  it('a failed read fails every load it carried; a failed prefetch is read again by its load', async () => {
    const states = fakeStates();
    const reads = new CommandReads(states);
    states.failNext = true;
    reads.prefetch(['a'], counter);
    const together = reads.loadMany(['b'], counter);
    await expect(together).rejects.toThrow('store down');
    expect((await reads.loadMany(['a'], counter))[0]!.state).toBe('a@1');
  });

  it('a failed prefetch that no load takes is no unhandled rejection (the command failed first)', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const states = fakeStates();
      const reads = new CommandReads(states);
      states.failNext = true;
      reads.prefetch(['a', 'b'], counter);
      await expect(reads.loadMany(['c'], other)).rejects.toThrow('store down');
      // Unhandled rejections are reported after the microtasks of a macrotask have run.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});
