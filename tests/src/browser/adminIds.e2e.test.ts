import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { assertWebAppBuilt, chooseSuggestion, launchBrowser, openAs } from '../support/browser.js';
import { chooseOption } from '../support/options.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * An administrator creates, edits and deletes a customer, a number series and an integration
 * (a customer's webhook, from the integrations page) in a browser, each change there after a
 * reload (docs/decisions/0099). One system, one browser.
 */
describe('customers, number series and integrations managed in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let admin: Session;
  const errors: string[] = [];

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    await sys.command('CREATE_CUSTOMER', { name: 'Havbruk Nord AS' });
    admin = await sys.login({
      phoneNumber: freshPhone(),
      role: 'ADMIN',
      access: ['ADMIN_CUSTOMER', 'ADMIN_CUSTOMER_ALL', 'ADMIN_NUMBER_SERIES', 'ADMIN_INTEGRATIONS'],
    });
    browser = await launchBrowser();
    await sys.settled();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  const reload = async (page: Page) => {
    await sys.settled();
    await page.reload();
  };
  const save = async (page: Page, list: string) => {
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.waitForURL((url) => url.pathname === list);
  };
  const open = async (page: Page, list: string, text: string) => {
    await page.getByRole('row').filter({ hasText: text }).getByText(text).first().click();
    await page.waitForURL(new RegExp(`${list}/\\d+$`));
  };
  const remove = async (page: Page, list: string) => {
    // The edit form's delete (the list behind has its own per row).
    await page
      .locator('form')
      .getByRole('button', { name: /^delete$/i })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^confirm$/i })
      .click();
    await page.waitForURL((url) => url.pathname === list);
  };

  it('S1-GEN-010 as ADMIN a customer is created, edited and deleted on /admin/customers, each change there after a reload', async () => {
    const list = '/admin/customers';
    const page = await openAs(browser, sys.url, list, admin, errors);
    await page.getByRole('link', { name: /^create$/i }).click();
    await page.waitForURL(`**${list}/create`);
    await page.getByLabel(/^name/i).first().fill('Fjellbakeriet AS');
    await save(page, list);
    await reload(page);
    await page.getByRole('row').filter({ hasText: 'Fjellbakeriet AS' }).waitFor();

    await open(page, list, 'Fjellbakeriet AS');
    await page.getByLabel(/^name/i).first().fill('Fjellbakeriet Nord AS');
    await save(page, list);
    await reload(page);
    await page.getByRole('row').filter({ hasText: 'Fjellbakeriet Nord AS' }).waitFor();

    await open(page, list, 'Fjellbakeriet Nord AS');
    await remove(page, list);
    await reload(page);
    await page.getByRole('row').filter({ hasText: 'Havbruk Nord AS' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'Fjellbakeriet' }).count()).toBe(0);
    await page.close();
  }, 90_000);

  it('S1-GEN-012 as ADMIN a number series is created, edited (an end before its start refused in the form) and deleted on /admin/numberSeries, each change there after a reload', async () => {
    const list = '/admin/numberSeries';
    const page = await openAs(browser, sys.url, list, admin, errors);
    await page.getByRole('link', { name: /^create$/i }).click();
    await page.waitForURL(`**${list}/create`);
    await page.getByLabel(/^name/i).fill('Pakker vest');
    await chooseOption(page, page.getByRole('combobox', { name: /^type/i }), 'SSCC');
    await page.getByLabel(/company prefix/i).fill('7077001');
    await page.getByLabel(/^first serial/i).fill('1000');
    await page.getByLabel(/^last serial/i).fill('1999');
    await save(page, list);
    await reload(page);
    await expect(
      page.getByRole('row').filter({ hasText: 'Pakker vest' }).textContent(),
    ).resolves.toContain('1999');

    await open(page, list, 'Pakker vest');
    await page.getByLabel(/^last serial/i).fill('500');
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.getByText(/must not end before a number already handed out/i).waitFor();
    await page.getByLabel(/^last serial/i).fill('2999');
    await page.getByLabel(/^name/i).fill('Pakker nord');
    await save(page, list);
    await reload(page);
    await expect(
      page.getByRole('row').filter({ hasText: 'Pakker nord' }).textContent(),
    ).resolves.toContain('2999');

    await open(page, list, 'Pakker nord');
    await remove(page, list);
    await reload(page);
    // The list is empty again: its "no number series yet" page.
    await page.getByText(/^no number series yet/i).waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'Pakker' }).count()).toBe(0);
    await page.close();
  }, 90_000);

  it('S1-GEN-017 as ADMIN an integration (a customer webhook) is created for a chosen customer, edited and deleted on /admin/integrations, each change there after a reload', async () => {
    const page = await openAs(browser, sys.url, '/admin/integrations', admin, errors);
    const rows = () => page.getByRole('row').filter({ hasText: 'Havbruk Nord AS' });
    await page.getByTestId('integration-new').click();
    const dialog = page.getByRole('dialog');
    await chooseSuggestion(
      page,
      dialog.getByRole('combobox', { name: /customer/i }),
      'Havbruk',
      /Havbruk Nord AS/,
      { exact: false },
    );
    await dialog.getByTestId('webhook-url').fill('http://127.0.0.1:9/havbruk');
    await dialog.getByTestId('webhook-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await reload(page);
    await rows().filter({ hasText: 'http://127.0.0.1:9/havbruk' }).waitFor();

    await rows().getByTestId('integration-edit').click();
    await dialog.getByTestId('webhook-url').fill('http://127.0.0.1:9/havbruk-ny');
    await dialog.getByTestId('webhook-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await reload(page);
    await rows().filter({ hasText: 'http://127.0.0.1:9/havbruk-ny' }).waitFor();

    await rows().getByTestId('integration-delete').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^delete$/i })
      .click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await reload(page);
    await page.getByRole('table').waitFor();
    await page.getByText(/^no /i).first().waitFor();
    expect(await rows().count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);
});
