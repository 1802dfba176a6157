import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import {
  assertWebAppBuilt,
  launchBrowser,
  openAs,
  screenshot,
  chooseOption,
} from '../support/browser.js';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { createDepartmentWithCustomer } from '../support/planning.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';
import { inspectPage, messageKeyPattern } from '../support/walk.js';

type Row = Record<string, any>;

/**
 * The pre-advice screens (issue 41, docs/decisions/0062-pre-advice.md): an administrator manages
 * the policies at /admin/preadvice (created with a placeholder the server refuses, corrected,
 * edited, deleted, each kept across a reload); a planner holding PLANNER_PRE_ADVICE follows up the
 * orders whose pre-advice failed at /planner/{dep}/preadvice-followup, locks, asks for a manual
 * attempt and unlocks from the list, and sees the process's outcomes arrive over the socket.
 */
describe('pre-advice screens, in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let oslo: string;
  let customerId: string;
  let followUp: Session;
  let bookingOnly: Session;
  const day = bookingDate(2);
  const errors: string[] = [];

  const policies = async () => (await sys.query('preAdvicePolicies', {})).body as Row[];
  const book = async (phone: string) => {
    const res = await sys.command('CREATE_ORDER', {
      departmentId: oslo,
      customerId,
      pickupDate: day,
      deliveryTimeEarliest: '10:00',
      deliveryTimeLatest: '14:00',
      pickup: { ...osloAddress, name: 'Apotek Storgata', phone: '+4790000001' },
      delivery: { ...osloAddress, name: 'Kari Nordmann', phone },
      measurements: [{ weight: 2 }],
    });
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };
  const pass = async () => {
    await sys.settled();
    await sys.preAdvice.pass();
    await sys.settled();
  };
  const rowOf = (page: Page, orderId: string) =>
    page.locator(`[data-testid="followup-row"][data-id="${orderId}"]`);
  const lockedRow = (page: Page, orderId: string, locked: boolean) =>
    page.locator(`[data-testid="followup-row"][data-id="${orderId}"][data-locked="${locked}"]`);
  const groupOf = (page: Page, outcome: string) =>
    page.locator(`[data-testid="followup-group"][data-outcome="${outcome}"]`);

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    browser = await launchBrowser();
    ({ departmentId: oslo, customerId } = await createDepartmentWithCustomer(sys, 'Apotek AS'));
    const login = (access: string[]) =>
      sys.login({ phoneNumber: freshPhone(), role: 'PLANNER', departmentIds: [oslo], access });
    followUp = await login(['PLANNER_PRE_ADVICE']);
    bookingOnly = await login(['PLANNER_BOOKING']);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  it('S1-GEN-018 S2-ROUTE-022 an administrator creates a policy (an unknown placeholder refused on its field first), edits it (to send when the courier is 2 stops away) and deletes it; each change is there after a reload', async () => {
    const page = await openAs(browser, sys.url, '/admin/preadvice', sys.admin, errors);
    await page.getByTestId('preadvice-none').waitFor();
    await page.getByTestId('preadvice-new').click();
    await page.getByTestId('preadvice-name').fill('Oslo day before');
    await chooseOption(page, page.getByRole('combobox', { name: /^Department/ }), 'Oslo');
    await page.getByLabel('When booked', { exact: true }).check();
    await page.getByTestId('preadvice-en-smsText').fill('Hi {name}, {senderName} comes {window}');
    await page.getByTestId('preadvice-save').click();
    // The same rule as the server's: the field names the placeholder; nothing is saved.
    await page
      .getByText(
        'Unknown placeholder {name}; the placeholders are {trackingLink}, {window}, {senderName}',
      )
      .waitFor();
    expect(await policies()).toEqual([]);
    await screenshot(page, 'preadvice-01-placeholder-refused');
    await page.getByTestId('preadvice-en-smsText').fill('{senderName} comes {window}');
    await page.getByLabel('Norsk bokmål').check();
    await page.getByTestId('preadvice-nb-smsText').fill('{senderName} kommer {window}');
    await page.getByTestId('preadvice-save').click();
    await page.getByText('Pre-advice policy saved').waitFor();
    const row = page.getByTestId('preadvice-row');
    await row.getByText('Oslo day before').waitFor();
    await row.getByText('Department: Oslo').waitFor();
    await row.getByText('When booked, The day before delivery').waitFor();
    await row.getByText('English, Norsk bokmål').waitFor();
    await row.getByText('1091').waitFor();
    const [created] = await policies();
    expect(created).toMatchObject({
      name: 'Oslo day before',
      departmentId: oslo,
      triggers: ['BOOKED', 'DAY_BEFORE'],
      channel: 'SMS',
    });
    await page.reload();
    await row.getByText('Oslo day before').waitFor();
    await screenshot(page, 'preadvice-02-list');
    // Edited: a new policy with the fields replaces it.
    await page.getByTestId('preadvice-edit').click();
    expect(await page.getByTestId('preadvice-nb-smsText').inputValue()).toBe(
      '{senderName} kommer {window}',
    );
    await page.getByTestId('preadvice-name').fill('Oslo on booking');
    await page.getByLabel('The day before delivery', { exact: true }).uncheck();
    // When the courier is near: the number of stops is asked for, checked as the server does.
    await page.getByLabel('When the courier is near', { exact: true }).check();
    await page.getByTestId('preadvice-stops-away').fill('two');
    await page.getByTestId('preadvice-save').click();
    await page.getByText('A whole number from 0 to 20').waitFor();
    expect(await policies()).toHaveLength(1);
    await page.getByTestId('preadvice-stops-away').fill('2');
    // Near, the courier says so in words of its own (the booking keeps the general ones).
    await page.getByTestId('preadvice-own-STOPS_AWAY').locator('input').check();
    await page.getByTestId('preadvice-en:STOPS_AWAY-smsText').fill('{senderName} is nearly there');
    await page.getByTestId('preadvice-nb:STOPS_AWAY-smsText').fill('{senderName} er snart der');
    await page.getByTestId('preadvice-save').click();
    await page.getByText('Pre-advice policy saved').first().waitFor();
    await row.getByText('Oslo on booking').waitFor();
    await row.getByText('When booked, When the courier is 2 stops away').waitFor();
    await page.reload();
    await row.getByText('Oslo on booking').waitFor();
    expect(await row.count()).toBe(1);
    const edited = await policies();
    expect(edited).toHaveLength(1);
    expect(edited[0]).toMatchObject({
      name: 'Oslo on booking',
      triggers: ['BOOKED', 'STOPS_AWAY'],
      stopsAway: 2,
    });
    expect(
      (edited[0]!.texts as { language: string; trigger: string | null; smsText: string }[]).map(
        (t) => [t.language, t.trigger, t.smsText],
      ),
    ).toEqual([
      ['en', null, '{senderName} comes {window}'],
      ['nb', null, '{senderName} kommer {window}'],
      ['en', 'STOPS_AWAY', '{senderName} is nearly there'],
      ['nb', 'STOPS_AWAY', '{senderName} er snart der'],
    ]);
    expect(edited[0]!.id).not.toBe(created!.id);
    // Deleted after a confirmation.
    await page.getByTestId('preadvice-delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Pre-advice policy deleted').waitFor();
    await page.getByTestId('preadvice-none').waitFor();
    await page.reload();
    await page.getByTestId('preadvice-none').waitFor();
    expect(await policies()).toEqual([]);
    await page.context().close();
    expect(errors).toEqual([]);
  }, 120_000);

  it('S2-ROUTE-049 a planner follows up failed pre-advice grouped by outcome: lock, manual attempt and unlock from the list, the outcomes of the process arriving live', async () => {
    const policy = await sys.command('CREATE_PRE_ADVICE_POLICY', {
      name: 'Oslo',
      departmentId: oslo,
      triggers: ['BOOKED'],
      channel: 'SMS',
      texts: [{ language: 'en', smsText: '{senderName} comes {window}' }],
    });
    expect(policy.status).toBe(200);
    // Landline numbers: no SMS can reach them.
    const first = await book('22 33 44 55');
    const second = await book('22 33 44 56');
    await pass();
    const page = await openAs(
      browser,
      sys.url,
      `/planner/${oslo}/preadvice-followup`,
      followUp,
      errors,
    );
    const noPhone = groupOf(page, 'NO_VALID_PHONE_OR_EMAIL');
    await noPhone.getByText('No valid mobile number or e-mail (2)').waitFor();
    await rowOf(page, first).waitFor();
    await rowOf(page, second).waitFor();
    await screenshot(page, 'preadvice-03-followup');
    // Both ticked and locked at once.
    await noPhone.getByRole('checkbox', { name: 'Choose every order of the group' }).check();
    await noPhone.getByTestId('followup-lock').first().click();
    await page.getByText('Pre-advice locked for 2 orders').waitFor();
    await lockedRow(page, first, true).waitFor();
    await lockedRow(page, second, true).waitFor();
    // One unlocked from its row.
    await rowOf(page, second).getByTestId('followup-unlock').click();
    await page.getByText('Pre-advice unlocked for 1 order').waitFor();
    await lockedRow(page, second, false).waitFor();
    // A manual attempt asked for from the row waits as MANUAL_ATTEMPT.
    await rowOf(page, first).getByTestId('followup-attempt').click();
    await page.getByText('Manual attempt asked for 1 order').waitFor();
    await groupOf(page, 'MANUAL_ATTEMPT').locator(`[data-id="${first}"]`).waitFor();
    // The process decides it, nothing done on the page: locked, it arrives as PRE_ADVICE_LOCKED.
    await pass();
    await groupOf(page, 'PRE_ADVICE_LOCKED').locator(`[data-id="${first}"]`).waitFor();
    await groupOf(page, 'MANUAL_ATTEMPT').waitFor({ state: 'detached' });
    await noPhone.getByText('No valid mobile number or e-mail (1)').waitFor();
    await screenshot(page, 'preadvice-04-followup-after');
    const read = async (id: string) =>
      ((await sys.query('preAdviceForOrder', { orderId: id })).body as Row[])[0]!;
    expect((await read(first)).locked).toBe(true);
    expect((await read(first)).attempts.map((a: Row) => a.outcome)).toEqual([
      'NO_VALID_PHONE_OR_EMAIL',
      'PRE_ADVICE_LOCKED',
    ]);
    expect((await read(second)).locked).toBe(false);
    await page.context().close();
    expect(errors).toEqual([]);
  }, 120_000);

  it('S2-ROUTE-022 a customer’s policy is listed and edited by the customer’s name; the list narrows to one customer', async () => {
    const created = await sys.command('CREATE_PRE_ADVICE_POLICY', {
      name: 'Apotek e-mail',
      customerId,
      triggers: ['DAY_BEFORE'],
      channel: 'EMAIL',
      texts: [{ language: 'en', emailSubject: 'From {senderName}', emailBody: 'We come {window}' }],
    });
    expect(created.status).toBe(200);
    await sys.settled();
    const page = await openAs(
      browser,
      sys.url,
      `/admin/preadvice?ownerKind=customerId&owner=${customerId}`,
      sys.admin,
      errors,
    );
    const row = page.getByTestId('preadvice-row');
    await row.getByText('Customer: Apotek AS').waitFor();
    expect(await row.count()).toBe(1);
    await page.getByTestId('preadvice-edit').click();
    await expect(page.getByRole('combobox', { name: /^Customer/ }).inputValue()).resolves.toBe(
      'Apotek AS',
    );
    expect(await page.getByTestId('preadvice-en-emailBody').inputValue()).toBe('We come {window}');
    await page.context().close();
    expect(errors).toEqual([]);
  }, 60_000);

  it('S2-ROUTE-022 S2-ROUTE-049 both screens whole and readable in the white-label theme (axe); a planner without PLANNER_PRE_ADVICE gets the not-found page', async () => {
    const keyPattern = messageKeyPattern(['preAdvice', 'states']);
    const admin = await openAs(
      browser,
      sys.url,
      '/admin/preadvice?theme=whitelabel',
      sys.admin,
      errors,
    );
    await admin.getByTestId('preadvice-new').click();
    await admin.getByTestId('preadvice-name').waitFor();
    expect(await inspectPage(admin, { keyPattern, axe: true })).toEqual([]);
    await screenshot(admin, 'preadvice-05-whitelabel-form');
    await admin.context().close();
    const planner = await openAs(
      browser,
      sys.url,
      `/planner/${oslo}/preadvice-followup?theme=whitelabel`,
      followUp,
      errors,
    );
    await planner.getByTestId('followup-row').first().waitFor();
    expect(await inspectPage(planner, { keyPattern, axe: true })).toEqual([]);
    await screenshot(planner, 'preadvice-06-whitelabel-followup');
    await planner.context().close();
    const other = await openAs(
      browser,
      sys.url,
      `/planner/${oslo}/preadvice-followup`,
      bookingOnly,
      errors,
    );
    await other.getByRole('heading', { name: 'Page not found' }).waitFor();
    await other.context().close();
    expect(errors).toEqual([]);
  }, 60_000);
});
