import { CONSIGNMENT_GRID_TABLE, pickupOrderStates, type ConsignmentRow } from '@nordlog/contracts';
import type { QueryHandler } from '../framework.js';
import { consignments, defaultDate, scoped, searchConsignments } from './query.js';

/**
 * Query `searchDeletedOrders` (spec §7): `searchConsignments` of the DELETED rows, so a planner
 * finds a deleted order by what it was booked with and restores it (docs/decisions/0052).
 */
export const searchDeletedOrders: QueryHandler<'searchDeletedOrders'> = (params, ctx) =>
  searchConsignments({ ...params, states: ['DELETED'] }, ctx);

/**
 * Query `consignmentsInSameLoadCarrier {consignmentId}` (spec §7): the rows of the caller's scope
 * on the same load carrier as this consignment, itself first; none when it is on none (or not in
 * the caller's scope).
 */
export const consignmentsInSameLoadCarrier: QueryHandler<'consignmentsInSameLoadCarrier'> = async (
  params,
  ctx,
) => {
  const found: unknown = await scoped(
    ctx.knex(CONSIGNMENT_GRID_TABLE).where('id', params.consignmentId),
    ctx.identity,
    undefined,
    undefined,
  ).first(ctx.knex.raw(`data->>'loadCarrierId' as carrier`));
  const own = found as { carrier: string | null } | undefined;
  if (!own?.carrier) return [];
  const rows: unknown = await scoped(
    ctx
      .knex(CONSIGNMENT_GRID_TABLE)
      .whereRaw(`data->>'loadCarrierId' = ?`, [own.carrier])
      .select('data'),
    ctx.identity,
    undefined,
    undefined,
  )
    .orderByRaw('id = ? desc, date, id', [params.consignmentId])
    .limit(1000);
  return (rows as { data: ConsignmentRow }[]).map((r) => r.data);
};

/**
 * Query `pickupOrders` (spec §2 the pickup-orders screen): the departments' orders whose goods are
 * still to be collected over a range of pickup dates (default today), by date.
 */
export const pickupOrders: QueryHandler<'pickupOrders'> = async (params, ctx) => {
  const fromDate = params.fromDate ?? (await defaultDate(ctx, params.departmentIds));
  return consignments(
    {
      departmentIds: params.departmentIds,
      fromDate,
      toDate: params.toDate ?? fromDate,
      states: [...pickupOrderStates],
      limit: params.limit,
      offset: 0,
    },
    ctx,
  );
};
