/**
 * How a customer's orders of one invoicing run are split into invoices (spec §3 `invoiceSplit`,
 * a customer setting; docs/decisions/0032-invoicing.md):
 * - NONE: one invoice per customer and currency for the run;
 * - DELIVERY_DATE: one per delivery date;
 * - SPLIT_KEY: one per the orders' own `invoiceSplit` text (e.g. a cost centre; empty is a key);
 * - ORDER: one per order.
 * An order that asks for a standalone invoice (`standaloneInvoice`) gets one whatever the split.
 */
export const invoiceSplits = ['NONE', 'DELIVERY_DATE', 'SPLIT_KEY', 'ORDER'] as const;
export type InvoiceSplit = (typeof invoiceSplits)[number];
