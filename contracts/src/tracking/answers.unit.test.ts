import { describe, expect, it } from '@jest/globals';
import { answerRefusal, closedReason, openDates, OPEN_DAYS_AHEAD } from './answers.js';

/** The recipient's open dates (docs/decisions/0063): 2026-12-03 is a Thursday. */
describe('open dates', () => {
  const today = '2026-12-03';
  const none = () => false;

  it('are the working days from tomorrow to 14 days ahead, weekends and holidays out', () => {
    expect(openDates(today, none)).toEqual([
      '2026-12-04',
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-14',
      '2026-12-15',
      '2026-12-16',
      '2026-12-17',
    ]);
    const christmas = (d: string) => d === '2026-12-08';
    expect(openDates(today, christmas)).not.toContain('2026-12-08');
    expect(openDates(today, christmas)).toHaveLength(9);
    expect(OPEN_DAYS_AHEAD).toBe(14);
  });

  it('name why a day is closed: past (today too), too far, weekend, holiday', () => {
    expect(closedReason('2026-12-03', today, none)).toBe('past');
    expect(closedReason('2026-12-01', today, none)).toBe('past');
    expect(closedReason('2026-12-17', today, none)).toBeNull();
    expect(closedReason('2026-12-18', today, none)).toBe('tooFar');
    expect(closedReason('2026-12-05', today, none)).toBe('weekend');
    expect(closedReason('2026-12-06', today, none)).toBe('weekend');
    expect(closedReason('2026-12-07', today, (d) => d === '2026-12-07')).toBe('holiday');
    // Across a year's end, by the calendar.
    expect(openDates('2026-12-30', none)[0]).toBe('2026-12-31');
    expect(openDates('2026-12-30', none)).toContain('2027-01-04');
  });

  it('answers are refused after the story is over (expired) or once the courier left (left)', () => {
    expect(answerRefusal('DELIVERED', false)).toBe('expired');
    expect(answerRefusal('REJECTED', false)).toBe('expired');
    expect(answerRefusal('ASSIGNED', true)).toBe('left');
    expect(answerRefusal('DEVIATED', false)).toBe('left');
    expect(answerRefusal('ASSIGNED', false)).toBeNull();
    expect(answerRefusal('COLLECTED', false)).toBeNull();
  });
});
