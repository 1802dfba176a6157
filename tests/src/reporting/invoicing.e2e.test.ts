import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  TO_INVOICE_ESTIMATE_LIMIT,
  type AdminReport,
  type InvoicingReport,
  type ProductivityReport,
  type ToInvoiceEstimate,
} from '@nordlog/contracts';
import { toInvoiceEstimate } from '@nordlog/query-service';
import { waitForInvoicingRun } from '../support/invoicing.js';
import { startTestSystem, type TestSystem } from '../support/system.js';
import { TODAY, bookReportDay } from './fixture.js';

/**
 * Invoiced amounts in the reports (issue 45, docs/decisions/0096) on the hand-computed day of
 * ./fixture.ts, priced by a price list of one article (FREIGHT: 199.00 NOK an order, VAT 25 %).
 * Oslo's day has 21 orders to invoice (0–11 and 20–27 delivered, 15 returned; all Apotek Nord's):
 * order 0 is paused (still to invoice), 1 excluded (neither), 2 set INVOICED_OK by hand (invoiced,
 * no price on record), and a run invoices the other 18: 3–11 and 15 on slot Morgen, 20–27 on slot
 * Dag, each with a pickup and a delivery stop.
 */
describe('invoiced amounts in the reports (issue 45)', () => {
  let sys: TestSystem;
  let dep: string;
  let other: string;
  let customers: string[];
  const ok = async (name: string, payload: unknown) => {
    const res = await sys.command(name, payload);
    expect({ name, status: res.status }).toEqual({ name, status: 200 });
    return (res.body as { ids: string[] }).ids;
  };
  beforeAll(async () => {
    sys = await startTestSystem();
    ({ dep, other, customers } = await bookReportDay(sys));
    const oslo = await sys.db
      .knex('rm_orders')
      .where({ department_id: dep })
      .whereRaw(`data->'order'->>'pickupDate' = ?`, [TODAY])
      .select<{ id: string }[]>(sys.db.knex.raw('id::text as id'))
      .orderBy('id');
    const ids = oslo.map((r) => r.id);
    await ok('CREATE_ARTICLE', {
      code: 'FREIGHT',
      label: 'Freight',
      kind: 'FREIGHT',
      group: 'TRANSPORT',
    });
    await ok('CREATE_PRICE_LIST', {
      name: 'Oslo',
      departmentId: dep,
      currency: 'NOK',
      validFrom: TODAY,
      lines: [{ articleCode: 'FREIGHT', customerPrice: 19_900, resourcePrice: 12_000 }],
    });
    await ok('PAUSE_ORDER_INVOICING', { orderIds: [ids[0]], reason: 'Dispute' });
    await ok('SET_ORDER_INVOICING_STATUS', {
      orderIds: [ids[1]],
      status: 'EXCLUDED_FROM_INVOICING',
      reason: 'Invoiced in the old system',
    });
    await ok('SET_ORDER_INVOICING_STATUS', {
      orderIds: [ids[2]],
      status: 'INVOICED_OK',
      reason: 'Invoiced by hand',
    });
    const [run] = await ok('START_INVOICING_RUN', {
      departmentId: dep,
      fromDate: TODAY,
      toDate: TODAY,
    });
    await waitForInvoicingRun(sys, dep, run!, 'COMPLETED');
    await sys.settled();
  }, 600_000);
  afterAll(async () => sys.shutdown());

  // By hand: 18 orders × 19,900 øre net, VAT 25 % 4,975, gross 24,875; two stops each.
  const nok = (orders: number) => ({
    currency: 'NOK',
    orders,
    net: orders * 19_900,
    vat: orders * 4_975,
    gross: orders * 24_875,
    stops: orders * 2,
    costPerStop: 9_950,
  });
  const day = { invoiced: 19, unpriced: 1, toInvoice: 1, amounts: [nok(18)] };

  it('per slot, in the planner’s report: invoiced, without price, to invoice, NOK amounts and cost per stop', async () => {
    const res = await sys.query('productivityReport', {
      departmentIds: [dep],
      fromDate: TODAY,
      toDate: TODAY,
      groupBy: 'slot',
    });
    expect(res.status).toBe(200);
    const invoicing = (res.body as ProductivityReport).invoicing;
    expect(invoicing.rows.map(({ key: _key, ...r }) => r)).toEqual([
      // Dag: 20–27 invoiced by the run.
      { label: 'Dag', invoiced: 8, unpriced: 0, toInvoice: 0, amounts: [nok(8)] },
      // Morgen: 3–11 and 15 by the run, 2 by hand; 0 paused; 1 excluded.
      { label: 'Morgen', invoiced: 11, unpriced: 1, toInvoice: 1, amounts: [nok(10)] },
    ]);
    expect(invoicing.totals).toEqual(day);
    // 358,200 øre net over 36 stops.
    expect(invoicing.totals.amounts[0]).toMatchObject({
      net: 358_200,
      stops: 36,
      costPerStop: 9_950,
    });
  });

  // By hand: order 0 (paused) is the one to invoice: FREIGHT 19,900 øre, VAT 25 % 4,975,
  // gross 24,875 (docs/decisions/0101).
  const estimate = (orders: number) => ({
    orders,
    limit: TO_INVOICE_ESTIMATE_LIMIT,
    overLimit: false,
    notPriced: 0,
    amounts: [
      {
        currency: 'NOK',
        orders,
        net: orders * 19_900,
        vat: orders * 4_975,
        gross: orders * 24_875,
      },
    ],
  });

  const estimated = async (departmentIds: string[]) => {
    const res = await sys.query('toInvoiceEstimate', {
      departmentIds,
      fromDate: TODAY,
      toDate: TODAY,
    });
    expect(res.status).toBe(200);
    return res.body as ToInvoiceEstimate;
  };

  it('the amount still to invoice, estimated at today’s prices, by its own query (0105) for the report’s orders to invoice', async () => {
    const res = await sys.query('productivityReport', {
      departmentIds: [dep],
      fromDate: TODAY,
      toDate: TODAY,
      groupBy: 'day',
    });
    expect(res.status).toBe(200);
    const invoicing = (res.body as ProductivityReport).invoicing;
    expect(invoicing.totals.toInvoice).toBe(1);
    // The report is read models only: the estimate is the screen's second query.
    expect(invoicing.estimate).toBeUndefined();
    expect(await estimated([dep])).toEqual(estimate(1));
    // Bergen's order is not delivered: nothing to invoice there.
    expect(await estimated([other])).toEqual({
      orders: 0,
      limit: TO_INVOICE_ESTIMATE_LIMIT,
      overLimit: false,
      notPriced: 0,
      amounts: [],
    });
  });

  it('beyond the bound nothing is priced and the estimate says so', async () => {
    const knex = sys.db.knex;
    expect(await toInvoiceEstimate(knex, [dep], TODAY, TODAY, 0)).toEqual({
      orders: 1,
      limit: 0,
      overLimit: true,
      notPriced: 0,
      amounts: [],
    });
    expect(await toInvoiceEstimate(knex, [dep], TODAY, TODAY, 1)).toEqual({
      ...estimate(1),
      limit: 1,
    });
  });

  it('per department, customer and day in the admin report, totals the same', async () => {
    const admin = async (type: string) => {
      const res = await sys.query('adminReport', { fromDate: TODAY, toDate: TODAY, type });
      expect(res.status).toBe(200);
      return (res.body as AdminReport).invoicing;
    };
    const one = (key: string, label: string | null): InvoicingReport => ({
      rows: [{ key, label, ...day }],
      totals: day,
    });
    expect(await admin('departments')).toEqual(one(dep, 'Oslo'));
    expect(await admin('customers')).toEqual(one(customers[0]!, 'Apotek Nord'));
    expect(await admin('days')).toEqual(one(TODAY, null));
  });

  it('releasing the paused order and setting the manual one back moves them to invoice', async () => {
    const ids = (
      await sys.db
        .knex('rm_orders')
        .where({ department_id: dep })
        .whereRaw(`data->'order'->>'pickupDate' = ?`, [TODAY])
        .select<{ id: string }[]>(sys.db.knex.raw('id::text as id'))
        .orderBy('id')
    ).map((r) => r.id);
    await ok('RELEASE_ORDER_INVOICING', { orderIds: [ids[0]] });
    await ok('SET_ORDER_INVOICING_STATUS', {
      orderIds: [ids[1]],
      status: 'TO_BE_INVOICED',
      reason: 'Not after all',
    });
    await sys.settled();
    const res = await sys.query('adminReport', { fromDate: TODAY, toDate: TODAY });
    // The released order is still to invoice; the excluded one now is too.
    expect((res.body as AdminReport).invoicing.totals).toEqual({ ...day, toInvoice: 2 });
    // The admin report prices nothing (docs/decisions/0101); the estimate both orders.
    expect((res.body as AdminReport).invoicing.estimate).toBeUndefined();
    expect(await estimated([dep])).toEqual(estimate(2));
  });
});
