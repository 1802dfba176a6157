import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@nordlog/contracts';
import type { StreamRead } from '@nordlog/platform';
import { fold } from './decider.js';
import { StreamStates } from './streamStates.js';

/** A stream's events counted: `{ n }` adds n, so the state is the sum of every event's n. */
const counter = {
  initialState: { total: 0, seen: [] as number[] },
  evolve: (s: { total: number; seen: number[] }, e: { data: unknown }) => {
    const { n } = e.data as { n: number };
    return { total: s.total + n, seen: [...s.seen, n] };
  },
};

/** A store that only appends, and counts what each read hands out. */
function fakeStore() {
  const streams = new Map<string, RecordedEvent[]>();
  let position = 0;
  const handed: number[] = [];
  let gate: Promise<void> | null = null;
  const append = (streamId: string, n: number, commandId = `c${position}`, userId = 'u1') => {
    const list = streams.get(streamId) ?? [];
    list.push({
      eventId: `e${position}`,
      streamId,
      streamRevision: list.length,
      type: 'Counted',
      data: { n },
      metadata: { commandId, userId } as RecordedEvent['metadata'],
      global: { transactionId: '1', position: String(++position) },
    });
    streams.set(streamId, list);
  };
  const after = ({ streamId, after }: StreamRead) =>
    (streams.get(streamId) ?? []).filter((e) => after === null || e.streamRevision > after);
  const store = {
    readStream: (id: string) => Promise.resolve([...(streams.get(id) ?? [])]),
    readStreamsAfter: async (reads: readonly StreamRead[]) => {
      const out = reads.map(after);
      // A held read waits (only the next one).
      const held = gate;
      gate = null;
      if (held) await held;
      handed.push(out.reduce((n, l) => n + l.length, 0));
      return out;
    },
  };
  return {
    store,
    streams,
    append,
    handed,
    hold: () => {
      let open!: () => void;
      gate = new Promise<void>((r) => (open = r));
      return () => open();
    },
  };
}

