import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import {
  assertWebAppBuilt,
  launchBrowser,
  openAs,
  screenshot,
  toastLifetime,
  watchToasts,
} from '../support/browser.js';
import { createSlot } from '../support/planning.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * Invoicing in a browser (issue 18 §5; docs/decisions/0032-invoicing.md): the accounting role
 * sees a delivered order to be invoiced, runs invoicing, opens the invoice's PDF, accepts a
 * correction, and replays the corrected order before and after; the holds, price corrections and
 * billing orders through their screens.
 */
describe('invoicing screens', () => {
  let sys: TestSystem;
  let browser: Browser;
  let oslo: string;
  let customer: string;
  let slot: string;
  let accounting: Session;
  const date = bookingDate(2);
  const errors: string[] = [];

  const must = async (name: string, payload: unknown) => {
    const res = await sys.command(name, payload);
    expect({ name, status: res.status, body: res.status === 200 ? null : res.body }).toEqual({
      name,
      status: 200,
      body: null,
    });
    return res.body.ids[0] as string;
  };
  /** A delivered order of the customer on `date`: its order id and shipment id. */
  const delivered = async (): Promise<{ id: string; shipment: string }> => {
    const id = await must('CREATE_ORDER', {
      departmentId: oslo,
      customerId: customer,
      pickupDate: date,
      pickup: osloAddress,
      delivery: { ...osloAddress, zipCode: '0355', name: 'Kari Nordmann' },
      measurements: [{ weight: 12, quantity: 1 }],
    });
    await must('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [id], slotId: slot });
    await must('MANUAL_DELIVER', { consignmentIds: [id] });
    await sys.settled();
    return { id, shipment: (await sys.query('orders', { ids: [id] })).body[0].shipmentId };
  };
  const invoicingPath = () => `/planner/${oslo}/invoicing/${date}/${date}`;
  const orderRow = (page: Page, id: string) =>
    page.locator(`[data-testid="invoicing-order"][data-order="${id}"]`);
  const statusOf = (page: Page, id: string, status: string) =>
    page
      .locator(`[data-testid="invoicing-order"][data-order="${id}"][data-status="${status}"]`)
      .waitFor();

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    browser = await launchBrowser();
    await configureNumberSeries(sys);
    oslo = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0];
    customer = await must('CREATE_CUSTOMER', {
      name: 'Nordlys Apotek',
      departmentId: oslo,
      orgNumber: '912345602',
      alystraId: 'NLAP',
    });
    slot = await createSlot(sys, oslo, date);
    for (const [code, kind, group] of [
      ['FREIGHT', 'FREIGHT', 'TRANSPORT'],
      ['KG', 'WEIGHT', 'TRANSPORT'],
    ] as const)
      await must('CREATE_ARTICLE', {
        code,
        label: code === 'KG' ? 'Weight' : 'Freight',
        kind,
        group,
      });
    await must('CREATE_PRICE_LIST', {
      name: 'Oslo',
      departmentId: oslo,
      currency: 'NOK',
      validFrom: date,
      lines: [
        { articleCode: 'FREIGHT', customerPrice: 19_900, resourcePrice: 12_000 },
        { articleCode: 'KG', from: 20, per: 'UNIT', customerPrice: 250 },
      ],
    });
    accounting = await sys.login({
      phoneNumber: freshPhone(),
      role: 'ACCOUNTING',
      departmentIds: [oslo],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  it('S6-ROLE-002 S2-ROUTE-046 S2-ROUTE-076 S7-ANS-005: a delivered order is to be invoiced, a run invoices it and its PDF opens; a correction accepted in 1000 ms reprices the other, and the replay shows it before and after', async () => {
    const a = await delivered();
    const b = await delivered();
    const correction = await must('CREATE_ORDER_CORRECTION', {
      orderId: b.id,
      numberOfPackages: 2,
      volumeDmq: 40,
      weightKilograms: 30,
      comment: 'Measured at the terminal',
    });
    const page = await openAs(browser, sys.url, invoicingPath(), accounting, errors);
    await page.getByRole('heading', { name: 'Invoicing · Oslo' }).waitFor();
    await statusOf(page, a.id, 'TO_BE_INVOICED');
    await statusOf(page, b.id, 'CORRECTION_PENDING');
    expect(await orderRow(page, a.id).textContent()).toContain('199.00 NOK');
    await expect(page.getByTestId('invoicing-filter-TO_BE_INVOICED').textContent()).resolves.toBe(
      'To be invoiced (1)',
    );

    // Run invoicing for the period: the run completes, the order is invoiced.
    await page.getByTestId('run-invoicing').click();
    const dialog = page.getByRole('dialog', { name: 'Run invoicing' });
    await dialog.getByRole('button', { name: 'Start' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('invoicing-runs').getByText('Completed').waitFor();
    await statusOf(page, a.id, 'INVOICED_OK');
    await statusOf(page, b.id, 'CORRECTION_PENDING');

    // The invoice's PDF, as the order's link and the run's documents open it.
    const link = orderRow(page, a.id).getByTestId('order-invoice');
    const href = await link.getAttribute('href');
    const pdf = await page.request.get(`${sys.url}${href}`);
    expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.getByRole('button', { name: /^Show the invoices of run/ }).click();
    await page.getByTestId('invoice-row').first().waitFor();
    expect(await page.getByTestId('invoice-row').first().textContent()).toContain('Nordlys Apotek');
    await screenshot(page, 'invoicing-run-completed');

    // The correction, accepted with the weight changed: toast of 1000 ms, the order repriced.
    await page.goto(`${sys.url}/planner/${oslo}/corrections/${date}`);
    const row = page.locator(`[data-testid="correction"][data-order="${b.id}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('PENDING');
    await row.getByTestId('correction-accept').click();
    const accept = page.getByRole('dialog', {
      name: `Accept the correction of shipment ${b.shipment}`,
    });
    expect(await accept.getByTestId('correction-weightKilograms').inputValue()).toBe('30');
    await accept.getByTestId('correction-weightKilograms').fill('42');
    await watchToasts(page);
    await accept.getByTestId('correction-confirm').click();
    // S7-ANS-005: gone after about a second (the default toast stays 4 s or more), by the page's
    // clock with its exit transition.
    expect(await toastLifetime(page, 'Correction accepted', 15_000)).toBeLessThan(2_500);
    await page.getByTestId('corrections-none').waitFor();
    await page.getByTestId('corrections-filter-ACCEPTED').click();
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('ACCEPTED');
    expect(await row.textContent()).toContain('Weight (kg): 42');

    await page.goto(`${sys.url}${invoicingPath()}`);
    await statusOf(page, b.id, 'TO_BE_INVOICED');
    // 42 kg: freight 199 kr, and from 20 kg up every kilogram at 2.50 kr (105 kr).
    await orderRow(page, b.id).filter({ hasText: '304.00 NOK' }).waitFor();

    // The replay: the order after the acceptance, and as it was just before it.
    await page.goto(`${sys.url}/admin/lmEvents/${b.shipment}`);
    const measured = page.getByTestId('audit-order').locator('[data-field="measured"]');
    await page.getByTestId('audit-order').waitFor();
    await page
      .getByTestId('audit-order')
      .locator('[data-field="measured"]', { hasText: '42 kg' })
      .waitFor();
    const events = page.getByRole('region', { name: 'Events' });
    const accepted = events.getByRole('row', { name: /ACCEPT_ORDER_CORRECTION/ });
    await accepted.waitFor();
    const revision = Number((await accepted.getAttribute('data-testid'))!.split('-').at(-1));
    await page.getByTestId(`audit-event-${revision - 1}`).click();
    await page.getByText(`After event ${revision - 1}`).waitFor();
    await page
      .getByTestId('audit-order')
      .locator('[data-field="measured"]', { hasText: /^–$/ })
      .waitFor();
    expect(await measured.textContent()).toBe('–');
    expect(correction).toBeTruthy();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('S4-FLOW-013 S4-STATE-011 S4-STATE-012: invoicing of a selected order is paused with a reason and released from the invoicing screen', async () => {
    const order = await delivered();
    const page = await openAs(browser, sys.url, invoicingPath(), accounting, errors);
    await statusOf(page, order.id, 'TO_BE_INVOICED');
    const act = async (action: 'pause' | 'release', title: RegExp, reason: string) => {
      await orderRow(page, order.id).getByRole('checkbox').check();
      await page.getByTestId(`invoicing-bulk-${action}`).click();
      const dialog = page.getByRole('dialog', { name: title });
      if (reason) await dialog.getByRole('textbox').fill(reason);
      await dialog.getByRole('button', { name: action === 'pause' ? 'Pause' : 'Release' }).click();
      await page.getByTestId('invoicing-bulk-result').waitFor();
      expect(await page.getByTestId('invoicing-bulk-result').textContent()).toContain(
        'Done: 1 orders; refused: 0',
      );
    };
    // A pause needs a reason: the dialog says so and sends nothing.
    await orderRow(page, order.id).getByRole('checkbox').check();
    await page.getByTestId('invoicing-bulk-pause').click();
    const dialog = page.getByRole('dialog', { name: 'Pause invoicing of 1 order?' });
    await dialog.getByRole('button', { name: 'Pause' }).click();
    await dialog.getByText('Required').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await orderRow(page, order.id).getByRole('checkbox').uncheck();
    await act('pause', /^Pause invoicing of 1 order/, 'Customer disputes the delivery');
    await statusOf(page, order.id, 'INVOICING_PAUSED');
    expect(await orderRow(page, order.id).textContent()).toContain(
      'Customer disputes the delivery',
    );
    await act('release', /^Release 1 order/, '');
    await statusOf(page, order.id, 'TO_BE_INVOICED');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('S3-ENT-053: a price correction with a reason replaces the computed freight; the same screen shows the new price', async () => {
    const order = await delivered();
    const page = await openAs(browser, sys.url, invoicingPath(), accounting, errors);
    await statusOf(page, order.id, 'TO_BE_INVOICED');
    await orderRow(page, order.id).getByTestId('order-prices').click();
    const dialog = page.getByRole('dialog', { name: `Prices of shipment ${order.shipment}` });
    await dialog.getByTestId('price-net').waitFor();
    expect(await dialog.getByTestId('price-net').textContent()).toBe('199.00 NOK');
    await dialog.getByTestId('price-add').click();
    await dialog.getByRole('combobox', { name: 'Article' }).fill('FREIGHT');
    await dialog.getByTestId('price-customer').fill('150,50');
    // Without a reason nothing is sent.
    await dialog.getByTestId('price-save').click();
    await dialog.getByText('Required').waitFor();
    await dialog.getByTestId('price-reason').fill('Agreed by phone');
    await dialog.getByTestId('price-save').click();
    await dialog.waitFor({ state: 'detached' });
    await orderRow(page, order.id).filter({ hasText: '150.50 NOK' }).waitFor();
    const history = (await sys.query('orderHistory', { orderId: order.id })).body as {
      eventType: string;
      data: { reason?: string };
    }[];
    expect(history.find((e) => e.eventType === 'OrderPricesCorrected')?.data.reason).toBe(
      'Agreed by phone',
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('S2-ROUTE-045: a billing order is created through its form, with the form’s rules, and listed', async () => {
    const page = await openAs(
      browser,
      sys.url,
      `/planner/${oslo}/billing-order`,
      accounting,
      errors,
    );
    await page.getByRole('heading', { name: /^Billing orders/ }).waitFor();
    await page.getByTestId('billing-new').click();
    const dialog = page.getByRole('dialog', { name: 'New billing order' });
    await dialog.getByRole('combobox', { name: 'Customer' }).fill(customer);
    await dialog.getByRole('combobox', { name: 'Customer' }).press('Tab');
    await dialog.getByTestId('billing-articleCode').fill('storage');
    await dialog.getByTestId('billing-specification').fill('Pallet storage, March');
    await dialog.getByTestId('billing-quantity').fill('3');
    await dialog.getByTestId('billing-customerAmount').fill('-12.345');
    await dialog.getByTestId('billing-save').click();
    // Two decimals at most; a negative amount is a credit of a line it names.
    await dialog.getByText('At most 2 decimals').waitFor();
    await dialog.getByTestId('billing-customerAmount').fill('-12.50');
    await dialog.getByTestId('billing-save').click();
    await dialog.getByText(/A negative amount is a credit/).waitFor();
    await dialog.getByTestId('billing-customerAmount').fill('125.50');
    await dialog.getByTestId('billing-save').click();
    await dialog.waitFor({ state: 'detached' });
    const listed = page.getByTestId('billing-order');
    await listed.first().waitFor();
    const text = await listed.first().textContent();
    expect(text).toContain('3 × Pallet storage, March');
    expect(text).toContain('376.50 NOK');
    expect(text).toContain('To be invoiced');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('S6-ROLE-012 S6-FLAG-030: a planner without PLANNER_INVOICING gets the not-found page on the invoicing screens', async () => {
    const planner = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo],
      access: ['PLANNER_SHIPMENTS'],
    });
    for (const path of [
      invoicingPath(),
      `/planner/${oslo}/invoicing-new`,
      `/planner/${oslo}/billing-order`,
    ]) {
      const page = await openAs(browser, sys.url, path, planner, errors);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await page.context().close();
    }
    expect(errors).toEqual([]);
  });
});
