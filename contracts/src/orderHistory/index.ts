import { z } from 'zod';
import { entityId } from '../common.js';

export const ORDER_HISTORY_TABLE = 'rm_order_history';
export const ORDER_HISTORY_ENTITY = 'orderHistory';

/** One event of an order, with who and when: the base of the audit replay (lmEvents). */
export interface OrderHistoryRow {
  orderId: string;
  streamRevision: number;
  eventType: string;
  data: unknown;
  userId: string;
  commandId: string;
  occurredAt: string;
  /** Global position of the event (decimal string). */
  position: string;
}

export const orderHistoryQuerySchema = z.object({ orderId: entityId });
