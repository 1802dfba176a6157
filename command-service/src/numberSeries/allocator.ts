import {
  AppError,
  NUMBER_SERIES_CATALOGUE_STREAM,
  numberSeriesStream,
  seriesNumber,
  type EventMetadata,
  type NumberAllocationEvent,
  type NumberSeriesCatalogueEvent,
  type NumberSeriesType,
  type RecordedEvent,
} from '@nordlog/contracts';
import type { EventStore } from '@nordlog/platform';
import { fold } from '../framework/decider.js';
import { allocationDecider, numberSeriesCatalogueDecider } from './decider.js';

export interface Allocation {
  seriesId: string;
  type: NumberSeriesType;
  firstSerial: number;
  /** The GSINs or SSCCs, with check digits, in serial order. */
  numbers: string[];
  /** Global position of the allocation event (read-your-writes). */
  position: string;
}

/** Who numbers are drawn for: the series of the most specific owner applies (docs/decisions/0015). */
export interface SeriesScope {
  departmentId: string;
  customerId: string;
}

/** Draws numbers from a series; two allocations never get the same number (docs/decisions/0011). */
export interface NumberAllocator {
  allocate(seriesId: string, count: number, metadata: EventMetadata): Promise<Allocation>;
  /**
   * The series an order draws from: the customer's own (of the department or of none), else the
   * department's own, else a default series (of no department and no customer); within that level
   * the oldest with `count` numbers left. None at any level: 409 NUMBER_SERIES_MISSING; none with
   * enough left at the level that applies: 409 NUMBER_SERIES_EXHAUSTED.
   */
  seriesFor(
    type: NumberSeriesType,
    scope: SeriesScope,
    count: number,
    /** Whether this process already holds `count` numbers of a series (no need to ask the store). */
    held?: (seriesId: string, count: number) => boolean,
  ): Promise<string>;
}

/** 0 most specific; null when the series is not for this order. */
export function seriesLevel(
  series: { departmentId: string | null; customerId: string | null },
  scope: SeriesScope,
): number | null {
  if (series.customerId !== null)
    return series.customerId === scope.customerId &&
      (series.departmentId === null || series.departmentId === scope.departmentId)
      ? 0
      : null;
  if (series.departmentId !== null) return series.departmentId === scope.departmentId ? 1 : null;
  return 2;
}

export const MAX_ALLOCATION = 1000;

const isConflict = (err: unknown) =>
  err instanceof AppError && err.items[0]!.errorType === 'CONCURRENCY_CONFLICT';

/**
 * Work queued per key: each task starts when the one before it on the same key has settled
 * (whether it succeeded or failed), so allocations of one series in this process never race.
 */
class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.then(task, task);
    this.tails.set(key, next);
    void next
      .finally(() => {
        if (this.tails.get(key) === next) this.tails.delete(key);
      })
      .catch(() => undefined);
    return next;
  }
}

/**
 * Allocations are events on the series' own stream, appended at the revision they were decided on:
 * of two concurrent allocations at the same revision one wins and the other decides again on the
 * new last event. Allocations in this process queue per series, so they do not race each other;
 * other processes are kept apart by the revision check. The catalogue is read on each allocation
 * (it holds only admin changes), so a deleted series hands out nothing.
 */
export class EventStoreNumberAllocator implements NumberAllocator {
  private readonly queues = new KeyedQueue();

  constructor(
    private readonly store: EventStore,
    private readonly options: {
      maxAttempts?: number;
      random?: () => number;
      /** Where `seriesFor` reads the catalogue (a cache of it, docs/decisions/0017). */
      readCatalogue?: () => Promise<RecordedEvent[]>;
    } = {},
  ) {}

  async seriesFor(
    type: NumberSeriesType,
    scope: SeriesScope,
    count: number,
    held?: (seriesId: string, count: number) => boolean,
  ): Promise<string> {
    const history = (await (this.options.readCatalogue?.() ??
      this.store.readStream(
        NUMBER_SERIES_CATALOGUE_STREAM,
      ))) as unknown as NumberSeriesCatalogueEvent[];
    const catalogue = fold(numberSeriesCatalogueDecider, history);
    const applicable = Object.values(catalogue.series)
      .filter((e) => !e.deleted && e.series.type === type)
      .map((e) => ({ series: e.series, level: seriesLevel(e.series, scope) }))
      .filter((e): e is { series: typeof e.series; level: number } => e.level !== null);
    if (applicable.length === 0)
      throw new AppError(
        'NUMBER_SERIES_MISSING',
        `No ${type} number series is set up for department ${scope.departmentId} (nor a default one)`,
        { type },
      );
    const best = Math.min(...applicable.map((e) => e.level));
    const candidates = applicable
      .filter((e) => e.level === best)
      .sort((a, b) => Number(a.series.id) - Number(b.series.id));
    for (const { series } of candidates) {
      if (held?.(series.id, count)) return series.id;
      const last = await this.store.readLastEvent(numberSeriesStream(series.id));
      const next = last
        ? (last.data as NumberAllocationEvent['data']).nextSerial
        : series.firstSerial;
      if (series.lastSerial - next + 1 >= count) return series.id;
    }
    throw new AppError(
      'NUMBER_SERIES_EXHAUSTED',
      `The ${type} number series of department ${scope.departmentId} have fewer than ${count} numbers left`,
      { type },
    );
  }

