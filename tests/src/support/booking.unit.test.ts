import { describe, expect, it } from '@jest/globals';
import { minutesFromOsloMidnight } from './booking.js';

describe('awayFromOsloMidnight', () => {
  // Oslo is UTC+1 in December: 23:00 UTC is its midnight.
  const utc = (h: number, m: number) => new Date(Date.UTC(2026, 11, 4, h, m, 30));

  it('waits until three minutes past Oslo midnight from three minutes before it, and never elsewhere', () => {
    expect(minutesFromOsloMidnight(utc(22, 56), 3)).toBe(0);
    expect(minutesFromOsloMidnight(utc(22, 57), 3)).toBe(6);
    expect(minutesFromOsloMidnight(utc(22, 59), 3)).toBe(4);
    expect(minutesFromOsloMidnight(utc(23, 0), 3)).toBe(3);
    expect(minutesFromOsloMidnight(utc(23, 2), 3)).toBe(1);
    expect(minutesFromOsloMidnight(utc(23, 3), 3)).toBe(0);
    expect(minutesFromOsloMidnight(utc(12, 0), 3)).toBe(0);
  });
});
