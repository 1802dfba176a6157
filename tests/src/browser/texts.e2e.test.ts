import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { assertWebAppBuilt, chooseOption, launchBrowser, openAs } from '../support/browser.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';
import { accessibility } from '../support/walk.js';

/**
 * Services and texts in a browser (issue 44 part 1, docs/decisions/0081-services-and-texts.md):
 * a user holding only ADMIN_TEXTS creates, edits and deletes a text, each change there after a
 * reload, an unknown placeholder refused on its language; sets a service's mapping; a user
 * without the flag gets the not-found page and the queries are refused. One system, one browser.
 */
describe('the services and texts screens', () => {
  let sys: TestSystem;
  let browser: Browser;
  let texter: Session;
  let planner: Session;

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    const department = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo Kurer',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0] as string;
    await sys.command('CREATE_ARTICLE', {
      code: 'EXPRESS',
      label: 'Express',
      kind: 'FREIGHT',
      group: 'TRANSPORT',
    });
    await sys.command('CREATE_TEXT', { group: 'VAS', key: 'SIGN', texts: { en: 'Signature' } });
    const user = (role: string, access: string[], departmentIds?: string[]) =>
      sys.login({ phoneNumber: freshPhone(), role, access, departmentIds });
    texter = await user('ADMIN', ['ADMIN_TEXTS']);
    planner = await user('PLANNER', ['PLANNER_BOOKING'], [department]);
    browser = await launchBrowser();
    await sys.settled();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  const list = '/admin/services-and-texts';
  const save = async (page: Page, path = list) => {
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.waitForURL((url) => url.pathname === path);
  };
  const reload = async (page: Page) => {
    await sys.settled();
    await page.reload();
  };

  it('S1-GEN-013 S2-ROUTE-016 S6-FLAG-010 a texts admin creates, edits and deletes a text and sets a service mapping; without the flag not found', async () => {
    const errors: string[] = [];
    const page = await openAs(browser, sys.url, list, texter, errors);
    await page.getByText('Signature', { exact: true }).waitFor();
    expect(await accessibility(page)).toEqual([]);
    // The group filter: no LABEL texts yet.
    await chooseOption(page, page.getByLabel(/^group/i), 'Labels', { exact: false });
    await page.getByText('Signature', { exact: true }).waitFor({ state: 'detached' });

    await page.getByRole('link', { name: /^create$/i }).click();
    await page.waitForURL(`**${list}/create`);
    // The select shows its choice (a state), not the list's leaving (a transition).
    await chooseOption(page, page.getByRole('combobox', { name: /^group/i }), 'Labels');
    await page.getByLabel(/^key/i).fill('fragile');
    await page.getByText('Placeholders of this group: {shipmentId}', { exact: false }).waitFor();
    await page.getByLabel(/^text \(english\)/i).fill('Fragile: {shipmentId}');
    await page.getByLabel(/^text \(norwegian\)/i).fill('Skjør: {sending}');
    expect(await accessibility(page)).toEqual([]);
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.getByText('A {placeholder} this group of texts does not know').first().waitFor();
    await page.getByLabel(/^text \(norwegian\)/i).fill('Skjør: {shipmentId}');
    await save(page);
    await reload(page);
    const row = page.getByRole('row').filter({ hasText: 'fragile' });
    await expect(row.textContent()).resolves.toMatch(/Labels.*fragile.*Fragile: \{shipmentId\}/);

    // Edit: the English wording, the six languages shown.
    await row.getByText('fragile', { exact: true }).click();
    await page.waitForURL(new RegExp(`${list}/\\d+$`));
    for (const language of ['English', 'Norwegian', 'Swedish', 'Danish', 'Finnish', 'French'])
      await page.getByLabel(new RegExp(`^text \\(${language}\\)`, 'i')).waitFor();
    await page.getByLabel(/^text \(english\)/i).fill('Handle with care');
    await save(page);
    await reload(page);
    const edited = page.getByRole('row').filter({ hasText: 'fragile' });
    await expect(edited.textContent()).resolves.toMatch(/Handle with care/);

    // Delete, confirmed.
    await edited.getByText('fragile', { exact: true }).click();
    await page.getByRole('button', { name: /^delete$/i }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^confirm$/i })
      .click();
    await page.waitForURL((url) => url.pathname === list);
    await reload(page);
    // The list keeps its group filter (Labels): it has none left.
    await page.getByText(/^no .*found/i).waitFor();
    expect(await page.getByText('fragile', { exact: true }).count()).toBe(0);

    // The service mapping: Express is not important until set.
    const mapping = `${list}/mapping`;
    await page.goto(`${sys.url}${mapping}`);
    await page.getByText('EXPRESS', { exact: true }).click();
    await page.waitForURL(new RegExp(`${mapping}/\\d+$`));
    const important = page.locator('input[name="important"]');
    await expect(important.isChecked()).resolves.toBe(false);
    await expect(page.locator('input[name="allowFlexDelivery"]').isChecked()).resolves.toBe(true);
    expect(await accessibility(page)).toEqual([]);
    await important.check();
    await save(page, mapping);
    await sys.settled();
    const [express] = (await sys.as(texter).query('serviceMappingData', {})).body as {
      important: boolean;
    }[];
    expect(express).toEqual(expect.objectContaining({ important: true, allowFlexDelivery: true }));
    expect(errors).toEqual([]);
    await page.context().close();

    // A planner without the flag: not found, and the screen's mapping query and commands refused.
    const other = await openAs(browser, sys.url, list, planner, []);
    await other.getByTestId('not-found').waitFor();
    await other.context().close();
    // The booking form shows the texts (0097): a booker reads them, never edits or maps them.
    expect((await sys.as(planner).query('texts', { group: 'VAS' })).status).toBe(200);
    expect(
      (await sys.as(planner).command('CREATE_TEXT', { group: 'VAS', key: 'x', texts: { en: 'x' } }))
        .status,
    ).toBe(403);
    expect((await sys.as(planner).query('serviceMappingData', {})).status).toBe(403);
  }, 120_000);
});
