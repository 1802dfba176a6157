import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { gsinBarcode, ssccBarcode } from '@nordlog/contracts';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import {
  assertWebAppBuilt,
  launchBrowser,
  loginByToken,
  screenshot,
  screenshotDir,
} from '../support/browser.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';

/**
 * S2-ROUTE-062: labels in a real browser (docs/decisions/0020). One system, one browser and one
 * logged-in planner for the file: Print labels on the confirmation page opens the label document,
 * a 100 × 150 mm page per package with both GS1-128 barcodes; the shipments grid prints the
 * selected rows.
 */
describe('labels in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let page: Page;
  let oslo: string;
  let orderId: string;
  let shipmentId: string;
  let packageIds: string[];

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    browser = await launchBrowser();
    oslo = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo terminal',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0];
    const customerId = (
      await sys.command('CREATE_CUSTOMER', { name: 'Nordlys Apotek', departmentId: oslo })
    ).body.ids[0];
    await configureNumberSeries(sys);
    const booked = await sys.command('CREATE_ORDER', {
      departmentId: oslo,
      customerId,
      pickupDate: bookingDate(1),
      pickup: { ...osloAddress, name: 'Nordlys Apotek' },
      delivery: { ...osloAddress, name: 'Kari Nordmann', address: 'Bogstadveien 10' },
      measurements: [{ weight: 2, quantity: 2 }],
    });
    orderId = booked.body.ids[0];
    await sys.settled();
    const row = (await sys.query('orders', { ids: [orderId] })).body[0];
    shipmentId = row.shipmentId;
    packageIds = row.order.measurements[0].packageIds;
    const phone = freshPhone();
    await sys.run('CREATE_USER', {
      name: 'Label Printer',
      phoneNumber: phone,
      role: 'PLANNER',
      departmentIds: [oslo],
    });
    await sys.settled();
    const context = await browser.newContext({
      viewport: { width: 1400, height: 1000 },
      locale: 'en-GB',
    });
    page = await context.newPage();
    await loginByToken(page, sys, phone);
    await page.waitForURL('**/planner');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  it('Print labels on the confirmation page: one page per package, both barcodes, print CSS', async () => {
    await page.goto(`${sys.url}/planner/${oslo}/confirmation/${shipmentId}`);
    await page.getByRole('heading', { name: 'Order booked' }).waitFor();
    await page.getByRole('button', { name: 'Print labels' }).click();
    await page.waitForURL(`**/planner/${oslo}/labels/*`);
    const sheets = page.getByTestId('label-sheet');
    await sheets.first().waitFor();
    expect(await sheets.count()).toBe(2);
    expect(await page.title()).toBe('Nordlog - Labels');
    for (const [i, packageId] of packageIds.entries()) {
      const sheet = sheets.nth(i);
      expect(await sheet.getByTestId('label-package-of').textContent()).toBe(
        `Package ${i + 1} of 2`,
      );
      for (const [testId, text] of [
        ['label-gsin', gsinBarcode(shipmentId).text],
        ['label-sscc', ssccBarcode(packageId).text],
      ] as const) {
        const code = sheet.getByTestId(testId);
        expect(await code.locator('svg rect').count()).toBeGreaterThan(20);
        expect(await code.locator('figcaption').textContent()).toBe(text);
      }
      expect(await sheet.textContent()).toContain('Kari Nordmann');
      expect(await sheet.textContent()).toContain('Bogstadveien 10');
    }
    // 100 × 150 mm on screen (96 px per inch).
    const box = (await sheets.first().boundingBox())!;
    expect(Math.round(box.width)).toBe(378);
    expect(Math.round(box.height)).toBe(567);
    await screenshot(page, 'labels-document');

    // Printed: the app frame is gone, and there is one page per package.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await sheets.first().isVisible()).toBe(true);
    await screenshot(page, 'labels-print');
    const pdf = await page.pdf({ preferCSSPageSize: true });
    writeFileSync(path.join(screenshotDir, 'labels-document.pdf'), pdf);
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages).toHaveLength(2);
    await page.emulateMedia({ media: 'screen' });
  });

  it('the shipments grid prints the selected rows as a bulk action', async () => {
    const day = bookingDate(1);
    await page.goto(`${sys.url}/planner/${oslo}/shipments-search/${day}/${day}`);
    const select = page.getByRole('checkbox', { name: `Select ${orderId}`, exact: true });
    await select.waitFor();
    await select.click();
    await page.getByTestId('bulk-count').waitFor();
    await page.getByRole('button', { name: 'Print labels' }).click();
    await page.waitForURL(`**/planner/${oslo}/labels/*`);
    await page.getByTestId('label-sheet').first().waitFor();
    expect(await page.getByTestId('label-sheet').count()).toBe(2);
  });
});
