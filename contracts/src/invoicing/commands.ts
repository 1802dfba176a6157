import { z } from 'zod';
import { calendarDate, entityId } from '../common.js';
import {
  acceptOrderCorrectionSchema,
  createOrderCorrectionSchema,
  rejectOrderCorrectionSchema,
} from './corrections.js';
import { createBillingOrderSchema } from './billingOrders.js';
import { startInvoicingRunSchema, updateCustomerInvoiceSplitSchema } from './invoices.js';
import { invoicingStatuses } from './status.js';

/** Orders at most in one bulk invoicing action (the screen's selection). */
export const MAX_INVOICING_BULK = 1000;

const orderIds = z.array(entityId).min(1).max(MAX_INVOICING_BULK);
const reason = z.string().trim().min(1, 'required').max(500);

/** PAUSE_ORDER_INVOICING: hold orders out of invoicing runs until released (spec §4). */
export const pauseOrderInvoicingSchema = z.object({ orderIds, reason });
/** RELEASE_ORDER_INVOICING: paused orders follow their facts again (spec §4). */
export const releaseOrderInvoicingSchema = z.object({
  orderIds,
  reason: z.string().trim().max(500).default(''),
});

/**
 * SET_ORDER_INVOICING_STATUS (spec §4 "its status can be set manually"): a move of the transition
 * table with a reason. INVOICING_PAUSED pauses, EXCLUDED_FROM_INVOICING excludes, INVOICED_OK
 * records an order invoiced outside the product; TO_BE_INVOICED drops a hold (release, include or
 * retry, as the hold is), so the order follows its facts again. Other statuses follow from facts
 * or from runs and cannot be set.
 */
export const manualInvoicingTargets = [
  'INVOICING_PAUSED',
  'EXCLUDED_FROM_INVOICING',
  'INVOICED_OK',
  'TO_BE_INVOICED',
] as const satisfies readonly (typeof invoicingStatuses)[number][];
export const setOrderInvoicingStatusSchema = z.object({
  orderIds,
  status: z.enum(manualInvoicingTargets),
  reason,
});

const priceCorrection = z.object({
  articleCode: z
    .string()
    .trim()
    .min(1, 'required')
    .max(30)
    .regex(/^[A-Z0-9_-]+$/, 'capital letters, digits, - and _ only'),
  articleLabel: z.string().trim().max(200).default(''),
  customerPrice: z.number().min(-10_000_000).max(10_000_000),
  resourcePrice: z.number().min(-10_000_000).max(10_000_000).optional(),
  transportLegIndex: z.number().int().min(0).max(20).optional(),
});
/**
 * UPDATE_ORDER_PRICE_CORRECTIONS (spec §7 "price corrections", §3 price correction): the order's
 * corrected article lines as they are from now on (an empty list drops every correction), and why.
 */
export const updateOrderPriceCorrectionsSchema = z.object({
  orderId: entityId,
  correctedArticlePrices: z.array(priceCorrection).max(100),
  reason,
});

export const invoicingCommandSchemas = {
  PAUSE_ORDER_INVOICING: pauseOrderInvoicingSchema,
  RELEASE_ORDER_INVOICING: releaseOrderInvoicingSchema,
  SET_ORDER_INVOICING_STATUS: setOrderInvoicingStatusSchema,
  UPDATE_ORDER_PRICE_CORRECTIONS: updateOrderPriceCorrectionsSchema,
  CREATE_ORDER_CORRECTION: createOrderCorrectionSchema,
  ACCEPT_ORDER_CORRECTION: acceptOrderCorrectionSchema,
  REJECT_ORDER_CORRECTION: rejectOrderCorrectionSchema,
  START_INVOICING_RUN: startInvoicingRunSchema,
  CREATE_BILLING_ORDER: createBillingOrderSchema,
  UPDATE_CUSTOMER_INVOICE_SPLIT: updateCustomerInvoiceSplitSchema,
} as const;

/** `shipmentFilter` of the invoicing route: a status, or every order. */
export const invoicingShipmentFilters = ['ALL', ...invoicingStatuses] as const;

/**
 * Query `invoicingData` (spec §7; the route's optional filters, §2): the orders of a department
 * delivered (or due) in a period, with their invoicing status, reason, price and errors, and how
 * many orders have each status.
 */
export const invoicingDataQuerySchema = z
  .object({
    departmentId: entityId,
    fromDate: calendarDate,
    toDate: calendarDate,
    shipmentFilter: z.enum(invoicingShipmentFilters).default('ALL'),
    search: z.string().trim().max(100).default(''),
    customerId: entityId.optional(),
    /** The route's customer by its Alystra number (spec §2 `customerAlystraId`). */
    customerAlystraId: z.string().trim().max(50).optional(),
    limit: z.number().int().min(1).max(5000).default(500),
    offset: z.number().int().min(0).default(0),
  })
  .refine((p) => p.toDate >= p.fromDate, { message: 'toDate is before fromDate', path: ['toDate'] })
  .refine((p) => Date.parse(p.toDate) - Date.parse(p.fromDate) <= 93 * 86_400_000, {
    message: 'a period is at most 93 days',
    path: ['toDate'],
  });

/** Query `invoicedOrderPrice {orderId}` (spec §7): what was invoiced for an order. */
export const invoicedOrderPriceQuerySchema = z.object({ orderId: entityId });
/** Query `multilegOrderPrice {orderIds}`: the legs of one transport, each on its own price. */
export const multilegOrderPriceQuerySchema = z.object({
  orderIds: z.array(entityId).min(1).max(20),
});
/** Query `orderCorrections`: a department's corrections, of a day or pending. */
export const orderCorrectionsQuerySchema = z.object({
  departmentId: entityId,
  date: calendarDate.optional(),
  state: z.enum(['PENDING', 'ACCEPTED', 'REJECTED']).optional(),
  orderId: entityId.optional(),
});
/** Query `invoicingRuns {departmentId}`: the department's runs, newest first. */
export const invoicingRunsQuerySchema = z.object({
  departmentId: entityId,
  ids: z.array(entityId).max(100).optional(),
});
/** Query `invoices`: of a run, a customer or an order. */
export const invoicesQuerySchema = z.object({
  departmentId: entityId,
  runId: entityId.optional(),
  customerId: entityId.optional(),
  orderId: entityId.optional(),
  ids: z.array(entityId).max(100).optional(),
});
/** Query `billingOrders`: a department's billing orders in a period. */
export const billingOrdersQuerySchema = z.object({
  departmentId: entityId,
  fromDate: calendarDate.optional(),
  toDate: calendarDate.optional(),
  customerId: entityId.optional(),
});
/** Query `customerInvoiceSplit {customerId}` (spec §7). */
export const customerInvoiceSplitQuerySchema = z.object({ customerId: entityId });
