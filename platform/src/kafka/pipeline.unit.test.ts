import { describe, expect, it } from '@jest/globals';
import { START, type GlobalPosition } from '@nordlog/contracts';
import fc from 'fast-check';
import { publishPipelined, type PublishSteps } from './pipeline.js';

const at = (n: number): GlobalPosition => ({ transactionId: '1', position: String(n) });
const numberOf = (p: GlobalPosition) => Number(p.position);

/** A promise with its resolve and reject outside. */
function deferred<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((r) => setImmediate(r));

/**
 * A source of items 1..total and a broker whose sends are answered by the test: `log` records each
 * step as it starts and ends, so the order of the stages can be read back.
 */
function harness(total: number) {
  const log: string[] = [];
  const sends: { items: number[]; ack: ReturnType<typeof deferred<void>> }[] = [];
  const checkpoints: number[] = [];
  let reads = 0;
  const abort = new AbortController();
  const steps: PublishSteps<number, number[]> = {
    read: async (from, limit) => {
      reads += 1;
      const first = numberOf(from) + 1;
      const items = Array.from(
        { length: Math.max(0, Math.min(limit, total - first + 1)) },
        (_, i) => first + i,
      );
      log.push(`read ${items[0] ?? '-'}..${items[items.length - 1] ?? '-'}`);
      return items;
    },
    prepare: (items) => items,
    send: async (batch) => {
      log.push(`send ${batch[0]}..${batch[batch.length - 1]}`);
      const ack = deferred<void>();
      sends.push({ items: batch, ack });
      await ack.promise;
      log.push(`acked ${batch[batch.length - 1]}`);
    },
    checkpoint: async (p) => {
      checkpoints.push(numberOf(p));
      log.push(`checkpoint ${numberOf(p)}`);
    },
    positionOf: (n) => at(n),
    wait: (ms, signal) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      }),
  };
  /** Publishing from the start in batches of `batchSize`, until aborted. */
  const run = (batchSize: number) =>
    publishPipelined(steps, START, { batchSize, pollMs: 10_000, signal: abort.signal });
  return { log, sends, checkpoints, steps, abort, reads: () => reads, run };
}

