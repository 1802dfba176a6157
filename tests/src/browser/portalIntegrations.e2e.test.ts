import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { assertWebAppBuilt, launchBrowser, openAs, screenshot } from '../support/browser.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';
import { Receiver } from '../webhooks/receiver.js';

/**
 * The customer's own integrations in the portal (docs/decisions/0085-portal-integrations.md), in
 * a browser as a CUSTOMER user: it creates an API key and sees it once (not after a reload), and
 * opens its webhook's delivery log with the receiver's answer.
 */
describe("the customer's API keys and webhooks in the portal, in a browser", () => {
  let sys: TestSystem;
  let browser: Browser;
  let user: Session;
  const receiver = new Receiver(() => 200);
  let url = '';
  const errors: string[] = [];

  const ok = async (name: string, payload: unknown) => {
    const res = await sys.command(name, payload);
    if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
    return res.body.ids[0] as string;
  };

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    const dep = await ok('CREATE_DEPARTMENT', {
      name: 'Oslo',
      departmentType: 'courier',
      country: 'NO',
    });
    const customer = await ok('CREATE_CUSTOMER', {
      name: 'Alfa Apotek',
      departmentId: dep,
      alystraId: '5100',
    });
    url = `${await receiver.start()}/alfa`;
    await ok('CREATE_WEBHOOK', { customerId: customer, url, events: ['OrderCreated'] });
    await sys.settled();
    await ok('CREATE_ORDER', {
      departmentId: dep,
      customerId: customer,
      pickupDate: bookingDate(1),
      pickup: osloAddress,
      delivery: osloAddress,
      measurements: [{ weight: 1 }],
    });
    await sys.settled();
    await sys.webhooks.pass();
    const phone = freshPhone();
    await sys.run('CREATE_USER', {
      name: 'Alfa IT',
      phoneNumber: phone,
      role: 'CUSTOMER',
      customerId: customer,
      departmentIds: [dep],
    });
    user = await sys.signIn(phone);
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
    await receiver.stop();
  });

  it('a customer user creates an API key, sees it once, and reads its webhook delivery log', async () => {
    const page = await openAs(browser, sys.url, '/customer/api-keys', user, errors);
    // The page is named API keys once (its h1); its section is the keys.
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    expect(await page.getByRole('heading', { name: 'API keys', exact: true }).count()).toBe(1);
    const section = page.getByRole('region', { name: 'Keys', exact: true });
    await section.getByText('No keys yet.').waitFor();
    await section.getByLabel('Label').fill('Webshop');
    await section.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByTestId('api-key-shown').locator('code');
    await shown.filter({ hasText: /^nlk_/ }).waitFor();
    const key = (await shown.textContent())!;
    expect(key).toMatch(/^nlk_[0-9a-f]{32}_[\w-]{43}$/);
    await section.getByRole('cell', { name: 'Webshop' }).waitFor();
    await screenshot(page, 'portal-api-key-created');
    // Shown once: after a reload the key is listed, its secret nowhere.
    await page.reload();
    await section.getByRole('cell', { name: 'Webshop' }).waitFor();
    expect(await page.getByTestId('api-key-shown').count()).toBe(0);
    expect(await page.content()).not.toContain(key);

    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    await page.getByRole('cell', { name: url }).waitFor();
    await page.getByRole('link', { name: 'Delivery log' }).last().click();
    await page.waitForURL((u) => u.pathname === '/customer/webhook-messages');
    const row = page
      .locator('tr[data-testid^="webhook-message-"]')
      .filter({ hasText: 'Delivered' });
    await row.waitFor();
    await row.click();
    const details = page.getByTestId('webhook-message-details');
    await details.getByText('{"ok":true,"n":1}').waitFor();
    await details.getByRole('button', { name: 'Send again' }).waitFor();
    await screenshot(page, 'portal-webhook-log');
    expect(errors).toEqual([]);
  }, 90_000);
});
