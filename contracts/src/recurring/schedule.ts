import { addDays } from '../consignments/validation.js';
import { daysBetween } from '../common.js';

/**
 * When a recurring order books (docs/decisions/0058-recurring-orders.md): pure rules over calendar
 * dates (yyyy-MM-dd), shared by the command side (EXECUTE_RECURRING_ORDERS), the query side (the
 * calendar of coming dates) and the screens. An *occurrence* is a date the schedule names; it is
 * booked on its own date, or, when that is a public holiday of the department's country, skipped
 * (SKIP) or booked on the next working day (NEXT_WORKING_DAY).
 */

export const holidayPolicies = ['SKIP', 'NEXT_WORKING_DAY'] as const;
export type HolidayPolicy = (typeof holidayPolicies)[number];

export interface RecurringSchedule {
  startDate: string;
  /** The last date it may occur on (null: no end). */
  endDate: string | null;
  /** ISO weekdays (1 Monday … 7 Sunday) it occurs on, when `intervalDays` is null. */
  weekdays: readonly number[];
  /** Every this many days from `startDate` (weekdays are then not looked at). */
  intervalDays: number | null;
  holidayPolicy: HolidayPolicy;
}

/** How far an occurrence may move (NEXT_WORKING_DAY): beyond it, it is skipped. */
export const MAX_MOVE_DAYS = 14;

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday (spec §9: the week starts on Monday). */
export function weekdayOf(date: string): number {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Whether the schedule names this date (an occurrence), holidays aside. */
export function isScheduled(s: RecurringSchedule, date: string): boolean {
  if (date < s.startDate) return false;
  if (s.endDate !== null && date > s.endDate) return false;
  if (s.intervalDays !== null) return daysBetween(s.startDate, date) % s.intervalDays === 0;
  return s.weekdays.includes(weekdayOf(date));
}

/** A working day: Monday to Friday and not a public holiday. */
export const isWorkingDay = (date: string, isHoliday: (date: string) => boolean): boolean =>
  weekdayOf(date) <= 5 && !isHoliday(date);

/**
 * The date an occurrence is booked on: its own unless it is a holiday; then none (SKIP) or the
 * next working day within MAX_MOVE_DAYS (NEXT_WORKING_DAY).
 */
export function bookingDateOf(
  s: RecurringSchedule,
  occurrence: string,
  isHoliday: (date: string) => boolean,
): string | null {
  if (!isHoliday(occurrence)) return occurrence;
  if (s.holidayPolicy === 'SKIP') return null;
  for (let i = 1; i <= MAX_MOVE_DAYS; i++) {
    const next = addDays(occurrence, i);
    if (isWorkingDay(next, isHoliday)) return next;
  }
  return null;
}

/** What executing a date does for one recurring order's occurrence. */
export type DayPlan =
  | { occurrence: string; outcome: 'BOOK' }
  | { occurrence: string; outcome: 'HOLIDAY' }
  | { occurrence: string; outcome: 'MOVED'; movedTo: string };

/**
 * The occurrences executing `date` deals with: the date's own occurrence when it is a holiday
 * (skipped, or moved to a later day), and every occurrence booked on the date (its own, and
 * earlier ones moved to it). `isHoliday` must know the dates MAX_MOVE_DAYS either side.
 */
export function dayPlan(
  s: RecurringSchedule,
  date: string,
  isHoliday: (date: string) => boolean,
): DayPlan[] {
  const out: DayPlan[] = [];
  for (let back = MAX_MOVE_DAYS; back >= 0; back--) {
    const occurrence = addDays(date, -back);
    if (!isScheduled(s, occurrence)) continue;
    const on = bookingDateOf(s, occurrence, isHoliday);
    if (on === date) out.push({ occurrence, outcome: 'BOOK' });
    else if (occurrence === date)
      out.push(
        on === null
          ? { occurrence, outcome: 'HOLIDAY' }
          : { occurrence, outcome: 'MOVED', movedTo: on },
      );
  }
  return out;
}

/** A coming occurrence for the calendar: when it books (null: skipped for a holiday). */
export interface ComingDate {
  occurrence: string;
  date: string | null;
}

/** The occurrences from `from` to `to` (inclusive) and the dates they book on. */
export function comingDates(
  s: RecurringSchedule,
  from: string,
  to: string,
  isHoliday: (date: string) => boolean,
): ComingDate[] {
  const out: ComingDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1))
    if (isScheduled(s, d)) out.push({ occurrence: d, date: bookingDateOf(s, d, isHoliday) });
  return out;
}
