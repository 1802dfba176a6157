import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { assertWebAppBuilt, chooseOption, launchBrowser, openAs } from '../support/browser.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';
import { accessibility } from '../support/walk.js';

/**
 * BOOKING and LABEL texts where they are read (issue 44 §1, docs/decisions/0097): a planner
 * booking for a customer sees the `notice` BOOKING text with the customer's and department's
 * names filled, and the service's text once the service is chosen; a printed label shows the
 * order's service code and its LABEL footer in the delivery country's language (Norwegian).
 */
describe('booking and label texts in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let planner: Session;
  let oslo: string;
  let labelId: string;

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    oslo = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo Kurer',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0] as string;
    const customerId = (
      await sys.command('CREATE_CUSTOMER', { name: 'Nordlys Apotek', departmentId: oslo })
    ).body.ids[0] as string;
    await configureNumberSeries(sys);
    await sys.command('CREATE_ARTICLE', {
      code: 'EXPRESS',
      label: 'Express',
      kind: 'FREIGHT',
      group: 'TRANSPORT',
    });
    for (const [group, key, texts] of [
      ['BOOKING', 'notice', { en: 'Booked for {customerName} at {departmentName} on {date}' }],
      ['BOOKING', 'EXPRESS', { en: 'Express: have the goods ready by 09:00' }],
      ['LABEL', 'footer', { en: 'Sent by {customerName}', nb: 'Sendt av {customerName}' }],
    ] as const)
      expect((await sys.command('CREATE_TEXT', { group, key, texts })).status).toBe(200);
    const order = await sys.command('CREATE_ORDER', {
      departmentId: oslo,
      customerId,
      serviceId: 'EXPRESS',
      pickupDate: bookingDate(1),
      pickup: { ...osloAddress, name: 'Nordlys Apotek' },
      delivery: { ...osloAddress, name: 'Kari Nordmann' },
      measurements: [{ weight: 2 }],
    });
    expect(order.status).toBe(200);
    const label = await sys.command('CREATE_LABEL', { orderId: order.body.ids[0] });
    expect(label.status).toBe(200);
    labelId = label.body.ids[0] as string;
    planner = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      access: ['PLANNER_BOOKING'],
      departmentIds: [oslo],
    });
    browser = await launchBrowser();
    await sys.settled();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  it('the booking form shows the BOOKING texts that apply, filled; the label page its service code and LABEL text', async () => {
    const errors: string[] = [];
    const page = await openAs(browser, sys.url, `/planner/${oslo}/booking/create`, planner, errors);
    await page.getByRole('heading', { name: 'New order' }).waitFor();
    const lines = page.getByTestId('booking-text');
    // None before the form has its customer.
    expect(await lines.count()).toBe(0);
    await chooseOption(page, page.getByLabel('Customer', { exact: true }), 'Nordlys Apotek', {
      exact: false,
    });
    await lines.first().waitFor();
    expect(await lines.allTextContents()).toEqual([
      expect.stringMatching(/^Booked for Nordlys Apotek at Oslo Kurer on \S.*\d/),
    ]);
    await chooseOption(page, page.getByLabel('Service', { exact: true }), /EXPRESS/, {
      exact: false,
    });
    await lines.nth(1).waitFor();
    expect((await lines.allTextContents())[0]).toBe('Express: have the goods ready by 09:00');
    expect(await accessibility(page)).toEqual([]);

    await page.goto(`${sys.url}/planner/${oslo}/labels/${labelId}`);
    const sheet = page.getByTestId('label-sheet');
    await sheet.waitFor();
    expect(await sheet.getByTestId('label-service-code').textContent()).toBe(
      'Service code: EXPRESS',
    );
    expect(await sheet.getByTestId('label-texts').textContent()).toBe('Sendt av Nordlys Apotek');
    // Both on the 100 × 150 mm page with the barcodes, nothing cut by it.
    const page150 = (await sheet.boundingBox())!;
    for (const testId of ['label-sscc', 'label-texts']) {
      const box = (await sheet.getByTestId(testId).boundingBox())!;
      expect({ testId, inside: box.y + box.height <= page150.y + page150.height }).toEqual({
        testId,
        inside: true,
      });
    }
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);
});
