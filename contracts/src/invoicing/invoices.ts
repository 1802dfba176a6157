import { z } from 'zod';
import { calendarDate, entityId } from '../common.js';
import type { Currency } from '../pricing/catalogue.js';
import type { PriceLineResult } from '../pricing/engine.js';
import { invoiceSplits, type InvoiceSplit } from './split.js';
import type { MarketCountry } from '../common.js';
import type { PostalAddress } from '../addresses/postalAddress.js';
import type { PaymentReference } from './paymentReference.js';

/**
 * Invoicing runs, invoices and billing orders (issue 18 §2; docs/decisions/0032-invoicing.md).
 * A run is a process of its own: requested by a planner, carried out by the invoicing runner, and
 * ended with the invoices it issued. Each invoice is a stream of its own; each order it takes is
 * marked invoiced on the order's stream in the same atomic append, so an order is on one invoice
 * however many runs race for it.
 */
export const INVOICING_RUNS_TABLE = 'rm_invoicing_runs';
export const INVOICING_RUNS_ENTITY = 'invoicingRuns';
export const INVOICES_TABLE = 'rm_invoices';
export const INVOICES_ENTITY = 'invoices';
export const BILLING_ORDERS_TABLE = 'rm_billing_orders';
export const BILLING_ORDERS_ENTITY = 'billingOrders';

export const invoicingRunStream = (id: string) => `invoicing-run-${id}`;
export const invoiceStream = (id: string) => `invoice-${id}`;
export const billingOrderStream = (id: string) => `billing-order-${id}`;

/** Days from the invoice date to the due date (net 14, the Nordic norm for business customers). */
export const INVOICE_DUE_DAYS = 14;
/** Orders (and billing orders) at most on one invoice; a bigger group continues on the next. */
export const MAX_ORDERS_PER_INVOICE = 1000;

export const invoicingRunStates = ['REQUESTED', 'RUNNING', 'COMPLETED', 'FAILED'] as const;
export type InvoicingRunState = (typeof invoicingRunStates)[number];

const period = {
  departmentId: entityId,
  fromDate: calendarDate,
  toDate: calendarDate,
};
/** START_INVOICING_RUN: invoice what is ready in a period, for one customer or all. */
export const startInvoicingRunSchema = z
  .object({ ...period, customerId: entityId.nullable().default(null) })
  .refine((p) => p.toDate >= p.fromDate, {
    message: 'toDate is before fromDate',
    path: ['toDate'],
  });
export type StartInvoicingRun = z.output<typeof startInvoicingRunSchema>;

export interface InvoicingRunTotals {
  currency: Currency;
  net: number;
  vat: number;
  gross: number;
}

/** What a completed run did. */
export interface InvoicingRunOutcome {
  invoiceIds: string[];
  /** Orders and billing orders invoiced by this run. */
  orders: number;
  billingOrders: number;
  /** Ready orders another run took first (invoiced once, by that run). */
  takenByOthers: number;
  /** Ready orders corrected or held while the run went: left for the next run to price again. */
  changed: number;
  totals: InvoicingRunTotals[];
}

export interface InvoicingRun extends StartInvoicingRun, InvoicingRunOutcome {
  id: string;
  state: InvoicingRunState;
  requestedBy: string;
  requestedAt: string;
  startedAt: string | null;
  endedAt: string | null;
  errors: string[];
}
export interface InvoicingRunRow extends InvoicingRun {
  revision: number;
  updatedAtEpoch: number;
}

export type InvoicingRunEvent =
  | {
      type: 'InvoicingRunRequested';
      data: StartInvoicingRun & { id: string; requestedBy: string; requestedAt: string };
    }
  | { type: 'InvoicingRunStarted'; data: { id: string; at: string } }
  | {
      type: 'InvoicingRunCompleted';
      data: InvoicingRunOutcome & { id: string; at: string };
    }
  | { type: 'InvoicingRunFailed'; data: { id: string; at: string; errors: string[] } };

/** A line of an invoice: an article line of an order's price, or an item of a billing order. */
export interface InvoiceLine {
  orderId: string | null;
  billingOrderId: string | null;
  shipmentId: string | null;
  deliveryDate: string;
  articleCode: string;
  label: string;
  quantity: number;
  /** Minor units per unit (or per order). */
  customerUnitPrice: number;
  customerAmount: number;
  resourceAmount: number;
  corrected: boolean;
  /** The invoice line a credit line credits (billing orders). */
  creditLineId: string | null;
}

