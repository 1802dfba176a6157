import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { assertWebAppBuilt, chooseOption, launchBrowser, openAs } from '../support/browser.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';
import { accessibility } from '../support/walk.js';

/**
 * Upsales rules in a browser (issue 44 part 6, docs/decisions/0087-upsales-rules.md): a texts
 * administrator creates a rule and switches it off on the list; a planner booking for a customer
 * with the rule's service sees its suggestion, which goes when the rule is disabled and comes back
 * when it is enabled, and Add puts the extra on the order. One system, one browser.
 */
describe('upsales rules in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let seller: Session;
  let planner: Session;
  let oslo: string;
  let sign: string;

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
    await sys.command('CREATE_CUSTOMER', { name: 'Nordlys Apotek', departmentId: oslo });
    await sys.command('CREATE_ARTICLE', {
      code: 'EXPRESS',
      label: 'Express',
      kind: 'FREIGHT',
      group: 'TRANSPORT',
    });
    sign = (
      await sys.command('CREATE_ARTICLE', {
        code: 'SIGN',
        label: 'Signature on delivery',
        kind: 'SERVICE',
        vasCode: 'SIGN',
        group: 'SERVICES',
      })
    ).body.ids[0] as string;
    const user = (role: string, access: string[], departmentIds?: string[]) =>
      sys.login({ phoneNumber: freshPhone(), role, access, departmentIds });
    seller = await user('ADMIN', ['ADMIN_TEXTS']);
    planner = await user('PLANNER', ['PLANNER_BOOKING'], [oslo]);
    browser = await launchBrowser();
    await sys.settled();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  const list = '/admin/services-and-texts/upsales';

  it('an administrator creates a rule on its screen and switches it off; both there after a reload', async () => {
    const errors: string[] = [];
    const page = await openAs(browser, sys.url, list, seller, errors);
    await page.getByRole('link', { name: /^create$/i }).click();
    await page.waitForURL(`**${list}/create`);
    await page.getByLabel(/^name/i).fill('Signature with Express');
    await chooseOption(page, page.getByLabel(/^extra offered/i), /SIGN/, {
      exact: false,
      keeps: false,
    });
    await chooseOption(page, page.getByLabel(/^when booking services/i), /EXPRESS/, {
      multiple: true,
    });
    // A weight range that ends before it starts is refused on its field, in the form.
    await page.getByLabel(/^weight from/i).fill('40');
    await page.getByLabel(/^weight to/i).fill('30');
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.getByText('The upper weight must not be below the lower').waitFor();
    await page.getByLabel(/^weight from/i).fill('0');
    expect(await accessibility(page)).toEqual([]);
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.waitForURL((url) => url.pathname === list);
    await sys.settled();
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: 'Signature with Express' });
    await row.getByLabel('Disable Signature with Express').click();
    await row.getByLabel('Enable Signature with Express').waitFor();
    await sys.settled();
    await page.reload();
    const switched = page
      .getByRole('row')
      .filter({ hasText: 'Signature with Express' })
      .getByLabel('Enable Signature with Express');
    await switched.waitFor();
    await expect(switched.isChecked()).resolves.toBe(false);
    expect(await accessibility(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('S4-FLOW-022 the booking form suggests an enabled rule’s extra; disabled it is gone, enabled it is back; Add puts it on the order', async () => {
    const rule = await sys.command('CREATE_UPSALES_RULE', {
      name: 'Signature for Express',
      articleId: sign,
      serviceCodes: ['EXPRESS'],
    });
    expect(rule.status).toBe(200);
    const id = rule.body.ids[0] as string;
    await sys.settled();
    const errors: string[] = [];
    const form = `/planner/${oslo}/booking/create`;
    const page = await openAs(browser, sys.url, form, planner, errors);
    const suggestion = page.getByTestId('upsales-suggestion');
    /** A new order for the customer on Express; resolves once the form has read its offers. */
    const book = async () => {
      await page.getByRole('heading', { name: 'New order' }).waitFor();
      const offers = page.waitForResponse((r) => r.url().includes('/api/query/upsalesOffers'));
      await chooseOption(page, page.getByLabel('Customer', { exact: true }), 'Nordlys Apotek', {
        exact: false,
      });
      expect((await offers).status()).toBe(200);
      await chooseOption(page, page.getByLabel('Service', { exact: true }), /EXPRESS/, {
        exact: false,
      });
    };
    await book();
    await suggestion.getByText('Add Signature on delivery?').waitFor();
    expect(await accessibility(page)).toEqual([]);

    // Disabled, a new booking is offered nothing; enabled again, the suggestion is back.
    expect((await sys.command('DISABLE_UPSALES_RULE', { id })).status).toBe(200);
    await sys.settled();
    await page.reload();
    await book();
    expect(await suggestion.count()).toBe(0);
    expect((await sys.command('ENABLE_UPSALES_RULE', { id })).status).toBe(200);
    await sys.settled();
    await page.reload();
    await book();
    await suggestion.getByText('Add Signature on delivery?').waitFor();

    await suggestion.getByRole('button', { name: 'Add' }).click();
    await suggestion.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Additional services (1)' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);
});
