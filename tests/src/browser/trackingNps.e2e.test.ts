import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dayIn } from '@nordlog/contracts';
import type { Browser, Page } from 'playwright-core';
import { assertWebAppBuilt, launchBrowser, screenshot } from '../support/browser.js';
import { configureNumberSeries, osloAddress } from '../support/booking.js';
import { createSlot } from '../support/planning.js';
import {
  createFirstDepartmentAndCustomer,
  startTestSystem,
  type TestSystem,
} from '../support/system.js';
import { inspectPage, messageKeyPattern } from '../support/walk.js';

type Row = Record<string, any>;

/**
 * The net promoter question on `/track/{id}` after delivery (docs/decisions/0083-nps.md), in a
 * real browser without a session: asked naming the sender, answered with a score and a comment,
 * thanked; whole in the six languages (axe once).
 */
describe('the net promoter question on the tracking page', () => {
  let sys: TestSystem;
  let browser: Browser;
  const pageErrors: string[] = [];
  const today = dayIn('Europe/Oslo', new Date().toISOString());

  /** An order of customer 1 delivered today; its id and tracking key. */
  const delivered = async () => {
    const res = await sys.command('CREATE_ORDER', {
      departmentId: '1',
      customerId: '1',
      pickupDate: today,
      pickup: { ...osloAddress, name: 'Apotek Storgata' },
      delivery: { ...osloAddress, name: 'Kari Nordmann', phone: '+4791234567' },
      measurements: [{ weight: 2 }],
    });
    expect(res.status).toBe(200);
    const id = res.body.ids[0] as string;
    const slotId = await createSlot(sys, '1', today);
    for (const [name, payload] of [
      ['UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [id], slotId }],
      ['MANUAL_DELIVER', { consignmentIds: [id] }],
    ] as const)
      expect((await sys.command(name, payload)).status).toBe(200);
    await sys.settled();
    const [row] = (await sys.query('orders', { ids: [id] })).body as Row[];
    return { id, key: row!.order.trackingId as string };
  };
  const openPublic = async (key: string): Promise<Page> => {
    const context = await browser.newContext({
      viewport: { width: 900, height: 1000 },
      locale: 'en-GB',
    });
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${sys.url}/track/${key}`);
    return page;
  };

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    await createFirstDepartmentAndCustomer(sys);
    await configureNumberSeries(sys);
    const set = await sys.command('UPDATE_CUSTOMER', {
      id: '1',
      npsFromDate: '2020-01-01',
      senderName: 'Nettbutikk.no',
    });
    expect(set.status).toBe(200);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  it('asks after delivery, naming the sender, in the six languages (axe clean); a score and a comment are sent and thanked, and the planner sees them', async () => {
    const { id, key } = await delivered();
    const page = await openPublic(key);
    await page
      .getByText('How likely are you to recommend Nettbutikk.no to a friend or colleague?')
      .waitFor();
    const keyPattern = messageKeyPattern(['nps', 'tracking']);
    const problems: string[] = [];
    for (const locale of ['en', 'da', 'fi', 'fr', 'nb', 'sv']) {
      await page.evaluate(`localStorage.setItem('nordlog.locale', ${JSON.stringify(locale)})`);
      await page.reload();
      await page.getByTestId('tracking-nps').waitFor();
      const found = await inspectPage(page, { keyPattern, axe: locale === 'en', width: 420 });
      problems.push(...found.map((p) => `${locale}: ${p}`));
    }
    expect(problems).toEqual([]);
    await page.evaluate(`localStorage.setItem('nordlog.locale', 'en')`);
    await page.reload();
    await page.getByTestId('tracking-nps').waitFor();
    const send = page.getByRole('button', { name: 'Send' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByTestId('tracking-nps-8').click();
    await page.getByLabel('Comment (optional)').fill('On time, friendly');
    await screenshot(page, 'tracking-nps-00-question');
    await send.click();
    await page.getByTestId('tracking-nps-thanks').waitFor();
    await screenshot(page, 'tracking-nps-01-thanks');
    await sys.settled();
    const history = (await sys.query('orderHistory', { orderId: id })).body as Row[];
    expect(history.find((e) => e.eventType === 'DeliveryRated')).toMatchObject({
      data: { score: 8, comment: 'On time, friendly' },
    });
    // Opened again: thanked, not asked again.
    await page.reload();
    await page.getByTestId('tracking-nps-thanks').waitFor();
    expect(await page.getByTestId('tracking-nps').count()).toBe(0);
    await page.context().close();
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
