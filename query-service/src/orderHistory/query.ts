import {
  AppError,
  ORDER_HISTORY_SCOPE_TABLE,
  ORDER_HISTORY_TABLE,
  ORDER_NOT_FOUND_MESSAGE,
  type OrderHistoryRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import type { QueryHandler } from '../framework.js';

/**
 * Query `orderHistory`: every event of an order with who and when, oldest first, each with the
 * order's department, customer and date as they are now (the reader's access is decided on them:
 * the query service drops the rows the reader may not read, so an order outside it is not found).
 */
export const orderHistory: QueryHandler<'orderHistory'> = ({ orderId }, { knex }) =>
  historyRows(knex, [orderId]);

/** The events of these orders with who and when, each order's oldest first. */
export async function historyRows(
  knex: Knex,
  orderIds: readonly string[],
): Promise<OrderHistoryRow[]> {
  const rows = await knex(`${ORDER_HISTORY_TABLE} as h`)
    .join(`${ORDER_HISTORY_SCOPE_TABLE} as s`, 's.order_id', 'h.order_id')
    .whereIn('h.order_id', orderIds)
    .orderBy(['h.order_id', 'h.stream_revision'])
    .select<OrderHistoryRow[]>(
      knex.raw(`h.order_id::text as "orderId"`),
      'h.stream_revision as streamRevision',
      'h.event_type as eventType',
      'h.data',
      'h.user_id as userId',
      'h.command_id as commandId',
      'h.command_type as commandType',
      'h.occurred_at as occurredAt',
      knex.raw(`h.position::text as position`),
      's.department_id as departmentId',
      's.customer_id as customerId',
      's.date',
    );
  // The instant as the event's metadata has it (ISO, UTC), as the socket publishes it.
  return rows.map((r) => ({
    ...r,
    occurredAt: (r.occurredAt as unknown as Date).toISOString(),
  }));
}

/** An order whose history the reader may not read is not found (as if it did not exist). */
export const orderHistoryNotFound = (rows: unknown[]) => {
  if (rows.length === 0) throw new AppError('ORDER_NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);
  return rows;
};
