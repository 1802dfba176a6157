import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isValidGsin } from '@nordlog/contracts';
import { createHmac, randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import {
  assertWebAppBuilt,
  launchBrowser,
  loginByToken,
  loopbackTileEnv,
  screenshot,
  serveTiles,
  chooseOption,
  chooseSuggestion,
  readOptions,
} from '../support/browser.js';
import { waitForInvoicingRun } from '../support/invoicing.js';
import { navigateInApp } from '../support/walk.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';

const SECRET = randomBytes(32).toString('hex');

/**
 * Issue 43, the customer portal in the product (docs/decisions/0074-customer-portal.md), in a
 * real browser as a CUSTOMER user of a main customer with a sub-customer: the login that starts
 * at api/auth/customer-login-initiate and ends in the portal, the shipments grid with its own and
 * its sub-customer's rows only, booking through the planners' form, the shipment's labels and
 * tracking link, the invoices with their files, and the help desk's sign-in link.
 */
describe('the customer portal in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let oslo: string;
  let userId: string;
  const phone = freshPhone();
  const today = bookingDate(0);

  const ok = async (name: string, payload: unknown) => {
    const res = await sys.command(name, payload);
    if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
    return res.body.ids[0] as string;
  };

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem({
      env: { ...loopbackTileEnv, HELPDESK_NAME: 'helpdesk', HELPDESK_SECRET: SECRET },
    });
    await configureNumberSeries(sys);
    oslo = await ok('CREATE_DEPARTMENT', {
      name: 'Oslo terminal',
      departmentType: 'courier',
      country: 'NO',
      location: { lat: 59.91, lng: 10.75 },
    });
    const customer = (name: string, alystraId: string, alystraSubcustomer: string) =>
      ok('CREATE_CUSTOMER', { name, departmentId: oslo, alystraId, alystraSubcustomer });
    const main = await customer('Alfa Apotek', '4100', '');
    const sub = await customer('Alfa Apotek Bergen', '4100', '01');
    const other = await customer('Beta Bygg', '4200', '');
    for (const [customerId, name] of [
      [sub, 'Sub receiver'],
      [other, 'Other receiver'],
    ] as const) {
      await ok('CREATE_ORDER', {
        departmentId: oslo,
        customerId,
        pickupDate: bookingDate(1),
        pickup: osloAddress,
        delivery: { ...osloAddress, name },
        measurements: [{ weight: 1 }],
      });
      await ok('CREATE_BILLING_ORDER', {
        departmentId: oslo,
        customerId,
        deliveryDate: today,
        items: [{ specification: 'Storage', quantity: 1, customerAmount: 100, articleCode: 'X' }],
      });
    }
    const run = await ok('START_INVOICING_RUN', {
      departmentId: oslo,
      fromDate: today,
      toDate: today,
    });
    await waitForInvoicingRun(sys, oslo, run, 'COMPLETED');
    const created = await sys.run('CREATE_USER', {
      name: 'Alfa Booker',
      phoneNumber: phone,
      role: 'CUSTOMER',
      customerId: main,
      departmentIds: [oslo],
    });
    userId = String((created.body as { ids: string[] }).ids[0]);
    await sys.settled();
    browser = await launchBrowser();
    context = await browser.newContext({
      viewport: { width: 1400, height: 1000 },
      locale: 'en-GB',
    });
    await serveTiles(context);
    page = await context.newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  it('S1-GEN-028 S6-ROLE-024 S2-REDIR-001 S7-CALL-023: a customer logs in from a portal address and works in the portal, never the planner pages', async () => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') calls.push(new URL(r.url()).pathname);
    });
    await page.goto(`${sys.url}/customer/shipments`);
    await page.waitForURL((url) => url.searchParams.get('redirectTo') === '/customer/shipments');
    await loginByToken(
      page,
      sys,
      phone,
      `/?redirectTo=${encodeURIComponent('/customer/shipments')}`,
    );
    await page.waitForURL('**/customer/shipments');
    expect(calls).toContain('/api/auth/customer-login-initiate');
    expect(calls).not.toContain('/auth/request-token');
    // Its sub-customer's shipment, not the other customer's.
    await page.getByText('Sub receiver').first().waitFor();
    expect(await page.getByText('Other receiver').count()).toBe(0);
    // The portal's short menu.
    const menu = page.getByRole('menu', { name: /menu/i });
    for (const name of ['Our shipments', 'Book a shipment', 'Address book', 'Invoices'])
      await menu.getByRole('menuitem', { name }).waitFor();
    await screenshot(page, 'portal-shipments');
    // A planner page sends the customer back to the portal.
    await page.goto(`${sys.url}/planner/${oslo}/shipments`);
    await page.waitForURL('**/customer/shipments');
  }, 60_000);

  it("S1-GEN-024 S1-GEN-025: the customer books for itself or its sub-customer in the planners' form, then opens the shipment's labels and tracking", async () => {
    await page.getByRole('menuitem', { name: 'Book a shipment' }).click();
    await page.getByRole('heading', { name: 'New order' }).waitFor();
    const customer = page.getByLabel('Customer', { exact: true });
    expect((await readOptions(page, customer)).sort()).toEqual([
      'Alfa Apotek',
      'Alfa Apotek Bergen',
    ]);
    await chooseOption(page, customer, 'Alfa Apotek Bergen');
    const delivery = page.getByRole('region', { name: 'Delivery' });
    const search = delivery.getByLabel('Find address');
    await chooseSuggestion(page, search, 'Storgata 1, 0155', 'Storgata 1, 0155 Oslo', {
      exact: false,
    });
    await delivery.getByLabel('Name').fill('Kari Portal');
    await delivery.getByLabel('Phone', { exact: true }).fill('22334455');
    await chooseOption(page, page.getByLabel('Add from preset'), 'Small box', {
      exact: false,
      keeps: false,
    });
    await page.getByRole('button', { name: 'Save order' }).click();
    await page.waitForURL('**/customer/confirmation/*');
    const shipmentId = (await page.getByTestId('confirmation-shipment-id').textContent())!;
    expect(isValidGsin(shipmentId)).toBe(true);
    // The shipment's page: labels and the tracking link stay in the portal or go public.
    await navigateInApp(page, `/customer/shipments/${shipmentId}`);
    await page.getByRole('heading', { name: 'Shipment' }).waitFor();
    await page.getByRole('button', { name: /print labels?/i }).click();
    await page.waitForURL('**/customer/labels/*', { waitUntil: 'commit' });
    await page.goBack({ waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Shipment' }).waitFor();
    const tracking = page.getByRole('link', { name: 'Open the tracking page' });
    expect(await tracking.getAttribute('href')).toMatch(/^\/track\/\S+$/);
    const [row] = (await sys.query('orders', { shipmentId })).body;
    expect(row.order.delivery.name).toBe('Kari Portal');
  }, 60_000);

  it("S1-GEN-025: the invoices page lists the customer's and its sub-customer's invoices, with files", async () => {
    await page.getByRole('menuitem', { name: 'Invoices' }).click();
    const rows = page.getByTestId('invoice-row');
    await rows.first().waitFor();
    const text = (await page.getByTestId('portal-invoices').textContent()) ?? '';
    expect(text).toContain('Alfa Apotek Bergen');
    expect(text).not.toContain('Beta Bygg');
    const href = (await rows.first().getByTestId('invoice-csv').getAttribute('href'))!;
    const file = await page.request.get(`${sys.url}${href}`);
    expect(file.status()).toBe(200);
  }, 90_000);

  it("S2-ROUTE-006: the help desk's link signs the customer in and opens the portal", async () => {
    const payload = Buffer.from(
      JSON.stringify({
        sub: userId,
        exp: Math.floor(Date.now() / 1000) + 60,
        jti: randomBytes(16).toString('base64url'),
      }),
    ).toString('base64url');
    const signature = createHmac('sha256', SECRET).update(`v1.${payload}`).digest('base64url');
    const fresh = await browser.newContext({ locale: 'en-GB' });
    const helpdesk = await fresh.newPage();
    // Logged out, a link without a token says so on its page (not the not-found page, no login).
    await helpdesk.goto(`${sys.url}/auth/helpdesk/token`);
    await helpdesk.getByTestId('helpdesk-sign-in').getByRole('alert').waitFor();
    expect(new URL(helpdesk.url()).pathname).toBe('/auth/helpdesk/token');
    // The signed link (a new document: a change of the fragment alone loads nothing): signed in
    // as the customer user, in the portal.
    await helpdesk.goto('about:blank');
    await helpdesk.goto(`${sys.url}/auth/helpdesk/token#token=v1.${payload}.${signature}`);
    await helpdesk.waitForURL('**/customer/shipments', { waitUntil: 'commit' });
    const me = await helpdesk.request.get(`${sys.url}/auth/user`);
    expect(String(((await me.json()) as { id: string }).id)).toBe(userId);
    await fresh.close();
  }, 90_000);
});
