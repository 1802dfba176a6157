import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isValidSscc } from '@nordlog/contracts';
import type { Browser } from 'playwright-core';
import { configureNumberSeries } from '../support/booking.js';
import {
  assertWebAppBuilt,
  chooseOption,
  chooseSuggestion,
  launchBrowser,
  loginByToken,
  loopbackTileEnv,
  screenshot,
  serveTiles,
} from '../support/browser.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';

/**
 * The h2 booking (docs/decisions/0086): the quick form at `/planner/{dep}/h2-booking/create`,
 * its package line of the simplified measurement line, saved as the booking form's CREATE_ORDER.
 */
describe('h2 booking in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let oslo: string;

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem({ env: loopbackTileEnv });
    browser = await launchBrowser();
    oslo = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo terminal',
        departmentType: 'h2',
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

  it('S2-ROUTE-061 S3-ENT-009: a planner opens the h2 booking from the menu, its package line has packageId, weight, height, length and width, and it books the order; its details then change its vehicle type', async () => {
    const phone = freshPhone();
    await sys.run('CREATE_USER', {
      name: 'H2 Booker',
      phoneNumber: phone,
      role: 'PLANNER',
      departmentIds: [oslo],
    });
    await sys.settled();
    const context = await browser.newContext({
      viewport: { width: 1500, height: 1000 },
      locale: 'en-GB',
    });
    await serveTiles(context, []);
    const page = await context.newPage();
    await loginByToken(page, sys, phone);
    await page.waitForURL('**/planner');
    await page.goto(`${sys.url}/planner/${oslo}/booking/create`);
    await page.getByRole('heading', { name: 'New order' }).waitFor();
    await page.getByRole('menuitem', { name: 'H2 booking' }).click();
    await page.waitForURL(`**/planner/${oslo}/h2-booking/create`);
    await page.getByRole('heading', { name: 'H2 booking', level: 1 }).waitFor();
    expect(await page.title()).toBe('Nordlog - H2 booking');

    // Spec §3: the simplified line offers exactly these fields.
    const table = page.getByRole('table', { name: 'Packages' });
    await expect(table.getByRole('columnheader').allTextContents()).resolves.toEqual([
      'Package id',
      'Weight (kg)',
      'Height (cm)',
      'Length (cm)',
      'Width (cm)',
      '',
    ]);
    const first = page.getByTestId('h2-package-1');
    await expect(first.getByRole('textbox').count()).resolves.toBe(5);
    await expect(first.getByLabel('Package id').isDisabled()).resolves.toBe(true);
    await first.getByLabel('Weight (kg)').fill('4');
    await first.getByLabel('Height (cm)').fill('20');
    await first.getByLabel('Length (cm)').fill('30');
    await first.getByLabel('Width (cm)').fill('25');
    await page.getByRole('button', { name: 'Add package' }).click();
    await page.getByTestId('h2-package-2').getByLabel('Weight (kg)').fill('2');
    await page.getByTestId('summary-packages').filter({ hasText: '2 packages' }).waitFor();

    await chooseOption(page, page.getByRole('combobox', { name: /^Customer/ }), 'Nordlys Apotek');
    const delivery = page.getByRole('region', { name: 'Delivery' });
    const search = delivery.getByLabel('Find address');
    await chooseSuggestion(page, search, 'Storgata 1, 0155', 'Storgata 1, 0155 Oslo', {
      exact: false,
    });
    // The suggestion placed the address: its map shows.
    await delivery.getByTestId('map-preview').waitFor();
    await delivery.getByLabel('Name').fill('Kari Nordmann');
    await screenshot(page, 'h2-booking-form');

    await page.getByRole('button', { name: 'Save order' }).click();
    await page.waitForURL(`**/planner/${oslo}/confirmation/*`);
    await page.getByRole('heading', { name: 'Order booked' }).waitFor();
    const shipmentId = (await page.getByTestId('confirmation-shipment-id').textContent())!;
    const packageIds = page.getByTestId('confirmation-package-ids').locator('li');
    await packageIds.nth(1).waitFor();
    const ids = await packageIds.allTextContents();
    expect(ids).toHaveLength(2);
    expect(ids.every(isValidSscc)).toBe(true);

    // The same order the booking form makes: one package a line, its SSCC the line's packageId.
    const [row] = (await sys.query('orders', { shipmentId })).body;
    expect(row.order.measurements).toMatchObject([
      { packageId: ids[0], weight: 4, height: 20, length: 30, width: 25, quantity: 1 },
      { packageId: ids[1], weight: 2, height: 0, length: 0, width: 0, quantity: 1 },
    ]);
    expect(row.order.delivery).toMatchObject({ name: 'Kari Nordmann', zipCode: '0155' });

    // The order's details offer its vehicle type and delivery window (the same page and user).
    const day = row.order.pickupDate as string;
    await page.goto(`${sys.url}/planner/${oslo}/shipments-search/${day}/${day}`);
    await page.getByRole('button', { name: `Actions for ${row.orderId}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Details' }).click();
    const vehicle = page.getByTestId('update-vehicle-type');
    await chooseOption(
      page,
      vehicle.getByRole('combobox', { name: /^Vehicle type/ }),
      'Cargo bike',
    );
    await vehicle.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The order was changed').waitFor();
    // An empty window is refused beside its field, as the server would (nothing sent).
    const window = page.getByTestId('update-delivery-time');
    await window.getByLabel('Delivery from').fill('10:00');
    await window.getByLabel('Delivery until').fill('10:00');
    await window.getByRole('button', { name: 'Save' }).click();
    await window.getByText('The delivery end must be later than its start').waitFor();
    await sys.settled();
    const [after] = (await sys.query('orders', { shipmentId })).body;
    expect(after.order).toMatchObject({ vehicleType: 'cargobike' });
    expect(after.order.deliveryTimeEarliest).toBeUndefined();
    await context.close();
  }, 90_000);
});
