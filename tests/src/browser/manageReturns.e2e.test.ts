import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { multilegReturnsColumns } from '@nordlog/contracts';
import {
  assertWebAppBuilt,
  launchBrowser,
  openAs,
  screenshot,
  chooseOption,
} from '../support/browser.js';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { createDepartmentWithCustomer, createSlot } from '../support/planning.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * The manage-returns screen (issue 39 part 3, docs/decisions/0057-returns.md): the deviated
 * orders whose return is to make, filtered by reason in the address; a return of the ticked ones
 * through the terminal and of one back to the sender, with their toasts; the returns made with
 * their legs and the CSV; who may open it.
 */
describe('manage returns, in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let oslo: string;
  let damaged: string;
  let notHome: string;
  let planner: Session;
  let returnsOnly: Session;
  let shipmentsOnly: Session;
  const day = bookingDate(1);
  const errors: string[] = [];

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    browser = await launchBrowser();
    let customerId: string;
    ({ departmentId: oslo, customerId } = await createDepartmentWithCustomer(
      sys,
      'Retur Kunde AS',
    ));
    await sys.command('UPDATE_DEPARTMENT', {
      id: oslo,
      address: { street: 'Tollbugata 17', postalCode: '0152', town: 'Oslo', country: 'NO' },
      location: { lat: 59.908, lng: 10.746 },
    });
    const slotId = await createSlot(sys, oslo, day);
    const deviated = async (name: string, reason: string, collected: boolean) => {
      const orderId = (
        await sys.command('CREATE_ORDER', {
          departmentId: oslo,
          customerId,
          pickupDate: day,
          pickup: { ...osloAddress, name: 'Lager Storgata' },
          delivery: { ...osloAddress, name },
          measurements: [{ weight: 3 }],
        })
      ).body.ids[0] as string;
      await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [orderId], slotId });
      if (collected) await sys.command('MANUAL_COLLECT', { consignmentIds: [orderId] });
      expect((await sys.command('CREATE_DEVIATION', { orderId, reason })).status).toBe(200);
      return orderId;
    };
    damaged = await deviated('Kari Nordmann', 'DAMAGED', true);
    notHome = await deviated('Per Hansen', 'NOT_HOME', false);
    const login = (access?: string[]) =>
      sys.login({
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        departmentIds: [oslo],
        ...(access ? { access } : {}),
      });
    planner = await login();
    returnsOnly = await login(['PLANNER_MANAGE_RETURNS']);
    shipmentsOnly = await login(['PLANNER_SHIPMENTS']);
    await sys.settled();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  const shipmentOf = async (orderId: string) =>
    (await sys.query('orders', { ids: [orderId] })).body[0].shipmentId as string;

  it('S2-ROUTE-048 S7-CMD-032 a planner filters the returns to make by reason, returns the ticked order through the terminal and another back to the sender, with toasts', async () => {
    const page = await openAs(
      browser,
      sys.url,
      `/planner/${oslo}/manage-returns/to-make/${day}/${day}`,
      planner,
      errors,
    );
    const rows = page.getByTestId('returns-row');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    await page.getByText('Damaged').first().waitFor();
    // The reason filter goes into the address: a bookmark opens the same list.
    await chooseOption(page, page.getByRole('combobox', { name: 'Reason' }), 'Damaged', {
      exact: false,
      multiple: true,
    });
    await page.waitForURL(/reason=DAMAGED/);
    await page.getByTestId('returns-row').nth(1).waitFor({ state: 'detached' });
    await screenshot(page, 'returns-01-to-make');
    // The collected one goes back through the terminal (two legs).
    await page.getByRole('checkbox', { name: `Tick ${await shipmentOf(damaged)}` }).check();
    await page.getByTestId('returns-create').click();
    await page.getByText('Returns made: 1 order').waitFor();
    await page.getByTestId('returns-none').waitFor();
    // The other one back to the sender, from its row.
    await page.goto(`${sys.url}/planner/${oslo}/manage-returns/to-make/${day}/${day}`);
    await page.getByTestId('returns-row').first().waitFor();
    await chooseOption(
      page,
      page.getByTestId('returns-make-one').getByRole('combobox'),
      'Back to the sender',
      // The choice makes the return at once; the toast below is its state.
      { exact: false, keeps: false },
    );
    await page.getByText(`Return made of ${await shipmentOf(notHome)}`).waitFor();
    await page.getByTestId('returns-none').waitFor();
    await sys.settled();
    const back = (await sys.query('getOrderReturnDetails', { orderId: damaged })).body;
    expect(back.return).toMatchObject({ kind: 'MULTILEG', lastLegSkipped: false });
    // Collected and deviated: the goods are at the terminal; the one leg goes back from there.
    expect(back.return.legs).toHaveLength(1);
    expect(
      (await sys.query('getOrderReturnDetails', { orderId: notHome })).body.return,
    ).toMatchObject({
      kind: 'COPY',
      to: 'SENDER',
    });
    await page.context().close();
  }, 90_000);

  it('S7-CALL-030 the returns made show their legs and download as the multi-leg returns CSV', async () => {
    const page = await openAs(
      browser,
      sys.url,
      `/planner/${oslo}/manage-returns/made/${day}/${day}`,
      planner,
      errors,
    );
    await page.getByTestId('returns-leg').nth(1).waitFor();
    expect(await page.getByTestId('returns-row').count()).toBe(2);
    await page.getByText('Through the terminal').waitFor();
    await page.getByText('Back to the sender').waitFor();
    await screenshot(page, 'returns-02-made');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('returns-export').click(),
    ]);
    const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(multilegReturnsColumns.join(','));
    // The multi-leg return's one leg; the copy is not a multi-leg return.
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual([damaged]);
    await page.context().close();
    expect(errors).toEqual([]);
  }, 60_000);

  it('S4-FLOW-009 the details panel shows an order’s return with its legs', async () => {
    const page = await openAs(
      browser,
      sys.url,
      `/planner/${oslo}/shipments-search/${day}/${day}`,
      planner,
      errors,
    );
    await page.getByRole('button', { name: `Actions for ${damaged}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Details' }).click();
    const panel = page.getByTestId('details-return');
    await panel.getByText('Through the terminal').waitFor();
    const leg = (await sys.query('getOrderReturnDetails', { orderId: damaged })).body.return
      .legs[0];
    await panel.getByRole('link', { name: leg.shipmentId }).waitFor();
    await screenshot(page, 'returns-03-details');
    await page.context().close();
    expect(errors).toEqual([]);
  }, 60_000);

  it('S6-FLAG-031 S2-ROUTE-048 the returns flag alone opens the screen and its lists; a planner without it gets the not-found page', async () => {
    const page = await openAs(
      browser,
      sys.url,
      `/planner/${oslo}/manage-returns`,
      returnsOnly,
      errors,
    );
    await page.getByRole('tab', { name: 'To make' }).waitFor();
    await page.getByRole('tab', { name: 'Made' }).click();
    await page.waitForURL(/manage-returns\/made\//);
    await page.getByTestId('returns-row').first().waitFor();
    await page.context().close();
    const refused = await openAs(
      browser,
      sys.url,
      `/planner/${oslo}/manage-returns`,
      shipmentsOnly,
      errors,
    );
    await refused.getByRole('heading', { name: 'Page not found' }).waitFor();
    await refused.context().close();
  }, 60_000);
});
