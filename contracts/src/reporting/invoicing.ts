/**
 * Invoiced amounts in the reports (issue 45; docs/decisions/0096-report-rollup-and-invoicing.md),
 * kept by the `reportInvoicing` projection per department, date, slot and customer (the report
 * cells' keys: an order counts on its pickup date, as in the counts) from the orders' invoicing
 * events. Spec §4: INVOICED_OK and AWAITING_ACKNOWLEDGEMENT count as invoiced; no other status.
 * Amounts are in minor units of their currency; a report that spans currencies has one amount
 * per currency, never a sum of kroner and euros.
 */
export const REPORT_INVOICING_ORDERS_TABLE = 'rm_report_invoicing_orders';
export const REPORT_INVOICING_CELLS_TABLE = 'rm_report_invoicing_cells';

/** What was invoiced in one currency. */
export interface InvoicedAmount {
  currency: string;
  /** The invoiced orders priced in this currency. */
  orders: number;
  net: number;
  vat: number;
  gross: number;
  /** The route stops of those orders (a delivery, and a pickup unless handed in). */
  stops: number;
  /** Net over stops, minor units rounded (null: no stops). */
  costPerStop: number | null;
}

/**
 * A group's invoicing:
 * - `invoiced`: the orders in an invoiced status; those invoiced by hand or sent without a price
 *   on record are `unpriced` (counted, no amount);
 * - `toInvoice`: the delivered or returned orders not invoiced yet and not excluded (their amount
 *   is not in the events: an order is priced from the price lists when it is invoiced);
 * - `amounts`: per currency, in currency order.
 */
export interface InvoicingFigures {
  invoiced: number;
  unpriced: number;
  toInvoice: number;
  amounts: InvoicedAmount[];
}

export interface InvoicingRow extends InvoicingFigures {
  key: string | null;
  label: string | null;
}

export interface InvoicingReport {
  rows: InvoicingRow[];
  totals: InvoicingFigures;
  /**
   * The planner's report screen adds it when its own query (`toInvoiceEstimate`) answers; the
   * answers of `productivityReport` and `adminReport` never have it.
   */
  estimate?: ToInvoiceEstimate;
}

/**
 * The most orders one report prices for its estimate of the amount to invoice
 * (docs/decisions/0101); beyond it the report says so rather than price them.
 */
export const TO_INVOICE_ESTIMATE_LIMIT = 5_000;

/** What the orders still to invoice are worth in one currency, at today's price lists. */
export interface EstimatedAmount {
  currency: string;
  orders: number;
  net: number;
  vat: number;
  gross: number;
}

/**
 * The amount still to invoice, estimated (docs/decisions/0101): the report's delivered or returned
 * orders not invoiced and not excluded (its `toInvoice`), priced now by the invoicing screens'
 * pricer (today's price lists and each order's corrections), per currency.
 * - `orders`: those orders (at most `limit` + 1 are read: `overLimit` says there are more, and
 *   then nothing is priced);
 * - `notPriced`: those the price lists do not price completely (no list, an article without a
 *   price): counted, no amount, as an invoicing run would not invoice them.
 */
export interface ToInvoiceEstimate {
  orders: number;
  limit: number;
  overLimit: boolean;
  notPriced: number;
  amounts: EstimatedAmount[];
}

/** The amount fields kept per currency, as the read model's keys `CUR:field`. */
export const invoicedAmountFields = ['orders', 'net', 'vat', 'gross', 'stops'] as const;
type AmountField = (typeof invoicedAmountFields)[number];

export const costPerStop = (net: number, stops: number): number | null =>
  stops > 0 ? Math.round(net / stops) : null;

/** The amounts of `CUR:field` keys, summed (`all`: any number of them), per currency. */
export function amountsOf(all: readonly Record<string, number>[]): InvoicedAmount[] {
  const by = new Map<string, Record<AmountField, number>>();
  for (const keys of all)
    for (const [key, n] of Object.entries(keys)) {
      const [currency, field] = key.split(':') as [string, AmountField];
      if (!invoicedAmountFields.includes(field)) continue;
      const a = by.get(currency) ?? { orders: 0, net: 0, vat: 0, gross: 0, stops: 0 };
      a[field] += Number(n);
      by.set(currency, a);
    }
  return [...by.entries()]
    .filter(([, a]) => a.orders !== 0)
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([currency, a]) => ({ currency, ...a, costPerStop: costPerStop(a.net, a.stops) }));
}

/** The totals of rows (amounts added per currency). */
export function invoicingTotals(rows: readonly InvoicingFigures[]): InvoicingFigures {
  const keys = rows.flatMap((r) =>
    r.amounts.map((a) =>
      Object.fromEntries(invoicedAmountFields.map((f) => [`${a.currency}:${f}`, a[f]])),
    ),
  );
  return {
    invoiced: rows.reduce((n, r) => n + r.invoiced, 0),
    unpriced: rows.reduce((n, r) => n + r.unpriced, 0),
    toInvoice: rows.reduce((n, r) => n + r.toInvoice, 0),
    amounts: amountsOf(keys),
  };
}
