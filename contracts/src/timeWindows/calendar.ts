import { addDays, zoneOffsetMinutes } from '../consignments/validation.js';
import { daysBetween } from '../common.js';
import { minutesOf, timeOf, type Issue } from './hours.js';

/**
 * A department's calendar: what the booking form and the command service both apply to a pickup
 * and a delivery (docs/decisions/0078-time-windows.md). Pure: the caller reads the week, the
 * production windows and the holidays, and gives the clock.
 */

type Kind = 'pickup' | 'delivery';
interface Interval {
  weekday: string;
  start: string;
  end: string;
}
interface Hours {
  pickupHours: readonly Interval[];
  deliveryHours: readonly Interval[];
  bookingCutoff: string | null;
}
export interface CalendarWeek extends Hours {
  minimumLeadMinutes: number;
}
export interface CalendarPeriod extends Hours {
  fromDate: string;
  toDate: string;
}

export interface DepartmentCalendar {
  /** The department's zone: its country's. */
  timeZone: string;
  /** The week (null: none set). */
  week: CalendarWeek | null;
  /** The department's production time windows (they do not overlap). */
  production: readonly CalendarPeriod[];
  /** The holiday types of the department's country on a date (contracts holidays). */
  holidaysOn: (date: string) => readonly string[];
}

/** What a date allows for pickups or deliveries. `hours` null: any hour. */
export interface DayRules {
  open: boolean;
  hours: { start: number; end: number }[] | null;
  cutoff: string | null;
  /** Whether the department's calendar governs the date at all (a week or a window). */
  governed: boolean;
}

const weekdayOf = (date: string): string =>
  ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'][new Date(`${date}T12:00:00Z`).getUTCDay()]!;

/** The production window a date lies in, if any. */
export const periodOn = <P extends { fromDate: string; toDate: string }>(
  periods: readonly P[],
  date: string,
): P | undefined => periods.find((p) => p.fromDate <= date && date <= p.toDate);

/**
 * The rules of one date. A production window's hours replace the week's on its dates (a weekday
 * without hours is closed); a week without hours of a kind allows that kind at any hour of every
 * day. A department with neither is open at every hour, holidays included (as before 0078); a
 * governed date is closed on the country's public holidays and on its no-pickup or no-delivery
 * days.
 */
export function dayRules(calendar: DepartmentCalendar, date: string, kind: Kind): DayRules {
  const period = periodOn(calendar.production, date);
  const source: Hours | null = period ?? calendar.week;
  if (!source) return { open: true, hours: null, cutoff: null, governed: false };
  const cutoff = period?.bookingCutoff ?? calendar.week?.bookingCutoff ?? null;
  const holidays = calendar.holidaysOn(date);
  const closedBy = kind === 'pickup' ? 'NO_PICKUP' : 'NO_DELIVERY';
  if (holidays.includes('PUBLIC_HOLIDAY') || holidays.includes(closedBy))
    return { open: false, hours: [], cutoff, governed: true };
  const list = kind === 'pickup' ? source.pickupHours : source.deliveryHours;
  if (!period && list.length === 0) return { open: true, hours: null, cutoff, governed: true };
  const weekday = weekdayOf(date);
  const hours = list
    .filter((h) => h.weekday === weekday)
    .map((h) => ({ start: minutesOf(h.start), end: minutesOf(h.end) }))
    .sort((a, b) => a.start - b.start);
  return { open: hours.length > 0, hours, cutoff, governed: true };
}

/**
 * The span of a date's open hours of a kind, from the first opening to the last closing (HH:mm),
 * for the optimiser's horizon (docs/decisions/0098): null when the date has no hours of its own
 * (any hour) or is closed (the run is refused then; a run already asked for plans as before).
 * A split day's pause is inside the span.
 */
export function openSpan(
  calendar: DepartmentCalendar,
  date: string,
  kind: Kind,
): { start: string; end: string } | null {
  const { open, hours } = dayRules(calendar, date, kind);
  if (!open || !hours || hours.length === 0) return null;
  return {
    start: timeOf(Math.min(...hours.map((h) => h.start))),
    end: timeOf(Math.max(...hours.map((h) => h.end))),
  };
}