describe('folded stream states (docs/decisions/0043)', () => {
  it('folds a stream as a full read does, then reads only the events appended since', async () => {
    const f = fakeStore();
    const states = new StreamStates(f.store);
    for (const n of [1, 2, 3]) f.append('s-1', n);
    expect((await states.load('s-1', counter)).state).toEqual({ total: 6, seen: [1, 2, 3] });
    f.append('s-1', 10);
    const now = await states.load('s-1', counter);
    expect(now.state).toEqual(fold(counter, f.streams.get('s-1')! as never[]));
    expect(now.revision).toBe(3);
    // 3 events the first time, then only the one appended since.
    expect(f.handed).toEqual([3, 1]);
    expect((await states.load('s-1', counter)).state.total).toBe(16);
    expect(f.handed).toEqual([3, 1, 0]);
  });

  it('reads many streams in one read, in the order asked, duplicates and missing streams too', async () => {
    const f = fakeStore();
    const states = new StreamStates(f.store);
    f.append('a', 1);
    f.append('b', 2);
    f.append('b', 3);
    const read = await states.loadMany(['b', 'none', 'a', 'b'], counter);
    expect(read.map((r) => [r.state.total, r.revision])).toEqual([
      [5, 1],
      [0, null],
      [1, 0],
      [5, 1],
    ]);
    expect(f.handed).toHaveLength(1);
  });

  it('knows what a command appended to a stream, and who sent it, from events read earlier or later', async () => {
    const f = fakeStore();
    const states = new StreamStates(f.store);
    f.append('s', 1, 'cmd-1', 'ann');
    f.append('s', 2, 'cmd-1', 'ann');
    await states.load('s', counter);
    f.append('s', 3, 'cmd-2', 'bob');
    const now = await states.load('s', counter);
    expect(now.applied('cmd-1')).toEqual({
      userId: 'ann',
      events: [
        { type: 'Counted', position: '1' },
        { type: 'Counted', position: '2' },
      ],
    });
    expect(now.applied('cmd-2')).toEqual({
      userId: 'bob',
      events: [{ type: 'Counted', position: '3' }],
    });
    expect(now.applied('cmd-3')).toBeNull();
  });

  it('keeps the newest state when a slower read of an older revision finishes last', async () => {
    const f = fakeStore();
    const states = new StreamStates(f.store);
    f.append('s', 1);
    const release = f.hold();
    const slow = states.load('s', counter);
    f.append('s', 2);
    const fast = await states.load('s', counter);
    expect(fast.state.total).toBe(3);
    release();
    expect((await slow).state.total).toBe(1);
    const handedBefore = f.handed.length;
    expect((await states.load('s', counter)).state.total).toBe(3);
    // Nothing new to hand out: the state kept is the one at revision 1.
    expect(f.handed.slice(handedBefore)).toEqual([0]);
  });

  it('keeps a state per decider: another fold of the same stream starts from its first event', async () => {
    const f = fakeStore();
    const states = new StreamStates(f.store);
    f.append('s', 4);
    f.append('s', 5);
    await states.load('s', counter);
    const count = { initialState: 0, evolve: (s: number) => s + 1 };
    expect((await states.load('s', count)).state).toBe(2);
    expect((await states.load('s', counter)).state.total).toBe(9);
  });

  it('drops the least recently read states beyond its bound, and reads them whole again', async () => {
    const f = fakeStore();
    const states = new StreamStates(f.store, 2);
    for (const id of ['a', 'b', 'c']) f.append(id, 1);
    await states.load('a', counter);
    await states.load('b', counter);
    await states.load('a', counter);
    await states.load('c', counter); // drops b, read least recently
    f.handed.length = 0;
    await states.load('a', counter);
    await states.load('b', counter);
    expect(f.handed).toEqual([0, 1]);
  });

  it('freezes the states it shares under test, so a reader that changes one fails', async () => {
    const f = fakeStore();
    const states = new StreamStates(f.store);
    f.append('s', 1);
    const { state } = await states.load('s', counter);
    expect(() => state.seen.push(2)).toThrow(TypeError);
    expect(() => {
      (state as { total: number }).total = 5;
    }).toThrow(TypeError);
  });
  it('loads groups with different deciders in one read; a stream asked with two is read once, from the older revision', async () => {
    const { store, append, handed } = fakeStore();
    const states = new StreamStates(store);
    const count = { initialState: 0, evolve: (n: number) => n + 1 };
    append('a', 1);
    append('b', 2);
    await states.load('a', counter);
    append('a', 3);
    const [sums, counts] = await states.loadGroups([
      { streamIds: ['a', 'b'], decider: counter },
      { streamIds: ['a'], decider: count },
    ]);
    // One round trip: 'a' from the start (count holds nothing of it), 'b' whole.
    expect(handed).toEqual([1, 3]);
    expect(sums!.map((f) => (f.state as { total: number }).total)).toEqual([4, 2]);
    expect(counts![0]!.state).toBe(2);
    // Each decider now holds 'a' at its newest revision: nothing is read again.
    await states.loadGroups([
      { streamIds: ['a'], decider: counter },
      { streamIds: ['a'], decider: count },
    ]);
    expect(handed).toEqual([1, 3, 0]);
  });

  it('takes what the process appended itself at the revision it holds, and nothing else (0062)', async () => {
    const f = fakeStore();
    const states = new StreamStates(f.store);
    f.append('s-1', 1);
    await states.load('s-1', counter);
    // Appended at revision 0 by this process: folded in, not read back.
    f.append('s-1', 5, 'mine');
    const mine = f.streams.get('s-1')!.slice(1);
    states.appended('s-1', counter, 0, mine);
    const after = await states.load('s-1', counter);
    expect(after.state).toEqual({ total: 6, seen: [1, 5] });
    expect(after.revision).toBe(1);
    expect(after.applied('mine')).toEqual({
      userId: 'u1',
      events: [{ type: 'Counted', position: '2' }],
    });
    expect(f.handed).toEqual([1, 0]);
    // At a revision it does not hold (another process appended meanwhile): ignored, read instead.
    f.append('s-1', 7);
    f.append('s-1', 9, 'late');
    states.appended('s-1', counter, 2, f.streams.get('s-1')!.slice(3));
    expect((await states.load('s-1', counter)).state.seen).toEqual([1, 5, 7, 9]);
    expect(f.handed).toEqual([1, 0, 2]);
    // A stream not held: nothing kept, the next load reads it whole.
    f.append('s-2', 3);
    states.appended('s-2', counter, -1, f.streams.get('s-2')!);
    expect((await states.load('s-2', counter)).state.total).toBe(3);
    expect(f.handed).toEqual([1, 0, 2, 1]);
  });
});
