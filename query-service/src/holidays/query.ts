import { HOLIDAYS_TABLE, type HolidayRow } from '@nordlog/contracts';
import type { QueryHandler } from '../framework.js';

/** Query `holiday` (spec §7): holidays by date, optionally of one country, type and date range. */
export const holiday: QueryHandler<'holiday'> = async (params, { knex }) => {
  const q = knex(HOLIDAYS_TABLE)
    .where('deleted', false)
    .select('data')
    .orderBy([{ column: 'date' }, { column: 'country' }, { column: 'type' }]);
  if (params.country) q.where('country', params.country);
  if (params.type) q.where('type', params.type);
  if (params.fromDate) q.where('date', '>=', params.fromDate);
  if (params.toDate) q.where('date', '<=', params.toDate);
  return ((await q) as { data: HolidayRow }[]).map((r) => r.data);
};
