import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import {
  assertWebAppBuilt,
  chooseOption,
  launchBrowser,
  openAs,
  screenshot,
} from '../support/browser.js';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { createSlot, createDepartmentWithCustomer } from '../support/planning.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * An order's deviations in the shipments page's details panel (docs/decisions/0051-deviations.md):
 * a planner reports, edits and deletes one there; a read-only planner sees them and may not.
 */
describe('deviations in the details panel, in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let oslo: string;
  let orderId: string;
  /** Another planned order, deviated by the bulk action. */
  let second: string;
  let planner: Session;
  let readOnly: Session;
  const day = bookingDate(1);

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    browser = await launchBrowser();
    let customerId: string;
    ({ departmentId: oslo, customerId } = await createDepartmentWithCustomer(
      sys,
      'Avvik Kunde AS',
    ));
    const book = async (name: string) =>
      (
        await sys.command('CREATE_ORDER', {
          departmentId: oslo,
          customerId,
          pickupDate: day,
          pickup: osloAddress,
          delivery: { ...osloAddress, name },
          measurements: [{ weight: 3 }],
        })
      ).body.ids[0] as string;
    orderId = await book('Kari Nordmann');
    second = await book('Per Hansen');
    const slotId = await createSlot(sys, oslo, day);
    expect(
      (
        await sys.command('UPDATE_CONSIGNMENT_SLOT', {
          consignmentIds: [orderId, second],
          slotId,
        })
      ).status,
    ).toBe(200);
    const login = (role: string) =>
      sys.login({ phoneNumber: freshPhone(), role, departmentIds: [oslo] });
    planner = await login('PLANNER');
    readOnly = await login('READ_ONLY_PLANNER');
    await sys.settled();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  /** Errors the pages logged (none expected). */
  const errors: string[] = [];
  /** The details panel of the order, opened from its row's menu. */
  const details = async (as: Session): Promise<Page> => {
    const page = await openAs(
      browser,
      sys.url,
      `/planner/${oslo}/shipments-search/${day}/${day}`,
      as,
      errors,
    );
    await page.getByRole('button', { name: `Actions for ${orderId}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Details' }).click();
    await page.getByTestId('details-deviations').waitFor();
    return page;
  };
  const deviationDialog = async (page: Page, title: string, reason: string, text?: string) => {
    const dialog = page.getByRole('dialog', { name: title });
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Reason' }), reason);
    if (text !== undefined)
      await dialog.getByRole('textbox', { name: 'What happened?' }).fill(text);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
  };

  it('S7-CMD-043 S4-FLOW-003 a planner reports a deviation in the details panel; it moves the shipment to DEVIATED and shows in the list and the history', async () => {
    const page = await details(planner);
    const panel = page.getByTestId('details-deviations');
    await panel.getByText('No deviations').waitFor();
    await panel.getByRole('button', { name: 'Report a deviation' }).click();
    await deviationDialog(page, 'Report a deviation', 'Damaged', 'Crushed corner');
    await panel.getByText('Damaged: Crushed corner').waitFor();
    await page.getByTestId('details-history').getByText('Deviation reported').waitFor();
    await screenshot(page, 'deviations-01-reported');
    await sys.settled();
    const [row] = (await sys.query('consignments', { ids: [orderId] })).body;
    expect(row.state).toBe('DEVIATED');
    await page.context().close();
  }, 60_000);

  it('S6-ROLE-007 a read-only planner sees the deviations and is offered no change', async () => {
    const page = await details(readOnly);
    const panel = page.getByTestId('details-deviations');
    await panel.getByText('Damaged: Crushed corner').waitFor();
    for (const name of ['Report a deviation', 'Edit deviation', 'Delete deviation'])
      expect(await panel.getByRole('button', { name }).count()).toBe(0);
    await page.context().close();
  }, 60_000);

  it('S7-CMD-043 a planner edits the deviation’s reason and deletes it; the shipment stays deviated', async () => {
    const page = await details(planner);
    const panel = page.getByTestId('details-deviations');
    await panel.getByRole('button', { name: 'Edit deviation' }).click();
    await deviationDialog(page, 'Edit the deviation', 'Refused');
    await panel.getByText('Refused: Crushed corner').waitFor();
    await panel.getByRole('button', { name: 'Delete deviation' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await panel.getByText('No deviations').waitFor();
    await sys.settled();
    expect((await sys.query('orderDeviations', { orderId })).body).toEqual([]);
    const [row] = (await sys.query('consignments', { ids: [orderId] })).body;
    expect(row.state).toBe('DEVIATED');
    await page.context().close();
    expect(errors).toEqual([]);
  }, 60_000);

  it('S4-FLOW-003 S7-CMD-038 the bulk deviation asks for a reason of the catalogue, and OTHER for its comment; each shipment gets its deviation', async () => {
    const page = await openAs(
      browser,
      sys.url,
      `/planner/${oslo}/shipments-search/${day}/${day}`,
      planner,
      errors,
    );
    await page.getByRole('checkbox', { name: `Select ${second}`, exact: true }).click();
    await page
      .getByRole('toolbar', { name: /selected/ })
      .getByRole('button', { name: 'Mark deviated' })
      .click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    expect(await confirm.isDisabled()).toBe(true);
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Reason' }), 'Other');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Comment (optional)' }).fill('Ladder needed');
    await confirm.click();
    await page.getByTestId('bulk-result').getByText('1 succeeded, 0 failed').waitFor();
    await sys.settled();
    expect((await sys.query('orderDeviations', { orderId: second })).body).toEqual([
      expect.objectContaining({ reason: 'OTHER', text: 'Ladder needed' }),
    ]);
    await page.context().close();
    expect(errors).toEqual([]);
  }, 60_000);
});