/** A date's local date and minute of the day in a time zone. */
export function localNow(now: Date, timeZone: string): { date: string; minutes: number } {
  const local = new Date(now.getTime() + zoneOffsetMinutes(timeZone, now) * 60_000);
  return {
    date: local.toISOString().slice(0, 10),
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

const wholeDay = [{ start: 0, end: 1440 }];

/**
 * The first minute of a date a pickup may be booked for, `now` given: on the booking day the
 * lead time after now and nothing once the cut-off has passed; later days from their opening.
 * Null: nothing left on that date.
 */
function firstMinute(
  calendar: DepartmentCalendar,
  date: string,
  now: { date: string; minutes: number },
): number | null {
  const rules = dayRules(calendar, date, 'pickup');
  if (!rules.open) return null;
  const offset = daysBetween(now.date, date);
  if (offset < 0) return null;
  if (offset === 0 && rules.cutoff !== null && now.minutes >= minutesOf(rules.cutoff)) return null;
  const threshold = leadUntil(calendar, date, now);
  for (const h of rules.hours ?? wholeDay)
    if (h.end > threshold) return Math.max(h.start, threshold);
  return null;
}

/** The minute of a date the lead time after now reaches (negative: before the date began). */
const leadUntil = (
  calendar: DepartmentCalendar,
  date: string,
  now: { date: string; minutes: number },
): number =>
  now.minutes + (calendar.week?.minimumLeadMinutes ?? 0) - daysBetween(now.date, date) * 1440;

/**
 * The earliest pickup that can be booked now: the first date (within `days`) with time left, and
 * that time (local, HH:mm). Null: none within the days looked at.
 */
export function earliestPickup(
  calendar: DepartmentCalendar,
  now: Date,
  days = 60,
): { date: string; time: string } | null {
  const local = localNow(now, calendar.timeZone);
  for (let i = 0; i < days; i++) {
    const date = addDays(local.date, i);
    const minute = firstMinute(calendar, date, local);
    if (minute !== null) return { date, time: timeOf(Math.max(0, Math.min(minute, 1439))) };
  }
  return null;
}

const within = (
  hours: { start: number; end: number }[],
  minute: number,
  edge: 'start' | 'end',
): boolean =>
  hours.some((h) =>
    edge === 'start' ? h.start <= minute && minute < h.end : h.start < minute && minute <= h.end,
  );

interface Timing {
  pickupDate: string;
  pickupTimeEarliest?: string | undefined;
  pickupTimeLatest?: string | undefined;
  deliveryDate?: string | undefined;
  deliveryTimeEarliest?: string | undefined;
  deliveryTimeLatest?: string | undefined;
}

/**
 * The calendar's rules on a booking (the form shows them, the command service refuses with them):
 * the pickup date is open for pickups; on the booking day, before the cut-off and with time left
 * after the lead time; the pickup times inside the day's pickup hours and not before the
 * earliest pickup; the delivery date open for deliveries and its times inside its hours.
 */
export function calendarIssues(order: Timing, calendar: DepartmentCalendar, now: Date): Issue[] {
  const issues: Issue[] = [];
  const local = localNow(now, calendar.timeZone);
  const pickup = dayRules(calendar, order.pickupDate, 'pickup');
  if (!pickup.open) issues.push({ path: ['pickupDate'], message: 'validation.pickupClosed' });
  else if (daysBetween(local.date, order.pickupDate) >= 0) {
    const first = firstMinute(calendar, order.pickupDate, local);
    const earliest = order.pickupTimeEarliest ? minutesOf(order.pickupTimeEarliest) : null;
    const latest = order.pickupTimeLatest ? minutesOf(order.pickupTimeLatest) : null;
    if (first === null) issues.push({ path: ['pickupDate'], message: 'validation.afterCutoff' });
    else if (latest !== null && latest < leadUntil(calendar, order.pickupDate, local))
      issues.push({ path: ['pickupTimeLatest'], message: 'validation.beforeEarliestPickup' });
    if (pickup.hours) {
      if (earliest !== null && !within(pickup.hours, earliest, 'start'))
        issues.push({ path: ['pickupTimeEarliest'], message: 'validation.outsidePickupHours' });
      if (
        latest !== null &&
        !within(pickup.hours, latest, 'end') &&
        !named(issues, 'pickupTimeLatest')
      )
        issues.push({ path: ['pickupTimeLatest'], message: 'validation.outsidePickupHours' });
    }
  }
  const deliveryDate = order.deliveryDate ?? order.pickupDate;
  const delivery = dayRules(calendar, deliveryDate, 'delivery');
  if (!delivery.open) issues.push({ path: ['deliveryDate'], message: 'validation.deliveryClosed' });
  else if (delivery.hours) {
    const earliest = order.deliveryTimeEarliest ? minutesOf(order.deliveryTimeEarliest) : null;
    const latest = order.deliveryTimeLatest ? minutesOf(order.deliveryTimeLatest) : null;
    if (earliest !== null && !within(delivery.hours, earliest, 'start'))
      issues.push({ path: ['deliveryTimeEarliest'], message: 'validation.outsideDeliveryHours' });
    // A window past midnight (22:00–02:00, spec §5) ends the next day: its start is what counts.
    const overnight = earliest !== null && latest !== null && latest < earliest;
    if (latest !== null && !overnight && !within(delivery.hours, latest, 'end'))
      issues.push({ path: ['deliveryTimeLatest'], message: 'validation.outsideDeliveryHours' });
  }
  return issues;
}

const named = (issues: Issue[], field: string) => issues.some((i) => i.path[0] === field);

/** An order's fields the calendar judges (docs/decisions/0078). */
export const orderTimingFields = [
  'pickupDate',
  'pickupTimeEarliest',
  'pickupTimeLatest',
  'deliveryDate',
  'deliveryTimeEarliest',
  'deliveryTimeLatest',
] as const;
export type OrderTimingField = (typeof orderTimingFields)[number];

/**
 * The timing fields an edit changed (absent and empty alike): an edit answers to a calendar rule
 * only on a changed field, or on any when the pickup date changed (the server and the form).
 */
export function changedTimingFields(
  edited: Partial<Record<OrderTimingField, string | null>>,
  stored: Partial<Record<OrderTimingField, string | null>>,
): Set<string> {
  const value = (v: string | null | undefined) => (v && v.trim() !== '' ? v : null);
  return new Set(orderTimingFields.filter((f) => value(edited[f]) !== value(stored[f])));
}
