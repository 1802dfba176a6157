import type { BookedOrder } from '../consignments/events.js';
import type { OrderRow } from '../consignments/orders.js';
import type { ConsignmentState } from '../consignments/states.js';
import type { Currency } from '../pricing/catalogue.js';
import {
  basisOf,
  NO_EXTRAS,
  VOLUMETRIC_KG_PER_DMQ,
  type OrderPrice,
  type PriceError,
  type PricingBasis,
} from '../pricing/engine.js';
import { correctionExtras, type CorrectionValues } from './corrections.js';
import { smsChargesOf, type SmsCharge } from './sms.js';
import {
  hasPendingCorrection,
  NO_INVOICING,
  type ArticlePriceCorrection,
  type OrderInvoicing,
} from './events.js';
import {
  effectiveStatus,
  type InvoicingFacts,
  type InvoicingStatus,
  type NotReadyReason,
} from './status.js';

/** The consignment states that end in something to invoice: delivered, or returned to sender. */
export const invoiceableStates: readonly ConsignmentState[] = ['DELIVERED', 'RETURNED'];

export const invoicingOf = (row: Pick<OrderRow, 'invoicing'>): OrderInvoicing =>
  row.invoicing ?? NO_INVOICING;

/** The date an order is invoiced under: its delivery date, else its pickup date. */
export const invoicingDate = (order: BookedOrder): string => order.deliveryDate ?? order.pickupDate;

/**
 * What an order is priced on for invoicing: as booked, or as the last accepted correction measured
 * it (packages, weight, volume) with its waiting and loading minutes; and the pre-advice SMS sent
 * for it (./sms.ts), each a unit of its vas code, charged where the price list prices that code.
 */
export function invoicingBasis(order: BookedOrder, invoicing: OrderInvoicing): PricingBasis {
  return withSms(measuredBasis(order, invoicing), smsChargesOf(invoicing));
}

function measuredBasis(order: BookedOrder, invoicing: OrderInvoicing): PricingBasis {
  const corrected = invoicing.corrected;
  if (!corrected) return basisOf(order, NO_EXTRAS);
  const booked = basisOf(order, correctionExtras(corrected));
  const volumetric = Math.round(corrected.volumeDmq * VOLUMETRIC_KG_PER_DMQ * 1000) / 1000;
  return {
    ...booked,
    weightKg: corrected.weightKilograms,
    volumeDmq: corrected.volumeDmq,
    packages: corrected.numberOfPackages,
    chargeableKg: Math.max(corrected.weightKilograms, volumetric),
  };
}

/**
 * The sent SMS join the booked services. A code only SMS brought is optional: where the price list
 * has no line for an article of that vas code the SMS is not charged and the price stays complete
 * (a company, or a market, that does not charge for its messages prices none); a booked service
 * without a price is an error as before.
 */
function withSms(basis: PricingBasis, sms: readonly SmsCharge[]): PricingBasis {
  if (sms.length === 0) return basis;
  const services = new Map(basis.services);
  const optional = new Set(basis.optionalServices ?? []);
  for (const { vasCode, count } of sms) {
    if (!services.has(vasCode)) optional.add(vasCode);
    services.set(vasCode, (services.get(vasCode) ?? 0) + count);
  }
  return { ...basis, services, optionalServices: optional };
}

/**
 * What of an order's own stream its price depends on once it is delivered: its price corrections
 * and the values of its last accepted correction. An invoicing run carries these with the price it
 * computed, and the order's decider refuses to invoice when its stream holds others by then
 * (docs/decisions/0032), so no order is invoiced at a price computed from an older state.
 */
export interface PricedOn {
  correctedArticlePrices: readonly ArticlePriceCorrection[];
  corrected: CorrectionValues | null;
  /** The pre-advice SMS sent (./sms.ts): one sent after pricing changes the price. */
  smsSent: readonly SmsCharge[];
}
export const pricedOnOf = (row: OrderRow): PricedOn => ({
  correctedArticlePrices: row.order.correctedArticlePrices ?? [],
  corrected: invoicingOf(row).corrected,
  smsSent: smsChargesOf(invoicingOf(row)),
});

