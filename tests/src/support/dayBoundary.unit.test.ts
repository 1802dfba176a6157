import { describe, expect, it } from '@jest/globals';
import { FILE_SPAN_MS, waitForDay } from './dayBoundary.js';

describe('the day boundary of test files', () => {
  it('waits only within a file span of a midnight in Oslo, Helsinki or UTC, until a second after it', () => {
    // 12:00 UTC in winter: no midnight near in any zone.
    expect(waitForDay(new Date('2026-12-02T12:00:00Z'))).toBe(0);
    // 22:58 UTC: two minutes before midnight in Oslo (CET).
    expect(waitForDay(new Date('2026-12-02T22:58:00Z'))).toBe(2 * 60_000 + 1000);
    // 21:57:30 UTC: midnight in Helsinki (EET) in two and a half minutes.
    expect(waitForDay(new Date('2026-12-02T21:57:30Z'))).toBe(150_000 + 1000);
    // 23:56 UTC: UTC's own midnight.
    expect(waitForDay(new Date('2026-12-02T23:56:00Z'))).toBe(4 * 60_000 + 1000);
    // Just after a midnight, and just outside the span before one.
    expect(waitForDay(new Date('2026-12-02T23:00:05Z'))).toBe(0);
    expect(waitForDay(new Date(Date.parse('2026-12-02T23:00:00Z') - FILE_SPAN_MS - 1))).toBe(0);
    // Summer (CEST): Oslo's midnight is 22:00 UTC.
    expect(waitForDay(new Date('2026-07-01T21:59:00Z'))).toBe(61_000);
  });
});
