import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@nordlog/contracts';
import type { EventStore } from '@nordlog/platform';
import {
  REFERENCE_CHANGED_CHANNEL,
  ReferenceStreams,
  isReferenceStream,
  type ChangeSignals,
} from './referenceStreams.js';

const event = (streamId: string, streamRevision: number) =>
  ({ streamId, streamRevision, type: 'DepartmentCreated', data: {} }) as unknown as RecordedEvent;

/** A store whose streams the test changes behind the cache's back. */
function fakeStore() {
  const streams = new Map<string, RecordedEvent[]>();
  let reads = 0;
  let gate: Promise<void> | null = null;
  const store = {
    readStream: async (id: string) => {
      reads++;
      const events = streams.get(id) ?? [];
      if (gate) await gate;
      return events;
    },
    appendToStream: async (id: string) => {
      if (id.endsWith('-conflict')) throw new Error('CONCURRENCY_CONFLICT');
      streams.set(id, [...(streams.get(id) ?? []), event(id, streams.get(id)?.length ?? 0)]);
      return { nextRevision: 0, positions: [] };
    },
    appendToStreams: async (appends: { streamId: string }[]) => {
      for (const a of appends) await store.appendToStream(a.streamId);
      return [];
    },
  };
  return {
    store: store as unknown as EventStore,
    streams,
    reads: () => reads,
    hold: () => {
      let release!: () => void;
      gate = new Promise((r) => (release = r));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

function fakeSignals() {
  const listeners: (() => void)[] = [];
  const sent: string[] = [];
  const signals: ChangeSignals = {
    notify: (channel) => void sent.push(channel),
    listen: async (_channel, listener) => {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
  };
  return { signals, sent, fire: () => listeners.forEach((l) => l()) };
}

const meta = {
  commandId: 'c',
  correlationId: 'c',
  causationId: 'c',
  userId: 'u',
  occurredAt: '2026-11-23T10:00:00Z',
};

describe('reference streams cache (docs/decisions/0017)', () => {
  it('only departments and the number-series catalogue are reference streams', () => {
    expect(isReferenceStream('department-12')).toBe(true);
    expect(isReferenceStream('number-series-catalogue')).toBe(true);
    expect(isReferenceStream('order-12')).toBe(false);
    expect(isReferenceStream('number-series-3')).toBe(false);
  });

  it('a second read is served from memory; an append through the watched store drops it and signals the others', async () => {
    const fake = fakeStore();
    const { signals, sent } = fakeSignals();
    const cache = new ReferenceStreams(fake.store, signals);
    await cache.start();
    const store = cache.watch(fake.store);
    await store.appendToStream('department-1', 'no_stream', [], meta);
    expect(await cache.read('department-1')).toHaveLength(1);
    expect(await cache.read('department-1')).toHaveLength(1);
    expect(fake.reads()).toBe(1);
    await store.appendToStream('department-1', 0, [], meta);
    expect(sent).toContain(REFERENCE_CHANGED_CHANNEL);
    expect(await cache.read('department-1')).toHaveLength(2);
    expect(fake.reads()).toBe(2);
  });

  it('the watched store has every capability of the store it wraps, the optional ones too (a pseudonym, JSON reads)', async () => {
    const none = () => Promise.reject(new Error('not in this test'));
    // Required: a capability added to the port does not compile here until it is listed.
    const full: Required<EventStore> = {
      readStream: none,
      readStreamsAfter: none,
      pseudonym: (text) => `p:${text}`,
      storesSubjectKeysIn: () => true,
      readLastEvent: none,
      appendToStream: none,
      appendToStreams: none,
      readAll: none,
      readAllJson: none,
      headPosition: none,
      createWaiter: () => ({}) as ReturnType<EventStore['createWaiter']>,
      findOutcome: none,
      saveOutcome: none,
      close: none,
    };
    const watched = new ReferenceStreams(fakeStore().store, fakeSignals().signals).watch(full);
    expect(Object.keys(watched).sort()).toEqual(Object.keys(full).sort());
    expect(watched.pseudonym!('phoneNumber:+4790000000')).toBe('p:phoneNumber:+4790000000');
  });

  it('appends to other streams keep the cache and send no signal', async () => {
    const fake = fakeStore();
    const { signals, sent } = fakeSignals();
    const cache = new ReferenceStreams(fake.store, signals);
    const store = cache.watch(fake.store);
    await cache.read('department-1');
    await store.appendToStream('order-7', 'no_stream', [], meta);
    await store.appendToStreams([{ streamId: 'order-8', expected: 'no_stream', events: [] }], meta);
    await cache.read('department-1');
    expect(fake.reads()).toBe(1);
    expect(sent).toEqual([]);
  });

  it('a change signalled by another process, a failed append and the time limit each drop the cache', async () => {
    const fake = fakeStore();
    const { signals, fire } = fakeSignals();
    let now = 0;
    const cache = new ReferenceStreams(fake.store, signals, () => now, 1000);
    await cache.start();
    const store = cache.watch(fake.store);
    await cache.read('department-1');
    fake.streams.set('department-1', [event('department-1', 0)]);
    fire();
    expect(await cache.read('department-1')).toHaveLength(1);
    await expect(
      store.appendToStreams([{ streamId: 'department-1-conflict', expected: 0, events: [] }], meta),
    ).rejects.toThrow('CONCURRENCY_CONFLICT');
    fake.streams.set('department-1', [event('department-1', 0), event('department-1', 1)]);
    expect(await cache.read('department-1')).toHaveLength(2);
    fake.streams.set('department-1', []);
    now = 999;
    expect(await cache.read('department-1')).toHaveLength(2);
    now = 2500;
    expect(await cache.read('department-1')).toHaveLength(0);
  });

  it('a read that began before a change does not store what it read', async () => {
    const fake = fakeStore();
    const cache = new ReferenceStreams(fake.store);
    const store = cache.watch(fake.store);
    const release = fake.hold();
    const stale = cache.read('department-1');
    await store.appendToStream('department-1', 'no_stream', [], meta);
    release();
    expect(await stale).toHaveLength(0);
    expect(await cache.read('department-1')).toHaveLength(1);
  });
});
