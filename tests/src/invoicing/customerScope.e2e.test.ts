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
 * Issue 36: a planner can bill and invoice only customers it may read (the command's references
 * are checked like reads), and an issued invoice is its issuing department's record: it stays
 * with that department's readers, documents included, when the customer later moves to another
 * department, while the customer itself is read only by its new department's readers
 * (docs/decisions/0039). The socket pushes the same rows (socketScope.e2e).
 */
describe('invoices, billing orders and the customers they name', () => {
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

  it("a planner cannot bill another department's customer: 404, as a read of it answers", async () => {
    const other = await ok('CREATE_CUSTOMER', { name: 'Annen AS', departmentId: bergen });
    const res = await sys.as(planner).command('CREATE_BILLING_ORDER', {
      departmentId: oslo,
      customerId: other,
      deliveryDate: date,
      items: [
        { specification: 'Storage', quantity: 1, customerAmount: 10, articleCode: 'STORAGE' },
      ],
    });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).toContain('customerId');
    expect(
      (await sys.as(planner).query('customerInvoiceSplit', { customerId: other })).status,
    ).toBe(404);
  });

  it("an issued invoice stays with its department's readers when its customer moves on", async () => {
    const before = await rows<InvoiceRow>(planner, 'invoices', { departmentId: oslo });
    expect(before.map((i) => i.customerId).sort()).toEqual([moved, stays].sort());
    const invoice = before.find((i) => i.customerId === moved)!;
    expect(await download(invoice, 'csv', planner)).toBe(200);

    await ok('UPDATE_CUSTOMER', { id: moved, departmentId: bergen });
    const after = await rows<InvoiceRow>(planner, 'invoices', { departmentId: oslo });
    expect(after.map((i) => i.customerId).sort()).toEqual([moved, stays].sort());
    const billed = await rows<BillingOrderRow>(planner, 'billingOrders', { departmentId: oslo });
    expect(billed.map((b) => b.customerId).sort()).toEqual([moved, stays].sort());
    expect(await download(invoice, 'csv', planner)).toBe(200);
    expect(await download(invoice, 'html', planner)).toBe(200);
    // The customer itself is now Bergen's.
    const split = await sys.as(planner).query('customerInvoiceSplit', { customerId: moved });
    expect(split.status).toBe(404);
  });
});
