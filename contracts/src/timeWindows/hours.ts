import { daysBetween } from '../common.js';
import type { Issue } from '../crossFieldRules.js';

export type { Issue };

interface Interval {
  weekday: string;
  start: string;
  end: string;
}

/** Minutes since midnight of an HH:mm time. */
export const minutesOf = (time: string): number => {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
};

/** HH:mm of minutes since midnight (0–1439). */
export const timeOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The rules of a list of opening intervals: each ends later than it starts (a window does not run
 * past midnight: split it), and no two of one weekday overlap (touching, 12:00–12:00, is fine).
 * The issue names the interval's field: `pickupHours.2.end`.
 */
export function intervalIssues(field: string, hours: readonly Interval[]): Issue[] {
  const issues: Issue[] = [];
  hours.forEach((h, i) => {
    if (minutesOf(h.end) <= minutesOf(h.start))
      issues.push({ path: [field, i, 'end'], message: 'validation.timeWindow' });
  });
  hours.forEach((h, i) => {
    if (minutesOf(h.end) <= minutesOf(h.start)) return;
    const clash = hours.some(
      (o, j) =>
        j < i &&
        o.weekday === h.weekday &&
        minutesOf(o.end) > minutesOf(o.start) &&
        minutesOf(o.start) < minutesOf(h.end) &&
        minutesOf(h.start) < minutesOf(o.end),
    );
    if (clash) issues.push({ path: [field, i, 'start'], message: 'validation.overlap' });
  });
  return issues;
}

/** The rules of a week's or a production window's pickup and delivery hours. */
export const hoursIssues = (w: {
  pickupHours: readonly Interval[];
  deliveryHours: readonly Interval[];
}): Issue[] => [
  ...intervalIssues('pickupHours', w.pickupHours),
  ...intervalIssues('deliveryHours', w.deliveryHours),
];

/** A production window's dates: the end is not before the start; at most 366 days. */
export function periodIssues(w: { fromDate: string; toDate: string }): Issue[] {
  if (w.toDate < w.fromDate) return [{ path: ['toDate'], message: 'validation.dateRange' }];
  if (daysBetween(w.fromDate, w.toDate) >= 366)
    return [{ path: ['toDate'], message: 'validation.periodTooLong' }];
  return [];
}

/** Whether two inclusive date ranges share a day. */
export const periodsOverlap = (
  a: { fromDate: string; toDate: string },
  b: { fromDate: string; toDate: string },
): boolean => a.fromDate <= b.toDate && b.fromDate <= a.toDate;
