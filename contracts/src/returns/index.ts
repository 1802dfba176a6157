import { z } from 'zod';
import { calendarDate, daysBetween, entityId } from '../common.js';
import { addressBlockSchema } from '../consignments/order.js';
import type { OrderRow } from '../consignments/orders.js';
import type { DeviationReason } from '../deviations/index.js';
import { deviationReason } from '../deviations/index.js';
import type { MultilegOrderPrice } from '../invoicing/orders.js';
import { copyDestinations, type OrderReturn, type ReturnLink } from './links.js';

export * from './links.js';

/**
 * Returns (spec §4 "multi-leg returns, and duplication of a deviated order", §7;
 * docs/decisions/0057-returns.md). A return is new orders made from one that went wrong or came
 * back, linked both ways: the new orders name the order they return (`returnOf`), and the order
 * records its return (`OrderReturnCreated`) in the same atomic append, so a return is all its
 * orders or none, and an order has one return.
 */

/** At most this many orders in one CREATE_MULTILEG_RETURNS. */
export const MAX_RETURNS_PER_COMMAND = 500;

/** COPY_DEVIATED_ORDER: a new order with the deviated order's contents. */
export const copyDeviatedOrderSchema = z
  .object({
    orderId: entityId,
    to: z.enum(copyDestinations, { error: 'validation.choice' }).default('SAME_ADDRESS'),
    /** The new delivery address (NEW_ADDRESS only). */
    delivery: addressBlockSchema.optional(),
    /** The new order's date (default: today in the department's country). */
    pickupDate: calendarDate.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.to === 'NEW_ADDRESS' && !v.delivery)
      ctx.addIssue({ code: 'custom', path: ['delivery'], message: 'validation.required' });
    if (v.to !== 'NEW_ADDRESS' && v.delivery)
      ctx.addIssue({
        code: 'custom',
        path: ['delivery'],
        message: 'a delivery address is given with to NEW_ADDRESS only',
      });
  });

const legDates = {
  /** The first leg's date (default: today in the department's country). */
  pickupDate: calendarDate.optional(),
  /** The last leg's date, from the terminal (default: the day after the first leg's). */
  lastLegDate: calendarDate.optional(),
};

const lastLegNotBefore = (
  v: { pickupDate?: string | undefined; lastLegDate?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (v.pickupDate && v.lastLegDate && v.lastLegDate < v.pickupDate)
    ctx.addIssue({
      code: 'custom',
      path: ['lastLegDate'],
      message: 'validation.deliveryBeforePickup',
    });
};

/** CREATE_MULTILEG_RETURN: the return of one order through the department's terminal. */
export const createMultilegReturnSchema = z
  .object({ orderId: entityId, ...legDates })
  .superRefine(lastLegNotBefore);

/** CREATE_MULTILEG_RETURNS: the same for many orders; each order's return is made or refused alone. */
export const createMultilegReturnsSchema = z
  .object({
    orderIds: z.array(entityId).min(1).max(MAX_RETURNS_PER_COMMAND),
    ...legDates,
  })
  .superRefine(lastLegNotBefore);

export const returnCommandSchemas = {
  COPY_DEVIATED_ORDER: copyDeviatedOrderSchema,
  CREATE_MULTILEG_RETURN: createMultilegReturnSchema,
  CREATE_MULTILEG_RETURNS: createMultilegReturnsSchema,
} as const;

/** Query `getOrderReturnDetails {orderId}` (spec §7). */
export const orderReturnDetailsQuerySchema = z.object({ orderId: entityId });

/** A return order as the details list it. */
export interface ReturnLegRow {
  orderId: string;
  leg: number;
  shipmentId: string | null;
  state: OrderRow['state'];
  pickupDate: string;
  pickup: { name: string; address: string; zipCode: string; zipArea: string };
  delivery: { name: string; address: string; zipCode: string; zipArea: string };
  slotId: string | null;
}

/**
 * The answer of `getOrderReturnDetails`: the order's return (its legs, their states and the
 * price of the legs together, as `multilegOrderPrice` prices them), and the return this order is
 * a leg of.
 */
export interface OrderReturnDetails {
  orderId: string;
  state: OrderRow['state'];
  /** Whether a return can be made of it now, and of which kinds (the reason when not). */
  eligible: { COPY: boolean; MULTILEG: boolean; reason: string | null };
  return: (OrderReturn & { legs: ReturnLegRow[]; price: MultilegOrderPrice | null }) | null;
  returnOf: ReturnLink | null;
}

/** The two lists of the manage-returns screen. */
export const manageReturnsViews = ['TO_MAKE', 'MADE'] as const;
export type ManageReturnsView = (typeof manageReturnsViews)[number];

/**
 * Query `manageReturns` (the manage-returns screen, docs/decisions/0057): a department's orders
 * dated `fromDate`…`toDate` whose return is to make (deviated, without a return) or made (with
 * one), of some customers and, for those to make, some reasons of their deviations.
 */
export const manageReturnsQuerySchema = z
  .object({
    departmentId: entityId,
    view: z.enum(manageReturnsViews).default('TO_MAKE'),
    fromDate: calendarDate,
    toDate: calendarDate,
    customerIds: z.array(entityId).max(500).optional(),
    reasons: z.array(deviationReason).max(20).optional(),
    limit: z.number().int().min(1).max(5000).default(1000),
  })
  .refine((v) => v.fromDate <= v.toDate, {
    path: ['toDate'],
    message: 'toDate is before fromDate',
  })
  .refine((v) => daysBetween(v.fromDate, v.toDate) <= 92, {
    path: ['toDate'],
    message: 'a range of at most 92 days',
  });

/** A row of `manageReturns`: the order, its last deviation, and its return's legs. */
export interface ManageReturnsRow extends OrderRow {
  deviation: { reason: DeviationReason; text: string | null; reportedAt: string } | null;
  legs: ReturnLegRow[];
}

/** `POST /exportMultilegReturnsList`: the same params as `manageReturns`' MADE list. */
export const exportMultilegReturnsSchema = z
  .object({
    departmentId: entityId,
    fromDate: calendarDate,
    toDate: calendarDate,
    customerIds: z.array(entityId).max(500).optional(),
  })
  .refine((v) => v.fromDate <= v.toDate, {
    path: ['toDate'],
    message: 'toDate is before fromDate',
  });

/**
 * The columns of the multi-leg returns list, in order (one line per leg; docs/decisions/0057
 * documents each): the returned order, its customer and deviation, the return, the leg.
 */
export const multilegReturnsColumns = [
  'returnId',
  'orderId',
  'shipmentId',
  'customerId',
  'customerName',
  'orderDate',
  'orderState',
  'deviationReason',
  'returnCreatedAt',
  'lastLegSkipped',
  'leg',
  'legs',
  'legOrderId',
  'legShipmentId',
  'legState',
  'legDate',
  'fromName',
  'fromAddress',
  'fromZipCode',
  'fromZipArea',
  'toName',
  'toAddress',
  'toZipCode',
  'toZipArea',
] as const;

/** Query `customerReturnAddress {customerId}` (spec §7): where the customer's returns go. */
export const customerReturnAddressQuerySchema = z.object({ customerId: entityId });
export * from './rules.js';

/** Spec §7 `POST /exportMultilegReturnsList` (also under `/api`). */
export const EXPORT_MULTILEG_RETURNS_PATH = '/exportMultilegReturnsList';
