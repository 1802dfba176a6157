import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { zonedInstant, zoneOffsetMinutes } from './validation.js';

/**
 * The offset as the time-zone database names it ("GMT+2", "GMT+5:45"): another reading of Intl
 * than the implementation's, which works the offset out from the local date and time.
 */
function namedOffsetMinutes(zone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')!.value;
  const m = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name);
  if (!m) throw new Error(`unexpected offset name ${name}`);
  return m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

describe('times in a department zone', () => {
  it('a local date and time is one instant, also across daylight saving', () => {
    expect(zonedInstant('2026-11-22', '10:00', 'Europe/Oslo').toISOString()).toBe(
      '2026-11-22T09:00:00.000Z',
    );
    expect(zonedInstant('2026-07-01', '10:00', 'Europe/Helsinki').toISOString()).toBe(
      '2026-07-01T07:00:00.000Z',
    );
  });

  it('zone offsets from the quarter-hour cache equal the named offset of the zone, also around daylight-saving changes', () => {
    const zones = ['Europe/Oslo', 'Europe/Helsinki', 'Asia/Kathmandu', 'Australia/Lord_Howe'];
    // Instants near the changes of 2026 (29 March and 25 October, 01:00 UTC; Lord Howe's half
    // hour on 5 April) and anywhere from 2020 to 2035.
    const changes = [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1), Date.UTC(2026, 3, 4, 15)];
    const instant = fc.oneof(
      fc
        .tuple(fc.constantFrom(...changes), fc.integer({ min: -7_200_000, max: 7_200_000 }))
        .map(([change, delta]) => change + delta),
      fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...zones), instant, (zone, t) => {
        const expected = namedOffsetMinutes(zone, new Date(t));
        expect(zoneOffsetMinutes(zone, new Date(t))).toBe(expected);
        expect(zoneOffsetMinutes(zone, new Date(t))).toBe(expected); // from the cache
      }),
      { numRuns: 2000 },
    );
  });
});
