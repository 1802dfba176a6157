import {
  consignmentEventTypes,
  invoiceableStates,
  isInvoiced,
  isInvoicingEventType,
  type InvoicingEvent,
  type InvoicingStatus,
  type RecordedEvent,
} from '@nordlog/contracts';
import { cellId, evolveReportOrder, keyOf, type CellKey, type ReportOrder } from './fold.js';

/**
 * What the invoicing report keeps of one order (rm_report_invoicing_orders): where it counts (the
 * report's own order, so the cell is the counts' cell) and its invoicing as the events leave it.
 */
export interface InvoicingOrder {
  revision: number;
  report: ReportOrder;
  held: InvoicingStatus | null;
  /** The price it was last invoiced at (OrderInvoiced), minor units. */
  price: { currency: string; net: number; vat: number; gross: number } | null;
}

/** What an order adds to its cell: counts and the amounts as `CUR:field` keys. */
export interface InvoicingCounts {
  invoiced: number;
  unpriced: number;
  toInvoice: number;
  amounts: Record<string, number>;
}

const consignmentTypes = new Set<string>(consignmentEventTypes);
export const handlesInvoicingReport = (e: RecordedEvent): boolean =>
  e.streamId.startsWith('order-') && (consignmentTypes.has(e.type) || isInvoicingEventType(e.type));

const empty = (): InvoicingCounts => ({ invoiced: 0, unpriced: 0, toInvoice: 0, amounts: {} });

/** Spec §4: INVOICED_OK and AWAITING_ACKNOWLEDGEMENT count as invoiced. */
export function invoicingContribution(o: InvoicingOrder): InvoicingCounts {
  const c = empty();
  if (o.report.state === 'DELETED') return c;
  if (o.held !== null && isInvoiced(o.held)) {
    c.invoiced = 1;
    if (!o.price) c.unpriced = 1;
    else {
      const cur = o.price.currency;
      const stops = o.report.slotId === null ? 0 : o.report.pickupStop ? 2 : 1;
      Object.assign(c.amounts, {
        [`${cur}:orders`]: 1,
        [`${cur}:net`]: o.price.net,
        [`${cur}:vat`]: o.price.vat,
        [`${cur}:gross`]: o.price.gross,
        [`${cur}:stops`]: stops,
      });
    }
  } else if (invoiceableStates.includes(o.report.state) && o.held !== 'EXCLUDED_FROM_INVOICING')
    c.toInvoice = 1;
  return c;
}

export const isEmpty = (c: InvoicingCounts): boolean =>
  c.invoiced === 0 && c.toInvoice === 0 && Object.keys(c.amounts).length === 0;

/** The order after one of its events (null: not known yet, and this event does not create it). */
export function evolveInvoicingOrder(
  before: InvoicingOrder | null,
  recorded: RecordedEvent,
): InvoicingOrder | null {
  const revision = recorded.streamRevision;
  if (!isInvoicingEventType(recorded.type)) {
    const report = evolveReportOrder(before?.report ?? null, recorded);
    if (!report) return null;
    return { revision, report, held: before?.held ?? null, price: before?.price ?? null };
  }
  if (!before) return null;
  const e = recorded as unknown as InvoicingEvent;
  if (e.type === 'OrderInvoicingStatusSet') return { ...before, revision, held: e.data.held };
  if (e.type === 'OrderInvoiced') {
    const p = e.data.price;
    return {
      ...before,
      revision,
      held: e.data.held,
      price: { currency: p.currency, net: p.customerNet, vat: p.vat, gross: p.customerGross },
    };
  }
  return { ...before, revision };
}

/**
 * The cells' changes, accumulated. Only contributions that add something are listed (an order
 * neither delivered nor invoiced adds nothing): a cell is written once some order counts in it,
 * however the events are batched.
 */
export class InvoicingDeltas {
  readonly cells = new Map<string, { key: CellKey; counts: InvoicingCounts }>();

  add(o: InvoicingOrder, sign: 1 | -1): void {
    const c = invoicingContribution(o);
    if (isEmpty(c)) return;
    const key = keyOf(o.report);
    const id = cellId(key);
    const cell = this.cells.get(id) ?? { key, counts: empty() };
    const sum = cell.counts;
    sum.invoiced += sign * c.invoiced;
    sum.unpriced += sign * c.unpriced;
    sum.toInvoice += sign * c.toInvoice;
    for (const [k, n] of Object.entries(c.amounts))
      sum.amounts[k] = (sum.amounts[k] ?? 0) + sign * n;
    this.cells.set(id, { key, counts: sum });
  }
}

/** Folds a batch into the orders it names (changed in place) and the cells' changes. */
export function foldInvoicing(
  orders: Map<string, InvoicingOrder>,
  events: RecordedEvent[],
): { deltas: InvoicingDeltas; changed: Set<string> } {
  const deltas = new InvoicingDeltas();
  const changed = new Set<string>();
  for (const e of events) {
    const id = e.streamId.slice('order-'.length);
    const before = orders.get(id) ?? null;
    if (before && e.streamRevision <= before.revision) continue;
    const after = evolveInvoicingOrder(before, e);
    if (!after) continue;
    orders.set(id, after);
    changed.add(id);
    if (before) deltas.add(before, -1);
    deltas.add(after, 1);
  }
  return { deltas, changed };
}
