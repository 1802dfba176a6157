import { z } from 'zod';
import { entityId } from '../common.js';

export const ORDER_HISTORY_TABLE = 'rm_order_history';
export const ORDER_HISTORY_ENTITY = 'orderHistory';
/** Each order's current department, customer and pickup date (who may read its history). */
export const ORDER_HISTORY_SCOPE_TABLE = 'rm_order_history_scope';

/** One event of an order, with who and when: the base of the audit replay (lmEvents). */
export interface OrderHistoryRow {
  orderId: string;
  streamRevision: number;
  eventType: string;
  data: unknown;
  userId: string;
  commandId: string;
  /** The command's wire name (null: not recorded, docs/decisions/0029-audit-replay.md). */
  commandType: string | null;
  occurredAt: string;
  /** Global position of the event (decimal string). */
  position: string;
  /**
   * The order's department, customer and pickup date: when published, as of the event; when
   * queried, as the order is now (who may read an order's history is decided on them).
   */
  departmentId: string;
  customerId: string;
  date: string;
}

export const orderHistoryQuerySchema = z.object({ orderId: entityId });
