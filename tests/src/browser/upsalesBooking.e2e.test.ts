import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { configureNumberSeries } from '../support/booking.js';
import {
  assertWebAppBuilt,
  chooseOption,
  chooseSuggestion,
  launchBrowser,
  loopbackTileEnv,
  openAs,
  serveTiles,
} from '../support/browser.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * Upsales suggestions beyond the planner's order form (docs/decisions/0100): the customer's
 * portal booking and the h2 quick booking show the enabled rules for the customer's bookings
 * (read by `upsalesOffers`, which a customer user may call for its own customer), not a disabled
 * rule nor another customer's, and Add puts the extra on the booking. One system, one browser.
 */
describe('upsales suggestions in the portal and the h2 booking', () => {
  let sys: TestSystem;
  let browser: Browser;
  let oslo: string;
  let customerUser: Session;
  let planner: Session;

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem({ env: loopbackTileEnv });
    oslo = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo terminal',
        departmentType: 'h2',
        country: 'NO',
        location: { lat: 59.91, lng: 10.75 },
      })
    ).body.ids[0] as string;
    const customer = async (name: string) =>
      (await sys.command('CREATE_CUSTOMER', { name, departmentId: oslo })).body.ids[0] as string;
    const nordlys = await customer('Nordlys Apotek');
    const rival = await customer('Bokhandel Sør');
    await configureNumberSeries(sys);
    await sys.command('CREATE_ARTICLE', {
      code: 'EXPRESS',
      label: 'Express',
      kind: 'FREIGHT',
      group: 'TRANSPORT',
    });
    const extra = async (code: string, label: string) =>
      (
        await sys.command('CREATE_ARTICLE', {
          code,
          label,
          kind: 'SERVICE',
          vasCode: code,
          group: 'SERVICES',
        })
      ).body.ids[0] as string;
    const sign = await extra('SIGN', 'Signature on delivery');
    const carry = await extra('CARRY', 'Carry in');
    const idCheck = await extra('IDCHK', 'ID check');
    const rule = async (name: string, articleId: string, customerIds: string[]) => {
      const res = await sys.command('CREATE_UPSALES_RULE', {
        name,
        articleId,
        customerIds,
        serviceCodes: ['EXPRESS'],
      });
      expect(res.status).toBe(200);
      return res.body.ids[0] as string;
    };
    await rule('Signature for Nordlys', sign, [nordlys]);
    const off = await rule('Carry in, switched off', carry, [nordlys]);
    expect((await sys.command('DISABLE_UPSALES_RULE', { id: off })).status).toBe(200);
    await rule('ID check for the rival', idCheck, [rival]);
    customerUser = await sys.login({
      phoneNumber: freshPhone(),
      role: 'CUSTOMER',
      customerId: nordlys,
      departmentIds: [oslo],
    });
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

  /** Chooses the customer and Express; resolves once the form has read the customer's offers. */
  const bookExpress = async (page: Page) => {
    const offers = page.waitForResponse((r) => r.url().includes('/api/query/upsalesOffers'));
    await chooseOption(page, page.getByRole('combobox', { name: /^Customer/ }), 'Nordlys Apotek');
    expect((await offers).status()).toBe(200);
    await chooseOption(page, page.getByRole('combobox', { name: /^Service/ }), /EXPRESS/, {
      exact: false,
    });
  };
  /** The suggestions shown, once the first is there. */
  const suggestions = async (page: Page) => {
    const shown = page.getByTestId('upsales-suggestion');
    await shown.first().waitFor();
    return shown.allTextContents();
  };

  it('the customer’s portal booking suggests its enabled rule only; Add puts the extra on the order', async () => {
    const errors: string[] = [];
    const page = await openAs(browser, sys.url, '/customer/booking/create', customerUser, errors);
    await page.getByRole('heading', { name: 'New order' }).waitFor();
    await bookExpress(page);
    expect(await suggestions(page)).toEqual([
      expect.stringContaining('Add Signature on delivery?'),
    ]);
    const suggestion = page.getByTestId('upsales-suggestion');
    await suggestion.getByRole('button', { name: 'Add' }).click();
    await suggestion.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Additional services (1)' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('the h2 quick booking suggests it too, and the saved order carries the accepted extra', async () => {
    const errors: string[] = [];
    const page = await openAs(
      browser,
      sys.url,
      `/planner/${oslo}/h2-booking/create`,
      planner,
      errors,
    );
    await serveTiles(page.context(), []);
    await page.getByRole('heading', { name: 'H2 booking', level: 1 }).waitFor();
    await page.getByTestId('h2-package-1').getByLabel('Weight (kg)').fill('4');
    await bookExpress(page);
    expect(await suggestions(page)).toEqual([
      expect.stringContaining('Add Signature on delivery?'),
    ]);
    const suggestion = page.getByTestId('upsales-suggestion');
    await suggestion.getByRole('button', { name: 'Add' }).click();
    await suggestion.waitFor({ state: 'detached' });
    const delivery = page.getByRole('region', { name: 'Delivery' });
    await chooseSuggestion(
      page,
      delivery.getByLabel('Find address'),
      'Storgata 1, 0155',
      'Storgata 1, 0155 Oslo',
      {
        exact: false,
      },
    );
    await delivery.getByLabel('Name').fill('Kari Nordmann');
    await page.getByRole('button', { name: 'Save order' }).click();
    await page.waitForURL(`**/planner/${oslo}/confirmation/*`);
    const shipmentId = (await page.getByTestId('confirmation-shipment-id').textContent())!;
    const [row] = (await sys.query('orders', { shipmentId })).body;
    expect(row.order.additionalServices).toEqual([
      expect.objectContaining({ vasCode: 'SIGN', quantity: 1 }),
    ]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);
});
