import { describe, expect, it } from '@jest/globals';
import type { Schedule } from './schedule.js';
import { ScheduleCache, versionOf } from './scheduleCache.js';

const schedule = (late: number): Schedule => ({
  routePoints: [],
  load: { count: 0, weight: 0, volume: 0 },
  capacity: null,
  progress: { done: 0, left: 0 },
  totals: {
    distanceKm: 0,
    drivingMinutes: 0,
    endTime: null,
    late,
    waitingMinutes: 0,
    overtimeMinutes: 0,
  },
});

describe('ScheduleCache', () => {
  it('answers a schedule only for the fingerprint it was kept under', () => {
    const cache = new ScheduleCache(10);
    cache.set('1', 'a', schedule(1));
    expect(cache.get('1', 'a')?.totals.late).toBe(1);
    expect(cache.get('1', 'b')).toBeUndefined();
    cache.set('1', 'b', schedule(2));
    expect(cache.get('1', 'a')).toBeUndefined();
    expect(cache.get('1', 'b')?.totals.late).toBe(2);
  });

  it('lets the least recently used slot go first when full', () => {
    const cache = new ScheduleCache(2);
    cache.set('1', 'x', schedule(1));
    cache.set('2', 'x', schedule(2));
    cache.get('1', 'x'); // 1 is now the more recently used
    cache.set('3', 'x', schedule(3));
    expect(cache.size).toBe(2);
    expect(cache.get('2', 'x')).toBeUndefined();
    expect(cache.get('1', 'x')).toBeDefined();
    expect(cache.get('3', 'x')).toBeDefined();
  });

  it('tells versions apart by revision and by time, and a missing row from any', () => {
    expect(versionOf({ revision: 3, updatedAtEpoch: 10 })).not.toBe(
      versionOf({ revision: 3, updatedAtEpoch: 11 }),
    );
    expect(versionOf(undefined)).toBe('-');
  });
});
