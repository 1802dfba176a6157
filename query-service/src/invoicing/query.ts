import {
  AppError,
  BILLING_ORDERS_TABLE,
  CUSTOMERS_TABLE,
  INVOICES_TABLE,
  INVOICING_RUNS_TABLE,
  ORDERS_TABLE,
  inScope,
  invoicingDate,
  invoicingOf,
  invoicingStatuses,
  measurementTotals,
  orderInvoicingStatus,
  serviceErrors,
  type BillingOrderRow,
  type CustomerRow,
  type InvoiceRow,
  type InvoicedOrderPrice,
  type InvoicingData,
  type InvoicingDataRow,
  type InvoicingRunRow,
  type InvoicingStatus,
  type MultilegOrderPrice,
  type OrderCorrection,
  type OrderRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { assertDepartment, searchWords, whereWord, type QueryHandler } from '../framework.js';
import { assertOneCustomer, readableOrders } from '../orders/readable.js';
import { invoicedFromOf } from './invoicedFrom.js';
import { loadPricer } from './pricer.js';

async function customersById(knex: Knex, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, CustomerRow>();
  const rows = await knex(CUSTOMERS_TABLE)
    .whereIn('id', [...new Set(ids)])
    .select<{ data: CustomerRow }[]>('data');
  return new Map(rows.map((r) => [String(r.data.id), r.data]));
}

const noCounts = (): Record<InvoicingStatus, number> =>
  Object.fromEntries(invoicingStatuses.map((s) => [s, 0])) as Record<InvoicingStatus, number>;

/**
 * Query `invoicingData` (spec §7, the invoicing route's filters of §2): the department's orders
 * whose invoicing date (delivery date, else pickup date) is in the period, each priced and given
 * its effective status (docs/decisions/0031, 0032); counts of every status over the selection
 * before the status filter, so the screen's chips show what each filter would give.
 */
export const invoicingData: QueryHandler<'invoicingData'> = async (params, { knex, identity }) => {
  assertDepartment(identity, params.departmentId);
  const q = knex(ORDERS_TABLE)
    .where('department_id', params.departmentId)
    .whereBetween('invoicing_date', [params.fromDate, params.toDate])
    .whereNotIn('state', ['DELETED', 'REJECTED', 'UNCONFIRMED'])
    .select<{ data: OrderRow }[]>('data')
    .orderBy([{ column: 'invoicing_date' }, { column: 'id' }]);
  let customerId = params.customerId;
  if (!customerId && params.customerAlystraId) {
    const found = await knex(CUSTOMERS_TABLE)
      .whereRaw(`data->>'alystraId' = ?`, [params.customerAlystraId])
      .first<{ id: string } | undefined>(knex.raw('id::text as id'));
    customerId = found?.id ?? '0';
  }
  if (customerId) q.where('customer_id', customerId);
  for (const word of searchWords(params.search))
    q.where((one) => whereWord(one, 'search_text', word));
  const rows = (await q).map((r) => r.data);
  const pricer = await loadPricer(knex, [params.departmentId]);
  const customers = await customersById(
    knex,
    rows.map((r) => String(r.customerId)),
  );
  const invoicedFrom = await invoicedFromOf(
    knex,
    params.departmentId,
    rows.map((r) => String(r.customerId)),
  );
  const counts = noCounts();
  const all: InvoicingDataRow[] = [];
  for (const row of rows) {
    const invoicing = invoicingOf(row);
    const price = invoicing.invoiced?.price ?? pricer.price(row);
    const { status, reason } = orderInvoicingStatus(
      row,
      price,
      invoicedFrom(String(row.customerId)),
    );
    counts[status] += 1;
    if (params.shipmentFilter !== 'ALL' && params.shipmentFilter !== status) continue;
    const customer = customers.get(String(row.customerId));
    all.push({
      orderId: String(row.id),
      shipmentId: row.shipmentId,
      customerId: String(row.customerId),
      customerName: customer?.name ?? null,
      customerAlystraId: customer?.alystraId || null,
      invoicingDate: invoicingDate(row.order),
      state: row.state,
      packages: measurementTotals(row.order.measurements).count,
      status,
      reason,
      heldReason: invoicing.heldReason,
      currency: price.currency,
      customerNet: price.customerNet,
      vat: price.vat,
      customerGross: price.customerGross,
      resourceNet: price.resourceNet,
      errors: serviceErrors(price.errors),
      pendingCorrections: invoicing.corrections.filter((c) => c.state === 'PENDING').length,
      invoiceId: invoicing.invoiced?.invoiceId ?? null,
      invoiceNumber: invoicing.invoiced?.invoiceNumber ?? null,
      standaloneInvoice: row.order.standaloneInvoice ?? false,
      invoiceSplit: row.order.invoiceSplit ?? null,
    });
  }
  const answer: InvoicingData = {
    fromDate: params.fromDate,
    toDate: params.toDate,
    counts,
    total: all.length,
    rows: all.slice(params.offset, params.offset + params.limit),
  };
  return answer;
};

/** Query `invoicedOrderPrice {orderId}` (spec §7): what was invoiced, with the §8 error lists. */
export const invoicedOrderPrice: QueryHandler<'invoicedOrderPrice'> = async (
  { orderId },
  { knex, identity },
) => {
  const [row] = await readableOrders(knex, identity, [orderId]);
  const invoicing = invoicingOf(row!);
  const price =
    invoicing.invoiced?.price ?? (await loadPricer(knex, [row!.departmentId])).price(row!);
  const invoicedFrom = await invoicedFromOf(knex, String(row!.departmentId), [
    String(row!.customerId),
  ]);
  const answer: InvoicedOrderPrice = {
    orderId: String(row!.id),
    status: orderInvoicingStatus(row!, price, invoicedFrom(String(row!.customerId))).status,
    invoiced: invoicing.invoiced,
    errors: serviceErrors(price.errors),
  };
  return answer;
};

/**
 * Query `multilegOrderPrice {orderIds}`: the legs of one transport (e.g. pickup to terminal,
 * terminal to recipient), in the order given; each leg priced on its own list with the price
 * corrections of its `transportLegIndex`, the sums added. One customer and currency.
 */
export const multilegOrderPrice: QueryHandler<'multilegOrderPrice'> = async (
  { orderIds },
  { knex, identity },
) => {
  const rows = await readableOrders(knex, identity, orderIds);
  assertOneCustomer(rows, 'the legs of a multi-leg order are');
  const pricer = await loadPricer(
    knex,
    rows.map((r) => String(r.departmentId)),
  );
  const legs = rows.map((row, transportLegIndex) => ({
    orderId: String(row.id),
    transportLegIndex,
    price: pricer.price(row, transportLegIndex),
  }));
  const currencies = new Set(legs.map((l) => l.price.currency));
  if (currencies.size > 1)
    throw AppError.of([
      {
        errorType: 'VALIDATION_ERROR',
        description: 'params.orderIds: the legs are priced in different currencies',
        params: { field: 'orderIds', key: 'validation.invalid' },
      },
    ]);
  const sum = (f: (p: MultilegOrderPrice['legs'][number]['price']) => number) =>
    legs.reduce((n, l) => n + f(l.price), 0);
  const answer: MultilegOrderPrice = {
    orderIds: legs.map((l) => l.orderId),
    currency: legs[0]!.price.currency,
    legs,
    customerNet: sum((p) => p.customerNet),
    resourceNet: sum((p) => p.resourceNet),
    vat: sum((p) => p.vat),
    customerGross: sum((p) => p.customerGross),
    errors: serviceErrors(legs.flatMap((l) => l.price.errors)),
  };
  return answer;
};

/** A correction as the corrections screen lists it: with its order's shipment and customer. */
export interface OrderCorrectionRow extends OrderCorrection {
  shipmentId: string | null;
  customerId: string;
  customerName: string | null;
  departmentId: string;
  date: string;
}

/** Query `orderCorrections`: a department's order corrections (of a day, a state, an order). */
export const orderCorrections: QueryHandler<'orderCorrections'> = async (
  params,
  { knex, identity },
) => {
  assertDepartment(identity, params.departmentId);
  const q = knex(ORDERS_TABLE)
    .where('department_id', params.departmentId)
    .where('corrections', '>', 0)
    .select<{ data: OrderRow }[]>('data')
    .orderBy([{ column: 'invoicing_date', order: 'desc' }, { column: 'id' }])
    .limit(5000);
  if (params.date) q.where('invoicing_date', params.date);
  if (params.orderId) q.where('id', params.orderId);
  const rows = (await q)
    .map((r) => r.data)
    .filter((r) => inScope(identity, r.departmentId, r.customerId));
  const customers = await customersById(
    knex,
    rows.map((r) => String(r.customerId)),
  );
  return rows.flatMap((row) =>
    invoicingOf(row)
      .corrections.filter((c) => !params.state || c.state === params.state)
      .map((c): OrderCorrectionRow => ({
        ...c,
        shipmentId: row.shipmentId,
        customerId: String(row.customerId),
        customerName: customers.get(String(row.customerId))?.name ?? null,
        departmentId: String(row.departmentId),
        date: invoicingDate(row.order),
      })),
  );
};

/** Query `invoicingRuns {departmentId}`: newest first. */
export const invoicingRuns: QueryHandler<'invoicingRuns'> = async (params, { knex, identity }) => {
  assertDepartment(identity, params.departmentId);
  const q = knex(INVOICING_RUNS_TABLE)
    .where('department_id', params.departmentId)
    .select<{ data: InvoicingRunRow }[]>('data')
    .orderBy('id', 'desc')
    .limit(200);
  if (params.ids && params.ids.length > 0) q.whereIn('id', params.ids);
  return (await q).map((r) => r.data);
};

/** Query `invoices`: of a run, a customer or an order (newest first). */
export const invoices: QueryHandler<'invoices'> = async (params, { knex, identity }) => {
  assertDepartment(identity, params.departmentId);
  const q = knex(INVOICES_TABLE)
    .where('department_id', params.departmentId)
    .select<{ data: InvoiceRow }[]>('data')
    .orderBy('id', 'desc')
    .limit(1000);
  if (params.runId) q.where('run_id', params.runId);
  if (params.customerId) q.where('customer_id', params.customerId);
  if (params.orderId)
    q.whereRaw('order_ids @> ?::jsonb', [JSON.stringify([String(params.orderId)])]);
  if (params.ids && params.ids.length > 0) q.whereIn('id', params.ids);
  // The issuing department's record: it stays with its readers when the customer moves on
  // (docs/decisions/0039); naming another department's customer is refused at the command.
  return (await q)
    .map((r) => r.data)
    .filter((i) => inScope(identity, i.departmentId, i.customerId));
};

/** Query `billingOrders`: a department's billing orders in a period, newest first. */
export const billingOrders: QueryHandler<'billingOrders'> = async (params, { knex, identity }) => {
  assertDepartment(identity, params.departmentId);
  const q = knex(BILLING_ORDERS_TABLE)
    .where('department_id', params.departmentId)
    .select<{ data: BillingOrderRow }[]>('data')
    .orderBy([
      { column: 'delivery_date', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(2000);
  if (params.fromDate) q.where('delivery_date', '>=', params.fromDate);
  if (params.toDate) q.where('delivery_date', '<=', params.toDate);
  if (params.customerId) q.where('customer_id', params.customerId);
  return (await q)
    .map((r) => r.data)
    .filter((b) => inScope(identity, b.departmentId, b.customerId));
};

/** Query `customerInvoiceSplit {customerId}` (spec §7). */
export const customerInvoiceSplit: QueryHandler<'customerInvoiceSplit'> = async (
  { customerId },
  { knex, identity },
) => {
  const customer = (await customersById(knex, [customerId])).get(String(customerId));
  if (!customer || !inScope(identity, customer.departmentId, customer.id))
    throw new AppError('NOT_FOUND', `Customer ${customerId} not found`);
  return { customerId: String(customer.id), invoiceSplit: customer.invoiceSplit ?? 'NONE' };
};
