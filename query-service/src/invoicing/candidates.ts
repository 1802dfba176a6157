import {
  BILLING_ORDERS_TABLE,
  CUSTOMERS_TABLE,
  DEPARTMENTS_TABLE,
  ORDERS_TABLE,
  VAT_BASIS_POINTS,
  billingLines,
  countryCurrency,
  invoiceableStates,
  invoicingDate,
  orderInvoiceLines,
  orderInvoicingStatus,
  pricedOnOf,
  type BillingOrderRow,
  type CustomerRow,
  type DepartmentRow,
  type InvoiceSellerSnapshot,
  type PostalAddress,
  type InvoiceCandidate,
  type InvoiceSplit,
  type InvoicingRun,
  type OrderPrice,
  type OrderRow,
  type PricedOn,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { invoicedFromOf } from './invoicedFrom.js';
import { loadPricer } from './pricer.js';

/** What an invoicing run invoices, read from the read models (the runner's `readCandidates`). */
export interface RunCandidates {
  candidates: (InvoiceCandidate & { price: OrderPrice | null; pricedOn: PricedOn | null })[];
  customers: Map<
    string,
    {
      name: string;
      orgNumber: string;
      billingNumber: string;
      invoiceSplit: InvoiceSplit;
      address: PostalAddress | null;
    }
  >;
  /** The run's department as the seller its invoices print (null: it does not exist). */
  seller: InvoiceSellerSnapshot | null;
}

/** A department's seller fields as an invoice keeps them. */
export const sellerOf = (d: DepartmentRow): InvoiceSellerSnapshot => ({
  name: d.name,
  country: d.country,
  address: d.address ?? null,
  orgNumber: d.orgNumber ?? '',
  vatRegistered: d.vatRegistered ?? false,
  bankAccount: d.bankAccount ?? '',
  fikCreditorNumber: d.fikCreditorNumber ?? '',
});

/**
 * The orders of the run's department, customer and period that are TO_BE_INVOICED now (delivered,
 * priced, nothing holding them), each with its price, and the billing orders not invoiced yet.
 * What another run invoices meanwhile is refused at the append (docs/decisions/0032).
 */
export async function readInvoicingCandidates(
  knex: Knex,
  run: Pick<InvoicingRun, 'departmentId' | 'fromDate' | 'toDate' | 'customerId'>,
): Promise<RunCandidates> {
  const orders = knex(ORDERS_TABLE)
    .where('department_id', run.departmentId)
    .whereBetween('invoicing_date', [run.fromDate, run.toDate])
    .whereIn('state', [...invoiceableStates])
    .whereRaw(`coalesce(data->'invoicing'->>'held', '') = ''`)
    .select<{ data: OrderRow }[]>('data');
  const billing = knex(BILLING_ORDERS_TABLE)
    .where('department_id', run.departmentId)
    .whereBetween('delivery_date', [run.fromDate, run.toDate])
    .where('invoiced', false)
    .select<{ data: BillingOrderRow }[]>('data');
  if (run.customerId) {
    void orders.where('customer_id', run.customerId);
    void billing.where('customer_id', run.customerId);
  }
  const [orderRows, billingRows, pricer] = await Promise.all([
    orders,
    billing,
    loadPricer(knex, [run.departmentId]),
  ]);
  const invoicedFrom = await invoicedFromOf(
    knex,
    run.departmentId,
    orderRows.map((r) => String(r.data.customerId)),
  );
  const country = pricer.countryOf(run.departmentId);
  const currency = countryCurrency[country] ?? 'NOK';
  const vatBasisPoints = VAT_BASIS_POINTS[country] ?? 2500;
  const candidates: RunCandidates['candidates'] = [];
  for (const { data: row } of orderRows) {
    const price = pricer.price(row);
    const status = orderInvoicingStatus(row, price, invoicedFrom(String(row.customerId)));
    if (status.status !== 'TO_BE_INVOICED') continue;
    const deliveryDate = invoicingDate(row.order);
    candidates.push({
      kind: 'order',
      id: String(row.id),
      customerId: String(row.customerId),
      currency: price.currency,
      vatBasisPoints: price.vatBasisPoints,
      deliveryDate,
      splitKey: row.order.invoiceSplit ?? '',
      standalone: row.order.standaloneInvoice ?? false,
      lines: orderInvoiceLines(
        { orderId: String(row.id), shipmentId: row.shipmentId, deliveryDate },
        price.lines,
      ),
      price,
      pricedOn: pricedOnOf(row),
    });
  }
  for (const { data: order } of billingRows)
    candidates.push({
      kind: 'billingOrder',
      id: String(order.id),
      customerId: String(order.customerId),
      currency,
      vatBasisPoints,
      deliveryDate: order.deliveryDate,
      splitKey: order.reference,
      standalone: false,
      lines: billingLines(order),
      price: null,
      pricedOn: null,
    });
  const customerRows = await knex(CUSTOMERS_TABLE)
    .whereIn('id', [...new Set(candidates.map((c) => c.customerId))])
    .select<{ data: CustomerRow }[]>('data');
  const customers = new Map(
    customerRows.map(({ data: c }) => [
      String(c.id),
      {
        name: c.name,
        orgNumber: c.orgNumber,
        billingNumber: c.billingNumber ?? '',
        invoiceSplit: c.invoiceSplit ?? 'NONE',
        address: c.address ?? null,
      },
    ]),
  );
  const department = await knex(DEPARTMENTS_TABLE)
    .where('id', run.departmentId)
    .first<{ data: DepartmentRow } | undefined>('data');
  return { candidates, customers, seller: department ? sellerOf(department.data) : null };
}
