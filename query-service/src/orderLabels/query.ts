import { ORDER_LABELS_TABLE, customerScope, type OrderLabelRow } from '@nordlog/contracts';
import type { QueryHandler } from '../framework.js';

/**
 * Query `labelUrls` (spec §7): label documents by id or by the orders on them, newest first. A
 * reader sees a document when it sees every department on it (and, as a customer user, when
 * the document is of its own customer): the scope of the `orders` query, for each order on it.
 */
export const labelUrls: QueryHandler<'labelUrls'> = async (params, { knex, identity }) => {
  const q = knex(ORDER_LABELS_TABLE).select('data');
  if (identity.departmentIds !== '*')
    q.whereRaw('department_ids <@ ?::text[]', [identity.departmentIds]);
  const customers = customerScope(identity);
  if (customers) q.whereIn('customer_id', customers);
  if (params.orderLabelId) q.where('id', params.orderLabelId);
  if (params.orderIds && params.orderIds.length > 0)
    q.whereRaw('order_ids && ?::text[]', [params.orderIds]);
  const rows = (await q.orderBy('id', 'desc').limit(500)) as { data: OrderLabelRow }[];
  return rows.map((r) => r.data);
};
