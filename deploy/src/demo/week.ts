import { isWorkingDay, zonedInstant, type HolidayFields } from '@nordlog/contracts';

/** `date` plus `days` (yyyy-MM-dd, calendar arithmetic in UTC). */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The first `count` working days after `today` in a country: Monday to Friday and none of its
 * public holidays (the demo's calendar, the same rule the recurring orders book by).
 */
export function comingWorkingDays(
  today: string,
  country: string,
  count: number,
  holidays: readonly HolidayFields[],
): string[] {
  const closed = new Set(holidays.filter((h) => h.country === country).map((h) => h.date));
  const days: string[] = [];
  for (let date = addDays(today, 1); days.length < count; date = addDays(date, 1))
    if (isWorkingDay(date, (d) => closed.has(d))) days.push(date);
  return days;
}

/** A day's three slots, as the demo's today has them (local times of the department). */
export const demoSlotTimes = [
  ['Morning 1', '07:00'],
  ['Morning 2', '07:30'],
  ['Afternoon', '12:00'],
] as const;

/** CREATE_SLOT payloads of a department's day (its three slots). */
export const demoSlotsOf = (departmentId: string, date: string, tz: string) =>
  demoSlotTimes.map(([name, hour]) => ({
    departmentId,
    name,
    timeFrom: zonedInstant(date, hour, tz).toISOString(),
  }));