describe('publishPipelined: the relay reads ahead while a batch is in flight, in order', () => {
  it('reads and prepares the next batch while one is being sent; sends one at a time; checkpoints after each ack, in order', async () => {
    const h = harness(10);
    const run = h.run(4);
    await tick();
    // Batch 1..4 is in flight and 5..8 has been read already (the read starts just before the
    // send); nothing is acknowledged yet.
    expect(h.sends).toHaveLength(1);
    expect(h.log).toEqual(['read 1..4', 'read 5..8', 'send 1..4']);
    expect(h.checkpoints).toEqual([]);
    h.sends[0]!.ack.resolve();
    await tick();
    expect(h.sends).toHaveLength(2);
    expect(h.checkpoints).toEqual([4]);
    h.sends[1]!.ack.resolve();
    await tick();
    h.sends[2]!.ack.resolve();
    await tick();
    expect(h.checkpoints).toEqual([4, 8, 10]);
    h.abort.abort();
    await run;
    // Never two sends at once: each send starts after the one before was acknowledged.
    const order = h.log.filter((l) => l.startsWith('send') || l.startsWith('acked'));
    expect(order).toEqual([
      'send 1..4',
      'acked 4',
      'send 5..8',
      'acked 8',
      'send 9..10',
      'acked 10',
    ]);
    // A checkpoint only after its batch's ack.
    for (const c of h.checkpoints)
      expect(h.log.indexOf(`acked ${c}`)).toBeLessThan(h.log.indexOf(`checkpoint ${c}`));
  });

  it('a failed send ends the run with its error and no checkpoint covering it; the batch read ahead is dropped quietly', async () => {
    const h = harness(12);
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const run = h.run(4);
      await tick();
      h.sends[0]!.ack.resolve();
      await tick();
      h.sends[1]!.ack.reject(new Error('broker gone'));
      await expect(run).rejects.toThrow('broker gone');
      expect(h.checkpoints).toEqual([4]);
      await tick();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('a failed checkpoint ends the run; the next batch is acknowledged but never checkpointed', async () => {
    const h = harness(12);
    h.steps.checkpoint = async (p) => {
      if (numberOf(p) === 4) throw new Error('database gone');
      h.checkpoints.push(numberOf(p));
    };
    const run = h.run(4);
    await tick();
    h.sends[0]!.ack.resolve();
    await tick();
    h.sends[1]!.ack.resolve();
    await expect(run).rejects.toThrow('database gone');
    expect(h.checkpoints).toEqual([]);
  });

  it('on abort, the batch in flight is awaited and its checkpoint written before the run ends', async () => {
    const h = harness(4);
    const run = h.run(10);
    await tick();
    h.abort.abort();
    let ended = false;
    void run.then(() => (ended = true));
    await tick();
    expect(ended).toBe(false);
    h.sends[0]!.ack.resolve();
    await run;
    expect(h.checkpoints).toEqual([4]);
  });

  it('at the head, a short batch is followed by neither a read ahead nor a read: the next read waits for a signal', async () => {
    const h = harness(3);
    const run = h.run(10);
    await tick();
    h.sends[0]!.ack.resolve();
    await tick();
    await tick();
    // One read for 1..3; then waiting, not reading (a read at the head would find nothing).
    expect(h.reads()).toBe(1);
    expect(h.log).toEqual(['read 1..3', 'send 1..3', 'acked 3', 'checkpoint 3']);
    h.abort.abort();
    await run;
    expect(h.checkpoints).toEqual([3]);
  });
});

describe('publishPipelined under failures: restarted from its checkpoint, every item arrives, in order', () => {
  it('property: with sends failing before or after the broker kept them, the broker has every item, and without repeats they are in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 8 }),
        // Per send: ok, lost before the broker (nothing kept), or kept but the ack lost.
        fc.array(fc.constantFrom('ok', 'ok', 'lost', 'unacked'), { maxLength: 40 }),
        async (total, batchSize, faults) => {
          const broker: number[] = [];
          let checkpoint = 0;
          let sendNo = 0;
          const abort = new AbortController();
          const steps: PublishSteps<number, number[]> = {
            read: async (from, limit) => {
              const first = numberOf(from) + 1;
              return Array.from(
                { length: Math.max(0, Math.min(limit, total - first + 1)) },
                (_, i) => first + i,
              );
            },
            prepare: (items) => [...items],
            send: async (batch) => {
              const fault = faults[sendNo++] ?? 'ok';
              if (fault === 'lost') throw new Error('lost');
              broker.push(...batch);
              if (fault === 'unacked') throw new Error('ack lost');
            },
            checkpoint: async (p) => {
              expect(numberOf(p)).toBeGreaterThanOrEqual(checkpoint);
              checkpoint = numberOf(p);
              if (checkpoint === total) abort.abort();
            },
            positionOf: (n) => at(n),
            wait: async () => {
              abort.abort();
            },
          };
          // The relay's loop: after a failure, again from the stored checkpoint.
          for (let attempt = 0; !abort.signal.aborted && attempt < 100; attempt++) {
            await publishPipelined(steps, at(checkpoint), {
              batchSize,
              pollMs: 1,
              signal: abort.signal,
            }).catch(() => undefined);
            // Every checkpoint covers only what the broker has.
            for (let n = 1; n <= checkpoint; n++) expect(broker).toContain(n);
          }
          expect(checkpoint).toBe(total);
          const firsts = broker.filter((n, i) => broker.indexOf(n) === i);
          expect(firsts).toEqual(Array.from({ length: total }, (_, i) => i + 1));
        },
      ),
      { numRuns: 200 },
    );
  });
});
