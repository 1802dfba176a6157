import {
  AppError,
  CUSTOMER_NAMES_TABLE,
  customerScope,
  ORDERS_TABLE,
  ORDER_NOT_FOUND_MESSAGE,
  invoicingOf,
  serviceErrors,
  type Identity,
  type OrderRow,
  type SearchOrderRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { allowedDepartments, searchWords, whereWord, type QueryHandler } from '../framework.js';
import { loadPricer } from '../invoicing/pricer.js';

type Builder = Knex.QueryBuilder;

/** The caller's departments (asked ones among them) and, for customer users, their customer. */
export function scoped(
  q: Builder,
  identity: Identity,
  departmentIds: string[] | undefined,
  customerIds: string[] | undefined,
): Builder {
  const allowed = allowedDepartments(identity, departmentIds);
  if (allowed !== '*') q.whereIn('department_id', allowed);
  const customers = customerScope(identity);
  if (customers) q.whereIn('customer_id', customers);
  else if (customerIds && customerIds.length > 0) q.whereIn('customer_id', customerIds);
  return q;
}

/** The rows with their customers' current names (one lookup for the page of rows). */
/** The current names of these customers (ids without one are left out). */
export async function customerNames(
  knex: Knex,
  customerIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(customerIds)];
  if (ids.length === 0) return new Map();
  return new Map(
    (
      await knex(CUSTOMER_NAMES_TABLE)
        .whereIn('id', ids)
        .select<{ id: string; name: string }[]>('id', 'name')
    ).map((n) => [String(n.id), n.name]),
  );
}

async function rows(knex: Knex, q: Builder): Promise<OrderRow[]> {
  const found = ((await q) as { data: OrderRow }[]).map((r) => r.data);
  if (found.length === 0) return found;
  const names = await customerNames(
    knex,
    found.map((r) => r.customerId),
  );
  return found.map((r) => ({ ...r, customerName: names.get(r.customerId) ?? null }));
}

/**
 * Query `orders {ids} | {shipmentId}`: whole orders for the form's edit, copy and restore modes
 * and the confirmation page. Nothing found (or nothing in scope): "Order not found" (spec §8).
 */
export const orders: QueryHandler<'orders'> = async (params, ctx) => {
  const q = scoped(ctx.knex(ORDERS_TABLE).select('data'), ctx.identity, undefined, undefined);
  if (params.ids && params.ids.length > 0) q.whereIn('id', params.ids);
  if (params.shipmentId) q.where('shipment_id', params.shipmentId);
  if (params.recurringOrderId) q.where('recurring_order_id', params.recurringOrderId);
  const found = await rows(ctx.knex, q.orderBy('id'));
  // A recurring order that booked nothing yet has no orders: an empty list, not "not found".
  if (found.length === 0 && params.recurringOrderId && !params.ids && !params.shipmentId)
    return found;
  if (found.length === 0) throw new AppError('ORDER_NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);
  return found;
};

/**
 * Query `searchOrders` (spec §7): every word must match (AND, spec §9) unless OR is asked; each
 * row carries its services' error lists (spec §8).
 */
export const searchOrders: QueryHandler<'searchOrders'> = async (params, ctx) => {
  const q = scoped(
    ctx.knex(ORDERS_TABLE).select('data'),
    ctx.identity,
    params.departmentIds,
    params.customerIds,
  );
  const column = params.advancedSearch ? 'advanced_text' : 'search_text';
  const words = searchWords(params.searchPhrase);
  q.where((w) => {
    for (const word of words) {
      if (params.searchOperator === 'AND') w.andWhere((one) => whereWord(one, column, word));
      else w.orWhere((one) => whereWord(one, column, word));
    }
  });
  if (params.states && params.states.length > 0) q.whereIn('state', params.states);
  if (params.fromDate) q.where('date', '>=', params.fromDate);
  if (params.toDate) q.where('date', '<=', params.toDate);
  q.orderBy([
    { column: 'date', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]).limit(params.limit);
  return withServiceErrors(ctx.knex, await rows(ctx.knex, q));
};

/**
 * Spec §8: each found order with the error lists of its price (what was invoiced, else its price
 * now), for the pickup, delivery and department services.
 */
async function withServiceErrors(knex: Knex, found: OrderRow[]): Promise<SearchOrderRow[]> {
  if (found.length === 0) return [];
  const pricer = await loadPricer(knex, [...new Set(found.map((r) => String(r.departmentId)))]);
  return found.map((row) => ({
    ...row,
    errors: serviceErrors((invoicingOf(row).invoiced?.price ?? pricer.price(row)).errors),
  }));
}

/** Query `unconfirmedOrders` (spec §7): orders waiting for a planner, oldest first. */
export const unconfirmedOrders: QueryHandler<'unconfirmedOrders'> = async (params, ctx) => {
  const q = scoped(
    ctx.knex(ORDERS_TABLE).select('data').where('state', 'UNCONFIRMED'),
    ctx.identity,
    params.departmentIds,
    params.customerIds,
  );
  return rows(ctx.knex, q.orderBy([{ column: 'date' }, { column: 'id' }]).limit(params.limit));
};

/** Query `unconfirmedOrdersCount` (spec §7): `{count}`. */
export const unconfirmedOrdersCount: QueryHandler<'unconfirmedOrdersCount'> = async (
  params,
  ctx,
) => {
  const q = scoped(
    ctx.knex(ORDERS_TABLE).where('state', 'UNCONFIRMED'),
    ctx.identity,
    params.departmentIds,
    params.customerIds,
  );
  const [row] = (await q.count<{ count: string }[]>('* as count')) as { count: string }[];
  return { count: Number(row?.count ?? 0) };
};
