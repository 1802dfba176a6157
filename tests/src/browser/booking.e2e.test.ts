import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isValidGsin, isValidSscc } from '@nordlog/contracts';
import { loadPostalCodes } from '@nordlog/platform';
import type { Browser, BrowserContext } from 'playwright-core';
import { bookingDate, configureNumberSeries } from '../support/booking.js';
import {
  assertWebAppBuilt,
  launchBrowser,
  loginByToken,
  loopbackTileEnv,
  screenshot,
  serveTiles,
  settledValue,
  chooseOption,
} from '../support/browser.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';

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
  /** Storgata 1's postal code, 0155, in the shipped table: where the gazetteer puts the address. */
  const storgata = loadPostalCodes().find((p) => p.countryCode === 'NO' && p.zipCode === '0155')!;

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem({
      // A loopback address nobody serves: every tile request is answered in the browser.
      env: loopbackTileEnv,
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
    await serveTiles(context, tileRequests);
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

    await chooseOption(page, page.getByLabel('Customer', { exact: true }), 'Nordlys Apotek', {
      exact: false,
    });

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
    // The point is the shipped table's for 0155 (the embedded geocoder's), whatever it is.
    expect(Number(await map.getAttribute('data-lat'))).toBe(storgata.lat);
    expect((await map.boundingBox())!.height).toBe(300);
    // Enter in the address input picked the suggestion and submitted nothing.
    await search.press('Enter');
    expect(commands).toEqual([]);
    await delivery.getByLabel('Name').fill('Kari Nordmann');
    await delivery.getByLabel('Phone', { exact: true }).fill('22334455');

    // A package from a preset fills the empty first line.
    await chooseOption(page, page.getByLabel('Add from preset'), 'Small box', {
      exact: false,
      keeps: false,
    });
    const line = page.getByTestId('package-1');
    await expect(line.getByLabel('Weight (kg)').inputValue()).resolves.toBe('3');
    await expect(line.getByLabel('Length (cm)').inputValue()).resolves.toBe('30');
    await expect(page.getByTestId('summary-packages').textContent()).resolves.toBe('1 package');

    // An overnight delivery window reads as ending the next day (issue 13).
    // Times on the 24-hour clock whatever the browser's language (the app's picker, issue 13).
    await page.getByRole('group', { name: 'Delivery from' }).click();
    await page.keyboard.type('1800');
    await page.getByRole('group', { name: 'Delivery until' }).click();
    await page.keyboard.type('0900');
    await expect(
      page.getByRole('group', { name: 'Delivery until' }).textContent(),
    ).resolves.toContain('09');
    await expect(page.getByTestId('summary-delivery-window').textContent()).resolves.toBe(
      'Delivery: 18:00–09:00 (+1 day)',
    );
    // A 20,000-character note stops at the server's maximum, counts, and scrolls inside its field.
    const note = page.getByRole('textbox', { name: 'Order note' });
    const before = (await note.boundingBox())!.height;
    await note.fill('x'.repeat(20_000));
    expect((await note.inputValue()).length).toBe(2000);
    await page.getByText('2000 / 2000 characters').waitFor();
    const after = (await note.boundingBox())!.height;
    expect(after).toBeGreaterThan(before);
    expect(after).toBeLessThan(250);
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
    await expect(page.getByTestId('confirmation-deliveryWindow').textContent()).resolves.toMatch(
      /^Delivery: \S+ 18:00–09:00 \(\+1 day\)$/,
    );
    expect(tileRequests.some((u) => /\/tiles\/16\/\d+\/\d+\.png$/.test(u))).toBe(true);
    await screenshot(page, '21-booking-confirmation');

    // The server has the order as typed: delivery placed at the picked suggestion, phone +47.
    const [row] = (await sys.query('orders', { shipmentId })).body;
    expect(row.order.delivery).toMatchObject({
      name: 'Kari Nordmann',
      address: 'Storgata 1',
      zipCode: '0155',
      phone: '+4722334455',
      lat: storgata.lat,
      lng: storgata.lng,
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

    // Issue 13: the order, booked with an empty pickup, opens for editing with the pickup empty,
    // its map stays under the sticky Save bar, and it saves.
    await page.goto(`${sys.url}/planner/${oslo}/booking/edit/${row.orderId}`);
    const pickup = page.getByRole('region', { name: 'Pickup' });
    await pickup.getByLabel('Street address').waitFor();
    await expect(pickup.getByLabel('Street address').inputValue()).resolves.toBe('');
    await expect(pickup.getByLabel('Postal code').inputValue()).resolves.toBe('');
    await page.getByTestId('map-preview').first().waitFor();
    await page.evaluate(
      `document.querySelector('[data-testid="map-preview"]').scrollIntoView({ block: 'end' })`,
    );
    const save = page.getByRole('button', { name: 'Save order' });
    const box = (await save.boundingBox())!;
    const onTop = await page.evaluate(
      `(() => { const hit = document.elementFromPoint(${box.x + box.width / 2}, ${box.y + box.height / 2});
        return !!hit && !!hit.closest('button') && hit.closest('button').textContent.includes('Save order'); })()`,
    );
    expect(onTop).toBe(true);
    await screenshot(page, '22-booking-edit-empty-pickup');
    await page.getByRole('textbox', { name: 'Order note' }).fill('Ring at the gate');
    await save.click();
    await page.waitForURL(`**/planner/${oslo}/confirmation/*`);
    await sys.settled();
    const [edited] = (await sys.query('orders', { shipmentId })).body;
    expect(edited.order.orderNote).toBe('Ring at the gate');
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
    await delivery.getByText('Postnummeret må ha 4 sifre i Norge').waitFor();
    expect(await zip.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Lagre ordre' }).click();
    await delivery.getByText('Påkrevd').first().waitFor();
    await page.getByText('Noen felter må rettes').first().waitFor();
    await screenshot(page, '22-booking-errors-nb');
    expect(commands).toEqual([]);
    await context.close();
  }, 120_000);

  it('the department calendar in the form (0078): after the cut-off the form proposes the next open day and refuses today on the pickup date, as the server does', async () => {
    // A cut-off at midnight: a pickup today is always too late.
    const week = await sys.command('UPSERT_DEPARTMENT_TIME_WINDOW', {
      departmentId: oslo,
      bookingCutoff: '00:00',
    });
    expect(week.status).toBe(200);
    const phone = await planner('Calendar Booker');
    const context = await newContext();
    const page = await context.newPage();
    const commands: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/command/')) commands.push(r.url());
    });
    try {
      await loginByToken(page, sys, phone);
      await page.waitForURL('**/planner');
      await page.goto(`${sys.url}/planner/${oslo}/booking/create`);
      await page.getByRole('heading', { name: 'New order' }).waitFor();
      const dmy = (iso: string) => iso.split('-').reverse().join('/');
      const [today, tomorrow] = [bookingDate(0), bookingDate(1)];
      await page
        .getByTestId('earliest-pickup')
        .getByText(`Earliest pickup: ${dmy(tomorrow)} 00:00`)
        .waitFor();
      const pickupDate = page.getByRole('group', { name: /^pickup date/i });
      const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');
      const proposed = await settledValue(
        async () => digits(await pickupDate.textContent()),
        (text) => text === digits(dmy(tomorrow)),
      );
      expect(proposed).toBe(digits(dmy(tomorrow)));
      // The day's section first (the field is filled: a click lands on the section under it).
      await pickupDate.getByRole('spinbutton', { name: 'Day' }).click();
      await page.keyboard.type(today.split('-').reverse().join(''));
      await page.keyboard.press('Tab');
      await page.getByRole('button', { name: 'Save order' }).click();
      await page
        .getByText(/^Too late to book a pickup on this day/)
        .first()
        .waitFor();
      expect(commands).toEqual([]);
    } finally {
      await context.close();
      await sys.command('UPSERT_DEPARTMENT_TIME_WINDOW', { departmentId: oslo });
    }
  }, 60_000);
});
