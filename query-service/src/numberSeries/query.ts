import { NUMBER_SERIES_TABLE, type NumberSeriesRow } from '@nordlog/contracts';
import type { QueryHandler } from '../framework.js';
import { scopeNumberSeries } from '../scopes.js';

/** Query `numberSeries` (spec §7): the series the caller sees, with their next value. */
export const numberSeries: QueryHandler<'numberSeries'> = async (params, { knex, identity }) => {
  const q = scopeNumberSeries(
    knex(NUMBER_SERIES_TABLE).where('deleted', false).select('data'),
    identity,
  ).orderBy('id');
  if (params.type) q.where('type', params.type);
  if (params.departmentId) q.where('department_id', params.departmentId);
  if (params.customerId) q.where('customer_id', params.customerId);
  if (params.ids && params.ids.length > 0) q.whereIn('id', params.ids);
  return ((await q) as { data: NumberSeriesRow }[]).map((r) => r.data);
};
