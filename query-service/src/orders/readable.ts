import { AppError, ORDERS_TABLE, inScope, type Identity, type OrderRow } from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';

/**
 * Orders the caller may read (its departments and customers), in the order asked. An order that
 * is not there and one outside the caller's access are alike: ORDER_NOT_FOUND.
 */
export async function readableOrders(
  knex: Knex,
  identity: Identity,
  ids: readonly string[],
): Promise<OrderRow[]> {
  const rows = await knex(ORDERS_TABLE)
    .whereIn('id', [...new Set(ids)])
    .select<{ data: OrderRow }[]>('data');
  const byId = new Map(rows.map((r) => [String(r.data.id), r.data]));
  return ids.map((id) => {
    const row = byId.get(String(id));
    if (!row || !inScope(identity, row.departmentId, row.customerId))
      throw new AppError('ORDER_NOT_FOUND', `Order ${id} not found`);
    return row;
  });
}

/** Orders priced together (a trip, the legs of a transport) are of one customer; else 400. */
export function assertOneCustomer(orders: readonly OrderRow[], what: string): void {
  const first = orders[0];
  if (first && orders.some((o) => String(o.customerId) !== String(first.customerId)))
    throw AppError.of([
      {
        errorType: 'VALIDATION_ERROR',
        description: `params.orderIds: ${what} of one customer`,
        params: { field: 'orderIds', key: 'validation.invalid' },
      },
    ]);
}
