import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isValidGsin, isValidSscc } from '@nordlog/contracts';
import type { Browser, BrowserContext } from 'playwright-core';
import { configureNumberSeries } from '../support/booking.js';
import { assertWebAppBuilt, launchBrowser, loginByToken, screenshot } from '../support/browser.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';

/** A 1×1 transparent PNG: the map tiles the test serves itself (no request leaves the machine). */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * The booking form in a real browser (spec §2 order form, §5 rules, UI.md booking layout): type a
 * postal code, pick a suggestion, add a package from a preset, save, land on the confirmation page;
 * and a field error in Norwegian.
 */
describe('booking in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let oslo: string;
  const tileRequests: string[] = [];

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem({
      // A loopback address nobody serves: every tile request is answered by the page route below.
      env: { MAP_TILE_URL: 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png' },
    });
    browser = await launchBrowser();
    oslo = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo terminal',
        departmentType: 'courier',
        country: 'NO',
        location: { lat: 59.91, lng: 10.75 },
      })
    ).body.ids[0];
    await sys.command('CREATE_CUSTOMER', { name: 'Nordlys Apotek', departmentId: oslo });
    await configureNumberSeries(sys);
    await sys.settled();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  const planner = async (name: string) => {
    const phone = freshPhone();
    await sys.run('CREATE_USER', {
      name,
      phoneNumber: phone,
      role: 'PLANNER',
      departmentIds: [oslo],
    });
    await sys.settled();
    return phone;
  };

  const newContext = async (locale?: string): Promise<BrowserContext> => {
    const context = await browser.newContext({
      viewport: { width: 1500, height: 1000 },
      locale: 'en-GB',
    });
    if (locale) {
      await context.addInitScript(
        (l) =>
          (
            globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
          ).localStorage.setItem('nordlog.locale', l),
        locale,
      );
    }
    await context.route('**/tiles/**', (route) => {
      tileRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
    });
    return context;
  };

  it('S1-GEN-001 S2-ROUTE-067 S2-ROUTE-072 S2-SCREEN-044 S2-SCREEN-045 S7-CALL-052: a planner books an order through the form and lands on the confirmation page', async () => {
    const phone = await planner('Browser Booker');
    const context = await newContext();
    const page = await context.newPage();
    const commands: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/command/')) commands.push(r.url());
    });
    await loginByToken(page, sys, phone);
    await page.waitForURL('**/planner');
    await page.goto(`${sys.url}/planner/${oslo}/booking/create`);
    await page.getByRole('heading', { name: 'New order' }).waitFor();
    expect(await page.title()).toBe('Nordlog - Booking');

    await page.getByLabel('Customer', { exact: true }).click();
    await page.getByRole('option', { name: 'Nordlys Apotek' }).click();

    // Delivery: type a street and postal code, pick the suggestion (keyboard), see the map.
    const delivery = page.getByRole('region', { name: 'Delivery' });
    const search = delivery.getByLabel('Find address');
    await search.fill('Storgata 1, 0155');
    await page.getByRole('option', { name: 'Storgata 1, 0155 Oslo' }).waitFor();
    await search.press('ArrowDown');
    await search.press('Enter');
    await expect(delivery.getByLabel('Postal code').inputValue()).resolves.toBe('0155');
    await expect(delivery.getByLabel('Town').inputValue()).resolves.toBe('Oslo');
    await expect(delivery.getByLabel('Street address').inputValue()).resolves.toBe('Storgata 1');
    const map = delivery.getByTestId('map-preview');
    await map.waitFor();
    expect(await map.getAttribute('data-lat')).toBe('59.9127');
    expect((await map.boundingBox())!.height).toBe(300);
    // Enter in the address input picked the suggestion and submitted nothing.
    await search.press('Enter');
    expect(commands).toEqual([]);
    await delivery.getByLabel('Name').fill('Kari Nordmann');
    await delivery.getByLabel('Phone', { exact: true }).fill('22334455');

    // A package from a preset fills the empty first line.
    await page.getByLabel('Add from preset').click();
    await page.getByRole('option', { name: 'Small box' }).click();
    const line = page.getByTestId('package-1');
    await expect(line.getByLabel('Weight (kg)').inputValue()).resolves.toBe('3');
    await expect(line.getByLabel('Length (cm)').inputValue()).resolves.toBe('30');
    await expect(page.getByTestId('summary-packages').textContent()).resolves.toBe('1 package');
    await screenshot(page, '20-booking-form');

    await page.getByRole('button', { name: 'Save order' }).click();
    await page.waitForURL(`**/planner/${oslo}/confirmation/*`);
    await page.getByRole('heading', { name: 'Order booked' }).waitFor();
    const shipmentId = (await page.getByTestId('confirmation-shipment-id').textContent())!;
    expect(isValidGsin(shipmentId)).toBe(true);
    expect(page.url()).toContain(`/confirmation/${shipmentId}`);
    const packageIds = await page
      .getByTestId('confirmation-package-ids')
      .locator('li')
      .allTextContents();
    expect(packageIds).toHaveLength(1);
    expect(isValidSscc(packageIds[0]!)).toBe(true);
    expect(tileRequests.some((u) => /\/tiles\/16\/\d+\/\d+\.png$/.test(u))).toBe(true);
    await screenshot(page, '21-booking-confirmation');

    // The server has the order as typed: delivery placed at the picked suggestion, phone +47.
    const [row] = (await sys.query('orders', { shipmentId })).body;
    expect(row.order.delivery).toMatchObject({
      name: 'Kari Nordmann',
      address: 'Storgata 1',
      zipCode: '0155',
      phone: '+4722334455',
      lat: 59.9127,
      resolvedBy: 'FRONTEND',
    });
    expect(row.order.pickup).toMatchObject({
      name: 'Oslo terminal',
      resolvedBy: 'DEPARTMENT_LOCATION',
    });
    expect(row.order.measurements[0]).toMatchObject({
      presetDimension: 'smallbox',
      weight: 3,
      quantity: 1,
    });
    await context.close();
  }, 120_000);

  it('S5-VAL-017 S8-ERR-020: a bad postal code shows its error beside the field in Norwegian, and nothing is booked', async () => {
    const phone = await planner('Norsk Booker');
    const context = await newContext('nb');
    const page = await context.newPage();
    const commands: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/command/')) commands.push(r.url());
    });
    await loginByToken(page, sys, phone);
    await page.waitForURL('**/planner');
    await page.goto(`${sys.url}/planner/${oslo}/booking/create`);
    await page.getByRole('heading', { name: 'Ny ordre' }).waitFor();
    const delivery = page.getByRole('region', { name: 'Levering' });
    const zip = delivery.getByLabel('Postnummer');
    await zip.fill('12');
    await zip.blur();
    await delivery.getByText('Gyldig postnummer').waitFor();
    expect(await zip.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Lagre ordre' }).click();
    await delivery.getByText('Påkrevd').first().waitFor();
    await page.getByText('Noen felter må rettes').first().waitFor();
    await screenshot(page, '22-booking-errors-nb');
    expect(commands).toEqual([]);
    await context.close();
  }, 120_000);
});