/**
 * The seller (the invoicing department) as it stood when the invoice was issued: an invoice never
 * changes, so what it prints is kept on it (issue 36).
 */
export interface InvoiceSellerSnapshot {
  name: string;
  country: MarketCountry;
  address: PostalAddress | null;
  orgNumber: string;
  vatRegistered: boolean;
  bankAccount: string;
  fikCreditorNumber: string;
}

export interface Invoice {
  id: string;
  number: string;
  runId: string;
  departmentId: string;
  customerId: string;
  customerName: string;
  customerOrgNumber: string;
  /** The customer's billing number when issued (docs/decisions/0071); absent: none. */
  customerBillingNumber?: string;
  /** The customer's address when issued (null: none known; absent on invoices before issue 36). */
  customerAddress?: PostalAddress | null;
  /** The seller when issued (absent on invoices before issue 36: the configured seller prints). */
  seller?: InvoiceSellerSnapshot | null;
  /** The reference the payer quotes (KID, OCR, FIK, viitenumero), by the seller's country. */
  paymentReference?: PaymentReference | null;
  currency: Currency;
  split: InvoiceSplit;
  /** The value the invoice was split on (a date, a split key, an order id), null for NONE. */
  splitKey: string | null;
  standalone: boolean;
  periodFrom: string;
  periodTo: string;
  issuedAt: string;
  issueDate: string;
  dueDate: string;
  vatBasisPoints: number;
  lines: InvoiceLine[];
  net: number;
  vat: number;
  gross: number;
  resourceNet: number;
  orderIds: string[];
  billingOrderIds: string[];
}
export interface InvoiceRow extends Invoice {
  revision: number;
  updatedAtEpoch: number;
}

export type InvoiceEvent = { type: 'InvoiceIssued'; data: Invoice };

/**
 * UPDATE_CUSTOMER_INVOICE_SPLIT (spec §7 customer update "invoice split"): an update like every
 * other (docs/decisions/0018): a field left out is unchanged, so naming nothing changes nothing.
 */
export const updateCustomerInvoiceSplitSchema = z.object({
  id: entityId,
  invoiceSplit: z.enum(invoiceSplits).optional(),
});

/** What the runner hands the planner of invoices: one order or billing order, priced. */
export interface InvoiceCandidate {
  kind: 'order' | 'billingOrder';
  id: string;
  customerId: string;
  currency: Currency;
  vatBasisPoints: number;
  deliveryDate: string;
  /** The order's own split value (`invoiceSplit`), empty when none. */
  splitKey: string;
  standalone: boolean;
  lines: InvoiceLine[];
}

/** A planned invoice: candidates of one customer and currency under one split value. */
export interface InvoiceGroup {
  customerId: string;
  currency: Currency;
  vatBasisPoints: number;
  split: InvoiceSplit;
  splitKey: string | null;
  standalone: boolean;
  candidates: InvoiceCandidate[];
}

/**
 * Splits a run's candidates into invoices (pure): per customer, currency and VAT rate; then per
 * the customer's split; a standalone order alone; at most MAX_ORDERS_PER_INVOICE candidates each.
 * Groups and their candidates come in a stable order (customer, key, delivery date, id).
 */
export function planInvoices(
  candidates: readonly InvoiceCandidate[],
  splitOf: (customerId: string) => InvoiceSplit,
): InvoiceGroup[] {
  const groups = new Map<string, InvoiceGroup>();
  const sorted = [...candidates].sort(
    (a, b) =>
      compareIds(a.customerId, b.customerId) ||
      a.deliveryDate.localeCompare(b.deliveryDate) ||
      a.kind.localeCompare(b.kind) ||
      compareIds(a.id, b.id),
  );
  for (const c of sorted) {
    const split = splitOf(c.customerId);
    const splitKey = c.standalone
      ? `${c.kind}:${c.id}`
      : split === 'DELIVERY_DATE'
        ? c.deliveryDate
        : split === 'SPLIT_KEY'
          ? c.splitKey
          : split === 'ORDER'
            ? `${c.kind}:${c.id}`
            : null;
    const key = [c.customerId, c.currency, c.vatBasisPoints, c.standalone, splitKey].join('|');
    let group = groups.get(key);
    if (!group) {
      group = {
        customerId: c.customerId,
        currency: c.currency,
        vatBasisPoints: c.vatBasisPoints,
        split,
        splitKey,
        standalone: c.standalone,
        candidates: [],
      };
      groups.set(key, group);
    }
    group.candidates.push(c);
  }
  return [...groups.values()].flatMap((g) => {
    const parts: InvoiceGroup[] = [];
    for (let i = 0; i < g.candidates.length; i += MAX_ORDERS_PER_INVOICE)
      parts.push({ ...g, candidates: g.candidates.slice(i, i + MAX_ORDERS_PER_INVOICE) });
    return parts;
  });
}

