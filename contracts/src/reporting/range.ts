import type { z } from 'zod';
import { daysBetween } from '../common.js';

/** The longest range a report covers (a year and a day: a leap year's whole year). */
export const MAX_REPORT_DAYS = 366;

/** A report's range: the to date not before the from date (400 on `toDate`), at most 366 days. */
export function checkReportRange(
  q: { fromDate: string; toDate: string },
  ctx: z.RefinementCtx,
): void {
  const days = daysBetween(q.fromDate, q.toDate);
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'validation.dateRange' });
  else if (days >= MAX_REPORT_DAYS)
    ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'validation.tooLong' });
}
