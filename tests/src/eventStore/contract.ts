import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AppError,
  START,
  comparePositions,
  type EventMetadata,
  type RecordedEvent,
} from '@nordlog/contracts';
import {
  readAllJson,
  readStreamsAfter,
  runCatchUp,
  silentLogger,
  type EventStore,
  type StreamAppend,
} from '@nordlog/platform';
import { randomUUID } from 'node:crypto';

export interface StoreFixture {
  store: EventStore;
  /** Starts and commits transactions until the next xid has one more decimal digit (bounded). */
  burnToNextXidDigit?(maxTransactions: number): Promise<boolean>;
  /** Appends one event to `stream` in a transaction that stays open until `release` is called. */
  holdOpenAppend?(stream: string): Promise<{ release(): Promise<void> }>;
  /**
   * Opens a transaction that has a transaction id but writes nothing to the store (another
   * client's work on the same server), open until `release` commits it.
   */
  holdOpenTransaction?(): Promise<{ release(): Promise<void> }>;
  close(): Promise<void>;
}

export const meta = (overrides: Partial<EventMetadata> = {}): EventMetadata => ({
  commandId: randomUUID(),
  correlationId: randomUUID(),
  causationId: randomUUID(),
  userId: 'tester',
  occurredAt: '2026-11-22T08:00:00.000Z',
  ...overrides,
});

const stream = () => `test-${randomUUID()}`;

/**
 * Reads the global order until `shown` holds (at most 15 s), then gives the last read. A gapless
 * read stops below the oldest transaction still open on the whole server, so it may lag an append
 * that has committed: in a test run, another file's transaction on another database is enough.
 * What a test asserts is then the order and content, never that the append is readable at once.
 */
async function readAllUntil(
  read: () => Promise<RecordedEvent[]>,
  shown: (events: RecordedEvent[]) => boolean,
): Promise<RecordedEvent[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const events = await read();
    if (shown(events) || Date.now() > deadline) return events;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Whether `condition` holds within `ms` (checked every 10 ms). */
async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return condition();
}

/** Whether `events` hold `count` events of stream `s`. */
const holds = (s: string, count: number) => (events: RecordedEvent[]) =>
  events.filter((e) => e.streamId === s).length >= count;

async function expectConflict(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(409);
  expect((error as AppError).items[0]!.errorType).toBe('CONCURRENCY_CONFLICT');
}

