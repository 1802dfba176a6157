import {
  CONSIGNMENT_GRID_TABLE,
  DEPARTMENTS_TABLE,
  countryTimeZones,
  type ConsignmentRow,
  type Identity,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import {
  allowedDepartments,
  searchWords,
  todayIn,
  type QueryContext,
  type QueryHandler,
} from '../framework.js';

type Builder = Knex.QueryBuilder;

function scoped(
  q: Builder,
  identity: Identity,
  departmentIds: string[] | undefined,
  customerIds: string[] | undefined,
) {
  const allowed = allowedDepartments(identity, departmentIds);
  if (allowed !== '*') q.whereIn('department_id', allowed);
  if (identity.customerId) q.where('customer_id', identity.customerId);
  else if (customerIds && customerIds.length > 0) q.whereIn('customer_id', customerIds);
  return q;
}

/** The default date is today in the time zone of the (first) department's country (spec §9). */
async function defaultDate(
  ctx: QueryContext,
  departmentIds: string[] | undefined,
): Promise<string> {
  let zone = 'Europe/Oslo';
  if (departmentIds?.[0]) {
    const row = await ctx
      .knex(DEPARTMENTS_TABLE)
      .where('id', departmentIds[0])
      .first<{ country: string } | undefined>('country');
    zone = (row && countryTimeZones[row.country]) ?? zone;
  }
  return todayIn(zone, ctx.clock());
}

/** Query `consignments`: the grid rows of departments over a date range (default today). */
export const consignments: QueryHandler<'consignments'> = async (params, ctx) => {
  const q = scoped(
    ctx.knex(CONSIGNMENT_GRID_TABLE).select('data'),
    ctx.identity,
    params.departmentIds,
    params.customerIds,
  );
  if (params.ids && params.ids.length > 0) q.whereIn('id', params.ids);
  else if (params.slotId) q.where('slot_id', params.slotId);
  else {
    const from = params.fromDate ?? (await defaultDate(ctx, params.departmentIds));
    q.whereBetween('date', [from, params.toDate ?? from]);
  }
  if (params.states && params.states.length > 0) q.whereIn('state', params.states);
  q.orderBy([{ column: 'date' }, { column: 'id' }])
    .limit(params.limit)
    .offset(params.offset);
  return ((await q) as { data: ConsignmentRow }[]).map((r) => r.data);
};

/** Query `searchConsignments`: words of the phrase combined with OR (default) or AND. */
export const searchConsignments: QueryHandler<'searchConsignments'> = async (params, ctx) => {
  const customers = params.customerId
    ? [params.customerId, ...(params.customerIds ?? [])]
    : params.customerIds;
  const q = scoped(
    ctx.knex(CONSIGNMENT_GRID_TABLE).select('data'),
    ctx.identity,
    params.departmentIds,
    customers,
  );
  const words = searchWords(params.searchPhrase);
  q.where((w) => {
    for (const word of words) {
      if (params.searchOperator === 'AND') w.andWhere('search_text', 'like', `%${word}%`);
      else w.orWhere('search_text', 'like', `%${word}%`);
    }
  });
  const states = [...(params.states ?? []), ...(params.state ? [params.state] : [])];
  if (states.length > 0) q.whereIn('state', states);
  if (params.dates && params.dates.length > 0) q.whereIn('date', params.dates);
  if (params.fromDate) q.where('date', '>=', params.fromDate);
  if (params.toDate) q.where('date', '<=', params.toDate);
  q.orderBy([
    { column: 'date', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]).limit(params.limit);
  return ((await q) as { data: ConsignmentRow }[]).map((r) => r.data);
};
