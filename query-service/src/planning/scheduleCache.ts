import type { ConsignmentRow } from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import type { Schedule } from './schedule.js';

/**
 * Slot schedules already computed, by slot, each with the fingerprint of everything it was made
 * from: the slot's revision and time, its unit's, the time zone, and each stop's consignment
 * revision and time in route order. A schedule is a pure function of those rows, so a fingerprint
 * that matches gives the same schedule; any change to any of them (revisions only grow) misses.
 * The times guard against a database emptied and refilled under a running service, where
 * revisions start again.
 *
 * One cache per database connection pool (one per running system; tests run several systems in
 * one process, with the same ids in different databases), bounded: the least recently used
 * slots leave first.
 */
export class ScheduleCache<T = Schedule> {
  private readonly entries = new Map<string, { fingerprint: string; schedule: T }>();

  constructor(private readonly capacity: number) {}

  get(slotId: string, fingerprint: string): T | undefined {
    const hit = this.entries.get(slotId);
    if (!hit || hit.fingerprint !== fingerprint) return undefined;
    // Most recently used last: Map keeps insertion order.
    this.entries.delete(slotId);
    this.entries.set(slotId, hit);
    return hit.schedule;
  }

  set(slotId: string, fingerprint: string, schedule: T): void {
    this.entries.delete(slotId);
    this.entries.set(slotId, { fingerprint, schedule });
    while (this.entries.size > this.capacity)
      this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Enough for every slot of a large department's week, at a few hundred kB per thousand stops. */
export const SCHEDULE_CACHE_SLOTS = 5000;

const caches = new WeakMap<Knex, ScheduleCache>();

export function scheduleCacheOf(knex: Knex): ScheduleCache {
  let cache = caches.get(knex);
  if (!cache) caches.set(knex, (cache = new ScheduleCache(SCHEDULE_CACHE_SLOTS)));
  return cache;
}

/**
 * The route-point fields of consignments on routes (`stopRows`), by consignment, each kept under
 * its row's version (revision and time) the same way: a schedule that must be computed again
 * (one stop of the slot changed) reads only the rows whose version moved, not every stop's.
 * Enough for the consignments of ten days of a large department, at ~1.5 kB a row.
 */
export const STOP_ROW_CACHE_ROWS = 20_000;

const rowCaches = new WeakMap<Knex, ScheduleCache<ConsignmentRow>>();

export function stopRowCacheOf(knex: Knex): ScheduleCache<ConsignmentRow> {
  let cache = rowCaches.get(knex);
  if (!cache) rowCaches.set(knex, (cache = new ScheduleCache(STOP_ROW_CACHE_ROWS)));
  return cache;
}

/** A row's version as the fingerprint reads it. */
export const versionOf = (row: { revision: number; updatedAtEpoch: number } | undefined | null) =>
  row ? `${row.revision}@${row.updatedAtEpoch}` : '-';
