import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { assertWebAppBuilt, chooseOption, launchBrowser, openAs } from '../support/browser.js';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * Same-day home delivery in a browser (issue 44 part 6, docs/decisions/0092-shd.md): an
 * administrator holding only ADMIN_SHD sets a department's SHD on with a service and a capacity
 * of one; the row counts today's places live (a booking of the service shows without a reload);
 * the settings changed to off from the row; without the flag the not-found page.
 */
describe('same-day home delivery in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let shdAdmin: Session;
  let other: Session;
  let oslo: string;
  let customer: string;
  const list = '/admin/shd';

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    oslo = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo Kurer',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0] as string;
    customer = (await sys.command('CREATE_CUSTOMER', { name: 'Nordlys', departmentId: oslo })).body
      .ids[0] as string;
    const article = await sys.command('CREATE_ARTICLE', {
      code: 'SHD-HOME',
      label: 'Home tonight',
      kind: 'FREIGHT',
      vasCode: null,
      group: 'TRANSPORT',
      active: true,
      important: false,
      allowFlexDelivery: true,
      serviceCode: null,
    });
    expect(article.status).toBe(200);
    const user = (access: string[]) =>
      sys.login({ phoneNumber: freshPhone(), role: 'ADMIN', access });
    shdAdmin = await user(['ADMIN_SHD']);
    other = await user(['ADMIN_HOLIDAYS']);
    browser = await launchBrowser();
    await sys.settled();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  it('S2-ROUTE-021 S6-FLAG-015 an SHD administrator sets a department on with a service and a capacity, sees today’s places live, switches it off; without the flag not found', async () => {
    const errors: string[] = [];
    const page = await openAs(browser, sys.url, list, shdAdmin, errors);
    await page.getByRole('link', { name: /^create$/i }).click();
    await page.waitForURL(`**${list}/create`);
    await chooseOption(page, page.getByLabel(/^department/i), /Oslo Kurer/, {
      exact: false,
      keeps: false,
    });
    await chooseOption(page, page.getByLabel(/^services/i), /SHD-HOME/, {
      exact: false,
      multiple: true,
    });
    await page.getByLabel(/^orders per day/i).fill('1');
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.waitForURL((url) => url.pathname === list);
    await sys.settled();
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: 'Oslo Kurer' });
    await row.getByText('0 booked, 1 free').waitFor();
    await expect(row.textContent()).resolves.toMatch(/On.*SHD-HOME.*1/);

    // A booking of the service today: the row's count follows without a reload.
    const booked = await sys.command('CREATE_ORDER', {
      departmentId: oslo,
      customerId: customer,
      pickupDate: bookingDate(0),
      serviceId: 'SHD-HOME',
      pickup: osloAddress,
      delivery: { ...osloAddress, name: 'Kari Nordmann', phone: '+4791234567' },
      measurements: [{ weight: 1 }],
    });
    expect(booked.status).toBe(200);
    await sys.settled();
    expect((await sys.as(shdAdmin).query('shdSettings', { departmentId: oslo })).body).toEqual(
      expect.objectContaining({ serviceIds: ['SHD-HOME'], used: 1, free: 0 }),
    );
    await row.getByText('1 booked, 0 free').waitFor();

    // Off, from the row: the form opens with the department's settings.
    await row.getByRole('link', { name: /^edit$/i }).click();
    await page.waitForURL(`**${list}/create`);
    // The form takes the row's settings once its record is read (React keeps the attribute).
    await page.locator('input[name="dailyCapacity"][value="1"]').waitFor();
    await page.getByLabel(/^same-day home delivery on/i).uncheck();
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.waitForURL((url) => url.pathname === list);
    await sys.settled();
    await page.reload();
    await expect(
      page.getByRole('row').filter({ hasText: 'Oslo Kurer' }).textContent(),
    ).resolves.toMatch(/Off/);
    expect((await sys.as(shdAdmin).query('shdSettings', { departmentId: oslo })).body).toEqual(
      expect.objectContaining({ enabled: false, serviceIds: ['SHD-HOME'], used: 1 }),
    );

    // Without the flag: the not-found page, and the query refused.
    const outsider = await openAs(browser, sys.url, list, other, errors);
    await outsider.getByTestId('not-found').waitFor();
    expect((await sys.as(other).query('shdSettings', { departmentId: oslo })).status).toBe(403);
    expect(errors).toEqual([]);
  }, 90_000);
});