/** The facts of an order and its price, as invoicing reads them (contracts invoicing status). */
export function invoicingFacts(row: OrderRow, price: OrderPrice | null): InvoicingFacts {
  const invoicing = invoicingOf(row);
  return {
    delivered: invoiceableStates.includes(row.state),
    priceIncomplete:
      price !== null && price.errors.length > 0 && !(row.order.allowIncompletePrice ?? false),
    zeroPrice: price !== null && price.customerNet === 0,
    zeroPriceApproved: row.order.hasZeroPriceApproval ?? false,
    correctionPending: hasPendingCorrection(invoicing),
  };
}

/**
 * An order's effective invoicing status and, when not ready, why. `invoicedFrom`: the date from
 * which the product invoices the order's customer here (`invoicedHereFrom`, docs/decisions/0071);
 * an order dated before it was invoiced by the system the customer came from, and is excluded
 * unless a planner holds it in a status of its own.
 */
export function orderInvoicingStatus(
  row: OrderRow,
  price: OrderPrice | null,
  invoicedFrom: string | null = null,
): { status: InvoicingStatus; reason: NotReadyReason | null } {
  const { held } = invoicingOf(row);
  if (held === null && invoicedFrom !== null && invoicingDate(row.order) < invoicedFrom)
    return { status: 'EXCLUDED_FROM_INVOICING', reason: 'INVOICED_BEFORE_HD_INVOICING' };
  return effectiveStatus(held, invoicingFacts(row, price));
}

/**
 * Spec §8: order-search and consignment-invoice answers carry error lists for the pickup, delivery and department
 * services. A booked service without a price is a delivery service's error (services are done at
 * the delivery); a missing list, zone or freight price is the department's.
 */
export interface ServiceErrors {
  pickupServices: string[];
  deliveryServices: string[];
  departmentServices: string[];
}
export function serviceErrors(errors: readonly PriceError[]): ServiceErrors {
  const describe = (e: PriceError) => (e.subject ? `${e.code}: ${e.subject}` : e.code);
  return {
    pickupServices: [],
    deliveryServices: errors.filter((e) => e.code === 'NO_SERVICE_PRICE').map(describe),
    departmentServices: errors.filter((e) => e.code !== 'NO_SERVICE_PRICE').map(describe),
  };
}

/**
 * A row of `searchOrders` (spec §8: order-search answers carry the error lists for the pickup,
 * delivery and department services): the order and its price's errors (serviceErrors).
 */
export type SearchOrderRow = OrderRow & { errors: ServiceErrors };

/** A row of `invoicingData`. */
export interface InvoicingDataRow {
  orderId: string;
  shipmentId: string | null;
  customerId: string;
  customerName: string | null;
  customerAlystraId: string | null;
  invoicingDate: string;
  state: ConsignmentState;
  /** The booked packages (what a correction starts from). */
  packages: number;
  status: InvoicingStatus;
  reason: NotReadyReason | null;
  heldReason: string | null;
  currency: Currency;
  customerNet: number;
  vat: number;
  customerGross: number;
  resourceNet: number;
  /** Errors of the price (spec §8 lists). */
  errors: ServiceErrors;
  pendingCorrections: number;
  invoiceId: string | null;
  invoiceNumber: string | null;
  standaloneInvoice: boolean;
  invoiceSplit: string | null;
}

/** The answer of `invoicingData`: counts of every status over the whole selection, and a page. */
export interface InvoicingData {
  fromDate: string;
  toDate: string;
  counts: Record<InvoicingStatus, number>;
  total: number;
  rows: InvoicingDataRow[];
}

/** The answer of `invoicedOrderPrice`. */
export interface InvoicedOrderPrice {
  orderId: string;
  status: InvoicingStatus;
  invoiced: OrderInvoicing['invoiced'];
  errors: ServiceErrors;
}

/** The answer of `multilegOrderPrice`: each leg priced on its own, summed. */
export interface MultilegOrderPrice {
  orderIds: string[];
  currency: Currency;
  legs: { orderId: string; transportLegIndex: number; price: OrderPrice }[];
  customerNet: number;
  resourceNet: number;
  vat: number;
  customerGross: number;
  errors: ServiceErrors;
}
