import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import {
  assertWebAppBuilt,
  chooseOption,
  launchBrowser,
  screenshot,
  settledValue,
} from '../support/browser.js';
import { bookStop, courierDay, courierPhone } from '../support/courierDay.js';
import { startTestSystem, type TestSystem } from '../support/system.js';

/**
 * The courier's page in a real browser (issue 14): the courier sees today's slot and its stops;
 * when a planner starts the slot the page learns it over the socket and reports the (mocked)
 * position, which the planner's query then shows; the courier reports its stops.
 */
describe('the courier in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let page: Page;
  let oslo: string;
  let customerId: string;
  let slotId: string;
  let orderId: string;
  let courier: { id: string; phoneNumber: string };

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    browser = await launchBrowser();
    const day = await courierDay(
      sys,
      [{ name: 'Kari Nordmann', address: 'Bogstadveien 10', lat: 59.93 }],
      { start: false },
    );
    ({ departmentId: oslo, customerId, slotId, courier } = day);
    orderId = day.orders[0]!.id;
    ({ page } = await courierPhone(browser, sys, courier.phoneNumber));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  it("S1-GEN-030 a courier sees today's slot and its stops in order; nothing is reported before the slot starts", async () => {
    await page.getByRole('heading', { name: /Morning run/ }).waitFor();
    const stops = page.getByRole('list', { name: 'Stops of Morning run' }).getByRole('listitem');
    expect(await stops.count()).toBe(2);
    expect(await stops.nth(0).innerText()).toContain('1. Pickup');
    expect(await stops.nth(1).innerText()).toContain('2. Delivery · Kari Nordmann');
    await page.getByText('Your planner starts the route').waitFor();
    expect(await page.getByRole('button', { name: 'Delivered' }).count()).toBe(0);
    const none = (await sys.query('courierLocationsByDepartmentId', { departmentId: oslo })).body;
    expect(none).toEqual([]);
  });

  it('S4-STATE-020 S4-BEH-032 S6-ROLE-025 when the planner starts the slot the page reports the position, and the planner sees it', async () => {
    expect((await sys.command('CHANGE_SLOT_STATE', { slotId, transition: 'start' })).status).toBe(
      200,
    );
    await page.getByText(/your planners see your position/).waitFor({ timeout: 15_000 });
    await page.getByText(/Position sent at \d\d:\d\d/).waitFor({ timeout: 15_000 });
    await sys.settled();
    const [location] = (await sys.query('courierLocationsByDepartmentId', { departmentId: oslo }))
      .body;
    expect(location).toMatchObject({ id: courier.id, latitude: 59.9139, longitude: 10.7522 });
    await screenshot(page, 'courier-in-progress');
  });

  it('the courier reports its stops: picked up, then delivered; the delivery waits for its pickup, and never shows the route read before a report (issue 36)', async () => {
    // Before the pickup is reported the delivery is not offered, and the page says why.
    await page.getByRole('button', { name: 'Delivered', disabled: true }).waitFor();
    const why = page.getByTestId('pickup-first');
    await why.waitFor();
    expect(await why.innerText()).toBe(
      'Report the pickup first: goods are delivered after they are picked up.',
    );
    // The route read after the report is held back a while, so that the moment between the
    // server's answer and that read is long: the page must not show the route read before the
    // report meanwhile (the delivery flickered back to "report the pickup first"). Every change
    // of whether the note is shown is recorded from before the tap on.
    await page.route('**/api/query/courierSlots', async (route) => {
      // no-event wait: while this read is held back, the note must not come back.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.evaluate(`(() => {
      const shown = () => document.querySelector('[data-testid="pickup-first"]') !== null;
      window.pickupFirstShown = [shown()];
      new MutationObserver(() => {
        const now = shown();
        if (now !== window.pickupFirstShown.at(-1)) window.pickupFirstShown.push(now);
      }).observe(document.body, { subtree: true, childList: true });
    })()`);
    const reread = page.waitForResponse((r) => r.url().includes('/api/query/courierSlots'));
    await page.getByRole('button', { name: 'Picked up' }).click();
    await page.getByRole('button', { name: 'Delivered', disabled: false }).waitFor();
    await reread;
    await page.unroute('**/api/query/courierSlots');
    await page.getByRole('button', { name: 'Delivered', disabled: false }).waitFor();
    await sys.settled();
    await page.getByRole('button', { name: 'Delivered', disabled: false }).waitFor();
    // Shown before the tap, gone after it, and never back.
    expect(await page.evaluate('window.pickupFirstShown')).toEqual([true, false]);
    await page.getByRole('button', { name: 'Delivered' }).click();
    await page.getByText('1 done, 0 left').or(page.getByText('2 done, 0 left')).waitFor();
    await sys.settled();
    const [row] = (await sys.query('consignments', { ids: [orderId] })).body;
    expect(row.state).toBe('DELIVERED');
  });

  it('S7-CMD-043 S4-FLOW-003 the courier reports a deviation at a stop: a reason of the catalogue and what happened, with the phone’s position', async () => {
    const second = (
      await bookStop(sys, oslo, customerId, {
        name: 'Per Hansen',
        address: 'Kirkeveien 5',
        lat: 59.94,
      })
    ).id;
    expect(
      (await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [second], slotId })).status,
    ).toBe(200);
    await sys.settled();
    await page.reload();
    const stop = page
      .getByRole('list', { name: 'Stops of Morning run' })
      .getByRole('listitem')
      .filter({ hasText: 'Delivery · Per Hansen' });
    await stop.getByRole('button', { name: 'Deviation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a deviation' });
    const report = dialog.getByRole('button', { name: 'Report' });
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Reason' }), 'Other');
    // OTHER needs its text before it can be reported.
    expect(await report.isDisabled()).toBe(true);
    await dialog
      .getByRole('textbox', { name: 'What happened?' })
      .fill('Gate locked, dog in the yard');
    await screenshot(page, 'courier-deviation');
    await report.click();
    await dialog.waitFor({ state: 'detached' });
    // The report leaves the phone's queue once the server has it (0072).
    const deviations = async () => {
      await sys.settled();
      return (await sys.query('orderDeviations', { orderId: second })).body as unknown[];
    };
    await settledValue(deviations, (d) => d.length > 0);
    const [deviation] = await deviations();
    expect(deviation).toMatchObject({
      reason: 'OTHER',
      text: 'Gate locked, dog in the yard',
      position: { lat: 59.9139, lng: 10.7522 },
      reportedBy: courier.id,
    });
    const [row] = (await sys.query('consignments', { ids: [second] })).body;
    expect(row.state).toBe('DEVIATED');
  });
});