/** The event-store contract: every adapter passes it (ARCHITECTURE "Every adapter passes…"). */
export function eventStoreContract(name: string, factory: () => Promise<StoreFixture>) {
  describe(`event store contract: ${name}`, () => {
    let fixture: StoreFixture;
    let store: EventStore;
    beforeAll(async () => {
      fixture = await factory();
      store = fixture.store;
    });
    afterAll(async () => fixture.close());

    it('appends to a new stream and reads it back with revisions and metadata', async () => {
      const s = stream();
      const m = meta();
      const result = await store.appendToStream(
        s,
        'no_stream',
        [
          { type: 'A', data: { n: 1 } },
          { type: 'B', data: { n: 2, nested: { ok: true } } },
        ],
        m,
      );
      expect(result.nextRevision).toBe(1);
      expect(result.positions).toHaveLength(2);
      const events = await store.readStream(s);
      expect(events.map((e) => [e.type, e.streamRevision, e.data])).toEqual([
        ['A', 0, { n: 1 }],
        ['B', 1, { n: 2, nested: { ok: true } }],
      ]);
      expect(events[0]!.metadata).toEqual(m);
      expect(events[0]!.streamId).toBe(s);
      expect(comparePositions(events[0]!.global, events[1]!.global)).toBe(-1);
    });

    it('reads an unknown stream as empty', async () => {
      expect(await store.readStream(stream())).toEqual([]);
      expect(await store.readLastEvent(stream())).toBeNull();
    });

    it('reads the last event of a stream alone, as readStream has it', async () => {
      const s = stream();
      await store.appendToStream(
        s,
        'no_stream',
        [
          { type: 'A', data: { n: 1 } },
          { type: 'B', data: { n: 2 } },
        ],
        meta(),
      );
      await store.appendToStream(s, 1, [{ type: 'C', data: { n: 3 } }], meta());
      const last = await store.readLastEvent(s);
      expect(last).toEqual((await store.readStream(s))[2]);
      expect(last).toMatchObject({ type: 'C', streamRevision: 2, data: { n: 3 } });
    });

    it('reads several streams at once, each after the revision asked, as readStream has them', async () => {
      const [a, b, none] = [stream(), stream(), stream()];
      await store.appendToStream(
        a,
        'no_stream',
        [0, 1, 2].map((n) => ({ type: 'A', data: { n } })),
        meta(),
      );
      await store.appendToStream(b, 'no_stream', [{ type: 'B', data: { n: 0 } }], meta());
      const [allA, allB] = [await store.readStream(a), await store.readStream(b)];
      const read = await readStreamsAfter(store, [
        { streamId: b, after: null },
        { streamId: a, after: 0 },
        { streamId: none, after: null },
        { streamId: b, after: 0 },
        { streamId: a, after: null },
      ]);
      expect(read).toEqual([allB, allA.slice(1), [], [], allA]);
      expect(await readStreamsAfter(store, [])).toEqual([]);
    });

    it('appends with the expected revision and refuses a stale one with CONCURRENCY_CONFLICT (409)', async () => {
      const s = stream();
      await store.appendToStream(s, 'no_stream', [{ type: 'A', data: {} }], meta());
      const second = await store.appendToStream(s, 0, [{ type: 'B', data: {} }], meta());
      expect(second.nextRevision).toBe(1);
      await expectConflict(store.appendToStream(s, 0, [{ type: 'C', data: {} }], meta()));
      await expectConflict(store.appendToStream(s, 5, [{ type: 'C', data: {} }], meta()));
      await expectConflict(store.appendToStream(s, 'no_stream', [{ type: 'C', data: {} }], meta()));
      expect((await store.readStream(s)).map((e) => e.type)).toEqual(['A', 'B']);
    });

    it("appends with 'any' whatever the revision", async () => {
      const s = stream();
      await store.appendToStream(s, 'any', [{ type: 'A', data: {} }], meta());
      const r = await store.appendToStream(s, 'any', [{ type: 'B', data: {} }], meta());
      expect(r.nextRevision).toBe(1);
    });

    it('lets exactly one of two concurrent appends at the same revision win', async () => {
      const s = stream();
      await store.appendToStream(s, 'no_stream', [{ type: 'A', data: {} }], meta());
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) =>
          store.appendToStream(s, 0, [{ type: `W${i}`, data: {} }], meta()),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results.filter((r) => r.status === 'rejected')) {
        expect((r.reason as AppError).items[0]!.errorType).toBe('CONCURRENCY_CONFLICT');
      }
      expect(await store.readStream(s)).toHaveLength(2);
    });

    it('records a command outcome atomically with the append, with its position', async () => {
      const s = stream();
      const m = meta();
      const r = await store.appendToStream(s, 'no_stream', [{ type: 'A', data: {} }], m, {
        outcome: { status: 200, body: { events: ['A'] } },
      });
      const outcome = await store.findOutcome(m.commandId);
      expect(outcome).toEqual({
        status: 200,
        body: { events: ['A'], position: r.positions[0]!.position },
      });
      expect(await store.findOutcome(randomUUID())).toBeNull();
      await store.saveOutcome(m.commandId, { status: 500, body: {} });
      expect((await store.findOutcome(m.commandId))!.status).toBe(200);
    });

    it('keeps who sent a command and which one with its outcome (a reused commandId is refused)', async () => {
      const s = stream();
      const m = meta();
      await store.appendToStream(s, 'no_stream', [{ type: 'A', data: {} }], m, {
        outcome: { status: 200, body: {}, owner: 'u1 CREATE_X' },
      });
      expect((await store.findOutcome(m.commandId))!.owner).toBe('u1 CREATE_X');
      const later = randomUUID();
      await store.saveOutcome(later, { status: 409, body: [], owner: 'u2 UPDATE_X' });
      expect(await store.findOutcome(later)).toEqual({
        status: 409,
        body: [],
        owner: 'u2 UPDATE_X',
      });
    });

    it('appends to several streams at once, each at its expected revision', async () => {
      const [a, b] = [stream(), stream()];
      await store.appendToStream(b, 'no_stream', [{ type: 'B0', data: {} }], meta());
      const m = meta();
      const results = await store.appendToStreams(
        [
          { streamId: a, expected: 'no_stream', events: [{ type: 'A0', data: { n: 1 } }] },
          {
            streamId: b,
            expected: 0,
            events: [
              { type: 'B1', data: {} },
              { type: 'B2', data: {} },
            ],
          },
        ],
        m,
        { outcome: { status: 200, body: { ok: true } } },
      );
      expect(results.map((r) => [r.nextRevision, r.positions.length])).toEqual([
        [0, 1],
        [2, 2],
      ]);
      const [readA, readB] = [await store.readStream(a), await store.readStream(b)];
      expect(readA.map((e) => [e.type, e.streamRevision, e.data])).toEqual([['A0', 0, { n: 1 }]]);
      expect(readB.map((e) => [e.type, e.streamRevision])).toEqual([
        ['B0', 0],
        ['B1', 1],
        ['B2', 2],
      ]);
      expect(readA[0]!.metadata).toEqual(m);
      // One transaction: every event of the append shares its transaction id.
      expect(new Set([readA[0]!, ...readB.slice(1)].map((e) => e.global.transactionId)).size).toBe(
        1,
      );
      expect((await store.findOutcome(m.commandId))!.status).toBe(200);
    });

    it('appends nothing to any stream when one of the expected revisions is stale', async () => {
      const [a, b, c] = [stream(), stream(), stream()];
      await store.appendToStream(b, 'no_stream', [{ type: 'B0', data: {} }], meta());
      await store.appendToStream(c, 'no_stream', [{ type: 'C0', data: {} }], meta());
      const m = meta();
      await expectConflict(
        store.appendToStreams(
          [
            { streamId: a, expected: 'no_stream', events: [{ type: 'A0', data: {} }] },
            { streamId: b, expected: 0, events: [{ type: 'B1', data: {} }] },
            { streamId: c, expected: 'no_stream', events: [{ type: 'C1', data: {} }] },
          ],
          m,
          { outcome: { status: 200, body: {} } },
        ),
      );
      expect(await store.readStream(a)).toEqual([]);
      expect((await store.readStream(b)).map((e) => e.type)).toEqual(['B0']);
      expect((await store.readStream(c)).map((e) => e.type)).toEqual(['C0']);
      expect(await store.findOutcome(m.commandId)).toBeNull();
    });

    it('lets exactly one of concurrent multi-stream appends that share a stream win; the others append nothing', async () => {
      const shared = stream();
      const own = Array.from({ length: 6 }, () => stream());
      const results = await Promise.allSettled(
        own.map((s, i) => {
          const appends: StreamAppend[] = [
            { streamId: s, expected: 'no_stream', events: [{ type: 'Own', data: { i } }] },
            { streamId: shared, expected: 'no_stream', events: [{ type: 'Took', data: { i } }] },
          ];
          // Half list the shared stream first, half last: the store must not deadlock on order.
          return store.appendToStreams(i % 2 === 0 ? appends : appends.reverse(), meta());
        }),
      );
      const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
      expect(won).toHaveLength(1);
      for (const r of results.filter((x) => x.status === 'rejected'))
        expect((r.reason as AppError).items[0]!.errorType).toBe('CONCURRENCY_CONFLICT');
      const sharedEvents = await store.readStream(shared);
      expect(sharedEvents.map((e) => e.data)).toEqual([{ i: won[0] }]);
      for (const [i, s] of own.entries())
        expect((await store.readStream(s)).length).toBe(i === won[0] ? 1 : 0);
    });

    it('reads the global order from a position, oldest first, and knows its head', async () => {
      const head = await store.headPosition();
      const s = stream();
      await store.appendToStream(
        s,
        'no_stream',
        [1, 2, 3].map((n) => ({ type: 'N', data: { n } })),
        meta(),
      );
      const after = await readAllUntil(() => store.readAll(head, 1000), holds(s, 3));
      expect(after.filter((e) => e.streamId === s).map((e) => (e.data as { n: number }).n)).toEqual(
        [1, 2, 3],
      );
      const firstOfMine = after.find((e) => e.streamId === s)!;
      const rest = await store.readAll(firstOfMine.global, 1000);
      expect(rest.filter((e) => e.streamId === s)).toHaveLength(2);
      expect(comparePositions(await store.headPosition(), head)).toBe(1);
      const all = await store.readAll(START, 100_000);
      for (let i = 1; i < all.length; i++)
        expect(comparePositions(all[i - 1]!.global, all[i]!.global)).toBe(-1);
    });

    it("reads the global order as JSON text (the relay's read) with the same events as readAll", async () => {
      const head = await store.headPosition();
      const s = stream();
      const data = [
        { n: 1, text: 'Åsgårdstrand "x" \\ ✓', nested: { list: [1.5, null, true] } },
        {},
      ];
      await store.appendToStream(
        s,
        'no_stream',
        data.map((d) => ({ type: 'N', data: d })),
        meta(),
      );
      const parsed = (await readAllUntil(() => store.readAll(head, 1000), holds(s, 2))).filter(
        (e) => e.streamId === s,
      );
      const texts = (await readAllJson(store, head, 1000)).filter((e) => e.streamId === s);
      expect(parsed.map((e) => e.data)).toEqual(data);
      expect(
        texts.map(({ dataJson, metadataJson, occurredAt, ...rest }) => {
          const metadata = JSON.parse(metadataJson) as EventMetadata;
          expect(occurredAt).toBe(metadata.occurredAt);
          return { ...rest, data: JSON.parse(dataJson) as unknown, metadata };
        }),
      ).toEqual(parsed);
    });

    it('keeps the global order when transaction ids grow by a decimal digit (numeric, not text, order)', async () => {
      const head = await store.headPosition();
      const s = stream();
      await store.appendToStream(s, 'no_stream', [{ type: 'Before', data: {} }], meta());
      const crossed = (await fixture.burnToNextXidDigit?.(3000)) ?? false;
      await store.appendToStream(s, 0, [{ type: 'After', data: {} }], meta());
      const read = (await readAllUntil(() => store.readAll(head, 100_000), holds(s, 2)))
        .filter((e) => e.streamId === s)
        .map((e) => e.type);
      expect(read).toEqual(['Before', 'After']);
      const newest = await store.headPosition();
      expect((await store.readAll(newest, 10)).length).toBe(0);
      if (!crossed)
        console.info('transaction ids were too far from the next decimal digit to cross it here');
    });

    it('never lets a reader skip an event whose transaction commits after a later-numbered one', async () => {
      if (!fixture.holdOpenAppend) return;
      const start = await store.headPosition();
      const slow = stream();
      const held = await fixture.holdOpenAppend(slow);
      const fast = stream();
      await store.appendToStream(fast, 'no_stream', [{ type: 'Fast', data: {} }], meta());
      // The fast event is numbered after the held one, but the reader must not pass the held one.
      const before = await store.readAll(start, 1000);
      expect(before.some((e) => e.streamId === fast)).toBe(false);
      await held.release();
      const after = await readAllUntil(
        () => store.readAll(start, 1000),
        (events) => holds(slow, 1)(events) && holds(fast, 1)(events),
      );
      const mine = after
        .filter((e) => e.streamId === slow || e.streamId === fast)
        .map((e) => e.streamId);
      expect(mine).toEqual([slow, fast]);
    });

    it('hands a subscriber an event held back by another open transaction as soon as that one ends, not at the next poll', async () => {
      if (!fixture.holdOpenTransaction) return;
      const from = await store.headPosition();
      const hold = await fixture.holdOpenTransaction();
      const s = stream();
      const seen: string[] = [];
      let appended = false;
      let readsAfterAppend = 0;
      const abort = new AbortController();
      const waiter = store.createWaiter();
      // The poll is far longer than the test may wait: only a re-read the subscription makes on
      // its own, when its read was held back, brings the event in time.
      const done = runCatchUp(
        {
          read: async (p, limit) => {
            const started = appended;
            const batch = await store.readAll(p, limit);
            if (started) readsAfterAppend += 1;
            return batch;
          },
          wait: (ms, signal) => waiter.wait(ms, signal),
          positionOf: (e) => e.global,
        },
        from,
        async (batch) => {
          for (const e of batch) if (e.streamId === s) seen.push(e.type);
          if (seen.length >= 2) abort.abort();
        },
        { signal: abort.signal, logger: silentLogger(), pollMs: 120_000 },
      );
      try {
        await store.appendToStream(
          s,
          'no_stream',
          [
            { type: 'First', data: {} },
            { type: 'Second', data: {} },
          ],
          meta(),
        );
        appended = true;
        // The append's signal wakes the subscriber; its read finds the events held back.
        expect(await until(() => readsAfterAppend > 0, 20_000)).toBe(true);
        expect(seen).toEqual([]);
        await hold.release();
        expect(await until(() => seen.length >= 2, 20_000)).toBe(true);
        expect(seen).toEqual(['First', 'Second']);
      } finally {
        await hold.release();
        abort.abort();
        await done;
        waiter.close();
      }
    });

    it('feeds a catch-up subscription from a checkpoint, exactly once each', async () => {
      const from = await store.headPosition();
      const s = stream();
      const seen: string[] = [];
      const abort = new AbortController();
      const waiter = store.createWaiter();
      const done = runCatchUp(
        {
          read: (p, limit) => store.readAll(p, limit),
          wait: (ms, signal) => waiter.wait(ms, signal),
          positionOf: (e) => e.global,
        },
        from,
        async (batch) => {
          for (const e of batch) if (e.streamId === s) seen.push(e.eventId);
          if (seen.length >= 20) abort.abort();
        },
        { signal: abort.signal, logger: silentLogger(), batchSize: 7, pollMs: 200 },
      );
      for (let i = 0; i < 20; i++)
        await store.appendToStream(
          s,
          i === 0 ? 'no_stream' : i - 1,
          [{ type: 'E', data: { i } }],
          meta(),
        );
      await done;
      waiter.close();
      expect(seen).toHaveLength(20);
      expect(new Set(seen).size).toBe(20);
    });
  });
}
