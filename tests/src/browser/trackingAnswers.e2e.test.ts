import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addDays, dayIn } from '@nordlog/contracts';
import type { Browser, Page } from 'playwright-core';
import { assertWebAppBuilt, launchBrowser, screenshot } from '../support/browser.js';
import { configureNumberSeries, osloAddress } from '../support/booking.js';
import {
  createFirstDepartmentAndCustomer,
  startTestSystem,
  type TestSystem,
} from '../support/system.js';
import { inspectPage, messageKeyPattern } from '../support/walk.js';

type Row = Record<string, any>;

/**
 * The recipient's answers on `/track/{id}` in a real browser (issue 41 part 4;
 * docs/decisions/0063): no login; another day from the open dates, a note for the door, a pickup
 * point; each shown in place and seen by the planner on the order. Whole in the six languages and
 * both themes (axe).
 */
describe('the recipient answers on the tracking page', () => {
  let sys: TestSystem;
  let browser: Browser;
  const pageErrors: string[] = [];
  const today = dayIn('Europe/Oslo', new Date().toISOString());

  const orderRow = async (id: string): Promise<Row> => {
    await sys.settled();
    return (await sys.query('orders', { ids: [id] })).body[0];
  };
  const book = async () => {
    const res = await sys.command('CREATE_ORDER', {
      departmentId: '1',
      customerId: '1',
      pickupDate: addDays(today, 1),
      pickup: { ...osloAddress, name: 'Apotek Storgata' },
      delivery: { ...osloAddress, name: 'Kari Nordmann', phone: '+4791234567' },
      measurements: [{ weight: 2 }],
    });
    expect(res.status).toBe(200);
    const id = res.body.ids[0] as string;
    return { id, key: (await orderRow(id)).order.trackingId as string };
  };
  /** The recipient's page: a browser context with no session at all. */
  const openPublic = async (key: string, query = ''): Promise<Page> => {
    const context = await browser.newContext({
      viewport: { width: 900, height: 1000 },
      locale: 'en-GB',
    });
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${sys.url}/track/${key}${query}`);
    await page.getByTestId('tracking-answers').waitFor();
    return page;
  };

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    await createFirstDepartmentAndCustomer(sys);
    await configureNumberSeries(sys);
    const point = await sys.command('CREATE_ADDRESS', {
      departmentId: '1',
      customerId: '1',
      pickupPoint: true,
      block: { ...osloAddress, name: 'Kiwi Storo', address: 'Vitaminveien 1' },
    });
    expect(point.status).toBe(200);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  it('another day: the date picker offers the open dates; the answer moves the delivery, shown in place and on the order', async () => {
    const { id, key } = await book();
    const page = await openPublic(key);
    await page.getByTestId('tracking-answer-day').click();
    const picker = page.getByLabel('Delivery day');
    const offered = await picker
      .locator('option')
      .evaluateAll((os) => os.map((o) => o.getAttribute('value') ?? ''));
    const tracked = (
      (await (
        await fetch(`${sys.url}/openapi/query/getShipmentDetailsFromTracking`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'getShipmentDetailsFromTracking', params: { id: key } }),
        })
      ).json()) as { openDates: string[] }
    ).openDates;
    expect(offered).toEqual(tracked);
    await picker.selectOption(offered[2]);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('tracking-answer-result').getByText('Delivery moved to').waitFor();
    expect((await orderRow(id)).order.deliveryDate).toBe(offered[2]);
    await screenshot(page, 'tracking-answers-01-day');
    await page.context().close();
  });

  it('leave at the door: the note goes to the order; the page says the courier will leave it', async () => {
    const { id, key } = await book();
    const page = await openPublic(key);
    await page.getByTestId('tracking-answer-door').click();
    await page.getByLabel('Note for the courier').fill('Behind the blue door');
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .getByTestId('tracking-answer-result')
      .getByText('The courier will leave it at the door')
      .waitFor();
    expect((await orderRow(id)).order.leaveAtDoor).toEqual({ note: 'Behind the blue door' });
    await page.context().close();
  });

  it('a pickup point: chosen from the department’s list, the delivery goes there', async () => {
    const { id, key } = await book();
    const page = await openPublic(key);
    await page.getByTestId('tracking-answer-point').click();
    await page.getByLabel(/Kiwi Storo, Vitaminveien 1/).check();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('tracking-answer-result').getByText('Delivery to Kiwi Storo').waitFor();
    const { order } = await orderRow(id);
    expect(order).toMatchObject({ type: 'PickupPoint', delivery: { address: 'Vitaminveien 1' } });
    await page.context().close();
  });

  it('a refusal is said in place: past the answers’ limit, the page says to call the sender', async () => {
    const { key } = await book();
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${sys.url}/openapi/command/RECIPIENT_LEAVE_AT_DOOR`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'RECIPIENT_LEAVE_AT_DOOR',
          payload: { trackingId: key, note: `n${i}` },
        }),
      });
      expect(res.status).toBe(200);
    }
    const page = await openPublic(key);
    await page.getByTestId('tracking-answer-door').click();
    await page.getByLabel('Note for the courier').fill('Door');
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .getByTestId('tracking-answer-result')
      .getByText('No more changes can be made with this link', { exact: false })
      .waitFor();
    await page.context().close();
  });

  it('the answers’ forms in the six languages (no message key, none too wide) and both themes (axe clean)', async () => {
    const { key } = await book();
    const keyPattern = messageKeyPattern(['tracking']);
    const problems: string[] = [];
    for (const theme of ['', '?theme=whitelabel']) {
      const page = await openPublic(key, theme);
      for (const locale of ['en', 'da', 'fi', 'fr', 'nb', 'sv']) {
        await page.evaluate(`localStorage.setItem('nordlog.locale', ${JSON.stringify(locale)})`);
        await page.reload();
        await page.getByTestId('tracking-answers').waitFor();
        for (const kind of ['day', 'door', 'point']) {
          await page.getByTestId(`tracking-answer-${kind}`).click();
          await page.getByTestId('tracking-answer-form').waitFor();
          // axe once per form and theme: a translation changes the texts, not the structure,
          // names or colours axe judges (the walk runs it on these forms at desktop width too).
          const axe = locale === 'en';
          const found = await inspectPage(page, { keyPattern, axe, width: 420 });
          problems.push(...found.map((p) => `${theme || 'nordlog'} ${locale} ${kind}: ${p}`));
        }
      }
      await screenshot(page, `tracking-answers-02-${theme ? 'whitelabel' : 'nordlog'}`);
      await page.context().close();
    }
    expect(problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
