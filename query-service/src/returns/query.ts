import {
  AppError,
  CUSTOMERS_TABLE,
  ORDER_DEVIATIONS_TABLE,
  ORDERS_TABLE,
  customerScope,
  inScope,
  returnEligibility,
  type CustomerRow,
  type Identity,
  type ManageReturnsRow,
  type MultilegOrderPrice,
  type OrderReturnDetails,
  type OrderRow,
  type ReturnLegRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { assertDepartment, type QueryHandler } from '../framework.js';
import { multilegOrderPrice } from '../invoicing/query.js';
import { customerNames } from '../orders/query.js';
import { readableOrders } from '../orders/readable.js';

/**
 * The queries of returns (docs/decisions/0057-returns.md): an order's return and what it is a
 * return of (`getOrderReturnDetails`), the manage-returns screen's two lists (`manageReturns`),
 * and where a customer's returns go (`customerReturnAddress`).
 */

const place = (b: OrderRow['order']['pickup']) => ({
  name: b.name,
  address: b.address,
  zipCode: b.zipCode,
  zipArea: b.zipArea,
});

export const legRow = (row: OrderRow): ReturnLegRow => ({
  orderId: String(row.id),
  leg: row.returnOf?.leg ?? 1,
  shipmentId: row.shipmentId,
  state: row.state,
  pickupDate: row.order.pickupDate,
  pickup: place(row.order.pickup),
  delivery: place(row.order.delivery),
  slotId: row.slotId,
});

/** The orders of these ids the reader may read, by id (a leg it may not read is left out). */
async function ordersById(
  knex: Knex,
  identity: Identity,
  ids: readonly string[],
): Promise<Map<string, OrderRow>> {
  if (ids.length === 0) return new Map();
  const rows = await knex(ORDERS_TABLE)
    .whereIn('id', [...new Set(ids)])
    .select<{ data: OrderRow }[]>('data');
  return new Map(
    rows
      .map((r) => r.data)
      .filter((r) => inScope(identity, r.departmentId, r.customerId))
      .map((r) => [String(r.id), r]),
  );
}

/** Query `getOrderReturnDetails {orderId}` (spec §7). */
export const getOrderReturnDetails: QueryHandler<'getOrderReturnDetails'> = async (
  { orderId },
  ctx,
) => {
  const [row] = await readableOrders(ctx.knex, ctx.identity, [orderId]);
  const made = row!.returns?.[0] ?? null;
  let ret: OrderReturnDetails['return'] = null;
  if (made) {
    const legs = await ordersById(ctx.knex, ctx.identity, made.orderIds);
    const legRows = made.orderIds.flatMap((id) => {
      const leg = legs.get(id);
      return leg ? [legRow(leg)] : [];
    });
    // The return's price: its legs priced together, as `multilegOrderPrice` prices them.
    const price =
      legRows.length === made.orderIds.length && legRows.length > 0
        ? ((await multilegOrderPrice({ orderIds: made.orderIds }, ctx)) as MultilegOrderPrice)
        : null;
    ret = { ...made, legs: legRows, price };
  }
  const answer: OrderReturnDetails = {
    orderId: String(row!.id),
    state: row!.state,
    eligible: returnEligibility({
      state: row!.state,
      collected: row!.collected ?? false,
      erased: row!.personalDataErasedAt !== undefined,
      returns: row!.returns ?? [],
    }),
    return: ret,
    returnOf: row!.returnOf ?? null,
  };
  return answer;
};

/**
 * Query `manageReturns`: TO_MAKE, the deviated orders without a return (with their last
 * deviation, by the reasons asked); MADE, the orders with one (with its legs), of the dates and
 * customers asked, oldest first.
 */
export const manageReturns: QueryHandler<'manageReturns'> = async (params, { knex, identity }) => {
  assertDepartment(identity, params.departmentId);
  return manageReturnsRows(knex, identity, params);
};

export async function manageReturnsRows(
  knex: Knex,
  identity: Identity,
  params: {
    departmentId: string;
    view: 'TO_MAKE' | 'MADE';
    fromDate: string;
    toDate: string;
    customerIds?: string[] | undefined;
    reasons?: string[] | undefined;
    limit: number;
  },
): Promise<ManageReturnsRow[]> {
  const q = knex(`${ORDERS_TABLE} as o`)
    .where('o.department_id', params.departmentId)
    .whereBetween('o.date', [params.fromDate, params.toDate]);
  if (params.view === 'TO_MAKE') q.where('o.state', 'DEVIATED').where('o.has_return', false);
  else q.where('o.has_return', true);
  const customers = customerScope(identity);
  if (customers) q.whereIn('o.customer_id', customers);
  if (params.customerIds?.length) q.whereIn('o.customer_id', params.customerIds);
  // The order's last deviation (the reason the return is for), read with it.
  q.joinRaw(
    `left join lateral (
       select d.data->>'reason' as reason, d.data->>'text' as text, d.data->>'reportedAt' as reported_at
       from ${ORDER_DEVIATIONS_TABLE} d
       where d.order_id = o.id and not d.deleted
       order by d.id desc limit 1) dev on true`,
  );
  if (params.reasons?.length) q.whereIn('dev.reason', params.reasons);
  const found = await q
    .orderBy([
      { column: 'o.date', order: 'asc' },
      { column: 'o.id', order: 'asc' },
    ])
    .limit(params.limit)
    .select<
      { data: OrderRow; reason: string | null; text: string | null; reported_at: string | null }[]
    >('o.data', 'dev.reason', 'dev.text', 'dev.reported_at');
  const legIds = found.flatMap((r) => r.data.returns?.[0]?.orderIds ?? []);
  const legs = await ordersById(knex, identity, legIds);
  const names = await customerNames(
    knex,
    found.map((r) => r.data.customerId),
  );
  return found.map((r): ManageReturnsRow => ({
    ...r.data,
    customerName: names.get(String(r.data.customerId)) ?? null,
    deviation: r.reason
      ? {
          reason: r.reason as NonNullable<ManageReturnsRow['deviation']>['reason'],
          text: r.text,
          reportedAt: r.reported_at ?? '',
        }
      : null,
    legs: (r.data.returns?.[0]?.orderIds ?? []).flatMap((id) => {
      const leg = legs.get(id);
      return leg ? [legRow(leg)] : [];
    }),
  }));
}

/** Query `customerReturnAddress {customerId}` (spec §7): where the customer's returns go. */
export const customerReturnAddress: QueryHandler<'customerReturnAddress'> = async (
  { customerId },
  { knex, identity },
) => {
  const scope = customerScope(identity);
  const row = await knex(CUSTOMERS_TABLE)
    .where('id', customerId)
    .first<{ data: CustomerRow } | undefined>('data');
  if (
    !row ||
    (scope && !scope.includes(String(customerId))) ||
    !customerReadable(identity, row.data)
  )
    throw new AppError('NOT_FOUND', `Customer ${customerId} not found`);
  return {
    customerId: String(customerId),
    returnAddress: row.data.returnAddress ?? null,
    returnLastLeg: row.data.returnLastLeg ?? true,
  };
};

/** A customer of another department is not the reader's (customers without one are everyone's). */
const customerReadable = (identity: Identity, c: CustomerRow) =>
  c.departmentId === null || inScope(identity, c.departmentId, c.id);
