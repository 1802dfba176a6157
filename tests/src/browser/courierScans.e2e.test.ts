import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { bookingDate } from '../support/booking.js';
import { assertWebAppBuilt, chooseOption, launchBrowser, screenshot } from '../support/browser.js';
import { courierDay, courierPhone } from '../support/courierDay.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';
import { inspectPage, messageKeyPattern } from '../support/walk.js';

/**
 * The courier's scans and stop links in a real browser (issue 42, docs/decisions/0064): typed scan
 * entry with the kind chosen, each scan's warning shown at once, the scans listed at their stop,
 * the consignment moving in the planner's grid; the stop opened in the map app and its numbers
 * asked of the server.
 */
describe('the courier scans in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let page: Page;
  let orderId: string;
  let sscc: string[];
  let gsin: string;
  let oslo: string;
  let customerId: string;

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    browser = await launchBrowser();
    const day = await courierDay(sys, [
      {
        name: 'Kari Nordmann',
        address: 'Bogstadveien 10',
        lat: 59.93,
        phone: '+4791234567',
        quantity: 2,
      },
    ]);
    oslo = day.departmentId;
    customerId = day.customerId;
    ({ id: orderId, gsin, sscc } = day.orders[0]!);
    ({ page } = await courierPhone(browser, sys, day.courier.phoneNumber, { vibration: true }));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  const scan = async (code: string, kind: string) => {
    const entry = page.getByTestId('scan-entry');
    await chooseOption(page, entry.getByRole('combobox', { name: 'What happened' }), kind);
    const field = entry.getByRole('textbox', { name: 'Package or shipment code' });
    await field.fill(code);
    await field.press('Enter');
    // The field empties when the scan is recorded: the result below is this scan's.
    for (let i = 0; i < 100 && (await field.inputValue()) !== ''; i++)
      await page.waitForTimeout(100);
    expect(await field.inputValue()).toBe('');
    const result = page.getByTestId('scan-result');
    await result.filter({ hasText: code }).waitFor();
    return result.innerText();
  };

  it('S7-CMD-039 typed scans move the packages, each scan answers with its warning, and the scans show at their stop', async () => {
    await page.getByRole('heading', { name: /Morning run/ }).waitFor();
    expect(await scan(sscc[0]!, 'Picked up')).toBe(`Scan of ${sscc[0]} registered`);
    expect(await scan(sscc[0]!, 'Picked up')).toBe(
      `${sscc[0]}: Already scanned as this: recorded, nothing changed`,
    );
    expect(await scan('CAGE-404', 'Loaded')).toBe(
      'CAGE-404: Not on your route: recorded, nothing changed',
    );
    expect(await scan(gsin, 'Picked up')).toBe(`Scan of ${gsin} registered`);
    await sys.settled();
    expect((await sys.query('consignments', { ids: [orderId] })).body[0].state).toBe('COLLECTED');
    // The pickup stop lists its scans, the warning with its own; the off-route scan apart.
    const pickup = page
      .getByRole('list', { name: 'Stops of Morning run' })
      .locator('[data-stop$=":pickup"]');
    const listed = pickup.getByRole('list', { name: 'Scans at this stop' }).getByRole('listitem');
    expect(await listed.count()).toBe(3);
    expect(await pickup.getByTestId('scan-warning').innerText()).toBe(
      'Already scanned as this: recorded, nothing changed',
    );
    await page.getByText('Scans not on your route').waitFor();
    expect(await scan(sscc[1]!, 'At terminal')).toBe(`Scan of ${sscc[1]} registered`);
    expect(await scan(sscc[1]!, 'Picked up')).toContain('Out of order');
    // A buzz per scan: one for a scan that moved, three for one with a warning.
    const buzz = await page.evaluate<number[][]>('window.__buzz');
    expect(buzz.map((p) => p.length)).toEqual([1, 5, 5, 1, 1, 5]);
    await screenshot(page, 'courier-scans');
  });

  it('the stop opens in the map app, and its numbers come from the server to call or text', async () => {
    const delivery = page
      .getByRole('list', { name: 'Stops of Morning run' })
      .locator('[data-stop$=":delivery"]');
    const map = delivery.getByRole('link', { name: 'Open in maps: Kari Nordmann' });
    expect(await map.getAttribute('href')).toMatch(/^geo:59\.93,10\.7\?q=/);
    await delivery.getByRole('button', { name: 'Contact' }).click();
    const call = delivery.getByRole('link', { name: 'Call +4791234567' });
    await call.waitFor();
    expect(await call.getAttribute('href')).toBe('tel:+4791234567');
    expect(
      await delivery.getByRole('link', { name: 'Text +4791234567' }).getAttribute('href'),
    ).toBe('sms:+4791234567');
  });

  it("the planner's details panel lists the shipment's scans, and a new one as it lands", async () => {
    const planner = await sys.login({
      name: 'Scan Planner',
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo],
      access: ['PLANNER_SHIPMENTS'],
    });
    const context = await browser.newContext({
      viewport: { width: 1600, height: 1100 },
      locale: 'en-GB',
    });
    const [name, ...value] = planner.cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: sys.url }]);
    const desk = await context.newPage();
    const day = bookingDate(1);
    await desk.goto(`${sys.url}/planner/${oslo}/shipments-search/${day}/${day}`);
    await desk.getByRole('button', { name: `Actions for ${orderId}`, exact: true }).click();
    await desk.getByRole('menuitem', { name: 'Details' }).click();
    const scans = desk.getByTestId('details-scans');
    await scans.getByRole('heading', { name: 'Scans (5)' }).waitFor();
    expect(await scans.getByText('Out of order', { exact: false }).count()).toBe(1);
    // The courier scans the shipment as loaded: the panel shows it without a reload.
    expect(await scan(gsin, 'Loaded')).toBe(`Scan of ${gsin} registered`);
    await scans.getByRole('heading', { name: 'Scans (6)' }).waitFor({ timeout: 15_000 });
    await scans.getByText(`Loaded · ${gsin}`, { exact: false }).waitFor();
    await screenshot(desk, 'courier-scans-details');
    await context.close();
    // The recipient's tracking page lists the steps the scans took the parcels to.
    const [row] = (await sys.query('orders', { ids: [orderId] })).body;
    const visitor = await browser.newContext({ locale: 'en-GB' });
    const track = await visitor.newPage();
    await track.goto(`${sys.url}/track/${row.order.trackingId}`);
    const steps = track.getByTestId('tracking-scans');
    await steps.getByRole('heading', { name: 'Parcel scans' }).waitFor();
    const items = await steps.locator('li').allInnerTexts();
    expect(items.map((i) => i.replace(/^\d\d:\d\d · /, ''))).toEqual([
      'Picked up',
      'At terminal',
      'Loaded',
    ]);
    await visitor.close();
  });

  it('the courier page with its scans, warnings and numbers in the six languages: no message key, no raw value, axe clean', async () => {
    const keyPattern = messageKeyPattern(['courier', 'details', 'ra', 'enums']);
    const problems: string[] = [];
    for (const locale of ['en', 'da', 'fi', 'fr', 'nb', 'sv']) {
      await page.evaluate(`localStorage.setItem('nordlog.locale', ${JSON.stringify(locale)})`);
      await page.reload();
      await page.getByTestId('scan-entry').waitFor();
      await page.getByTestId('stop-scans').first().waitFor();
      await page.locator('[data-stop$=":delivery"] button').first().click();
      await page.locator('a[href^="tel:"]').first().waitFor();
      // axe in one language: a translation changes the texts, not what axe judges.
      const found = await inspectPage(page, { keyPattern, axe: locale === 'en', width: 420 });
      problems.push(...found.map((p) => `${locale}: ${p}`));
    }
    await page.evaluate(`localStorage.setItem('nordlog.locale', 'en')`);
    expect(problems).toEqual([]);
  });

  it('a label of the shipper’s own scanned at its stop is one more package when the customer allows it (0071)', async () => {
    const own = '373500000000000017';
    const settings = await sys.command('UPDATE_CUSTOMER', {
      id: customerId,
      scanToCreatePackages: true,
    });
    expect(settings.status).toBe(200);
    // The last test left the page in another language.
    await page.reload();
    const entry = page.getByTestId('scan-entry');
    await chooseOption(page, entry.getByRole('combobox', { name: 'At stop' }), /Kari Nordmann$/);
    expect(await scan(own, 'Loaded')).toBe(`Scan of ${own} registered`);
    await sys.settled();
    const lines = (await sys.query('orders', { ids: [orderId] })).body[0].order.measurements as {
      packageIds: string[];
    }[];
    expect(lines.flatMap((l) => l.packageIds)).toEqual([...sscc, own]);
    await chooseOption(
      page,
      entry.getByRole('combobox', { name: 'At stop' }),
      'No stop (terminal, vehicle)',
    );
  }, 90_000);
});
