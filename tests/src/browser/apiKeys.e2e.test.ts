import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { assertWebAppBuilt, launchBrowser, openAs, screenshot } from '../support/browser.js';
import { accessibility } from '../support/walk.js';
import { withKey } from '../support/apiKeys.js';
import { startTestSystem, type TestSystem } from '../support/system.js';

/**
 * The API keys section of the admin customer screen (issue 43 §4; docs/decisions/0069): a key is
 * created and shown once with a copy button, works, is rotated (the old one stops) and revoked
 * after a confirmation.
 */
describe('API keys on the admin customer screen, in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let customerId: string;
  const errors: string[] = [];

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    browser = await launchBrowser();
    const department = await sys.command('CREATE_DEPARTMENT', {
      name: 'Oslo',
      departmentType: 'hd',
      country: 'NO',
    });
    const customer = await sys.command('CREATE_CUSTOMER', {
      name: 'Nettbutikk AS',
      alystraId: 'C-9',
      departmentId: department.body.ids[0],
    });
    customerId = customer.body.ids[0] as string;
    await sys.settled();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  const services =
    '/checkout/api/hd-services?customerNumber=C-9&deliveryCountryCode=NO&deliveryPostalCode=0155';

  it('create (shown once, with copy), use, rotate, revoke after a confirmation', async () => {
    const page = await openAs(
      browser,
      sys.url,
      `/admin/customers/${customerId}`,
      sys.admin,
      errors,
    );
    const section = page.getByRole('region', { name: 'API keys' });
    await section.getByText('No keys yet.').waitFor();
    await section.getByLabel('Label').fill('Webshop');
    await section.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByTestId('api-key-shown');
    const key = (await shown.locator('code').textContent())!;
    expect(key).toMatch(/^nlk_[0-9a-f]{32}_[\w-]{43}$/);
    await shown.getByRole('button', { name: 'Copy' }).waitFor();
    await section.getByRole('cell', { name: 'Webshop' }).waitFor();
    expect(await accessibility(page)).toEqual([]);
    await screenshot(page, 'api-keys-01-created');
    await sys.settled();
    expect((await withKey(sys.url, services, key)).status).toBe(200);

    await section.getByRole('button', { name: 'Rotate' }).click();
    // The rotated key replaces the one shown (its text changes; the id part stays).
    await shown.locator('code').filter({ hasNotText: key }).waitFor();
    const rotated = (await shown.locator('code').textContent())!;
    await sys.settled();
    expect((await withKey(sys.url, services, key)).status).toBe(401);
    expect((await withKey(sys.url, services, rotated)).status).toBe(200);

    await section.getByRole('button', { name: 'Revoke' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /confirm/i })
      .click();
    await section.getByText(/^Revoked/).waitFor();
    await expect(section.getByRole('button', { name: 'Rotate' }).count()).resolves.toBe(0);
    await sys.settled();
    expect((await withKey(sys.url, services, rotated)).status).toBe(401);
    await screenshot(page, 'api-keys-02-revoked');
    expect(errors).toEqual([]);
  }, 120_000);
});