const compareIds = (a: string, b: string) => a.length - b.length || a.localeCompare(b);

/** VAT of a net amount in basis points, rounded half away from zero (integer minor units). */
export const vatOf = (net: number, basisPoints: number): number => {
  const vat = Math.round((Math.abs(net) * basisPoints) / 10_000);
  // No negative zero: a credit too small to carry VAT carries none.
  return net < 0 && vat !== 0 ? -vat : vat;
};

/** An invoice's sums: always the sums of its lines, VAT on the net. */
export function invoiceTotals(lines: readonly InvoiceLine[], vatBasisPoints: number) {
  const net = lines.reduce((s, l) => s + l.customerAmount, 0);
  const resourceNet = lines.reduce((s, l) => s + l.resourceAmount, 0);
  const vat = vatOf(net, vatBasisPoints);
  return { net, vat, gross: net + vat, resourceNet };
}

/** An order's price lines as invoice lines. */
export const orderInvoiceLines = (
  order: { orderId: string; shipmentId: string | null; deliveryDate: string },
  lines: readonly PriceLineResult[],
): InvoiceLine[] =>
  lines.map((l) => ({
    orderId: order.orderId,
    billingOrderId: null,
    shipmentId: order.shipmentId,
    deliveryDate: order.deliveryDate,
    articleCode: l.articleCode,
    label: l.label,
    quantity: l.quantity,
    customerUnitPrice: l.customerUnitPrice,
    customerAmount: l.customerAmount,
    resourceAmount: l.resourceAmount,
    corrected: l.corrected,
    creditLineId: null,
  }));

/** The documents an invoice is downloaded as (spec §7 GET /api/download-invoice/{id}/{type}/{file}). */
export const invoiceDocumentTypes = ['pdf', 'csv', 'html'] as const;
export type InvoiceDocumentType = (typeof invoiceDocumentTypes)[number];
export const invoiceFileName = (invoice: Pick<Invoice, 'number'>, type: InvoiceDocumentType) =>
  `invoice-${invoice.number}.${type}`;

/**
 * Spec §7: an invoice file that is already a full link is used as it is; otherwise it is fetched
 * through GET /api/download-invoice/{id}/{type}/{file}.
 */
export function invoiceDocumentLink(id: string, type: string, file: string): string {
  if (/^https?:\/\//i.test(file)) return file;
  return `/api/download-invoice/${encodeURIComponent(id)}/${encodeURIComponent(type)}/${encodeURIComponent(file)}`;
}

/** A run after one of its events (the run decider and the runs read model share it). */
export function applyInvoicingRunEvent(
  run: InvoicingRun | null,
  e: InvoicingRunEvent,
): InvoicingRun | null {
  switch (e.type) {
    case 'InvoicingRunRequested':
      return {
        ...e.data,
        state: 'REQUESTED',
        startedAt: null,
        endedAt: null,
        invoiceIds: [],
        orders: 0,
        billingOrders: 0,
        takenByOthers: 0,
        changed: 0,
        totals: [],
        errors: [],
      };
    case 'InvoicingRunStarted':
      return run && { ...run, state: 'RUNNING', startedAt: e.data.at };
    case 'InvoicingRunCompleted':
      return (
        run && {
          ...run,
          state: 'COMPLETED',
          endedAt: e.data.at,
          invoiceIds: e.data.invoiceIds,
          orders: e.data.orders,
          billingOrders: e.data.billingOrders,
          takenByOthers: e.data.takenByOthers,
          changed: e.data.changed,
          totals: e.data.totals,
        }
      );
    case 'InvoicingRunFailed':
      return run && { ...run, state: 'FAILED', endedAt: e.data.at, errors: e.data.errors };
    default: {
      const never: never = e;
      return never;
    }
  }
}
