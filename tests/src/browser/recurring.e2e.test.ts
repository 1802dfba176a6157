import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { assertWebAppBuilt, launchBrowser, openAs, screenshot } from '../support/browser.js';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { createDepartmentWithCustomer } from '../support/planning.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * The recurring-order screens (issue 40 part 1, docs/decisions/0058-recurring-orders.md): a
 * planner holding only PLANNER_RECURRING_ORDERS makes an order recurring by its shipment number,
 * sees its coming dates, pauses and resumes it, books a date and reads the date's result, deletes
 * it; a planner without the flag gets the not-found page.
 */
describe('recurring orders, in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let oslo: string;
  let orderId: string;
  let shipmentId: string;
  let recurringOnly: Session;
  let bookingOnly: Session;
  let shipmentsAndRecurring: Session;
  const day = bookingDate(1);
  const errors: string[] = [];

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    browser = await launchBrowser();
    let customerId: string;
    ({ departmentId: oslo, customerId } = await createDepartmentWithCustomer(sys, 'Fast Kunde AS'));
    orderId = (
      await sys.command('CREATE_ORDER', {
        departmentId: oslo,
        customerId,
        pickupDate: day,
        pickup: { ...osloAddress, name: 'Lager Storgata' },
        delivery: { ...osloAddress, name: 'Kari Nordmann' },
        measurements: [{ weight: 3 }],
      })
    ).body.ids[0] as string;
    await sys.settled();
    shipmentId = (await sys.query('orders', { ids: [orderId] })).body[0].shipmentId as string;
    const login = (access: string[]) =>
      sys.login({ phoneNumber: freshPhone(), role: 'PLANNER', departmentIds: [oslo], access });
    recurringOnly = await login(['PLANNER_RECURRING_ORDERS']);
    bookingOnly = await login(['PLANNER_BOOKING']);
    shipmentsAndRecurring = await login(['PLANNER_SHIPMENTS', 'PLANNER_RECURRING_ORDERS']);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  it('S2-ROUTE-073 S2-ROUTE-074 S6-FLAG-037 S7-CMD-017 S7-CMD-020 a planner makes an order recurring, sees its coming dates, pauses it, books a date and reads what was booked', async () => {
    const page = await openAs(
      browser,
      sys.url,
      `/planner/${oslo}/recurring`,
      recurringOnly,
      errors,
    );
    await page.getByTestId('recurring-none').waitFor();
    await page.getByTestId('recurring-new').click();
    await page.getByTestId('recurring-name').fill('Apotek every day');
    await page.getByTestId('recurring-orders').fill(shipmentId);
    await page.getByTestId('recurring-start').fill(day);
    await page.getByLabel('Sat').check();
    await page.getByLabel('Sun').check();
    await page.getByTestId('recurring-save').click();
    await page.getByText('Recurring order saved').waitFor();
    const row = page.getByTestId('recurring-row');
    await row.getByText('Apotek every day').waitFor();
    await row.getByText(`${orderId} · Lager Storgata → Kari Nordmann`).waitFor();
    await row.getByText('Mon Tue Wed Thu Fri Sat Sun').waitFor();
    await screenshot(page, 'recurring-01-list');
    // Its coming dates: every day of the next four weeks from the first date.
    await page.getByTestId('recurring-calendar-toggle').click();
    await page.getByTestId('recurring-coming-date').nth(20).waitFor();
    await screenshot(page, 'recurring-02-calendar');
    // Paused and resumed.
    await page.getByTestId('recurring-pause').click();
    await row.getByText('Paused', { exact: true }).waitFor();
    await page.getByTestId('recurring-pause').click();
    await row.getByText('Active', { exact: true }).waitFor();
    // The day booked now: the result page lists the order.
    await page.getByTestId('recurring-execute-date').fill(day);
    await page.getByTestId('recurring-execute').click();
    await page.waitForURL(new RegExp(`/recurring/result/${day}$`));
    const result = page.getByTestId('recurring-result-row');
    await result.first().waitFor();
    expect(await result.first().getAttribute('data-status')).toBe('BOOKED');
    await result.getByText('Apotek every day').waitFor();
    await screenshot(page, 'recurring-03-result');
    await sys.settled();
    const id = (await sys.query('recurringOrders', { department: oslo })).body[0].id as string;
    const booked = (await sys.query('orders', { recurringOrderId: id })).body as {
      id: string;
      shipmentId: string;
      order: { pickupDate: string };
    }[];
    expect(booked.map((o) => o.order.pickupDate)).toEqual([day]);
    // The booked order by its shipment number, leading to the order.
    const link = result.getByRole('link', { name: booked[0]!.shipmentId });
    await link.waitFor();
    await expect(link.getAttribute('href')).resolves.toContain(`/booking/edit/${booked[0]!.id}`);
    // Back on the list the date is among those executed; the recurring order is deleted.
    await page.getByRole('link', { name: 'Back to recurring orders' }).click();
    await page.getByTestId('recurring-executed-date').first().waitFor();
    page.once('dialog', (d) => void d.accept());
    await page.getByTestId('recurring-delete').click();
    await page.getByText('Recurring order deleted').waitFor();
    await page.getByTestId('recurring-none').waitFor();
    await page.context().close();
    expect(errors).toEqual([]);
  }, 120_000);

  it('S2-ROUTE-074 a result page of a date not executed says so, and of no date says it is none', async () => {
    const page = await openAs(
      browser,
      sys.url,
      `/planner/${oslo}/recurring/result/${bookingDate(30)}`,
      recurringOnly,
      errors,
    );
    await page.getByText('This date has not been executed yet.').waitFor();
    await page.goto(`${sys.url}/planner/${oslo}/recurring/result/soon`);
    await page.getByTestId('recurring-bad-date').waitFor();
    await page.context().close();
    expect(errors).toEqual([]);
  }, 60_000);

  it('S2-ROUTE-073 the order’s details panel opens the form of a new recurring order with the order in it', async () => {
    const page = await openAs(
      browser,
      sys.url,
      `/planner/${oslo}/shipments-search/${day}/${day}`,
      shipmentsAndRecurring,
      errors,
    );
    await page.getByRole('button', { name: `Actions for ${orderId}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Details' }).click();
    await page.getByTestId('details-make-recurring').click();
    await page.waitForURL(/\/recurring\?orders=/);
    expect(await page.getByTestId('recurring-orders').inputValue()).toBe(orderId);
    await page.getByTestId('recurring-start').fill(bookingDate(40));
    await page.getByTestId('recurring-save').click();
    await page.getByText('Recurring order saved').waitFor();
    await page.getByTestId('recurring-row').first().waitFor();
    await page.context().close();
    expect(errors).toEqual([]);
  }, 60_000);

  it('S6-FLAG-037 a planner without PLANNER_RECURRING_ORDERS gets the not-found page', async () => {
    const page = await openAs(browser, sys.url, `/planner/${oslo}/recurring`, bookingOnly, errors);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.goto(`${sys.url}/planner/${oslo}/recurring/result/${day}`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.context().close();
  }, 60_000);
});
