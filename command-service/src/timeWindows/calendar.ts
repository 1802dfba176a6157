import {
  PRODUCTION_TIME_WINDOWS_STREAM,
  countryTimeZones,
  departmentTimeWindowStream,
  holidayId,
  holidayStream,
  holidayTypes,
  marketCountries,
  type Department,
  type DepartmentCalendar,
  type HolidayType,
  type MarketCountry,
} from '@nordlog/contracts';
import type { CommandReads } from '../framework/commandReads.js';
import type { HandlerContext } from '../framework/handler.js';
import { holidayDecider } from '../holidays/decider.js';
import { departmentWeekDecider, productionWindowsDecider } from './decider.js';

/**
 * Names the streams of a department's calendar that every booking reads (its week and the
 * production windows) so they come with the command's first reads (`Prefetch`): a department
 * without a calendar costs a booking no round trip of its own.
 */
export function prefetchCalendar(
  reads: Pick<CommandReads, 'prefetch'>,
  departmentId: string,
): void {
  reads.prefetch([departmentTimeWindowStream(departmentId)], departmentWeekDecider);
  reads.prefetch([PRODUCTION_TIME_WINDOWS_STREAM], productionWindowsDecider);
}

/**
 * A department's calendar as its streams tell it (docs/decisions/0078): the week, its production
 * windows and its country's holidays on the dates asked for (a date not asked for has none).
 * Holidays count only on a date the calendar governs (`dayRules`): they are read only then.
 */
export async function departmentCalendar(
  ctx: HandlerContext,
  department: Department,
  dates: readonly string[],
): Promise<DepartmentCalendar> {
  const country: MarketCountry = department.country;
  const [week, production] = await Promise.all([
    ctx.load(departmentTimeWindowStream(department.id), departmentWeekDecider),
    ctx.load(PRODUCTION_TIME_WINDOWS_STREAM, productionWindowsDecider),
  ]);
  const windows = Object.values(production.windows).filter((w) => w.departmentId === department.id);
  const governed = [...new Set(dates)].filter(
    (date) => week.week !== null || windows.some((w) => w.fromDate <= date && date <= w.toDate),
  );
  const wanted = marketCountries.includes(country) ? governed : [];
  const keys = wanted.flatMap((date) => holidayTypes.map((type) => ({ country, date, type })));
  const holidays =
    keys.length === 0
      ? []
      : await ctx.loadMany(
          keys.map((k) => holidayStream(holidayId(k))),
          holidayDecider,
        );
  const byDate = new Map<string, HolidayType[]>();
  keys.forEach((k, i) => {
    if (holidays[i]!.state.status !== 'exists') return;
    byDate.set(k.date, [...(byDate.get(k.date) ?? []), k.type]);
  });
  return {
    timeZone: countryTimeZones[department.country] ?? 'Europe/Oslo',
    week: week.week,
    production: windows,
    holidaysOn: (date) => byDate.get(date) ?? [],
  };
}
