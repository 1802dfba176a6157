import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  invoiceDocumentLink,
  invoiceFileName,
  type BillingOrderRow,
  type InvoiceRow,
} from '@nordlog/contracts';
import { bookingDate } from '../support/booking.js';
import { waitForInvoicingRun } from '../support/invoicing.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * Issue 36: an invoice shows its customer's name and organisation number, so the `invoices` and
 * `billingOrders` queries and the invoice documents reach only those who may read the customer
 * (its department's readers, as `customerInvoiceSplit` and `searchCustomers` answer), also when
 * the customer moved to another department after it was invoiced (docs/decisions/0039).
 */
describe('invoices and their documents are read by the customer read rule', () => {
  let sys: TestSystem;
  let oslo: string;
  let bergen: string;
  /** A customer of Oslo, invoiced there, then moved to Bergen. */
  let moved: string;
  /** A customer that stays in Oslo. */
  let stays: string;
  let planner: Session;
  const date = bookingDate(3);

  const ok = async (name: string, payload: unknown) => {
    const res = await sys.command(name, payload);
    if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
    return res.body.ids[0] as string;
  };
  const rows = async <T>(as: Session | null, name: string, params: unknown) => {
    await sys.settled();
    const res = await (as ? sys.as(as) : sys).query(name, params);
    expect({ name, status: res.status }).toEqual({ name, status: 200 });
    return res.body as T[];
  };
  const download = async (invoice: InvoiceRow, type: 'csv' | 'html', as: Session) =>
    (
      await fetch(
        `${sys.url}${invoiceDocumentLink(invoice.id, type, invoiceFileName(invoice, type))}`,
        {
          headers: { cookie: as.cookie },
        },
      )
    ).status;

  beforeAll(async () => {
    sys = await startTestSystem();
    const dep = (name: string) =>
      ok('CREATE_DEPARTMENT', { name, departmentType: 'courier', country: 'NO' });
    oslo = await dep('Oslo');
    bergen = await dep('Bergen');
    moved = await ok('CREATE_CUSTOMER', {
      name: 'Flytter AS',
      orgNumber: '923456783',
      departmentId: oslo,
    });
    stays = await ok('CREATE_CUSTOMER', { name: 'Blir AS', departmentId: oslo });
    for (const customerId of [moved, stays])
      await ok('CREATE_BILLING_ORDER', {
        departmentId: oslo,
        customerId,
        deliveryDate: date,
        items: [
          { specification: 'Storage', quantity: 2, customerAmount: 150, articleCode: 'STORAGE' },
        ],
      });
    const run = await ok('START_INVOICING_RUN', {
      departmentId: oslo,
      fromDate: date,
      toDate: date,
    });
    await waitForInvoicingRun(sys, oslo, run, 'COMPLETED');
    planner = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      access: ['PLANNER_INVOICING'],
      departmentIds: [oslo],
    });
  }, 120_000);
  afterAll(async () => sys?.shutdown());

  it("a planner reads its department's invoices, but not the name of a customer now of another department", async () => {
    const before = await rows<InvoiceRow>(planner, 'invoices', { departmentId: oslo });
    expect(before.map((i) => i.customerId).sort()).toEqual([moved, stays].sort());
    const invoice = before.find((i) => i.customerId === moved)!;
    expect(await download(invoice, 'csv', planner)).toBe(200);

    await ok('UPDATE_CUSTOMER', { id: moved, departmentId: bergen });
    const after = await rows<InvoiceRow>(planner, 'invoices', { departmentId: oslo });
    expect(after.map((i) => i.customerId)).toEqual([stays]);
    expect(JSON.stringify(after)).not.toContain('Flytter AS');
    expect(JSON.stringify(after)).not.toContain('923456783');
    const billed = await rows<BillingOrderRow>(planner, 'billingOrders', { departmentId: oslo });
    expect(billed.map((b) => b.customerId)).toEqual([stays]);
    // The documents answer as a read of the customer does: not found.
    expect(await download(invoice, 'csv', planner)).toBe(404);
    expect(await download(invoice, 'html', planner)).toBe(404);
    const split = await sys.as(planner).query('customerInvoiceSplit', { customerId: moved });
    expect(split.status).toBe(404);
    // Whoever reads the customer still reads its invoice.
    const admin = (await rows<InvoiceRow>(null, 'invoices', { departmentId: oslo })).map(
      (i) => i.customerId,
    );
    expect(admin.sort()).toEqual([moved, stays].sort());
    expect(await download(invoice, 'csv', sys.admin)).toBe(200);
  });
});
