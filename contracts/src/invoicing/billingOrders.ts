import { z } from 'zod';
import { calendarDate, entityId, nonEmptyText } from '../common.js';
import type { InvoiceLine } from './invoices.js';

/**
 * Billing orders (spec §3): charges that are not a transport, invoiced with the customer's orders
 * (docs/decisions/0032).
 */

/** Major units as written in a form, at most 2 decimals (øre, öre, cent). */
const majorAmount = z
  .number()
  .min(-10_000_000)
  .max(10_000_000)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'at most 2 decimals');

/** A billing order's item (spec §3): amounts per unit in major units; a credit names its line. */
export const billingItemSchema = z
  .object({
    specification: nonEmptyText.max(500),
    quantity: z.number().int().min(1).max(100_000),
    customerAmount: majorAmount,
    carrierAmount: majorAmount.default(0),
    creditLineId: z.string().trim().max(50).nullable().default(null),
    articleCode: z
      .string()
      .trim()
      .min(1)
      .max(30)
      .regex(/^[A-Z0-9_-]+$/, 'capital letters, digits, - and _ only'),
  })
  .refine((i) => (i.customerAmount >= 0 && i.carrierAmount >= 0) || i.creditLineId !== null, {
    message: 'a negative amount is a credit and names the line it credits',
    path: ['creditLineId'],
  });
export type BillingItem = z.output<typeof billingItemSchema>;

/**
 * CREATE_BILLING_ORDER (spec §3 billing order: deliveryDate and items): charges that are not a
 * transport (storage, an extra service, a credit), invoiced with the customer's orders.
 */
export const createBillingOrderSchema = z.object({
  departmentId: entityId,
  customerId: entityId,
  deliveryDate: calendarDate,
  reference: z.string().trim().max(200).default(''),
  items: z.array(billingItemSchema).min(1).max(200),
});
export type CreateBillingOrder = z.output<typeof createBillingOrderSchema>;
export interface BillingOrder extends CreateBillingOrder {
  id: string;
  createdBy: string;
  createdAt: string;
  invoiced: { runId: string; invoiceId: string; invoiceNumber: string; at: string } | null;
}
export interface BillingOrderRow extends BillingOrder {
  revision: number;
  updatedAtEpoch: number;
}
export type BillingOrderEvent =
  | { type: 'BillingOrderCreated'; data: Omit<BillingOrder, 'invoiced'> }
  | {
      type: 'BillingOrderInvoiced';
      data: { id: string; runId: string; invoiceId: string; invoiceNumber: string };
    };

/** A billing order's lines (integer minor units: the amount per unit × quantity). */
export function billingLines(order: BillingOrder): InvoiceLine[] {
  return order.items.map((item) => {
    const unit = Math.sign(item.customerAmount) * Math.round(Math.abs(item.customerAmount) * 100);
    const carrier = Math.sign(item.carrierAmount) * Math.round(Math.abs(item.carrierAmount) * 100);
    return {
      orderId: null,
      billingOrderId: order.id,
      shipmentId: null,
      deliveryDate: order.deliveryDate,
      articleCode: item.articleCode,
      label: item.specification,
      quantity: item.quantity,
      customerUnitPrice: unit,
      customerAmount: unit * item.quantity,
      resourceAmount: carrier * item.quantity,
      corrected: true,
      creditLineId: item.creditLineId,
    };
  });
}

/** A billing order after one of its events. */
export function applyBillingOrderEvent(
  order: BillingOrder | null,
  e: BillingOrderEvent,
  at: string,
): BillingOrder | null {
  switch (e.type) {
    case 'BillingOrderCreated':
      return { ...e.data, invoiced: null };
    case 'BillingOrderInvoiced':
      return (
        order && {
          ...order,
          invoiced: {
            runId: e.data.runId,
            invoiceId: e.data.invoiceId,
            invoiceNumber: e.data.invoiceNumber,
            at,
          },
        }
      );
    default: {
      const never: never = e;
      return never;
    }
  }
}
