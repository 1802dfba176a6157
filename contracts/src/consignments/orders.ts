import type { DeliveryProof } from '../proof/index.js';
import type { RecipientAnswer } from '../tracking/answers.js';
import { z } from 'zod';
import { calendarDate, entityId } from '../common.js';
import type { ConsignmentState } from './states.js';
import { consignmentStateParam } from './gridRow.js';
import type { BookedOrder } from './events.js';
import type { OrderReturn, ReturnLink } from '../returns/links.js';
import type { OrderInvoicing } from '../invoicing/events.js';

/** The orders read model: the whole booked order, for the form's edit, copy and restore modes. */
export const ORDERS_TABLE = 'rm_orders';
export const ORDERS_ENTITY = 'orders';

/** A row of `rm_orders`, as the queries `orders`, `searchOrders` and `unconfirmedOrders` answer. */
export interface OrderRow {
  id: string;
  orderId: string;
  /** Spec §3 order search result: the order this one was copied from (null: none). */
  parentId: string | null;
  shipmentId: string | null;
  departmentId: string;
  customerId: string;
  /** The customer's current name (attached by the queries; null when not known). */
  customerName?: string | null;
  state: ConsignmentState;
  order: BookedOrder;
  /** Slot the consignment is planned in, if any. */
  slotId: string | null;
  rejectionReason: string | null;
  otherReason: string | null;
  createdAt: string;
  updatedAtEpoch: number;
  revision: number;
  isEditable: boolean;
  isDeletable: boolean;
  /** Its invoicing, corrections and what was invoiced (absent: nothing happened to it yet). */
  invoicing?: OrderInvoicing;
  /** When its parties' personal data was erased (docs/decisions/0050); absent: it was not. */
  personalDataErasedAt?: string;
  /**
   * Returns (docs/decisions/0057-returns.md): the order this one returns, its own return, and
   * whether its goods were collected (a return starts where the goods are). Absent in rows
   * written before returns existed: none, and not known.
   */
  returnOf?: ReturnLink | null;
  returns?: OrderReturn[];
  collected?: boolean;
  /** The recurring order that booked it (docs/decisions/0058); absent or null: none. */
  recurringOrderId?: string | null;
  /**
   * The delivery's proof (docs/decisions/0068-proof-of-delivery.md): the recipient's name and the
   * images' references (served by `GET /api/delivery-proof/{orderId}/{hash}`). Absent: none.
   */
  proof?: DeliveryProof | null;
  /**
   * The recipient's answers on the tracking page (docs/decisions/0063): the latest of each kind,
   * oldest first. Absent: none.
   */
  recipientAnswers?: RecipientAnswer[];
}

const ids = z.array(entityId).optional();

/** Query `orders` (spec §7 "orders by shipmentId, recurringOrderId or ids"). */
export const ordersQuerySchema = z
  .object({
    ids,
    shipmentId: z
      .string()
      .regex(/^\d{17}$/, 'a shipment id has 17 digits')
      .optional(),
    /** The orders a recurring order booked (docs/decisions/0058); none yet is an empty list. */
    recurringOrderId: entityId.optional(),
  })
  .refine((p) => (p.ids && p.ids.length > 0) || p.shipmentId || p.recurringOrderId, {
    message: 'ids, shipmentId or recurringOrderId is required',
  });

/** Query `searchOrders` (spec §7); words combine with AND unless told (spec §9). */
export const searchOrdersQuerySchema = z.object({
  searchPhrase: z.string().trim().min(3, 'search needs more than 2 characters'),
  searchOperator: z.enum(['AND', 'OR']).default('AND'),
  states: z.array(consignmentStateParam).optional(),
  customerIds: ids,
  departmentIds: ids,
  fromDate: calendarDate.optional(),
  toDate: calendarDate.optional(),
  /** Also search notes, instructions, contacts, phones, e-mails and package ids. */
  advancedSearch: z.boolean().default(false),
  limit: z.number().int().min(1).max(1000).default(200),
});

/** Queries `unconfirmedOrders` and `unconfirmedOrdersCount` (spec §7). */
export const unconfirmedOrdersQuerySchema = z.object({
  departmentIds: ids,
  customerIds: ids,
  limit: z.number().int().min(1).max(5000).default(1000),
});
export const unconfirmedOrdersCountQuerySchema = z.object({
  departmentIds: ids,
  customerIds: ids,
});