  allocate(seriesId: string, count: number, metadata: EventMetadata): Promise<Allocation> {
    if (!Number.isInteger(count) || count < 1 || count > MAX_ALLOCATION)
      return Promise.reject(
        new AppError('VALIDATION_ERROR', `count: between 1 and ${MAX_ALLOCATION}`),
      );
    return this.queues.run(seriesId, () => this.withRetries(seriesId, count, metadata));
  }

  private async withRetries(
    seriesId: string,
    count: number,
    metadata: EventMetadata,
  ): Promise<Allocation> {
    const maxAttempts = this.options.maxAttempts ?? 50;
    const random = this.options.random ?? Math.random;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(seriesId, count, metadata);
      } catch (err) {
        if (!isConflict(err) || attempt >= maxAttempts) throw err;
        // Another process moved the stream: back off a little (jittered) and decide again.
        const delay = Math.min(50, 2 ** Math.min(attempt, 5)) * random();
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  private async once(seriesId: string, count: number, metadata: EventMetadata) {
    const history = (await this.store.readStream(
      NUMBER_SERIES_CATALOGUE_STREAM,
    )) as unknown as (NumberSeriesCatalogueEvent & { streamRevision: number })[];
    const catalogue = fold(numberSeriesCatalogueDecider, history);
    const used = numberSeriesCatalogueDecider.decide({ type: 'markUsed', id: seriesId }, catalogue);
    if (used.length > 0) {
      const expected = history.length === 0 ? 'no_stream' : history.at(-1)!.streamRevision;
      await this.store.appendToStream(NUMBER_SERIES_CATALOGUE_STREAM, expected, used, metadata);
    }
    const series = catalogue.series[seriesId]!.series;
    const decider = allocationDecider(series);
    const stream = numberSeriesStream(seriesId);
    const last = await this.store.readLastEvent(stream);
    const state = last
      ? decider.evolve(decider.initialState, last as Parameters<typeof decider.evolve>[1])
      : decider.initialState;
    const events = decider.decide({ type: 'allocate', count }, state);
    const result = await this.store.appendToStream(
      stream,
      last ? last.streamRevision : 'no_stream',
      events,
      metadata,
    );
    const firstSerial = events[0]!.data.firstSerial;
    return {
      seriesId,
      type: series.type,
      firstSerial,
      numbers: Array.from({ length: count }, (_, i) => seriesNumber(series, firstSerial + i)),
      position: result.positions.at(-1)!.position,
    };
  }
}

/** Numbers a process takes from a series at a time (docs/decisions/0015). */
export const NUMBER_BLOCK_SIZE = 100;

interface Block {
  type: NumberSeriesType;
  nextSerial: number;
  numbers: string[];
  position: string;
}

/**
 * Hands out numbers from blocks this process reserved with one allocation event each, so a
 * booking costs no event-store round trip for its numbers and bookings do not queue on the
 * series' stream. Numbers stay unique (every block is an allocation of the series); a block left
 * unused when the process stops, or too small for an order, leaves a gap, which GS1 allows. The
 * series an order uses is still chosen from the catalogue on every booking, so a deleted series
 * is never chosen again.
 */
export class BlockNumberAllocator implements NumberAllocator {
  private readonly blocks = new Map<string, Block>();
  private readonly queues = new KeyedQueue();

  constructor(
    private readonly inner: NumberAllocator,
    private readonly blockSize = NUMBER_BLOCK_SIZE,
  ) {}

  seriesFor(type: NumberSeriesType, scope: SeriesScope, count: number): Promise<string> {
    return this.inner.seriesFor(
      type,
      scope,
      count,
      (seriesId, n) => (this.blocks.get(seriesId)?.numbers.length ?? 0) >= n,
    );
  }

  allocate(seriesId: string, count: number, metadata: EventMetadata): Promise<Allocation> {
    return this.queues.run(seriesId, () => this.take(seriesId, count, metadata));
  }

  private async take(
    seriesId: string,
    count: number,
    metadata: EventMetadata,
  ): Promise<Allocation> {
    const block = this.blocks.get(seriesId);
    if (block && block.numbers.length >= count) {
      const firstSerial = block.nextSerial;
      const numbers = block.numbers.splice(0, count);
      block.nextSerial += count;
      return { seriesId, type: block.type, firstSerial, numbers, position: block.position };
    }
    // What is left of the block goes first; a new block covers the rest.
    const leftover = block?.numbers ?? [];
    const need = count - leftover.length;
    const size = Math.min(MAX_ALLOCATION, Math.max(need, this.blockSize));
    let got: Allocation;
    try {
      got = await this.inner.allocate(seriesId, size, metadata);
    } catch (err) {
      // Near the end of a series a whole block no longer fits: take just what this order needs.
      const exhausted =
        err instanceof AppError && err.items[0]!.errorType === 'NUMBER_SERIES_EXHAUSTED';
      if (!exhausted || size === need) throw err;
      got = await this.inner.allocate(seriesId, need, metadata);
    }
    const numbers = [...leftover, ...got.numbers.slice(0, need)];
    this.blocks.set(seriesId, {
      type: got.type,
      nextSerial: got.firstSerial + need,
      numbers: got.numbers.slice(need),
      position: got.position,
    });
    return {
      seriesId,
      type: got.type,
      firstSerial: block && leftover.length > 0 ? block.nextSerial : got.firstSerial,
      numbers,
      position: got.position,
    };
  }
}
