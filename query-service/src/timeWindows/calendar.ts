import {
  DEPARTMENT_TIME_WINDOWS_TABLE,
  HOLIDAYS_TABLE,
  PRODUCTION_TIME_WINDOWS_TABLE,
  countryTimeZones,
  type DepartmentCalendar,
  type DepartmentTimeWindowRow,
  type ProductionTimeWindowRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';

/**
 * A department's calendar from the read models, for the dates from–to (docs/decisions/0078):
 * the same rules the command service applies from the streams (contracts `dayRules`).
 */
export async function readDepartmentCalendar(
  knex: Knex,
  department: { id: string; country: string },
  fromDate: string,
  toDate: string,
): Promise<DepartmentCalendar> {
  const [week, windows, holidays] = await Promise.all([
    knex(DEPARTMENT_TIME_WINDOWS_TABLE)
      .where('id', department.id)
      .first<{ data: DepartmentTimeWindowRow } | undefined>('data'),
    knex(PRODUCTION_TIME_WINDOWS_TABLE)
      .where({ department_id: department.id, deleted: false })
      .where('to_date', '>=', fromDate)
      .where('from_date', '<=', toDate)
      .select<{ data: ProductionTimeWindowRow }[]>('data'),
    knex(HOLIDAYS_TABLE)
      .where({ country: department.country, deleted: false })
      .whereBetween('date', [fromDate, toDate])
      .select<{ date: string; type: string }[]>('date', 'type'),
  ]);
  const byDate = new Map<string, string[]>();
  for (const h of holidays) byDate.set(h.date, [...(byDate.get(h.date) ?? []), h.type]);
  return {
    timeZone: countryTimeZones[department.country] ?? 'Europe/Oslo',
    week: week?.data ?? null,
    production: windows.map((w) => w.data),
    holidaysOn: (date) => byDate.get(date) ?? [],
  };
}
