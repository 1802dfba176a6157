import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { assertWebAppBuilt, launchBrowser, openAs, screenshot } from '../support/browser.js';
import { createSlot, createDepartmentWithCustomer } from '../support/planning.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';

/**
 * The audit replay in a browser (issue 18 §4, docs/decisions/0029-audit-replay.md): an admin finds
 * a shipment on `/admin/lmEvents`, sees its events with who, the command and what changed, and
 * moves to earlier moments (the event list and the slider) to see the order's earlier values.
 */
describe('audit replay screen', () => {
  let sys: TestSystem;
  let browser: Browser;
  let oslo: string;
  let shipmentId: string;
  let slotId: string;

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    browser = await launchBrowser();
    await configureNumberSeries(sys);
    let customerId: string;
    ({ departmentId: oslo, customerId } = await createDepartmentWithCustomer(
      sys,
      'Nordlys Apotek',
    ));
    const booked = await sys.command('CREATE_ORDER', {
      departmentId: oslo,
      customerId,
      pickupDate: bookingDate(1),
      pickup: osloAddress,
      delivery: { ...osloAddress, name: 'Kari Nordmann' },
      measurements: [{ weight: 2 }],
      orderNote: 'first note',
    });
    const orderId = booked.body.ids[0];
    for (const note of ['second note', 'third note'])
      expect((await sys.command('UPDATE_ORDER', { orderId, orderNote: note })).status).toBe(200);
    slotId = await createSlot(sys, oslo, bookingDate(1));
    expect(
      (await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [orderId], slotId })).status,
    ).toBe(200);
    await sys.settled();
    shipmentId = (await sys.query('orders', { ids: [orderId] })).body[0].shipmentId;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  it('S2-ROUTE-023: an admin finds the shipment, sees its events and moves to an earlier moment to see the earlier values', async () => {
    const errors: string[] = [];
    const page = await openAs(browser, sys.url, '/admin/lmEvents', sys.admin, errors);
    await page.getByRole('heading', { name: 'Audit replay' }).waitFor();
    await page.getByTestId('audit-search').fill(shipmentId);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.waitForURL(`**/admin/lmEvents/${shipmentId}`);

    const events = page.getByRole('region', { name: 'Events' });
    await events.getByRole('row').nth(4).waitFor();
    // One row per event, oldest first: who, the command and what it changed.
    expect(await events.getByRole('row').count()).toBe(5);
    const edit = page.getByTestId('audit-event-2');
    await expect(edit.textContent()).resolves.toContain('UPDATE_ORDER');
    await expect(edit.textContent()).resolves.toContain('Test Admin');
    await expect(edit.textContent()).resolves.toContain(
      'order.orderNote: second note → third note',
    );
    await expect(page.getByTestId('audit-event-3').textContent()).resolves.toContain(
      'UPDATE_CONSIGNMENT_SLOT',
    );
    // The Changes column reads as words on lines (issue 36): wide enough, no JSON, dates in the
    // user's format, the department by its name.
    const changesCell = page.getByTestId('audit-event-0').getByRole('cell').last();
    const cellWidth = (await changesCell.boundingBox())?.width ?? 0;
    expect(cellWidth).toBeGreaterThanOrEqual(200);
    const texts = await events.getByRole('row').allInnerTexts();
    expect(texts.join('\n')).not.toMatch(/[{}]|"\w+":/);
    expect(texts.join('\n')).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);

    // By default the order as it is now (after the last event).
    const note = page.getByTestId('audit-order').locator('[data-field="orderNote"]');
    const state = page.getByTestId('audit-order').locator('[data-field="state"]');
    /** Waits until the panel shows the order note of the moment chosen. */
    const noteIs = (text: string) =>
      page
        .getByTestId('audit-order')
        .locator('[data-field="orderNote"]', { hasText: new RegExp(`^${text}$`) })
        .waitFor();
    await page.getByTestId('audit-order').waitFor();
    expect(await note.textContent()).toBe('third note');
    expect(await state.textContent()).toBe('Assigned');
    // Issue 36: the department and the slot by name (a slot with its day), not by id.
    const slot = (await sys.query('slotById', { id: slotId })).body as { name: string };
    const order = page.getByTestId('audit-order');
    expect(await order.locator('[data-field="departmentId"]').textContent()).toBe('Oslo');
    expect(await order.locator('[data-field="slotId"]').textContent()).toMatch(
      new RegExp(`^${slot.name}, \\d{2}/\\d{2}/\\d{4}$`),
    );
    expect(await page.getByTestId('audit-event-3').innerText()).toContain(
      `slotId: ∅ → ${slot.name}`,
    );

    // An earlier event from the list: the order as it was after the first edit.
    await page.getByTestId('audit-event-1').click();
    await page.getByText('After event 1').waitFor();
    await noteIs('second note');
    expect(await state.textContent()).toBe('Resolved');
    await screenshot(page, 'audit-replay-earlier');

    // The slider to the very first moment: the order as booked.
    await page.getByRole('slider', { name: 'Moment' }).focus();
    await page.keyboard.press('Home');
    await page.getByText('After event 0').waitFor();
    await noteIs('first note');
    expect(await page.getByTestId('audit-event-0').getAttribute('aria-selected')).toBe('true');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('S6-FLAG-017: the accounting role and an admin holding only ADMIN_LM_EVENTS open the screen; an admin without the flag and a planner, even with it, get the not-found page', async () => {
    const errors: string[] = [];
    const accounting = await sys.login({
      phoneNumber: freshPhone(),
      role: 'ACCOUNTING',
      departmentIds: [oslo],
    });
    const seen = await openAs(
      browser,
      sys.url,
      `/admin/lmEvents/${shipmentId}`,
      accounting,
      errors,
    );
    await seen.getByTestId('audit-event-3').waitFor();
    await seen.context().close();

    const planner = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo],
      access: ['PLANNER_SHIPMENTS', 'ADMIN_LM_EVENTS'],
    });
    // S6-FLAG-017: the flag opens it; the same role without the flag gets the not-found page.
    const flagOnly = await sys.login({
      phoneNumber: freshPhone(),
      role: 'ADMIN',
      departmentIds: [oslo],
      access: ['ADMIN_LM_EVENTS'],
    });
    const opened = await openAs(
      browser,
      sys.url,
      `/admin/lmEvents/${shipmentId}`,
      flagOnly,
      errors,
    );
    await opened.getByTestId('audit-event-3').waitFor();
    await opened.context().close();
    const withoutFlag = await sys.login({
      phoneNumber: freshPhone(),
      role: 'ADMIN',
      departmentIds: [oslo],
      access: ['ADMIN_USERS'],
    });
    const hidden = await openAs(
      browser,
      sys.url,
      `/admin/lmEvents/${shipmentId}`,
      withoutFlag,
      errors,
    );
    await hidden.getByRole('heading', { name: 'Page not found' }).waitFor();
    await hidden.context().close();

    const refused = await openAs(
      browser,
      sys.url,
      `/admin/lmEvents/${shipmentId}`,
      planner,
      errors,
    );
    await refused.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await refused.getByTestId('audit-event-0').count()).toBe(0);
    await refused.context().close();
    expect(errors).toEqual([]);
  });
});
