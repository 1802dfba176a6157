import { ORDER_DEVIATIONS_TABLE, type OrderDeviationRow } from '@nordlog/contracts';
import type { QueryHandler } from '../framework.js';
import { scopeCustomerColumn, scopeDepartmentColumn } from '../scopes.js';

/**
 * Query `orderDeviations` (spec §7 "by customer or order"; docs/decisions/0051-deviations.md): an
 * order's deviations, or a customer's on orders of `fromDate`…`toDate`, oldest first. The rows the
 * reader may not read are left out here and again by the entity's rule (the socket's).
 */
export const orderDeviations: QueryHandler<'orderDeviations'> = async (
  params,
  { knex, identity },
) => {
  const q = knex(ORDER_DEVIATIONS_TABLE).where('deleted', false);
  if (params.orderId) q.where('order_id', params.orderId);
  if (params.customerId) q.where('customer_id', params.customerId);
  if (params.fromDate) q.where('date', '>=', params.fromDate);
  if (params.toDate) q.where('date', '<=', params.toDate);
  scopeCustomerColumn(scopeDepartmentColumn(q, identity, 'department_id'), identity, 'customer_id');
  const rows = await q.orderBy('id').limit(5000).select<{ data: OrderDeviationRow }[]>('data');
  return rows.map((r) => r.data);
};
