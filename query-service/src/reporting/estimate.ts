import {
  ORDERS_TABLE,
  TO_INVOICE_ESTIMATE_LIMIT,
  invoiceableStates,
  type EstimatedAmount,
  type OrderRow,
  type ToInvoiceEstimate,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { loadPricer } from '../invoicing/pricer.js';

/** Not to invoice (again): invoiced (spec §4) or excluded; as the reports' `toInvoice`. */
const NOT_TO_INVOICE = ['INVOICED_OK', 'AWAITING_ACKNOWLEDGEMENT', 'EXCLUDED_FROM_INVOICING'];

/**
 * The amount still to invoice of the departments' dates, estimated at today's prices
 * (docs/decisions/0101): the orders the report counts as to invoice (pickup date in the dates,
 * delivered or returned, neither invoiced nor excluded; `rm_orders` by its department and date
 * index) priced by the invoicing screens' `loadPricer`, per currency. At most `limit` orders are
 * priced: with more, none is, and the report says so.
 */
export async function toInvoiceEstimate(
  knex: Knex,
  departments: readonly string[],
  fromDate: string,
  toDate: string,
  limit = TO_INVOICE_ESTIMATE_LIMIT,
): Promise<ToInvoiceEstimate> {
  const rows = await knex(ORDERS_TABLE)
    .whereIn('department_id', [...departments])
    .whereBetween('date', [fromDate, toDate])
    .whereIn('state', [...invoiceableStates])
    .whereRaw(`coalesce(data->'invoicing'->>'held', '') <> all(?::text[])`, [NOT_TO_INVOICE])
    .orderBy('id')
    .limit(limit + 1)
    .select<{ data: OrderRow }[]>('data');
  const empty = { limit, notPriced: 0, amounts: [] };
  if (rows.length > limit) return { ...empty, orders: rows.length, overLimit: true };
  if (rows.length === 0) return { ...empty, orders: 0, overLimit: false };
  const pricer = await loadPricer(knex, departments);
  const by = new Map<string, EstimatedAmount>();
  let notPriced = 0;
  for (const { data } of rows) {
    const price = pricer.price(data);
    if (price.errors.length > 0) {
      notPriced += 1;
      continue;
    }
    const a = by.get(price.currency) ?? {
      currency: price.currency,
      orders: 0,
      net: 0,
      vat: 0,
      gross: 0,
    };
    a.orders += 1;
    a.net += price.customerNet;
    a.vat += price.vat;
    a.gross += price.customerGross;
    by.set(price.currency, a);
  }
  const amounts = [...by.values()].sort((x, y) => x.currency.localeCompare(y.currency));
  return { orders: rows.length, limit, overLimit: false, notPriced, amounts };
}
