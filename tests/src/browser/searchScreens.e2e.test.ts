import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DATE, order, startBookingSystem } from '../booking/bookingFixture.js';
import {
  assertWebAppBuilt,
  launchBrowser,
  openAs,
  screenshot,
  chooseOption,
} from '../support/browser.js';
import { freshPhone, type Session, type TestSystem } from '../support/system.js';

/**
 * The search screens and pickup orders in a real browser (issue 39 part 5;
 * docs/decisions/0052-search-screens.md): the shipments grid's look, the parameters in the URL,
 * restore from the deleted orders, the same load carrier, and the route table for each screen.
 */
describe('search screens in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let oslo: string;
  let bergen: string;
  let planner: Session;
  let pickupOnly: Session;
  const ids: Record<string, string> = {};

  const book = async (key: string, departmentId: string, over: Record<string, unknown> = {}) => {
    const res = await sys.command('CREATE_ORDER', order(departmentId, over));
    expect(res.status).toBe(200);
    ids[key] = res.body.ids[0] as string;
  };

  beforeAll(async () => {
    assertWebAppBuilt();
    ({ sys, oslo, bergen } = await startBookingSystem());
    await book('osloA', oslo, { customerRef: 'BLUEFJORD-1' });
    await book('osloB', oslo, { customerRef: 'BLUEFJORD-2', orderNote: 'ring the bell twice' });
    await book('bergen', bergen, { customerRef: 'BLUEFJORD-3' });
    await book('deleted', oslo, { customerRef: 'GREYSTONE-9' });
    await book('pallet1', oslo, { customerRef: 'PALLETA-1', loadCarrierId: 'PAL-77' });
    await book('pallet2', bergen, { customerRef: 'PALLETA-2', loadCarrierId: 'PAL-77' });
    expect((await sys.command('DELETE_ORDERS', { orderIds: [ids.deleted] })).status).toBe(200);
    planner = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo],
    });
    pickupOnly = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo],
      access: ['PLANNER_PICKUP_ORDERS'],
    });
    await sys.settled();
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  const open = (path: string, as: Session = sys.admin): Promise<Page> =>
    openAs(browser, sys.url, path, as, []);
  const rowIds = (page: Page) => page.locator('[role=rowgroup] .ng-col-orderId').allInnerTexts();
  /** The grid's order numbers once the rows are `expected` (sorted). */
  const showsRows = async (page: Page, expected: string[]) => {
    const want = [...expected].sort();
    for (let i = 0; i < 100; i++) {
      const now = (await rowIds(page)).sort();
      if (JSON.stringify(now) === JSON.stringify(want)) return now;
      await new Promise((r) => setTimeout(r, 50));
    }
    return (await rowIds(page)).sort();
  };
  const rowMenu = async (page: Page, id: string, item: string) => {
    await page.getByRole('button', { name: `Actions for ${id}`, exact: true }).click();
    await page.getByRole('menuitem', { name: item, exact: true }).click();
  };

  it('S2-ROUTE-080 S6-ROLE-013 S5-VAL-046: simple search finds shipments of every department of an ADMIN by words or a shipment id from the URL; fewer than 3 characters search nothing; a PLANNER gets the not-found page', async () => {
    const page = await open('/planner/simple-search/bluefjord');
    await page.getByRole('heading', { name: 'Simple search' }).waitFor();
    expect(await showsRows(page, [ids.osloA!, ids.osloB!, ids.bergen!])).toEqual(
      [ids.osloA!, ids.osloB!, ids.bergen!].sort(),
    );
    // A shipment id in the path (spec §2 `{shipmentId?}`).
    const [row] = (await sys.query('consignments', { ids: [ids.bergen] })).body;
    await page.goto(`${sys.url}/planner/simple-search/${row.shipmentId}`);
    expect(await showsRows(page, [ids.bergen!])).toEqual([ids.bergen!]);
    // Typing settles into the URL; two characters are not a search.
    const field = page.getByLabel('Shipment, order or package number, or words');
    await field.fill('bl');
    await page.getByText('more than 2 characters', { exact: false }).first().waitFor();
    await page.waitForURL((url) => url.pathname === '/planner/simple-search');
    await field.fill('greystone');
    await page.waitForURL((url) => url.pathname === '/planner/simple-search/greystone');
    await screenshot(page, 'search-01-simple');
    await page.context().close();
    const refused = await open('/planner/simple-search/bluefjord', planner);
    await refused.getByTestId('not-found').waitFor();
    await refused.context().close();
  }, 60_000);

  it('S7-CALL-092: the deleted orders of simple search are restored from the result', async () => {
    const page = await open('/planner/simple-search/greystone?deleted=1');
    expect(await showsRows(page, [ids.deleted!])).toEqual([ids.deleted!]);
    await page.getByText('Deleted orders matching “greystone”').waitFor();
    await rowMenu(page, ids.deleted!, 'Restore');
    await page.getByText(/Shipment \d+ restored/).waitFor();
    expect(await showsRows(page, [])).toEqual([]);
    // Back among the shipments.
    await page.getByLabel('Deleted orders').click();
    await page.waitForURL((url) => url.search === '');
    expect(await showsRows(page, [ids.deleted!])).toEqual([ids.deleted!]);
    const [row] = (await sys.query('consignments', { ids: [ids.deleted] })).body;
    expect(row.state).not.toBe('DELETED');
    await page.context().close();
  }, 60_000);

  it('S7-CALL-093: a row on a load carrier shows the consignments on the same one, and back', async () => {
    const page = await open('/planner/simple-search/palleta-1');
    expect(await showsRows(page, [ids.pallet1!])).toEqual([ids.pallet1!]);
    await rowMenu(page, ids.pallet1!, 'Same load carrier');
    await page.getByText('Consignments on load carrier PAL-77.').waitFor();
    expect(await showsRows(page, [ids.pallet1!, ids.pallet2!])).toEqual(
      [ids.pallet1!, ids.pallet2!].sort(),
    );
    await screenshot(page, 'search-02-load-carrier');
    await page.getByRole('button', { name: 'Back to the results' }).click();
    expect(await showsRows(page, [ids.pallet1!])).toEqual([ids.pallet1!]);
    await page.context().close();
  }, 60_000);

  it('S2-ROUTE-081 S6-ROLE-014 S9-CONST-011 S7-CALL-089: advanced search reads every text with AND by default, OR, states and dates from the URL; a PLANNER gets the not-found page', async () => {
    const page = await open('/planner/advanced-search/bluefjord%20bell');
    await page.getByRole('heading', { name: 'Advanced search' }).waitFor();
    // The note is searched too; both words must match.
    expect(await showsRows(page, [ids.osloB!])).toEqual([ids.osloB!]);
    await chooseOption(page, page.getByLabel('Words'), 'Any word', { exact: false });
    await page.waitForURL((url) => url.search === '?operator=OR');
    expect(await showsRows(page, [ids.osloA!, ids.osloB!, ids.bergen!])).toEqual(
      [ids.osloA!, ids.osloB!, ids.bergen!].sort(),
    );
    // States and dates are parameters of the address.
    await page.goto(
      `${sys.url}/planner/advanced-search/bluefjord?operator=OR&states=DELETED&from=${DATE}&to=${DATE}`,
    );
    await page.getByText('No shipments found').waitFor();
    await page.goto(`${sys.url}/planner/advanced-search/bluefjord?from=2020-01-01&to=2020-01-02`);
    await page.getByText('No shipments found').waitFor();
    await page.goto(`${sys.url}/planner/advanced-search/bluefjord?from=${DATE}&to=${DATE}`);
    expect(await showsRows(page, [ids.osloA!, ids.osloB!, ids.bergen!])).toEqual(
      [ids.osloA!, ids.osloB!, ids.bergen!].sort(),
    );
    await screenshot(page, 'search-03-advanced');
    await page.context().close();
    const refused = await open('/planner/advanced-search/bluefjord', planner);
    await refused.getByTestId('not-found').waitFor();
    await refused.context().close();
  }, 60_000);

  it('S2-ROUTE-079 S6-FLAG-039: pickup orders show the department’s orders still to be collected over the URL’s dates, to a user holding only PLANNER_PICKUP_ORDERS; without it the page is not found', async () => {
    const page = await open(`/planner/${oslo}/pickup-orders/${DATE}/${DATE}`, pickupOnly);
    await page.getByRole('heading', { name: /Pickup orders/ }).waitFor();
    const expected = [ids.osloA!, ids.osloB!, ids.deleted!, ids.pallet1!];
    expect(await showsRows(page, expected)).toEqual(expected.sort());
    // A collected or deleted order leaves the open screen (live).
    await sys.command('DELETE_ORDERS', { orderIds: [ids.osloA] });
    const left = expected.filter((id) => id !== ids.osloA);
    expect(await showsRows(page, left)).toEqual(left.sort());
    await screenshot(page, 'search-04-pickup-orders');
    await page.context().close();
    const refused = await open(`/planner/${oslo}/pickup-orders`, {
      ...(await sys.login({
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        departmentIds: [oslo],
        access: ['PLANNER_SHIPMENTS'],
      })),
    });
    await refused.getByTestId('not-found').waitFor();
    await refused.context().close();
  }, 60_000);
});
