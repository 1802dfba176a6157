import { z } from 'zod';
import { hhmm } from '../common.js';

/** Spec §3 break types and §9 break code. */
export const breakTypes = ['NoBreakTime', 'TimeWindow', 'WorkingTime'] as const;
export type BreakType = (typeof breakTypes)[number];
export const REST_BREAK = 'rest_break';

/** Spec §5: the max working time options, in hours. */
export const maxWorkingTimeHours = [1, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** Minutes as an ISO 8601 duration (`30` → `PT30M`, `90` → `PT1H30M`). */
export function minutesToIso(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h > 0 ? `${h}H` : ''}${m > 0 || h === 0 ? `${m}M` : ''}`;
}

const ISO_DURATION = /^PT(?:(\d{1,3})H)?(?:(\d{1,4})M)?$/;

/** An ISO 8601 duration of hours and minutes as minutes, or null when it is not one. */
export function isoToMinutes(iso: string): number | null {
  const m = ISO_DURATION.exec(iso);
  if (!m || (m[1] === undefined && m[2] === undefined)) return null;
  return Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0);
}

/** A break's length: an ISO duration of 1 minute to 10 hours. */
const duration = z.string().refine(
  (v) => {
    const minutes = isoToMinutes(v);
    return minutes !== null && minutes >= 1 && minutes <= 600;
  },
  { error: 'validation.breakDuration' },
);

const maxWorkingTime = z.enum(maxWorkingTimeHours.map((h) => `PT${h}H`) as [string, ...string[]], {
  error: 'validation.maxWorkingTime',
});

/**
 * The courier break object (spec §3, §5): none; a time window (earliest and latest start, latest
 * strictly later, and a duration); or working time (a break of `duration` after at most
 * `maxWorkingTime` of work). Each kind carries only its own fields.
 */
export const breakSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('NoBreakTime') }).strict(),
  z
    .object({ type: z.literal('TimeWindow'), earliest: hhmm, latest: hhmm, duration })
    .strict()
    .refine((b) => b.latest > b.earliest, {
      path: ['latest'],
      error: 'validation.timeWindow',
    }),
  z.object({ type: z.literal('WorkingTime'), maxWorkingTime, duration }).strict(),
]);
export type Break = z.infer<typeof breakSchema>;
export const noBreak: Break = { type: 'NoBreakTime' };
