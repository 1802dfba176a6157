import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { assertWebAppBuilt, chooseOption, launchBrowser, openAs } from '../support/browser.js';
import { sampleUnit } from '../support/samples.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * Vendors in a browser (issue 44 part 6, docs/decisions/0091-vendors.md): an administrator
 * holding only ADMIN_VENDORS creates a haulier with a site (a wrong organisation number refused
 * in the form), connects a unit to the site, edits and deletes it, each change there after a
 * reload; an administrator without the flag gets the not-found page. One system, one browser.
 */
describe('vendors in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let vendorAdmin: Session;
  let other: Session;
  const list = '/admin/vendors';

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    const oslo = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo Kurer',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0] as string;
    const courier = await sys.command('CREATE_COURIER_USER', {
      name: 'Kari',
      phoneNumber: freshPhone(),
      departmentId: oslo,
    });
    await sys.command('CREATE_UNIT', {
      ...sampleUnit(oslo, [courier.body.ids[0] as string]),
      name: 'Van Alnabru',
    });
    const user = (access: string[]) =>
      sys.login({ phoneNumber: freshPhone(), role: 'ADMIN', access });
    vendorAdmin = await user(['ADMIN_VENDORS']);
    other = await user(['ADMIN_HOLIDAYS']);
    browser = await launchBrowser();
    await sys.settled();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  const save = async (page: Page) => {
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.waitForURL((url) => url.pathname === list);
  };
  const reload = async (page: Page) => {
    await sys.settled();
    await page.reload();
  };

  it('S1-GEN-007 S2-ROUTE-008 S6-FLAG-002 a vendor administrator creates, edits and deletes a vendor and connects a unit to its site; without the flag not found', async () => {
    const errors: string[] = [];
    const page = await openAs(browser, sys.url, list, vendorAdmin, errors);
    await page.getByRole('link', { name: /^create$/i }).click();
    await page.waitForURL(`**${list}/create`);
    await chooseOption(page, page.getByLabel(/^department/i), /Oslo Kurer/, {
      exact: false,
      keeps: false,
    });
    await page.getByLabel(/^name/i).first().fill('Fjord Transport AS');
    await page.getByLabel(/^organisation number/i).fill('923609017');
    await page.getByRole('button', { name: /^add$/i }).click();
    await page.getByLabel(/^site code/i).fill('OSL1');
    await page.getByLabel(/^site name/i).fill('Alnabru');
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.getByText('Not a valid Norwegian organisation number (9 digits)').waitFor();
    // The "form is not valid" toast lies over the save button until it goes (not while hovered).
    await page.mouse.move(600, 10);
    await page.getByTestId('toast').waitFor({ state: 'hidden' });
    await page.getByLabel(/^organisation number/i).fill('923609016');
    await save(page);
    await reload(page);
    const row = page.getByRole('row').filter({ hasText: 'Fjord Transport AS' });
    await expect(row.textContent()).resolves.toMatch(/1 sites, 0 units/);

    // Edit: a unit of the department at the site, and a new name.
    await row.getByText('Fjord Transport AS').click();
    await page.waitForURL(new RegExp(`${list}/\\d+$`));
    await chooseOption(page, page.getByLabel(/^units at OSL1/i), /Van Alnabru/, {
      multiple: true,
    });
    await page.getByRole('button', { name: /^save units$/i }).click();
    await page.getByText('Units of Alnabru saved').waitFor();
    await page.getByLabel(/^name/i).first().fill('Fjord Transport');
    await save(page);
    await reload(page);
    const edited = page.getByRole('row').filter({ hasText: 'Fjord Transport' });
    await expect(edited.textContent()).resolves.toMatch(/1 sites, 1 units/);

    // Delete with the unit connected: refused; released, deleted.
    await edited.getByText('Fjord Transport').click();
    await page.waitForURL(new RegExp(`${list}/\\d+$`));
    await page.getByRole('button', { name: /^delete$/i }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^confirm$/i })
      .click();
    // Refused (409): told in a toast, the edit page stays.
    await page.getByTestId('toast').waitFor();
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`${list}/\\d+$`));
    await page.mouse.move(600, 10);
    await page.getByTestId('toast').waitFor({ state: 'hidden' });
    await page
      .getByRole('button', { name: /Van Alnabru/ })
      .locator('svg')
      .click();
    await page.getByRole('button', { name: /^save units$/i }).click();
    await page.getByText('Units of Alnabru saved').waitFor();
    await page.getByRole('button', { name: /^delete$/i }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^confirm$/i })
      .click();
    await page.waitForURL((url) => url.pathname === list);
    await reload(page);
    await page.getByText(/^no .*found/i).waitFor();

    // Without the flag: the not-found page, and the list query refused.
    const outsider = await openAs(browser, sys.url, list, other, errors);
    await outsider.getByTestId('not-found').waitFor();
    expect((await sys.as(other).query('vendors', {})).status).toBe(403);
    expect(errors.filter((e) => !/409|has units connected/.test(e))).toEqual([]);
  }, 90_000);
});
