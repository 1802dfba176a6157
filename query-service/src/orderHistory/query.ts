import {
  customerScope,
  AppError,
  CONSIGNMENT_GRID_TABLE,
  ORDER_HISTORY_TABLE,
  ORDER_NOT_FOUND_MESSAGE,
  type OrderHistoryRow,
} from '@nordlog/contracts';
import { allowedDepartments, type QueryHandler } from '../framework.js';

interface Row {
  order_id: string;
  stream_revision: number;
  position: string;
  event_type: string;
  data: unknown;
  user_id: string;
  command_id: string;
  occurred_at: Date;
}

/** Query `orderHistory`: every event of an order with who and when, oldest first. */
export const orderHistory: QueryHandler<'orderHistory'> = async (
  { orderId },
  { knex, identity },
) => {
  const allowed = allowedDepartments(identity, undefined);
  const customers = customerScope(identity);
  if (allowed !== '*' || customers) {
    const q = knex(CONSIGNMENT_GRID_TABLE).where('id', orderId);
    if (allowed !== '*') q.whereIn('department_id', allowed);
    if (customers) q.whereIn('customer_id', customers);
    if (!(await q.first('id'))) throw new AppError('ORDER_NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);
  }
  const rows = (await knex(ORDER_HISTORY_TABLE)
    .where('order_id', orderId)
    .orderBy('stream_revision')) as Row[];
  if (rows.length === 0) throw new AppError('ORDER_NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);
  return rows.map((r): OrderHistoryRow => ({
    orderId: String(r.order_id),
    streamRevision: r.stream_revision,
    eventType: r.event_type,
    data: r.data,
    userId: r.user_id,
    commandId: r.command_id,
    occurredAt: r.occurred_at.toISOString(),
    position: String(r.position),
  }));
};
