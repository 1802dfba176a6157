import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { assertWebAppBuilt, launchBrowser, openAs, chooseOption } from '../support/browser.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * The department matrix in a browser (issue 44 part 3, docs/decisions/0079-department-matrix.md):
 * a user holding only ADMIN_MATRIX creates, edits and deletes an entry, each change there after a
 * reload; an overlap and a code of another country are refused on their fields; a user without
 * the flag gets the not-found page and the query is refused. One system, one browser.
 */
describe('the department matrix screen', () => {
  let sys: TestSystem;
  let browser: Browser;
  let department: string;
  let matrixAdmin: Session;
  let planner: Session;

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    department = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo Kurer',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0];
    for (const [code, label] of [
      ['EXPRESS', 'Express'],
      ['ECONOMY', 'Economy'],
    ])
      await sys.command('CREATE_ARTICLE', { code, label, kind: 'FREIGHT', group: 'TRANSPORT' });
    // The entry the form's overlap meets.
    await sys.command('CREATE_MATRIX_ENTRY', {
      departmentId: department,
      name: 'Grünerløkka',
      postalCodeFrom: '0550',
      postalCodeTo: '0599',
      serviceCodes: ['EXPRESS'],
    });
    const user = (access: string[]) =>
      sys.login({
        phoneNumber: freshPhone(),
        role: 'PLUS_PLANNER',
        access,
        departmentIds: [department],
      });
    matrixAdmin = await user(['ADMIN_MATRIX']);
    planner = await user(['PLANNER_BOOKING']);
    browser = await launchBrowser();
    await sys.settled();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  const save = async (page: Page) => {
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.waitForURL((url) => url.pathname === '/admin/matrix');
  };
  const reload = async (page: Page) => {
    await sys.settled();
    await page.reload();
  };

  it('S1-GEN-014 S2-ROUTE-018 S6-FLAG-012 a matrix admin creates, edits and deletes an entry; refusals on their fields; without the flag not found', async () => {
    const errors: string[] = [];
    const page = await openAs(browser, sys.url, '/admin/matrix', matrixAdmin, errors);
    await page.getByText('Grünerløkka', { exact: true }).waitFor();
    await page.getByRole('link', { name: /^create$/i }).click();
    await page.waitForURL('**/admin/matrix/create');
    await chooseOption(page, page.getByLabel(/^department/i), 'Oslo Kurer', { exact: false });
    await page.getByLabel(/^name/i).fill('Sentrum');
    // A Swedish code in a Norwegian department, then a range over Grünerløkka's EXPRESS.
    await page.getByLabel(/^from postal code/i).fill('114 55');
    await page.getByLabel(/^to postal code/i).fill('11499');
    await chooseOption(page, page.getByLabel(/^services/i), /^EXPRESS/, { multiple: true });
    await page.getByLabel('Friday', { exact: true }).check();
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.getByText('Postal code must be 4 digits in Norway').first().waitFor();
    await page.getByLabel(/^from postal code/i).fill('0150');
    await page.getByLabel(/^to postal code/i).fill('0560');
    await page.getByRole('button', { name: /^save$/i }).click();
    await page
      .getByText('Overlaps another range of this department that offers the same service')
      .waitFor();
    await page.getByLabel(/^to postal code/i).fill('0549');
    await save(page);
    await reload(page);
    const row = page.getByRole('row').filter({ hasText: 'Sentrum' });
    await expect(row.textContent()).resolves.toMatch(/0150.*0549.*EXPRESS.*1.*Fri/);

    // Edit: the name and the lead time.
    await row.getByText('Sentrum', { exact: true }).click();
    await page.waitForURL(/\/admin\/matrix\/\d+$/);
    await page.getByLabel(/^name/i).fill('Oslo sentrum');
    await page.getByLabel(/^lead time/i).fill('3');
    await save(page);
    await reload(page);
    const edited = page.getByRole('row').filter({ hasText: 'Oslo sentrum' });
    await expect(edited.textContent()).resolves.toMatch(/0150.*0549.*EXPRESS.*3/);

    // Delete, confirmed.
    await edited.getByText('Oslo sentrum', { exact: true }).click();
    await page.getByRole('button', { name: /^delete$/i }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^confirm$/i })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/matrix');
    await reload(page);
    await page.getByText('Grünerløkka', { exact: true }).waitFor();
    expect(await page.getByText('Oslo sentrum', { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();

    // A planner without the flag: not found, and the screen's query refused.
    const other = await openAs(browser, sys.url, '/admin/matrix', planner, []);
    await other.getByTestId('not-found').waitFor();
    await other.context().close();
    expect((await sys.as(planner).query('departmentMatrix', {})).status).toBe(403);
  });
});
