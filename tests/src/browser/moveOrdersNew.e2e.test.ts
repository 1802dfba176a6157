import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import {
  assertWebAppBuilt,
  chooseOption,
  equalTo,
  launchBrowser,
  loopbackTileEnv,
  openAs,
  screenshot,
  serveTiles,
  settledValue,
} from '../support/browser.js';
import { delivery, order, DATE } from '../booking/bookingFixture.js';
import { configureNumberSeries } from '../support/booking.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * The all-or-nothing move in the shipments grid's move dialog and the booking form's "find an
 * earlier recipient" (docs/decisions/0089-move-orders-new.md).
 */
describe('MOVE_ORDERS_NEW and SEARCH_RECIPIENT_ID in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let oslo: string;
  let depot: string;
  let planner: Session;
  const errors: string[] = [];

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem({ env: loopbackTileEnv });
    browser = await launchBrowser();
    const department = async (name: string, lat: number) =>
      (
        await sys.command('CREATE_DEPARTMENT', {
          name,
          departmentType: 'courier',
          country: 'NO',
          location: { lat, lng: 10.75 },
        })
      ).body.ids[0] as string;
    oslo = await department('Move terminal', 59.91);
    depot = await department('Move depot', 59.95);
    expect(
      (await sys.command('CREATE_CUSTOMER', { name: 'Nordlys Apotek', departmentId: oslo })).body
        .ids,
    ).toEqual(['1']);
    await configureNumberSeries(sys);
    planner = await sys.login({
      name: 'Move Planner',
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo, depot],
      access: ['PLANNER_SHIPMENTS', 'PLANNER_BOOKING'],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  it('S7-CMD-041: "Move all or none" refuses the whole selection when one order may not move, naming it; nothing moves', async () => {
    const book = async () => (await sys.command('CREATE_ORDER', order(oslo))).body.ids[0] as string;
    const [fine, collected] = [await book(), await book()];
    expect((await sys.command('MANUAL_COLLECT', { consignmentIds: [collected] })).status).toBe(200);
    await sys.settled();
    const page = await openAs(
      browser,
      sys.url,
      `/planner/${oslo}/shipments-search/${DATE}/${DATE}`,
      planner,
      errors,
    );
    for (const id of [fine, collected])
      await page.getByRole('checkbox', { name: `Select ${id}`, exact: true }).click();
    await page.getByTestId('bulk-count').filter({ hasText: '2 selected' }).waitFor();
    await page
      .getByRole('toolbar', { name: /selected/ })
      .getByRole('button', { name: 'Move to another department' })
      .click();
    const dialog = page.getByRole('dialog');
    await chooseOption(page, dialog.getByRole('combobox'), 'Move depot');
    await dialog.getByRole('checkbox', { name: 'Move all or none' }).check();
    await dialog.getByText('If any of the orders cannot move, none is moved').waitFor();
    await screenshot(page, 'move-all-or-none');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const result = page.getByTestId('bulk-result');
    await result.filter({ hasText: '0 succeeded, 2 failed' }).waitFor();
    await result.filter({ hasText: `${fine}: not moved: the move is all or none` }).waitFor();
    await result.filter({ hasText: `${collected}:` }).waitFor();
    await page.context().close();
    const rows = (await sys.query('consignments', { ids: [fine, collected] })).body as {
      departmentId: string;
    }[];
    expect(rows.map((r) => r.departmentId)).toEqual([oslo, oslo]);
  }, 90_000);

  it('S7-CMD-054: the delivery block finds an earlier recipient by phone and a pick fills the block', async () => {
    const kari = { ...delivery, name: 'Kari Fjellstad', phone: '+4791234567' };
    expect((await sys.command('CREATE_ORDER', order(oslo, { delivery: kari }))).status).toBe(200);
    await sys.settled();
    const context = await browser.newContext({
      viewport: { width: 1500, height: 1000 },
      locale: 'en-GB',
    });
    await serveTiles(context, []);
    const [name, ...value] = planner.cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: sys.url }]);
    const page = await context.newPage();
    await page.goto(`${sys.url}/planner/${oslo}/booking/create`);
    await page.getByRole('heading', { name: 'New order' }).waitFor();
    await chooseOption(page, page.getByRole('combobox', { name: /^Customer/ }), 'Nordlys Apotek');
    const block = page.getByRole('region', { name: 'Delivery' });
    const lookup = block.getByLabel('Find an earlier recipient');
    await lookup.fill('912 34');
    await block.getByRole('button', { name: 'Find', exact: true }).click();
    // Six digits at least: the command's own schema says so before anything is sent.
    await block.getByText('not a valid phone number', { exact: false }).waitFor();
    await lookup.fill('912 34 567');
    await block.getByRole('button', { name: 'Find', exact: true }).click();
    const found = block.getByRole('list', { name: 'Earlier recipients' });
    await found.getByText('Kari Fjellstad, Bogstadveien 10, 0355 Oslo').waitFor();
    await screenshot(page, 'recipient-lookup');
    await found.getByRole('button').first().click();
    expect(
      await settledValue(() => block.getByLabel('Name').inputValue(), equalTo('Kari Fjellstad')),
    ).toBe('Kari Fjellstad');
    await expect(block.getByLabel('Street address').inputValue()).resolves.toBe('Bogstadveien 10');
    await context.close();
    expect(errors).toEqual([]);
  }, 90_000);
});
