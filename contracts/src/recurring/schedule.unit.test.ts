import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { addDays } from '../consignments/validation.js';
import {
  bookingDateOf,
  comingDates,
  dayPlan,
  isScheduled,
  isWorkingDay,
  MAX_MOVE_DAYS,
  weekdayOf,
  type RecurringSchedule,
} from './schedule.js';

/** Dates of 2026–2028 as yyyy-MM-dd. */
const dateArb = fc.integer({ min: 0, max: 3 * 365 }).map((n) => addDays('2026-01-01', n));

const scheduleArb: fc.Arbitrary<RecurringSchedule> = fc
  .record({
    startDate: dateArb,
    length: fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
    weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    intervalDays: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
    holidayPolicy: fc.constantFrom('SKIP' as const, 'NEXT_WORKING_DAY' as const),
  })
  .map(({ length, ...s }) => ({
    ...s,
    endDate: length === null ? null : addDays(s.startDate, length),
  }));

/** A random set of holidays (about one day in six). */
const holidaysArb = fc.uniqueArray(dateArb, { maxLength: 200 }).map((dates) => new Set(dates));

describe('recurring schedule rules (docs/decisions/0058)', () => {
  it('weekdayOf names ISO weekdays (2026-12-07 is a Monday, 2026-12-13 a Sunday)', () => {
    expect(weekdayOf('2026-12-07')).toBe(1);
    expect(weekdayOf('2026-12-13')).toBe(7);
  });

  it('S7-CMD-017 the dates produced lie in the range and on the weekdays or the interval', () => {
    fc.assert(
      fc.property(scheduleArb, holidaysArb, dateArb, (s, holidays, from) => {
        const to = addDays(from, 60);
        for (const c of comingDates(s, from, to, (d) => holidays.has(d))) {
          expect(c.occurrence >= s.startDate).toBe(true);
          if (s.endDate !== null) expect(c.occurrence <= s.endDate).toBe(true);
          if (s.intervalDays === null) expect(s.weekdays).toContain(weekdayOf(c.occurrence));
          else
            expect(
              Math.round((Date.parse(c.occurrence) - Date.parse(s.startDate)) / 86_400_000) %
                s.intervalDays,
            ).toBe(0);
        }
      }),
    );
  });

  it('S7-CMD-020 an occurrence never books on a public holiday; SKIP skips it, NEXT_WORKING_DAY moves it to the first working day after', () => {
    fc.assert(
      fc.property(scheduleArb, holidaysArb, dateArb, (s, holidays, occurrence) => {
        const isHoliday = (d: string) => holidays.has(d);
        const on = bookingDateOf(s, occurrence, isHoliday);
        if (!isHoliday(occurrence)) return expect(on).toBe(occurrence);
        if (s.holidayPolicy === 'SKIP') return expect(on).toBeNull();
        if (on === null) return;
        expect(isHoliday(on)).toBe(false);
        expect(isWorkingDay(on, isHoliday)).toBe(true);
        expect(on > occurrence).toBe(true);
        for (let d = addDays(occurrence, 1); d < on; d = addDays(d, 1))
          expect(isWorkingDay(d, isHoliday)).toBe(false);
      }),
    );
  });

  it('S7-CMD-020 executing each date of a stretch books every occurrence exactly once (on its booking date)', () => {
    fc.assert(
      fc.property(scheduleArb, holidaysArb, dateArb, (s, holidays, from) => {
        const isHoliday = (d: string) => holidays.has(d);
        const to = addDays(from, 90);
        const booked: string[] = [];
        for (let d = from; d <= to; d = addDays(d, 1))
          for (const p of dayPlan(s, d, isHoliday)) {
            if (p.outcome !== 'BOOK') continue;
            expect(isHoliday(d)).toBe(false);
            expect(bookingDateOf(s, p.occurrence, isHoliday)).toBe(d);
            booked.push(p.occurrence);
          }
        expect(new Set(booked).size).toBe(booked.length);
        // Every occurrence from the window's start on that books within the window was booked.
        const expected = comingDates(s, addDays(from, 0), to, isHoliday)
          .filter((c) => c.date !== null && c.date <= to)
          .map((c) => c.occurrence);
        for (const o of expected) expect(booked).toContain(o);
      }),
    );
  });

  it('a holiday occurrence is reported on its own date as skipped or moved', () => {
    const s: RecurringSchedule = {
      startDate: '2026-12-01',
      endDate: null,
      weekdays: [5],
      intervalDays: null,
      holidayPolicy: 'NEXT_WORKING_DAY',
    };
    // Friday 2026-12-25 is a holiday; Monday 2026-12-28 the next working day.
    const holidays = new Set(['2026-12-25']);
    const isHoliday = (d: string) => holidays.has(d);
    expect(dayPlan(s, '2026-12-25', isHoliday)).toEqual([
      { occurrence: '2026-12-25', outcome: 'MOVED', movedTo: '2026-12-28' },
    ]);
    expect(dayPlan(s, '2026-12-28', isHoliday)).toEqual([
      { occurrence: '2026-12-25', outcome: 'BOOK' },
    ]);
    expect(dayPlan({ ...s, holidayPolicy: 'SKIP' }, '2026-12-25', isHoliday)).toEqual([
      { occurrence: '2026-12-25', outcome: 'HOLIDAY' },
    ]);
    expect(isScheduled(s, '2026-11-27')).toBe(false);
    expect(MAX_MOVE_DAYS).toBeGreaterThan(3);
  });
});
