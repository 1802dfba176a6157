import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  assertWebAppBuilt,
  chooseOption,
  equalTo,
  launchBrowser,
  screenshot,
  settledValue,
} from '../support/browser.js';
import { bookStop, courierDay, courierPhone, type CourierDay } from '../support/courierDay.js';
import { osloAddress } from '../support/booking.js';
import { createCourier } from '../support/planning.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';
import { inspectPage, messageKeyPattern } from '../support/walk.js';

/**
 * The courier page without a network (issue 42 part 4, docs/decisions/0072-courier-offline.md):
 * Chromium's offline mode cuts the phone off, the courier makes ten reports (scans, a pickup, a
 * delivery, a deviation), the page counts them waiting; the network comes back and each arrives
 * once, in the order made. The page starts offline after one visit (its service worker), and a
 * queue replayed after the route went to another courier gets each report refused, shown with
 * its reason until dismissed, nothing applied.
 */
describe('the courier page offline', () => {
  let sys: TestSystem;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let day: CourierDay;

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    browser = await launchBrowser();
    day = await courierDay(sys, [
      { name: 'Kari Nordmann', address: 'Bogstadveien 10', lat: 59.93, quantity: 2 },
      { name: 'Per Hansen', address: 'Kirkeveien 5', lat: 59.94 },
      { name: 'Lise Berg', address: 'Thereses gate 3', lat: 59.925 },
    ]);
    ({ context, page } = await courierPhone(browser, sys, day.courier.phoneNumber));
    await page.getByRole('heading', { name: /Morning run/ }).waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  const stop = (orderId: string, type: 'pickup' | 'delivery') =>
    page.locator(`[data-stop="${orderId}:${type}"]`);

  /** A scan typed and sent with Enter; offline it waits on the phone, and the page says so. */
  const scanOffline = async (code: string, kind: string) => {
    const entry = page.getByTestId('scan-entry');
    await chooseOption(page, entry.getByRole('combobox', { name: 'What happened' }), kind);
    const field = entry.getByRole('textbox', { name: 'Package or shipment code' });
    await field.fill(code);
    await field.press('Enter');
    await entry.getByTestId('scan-queued').filter({ hasText: code }).waitFor();
    expect(await field.inputValue()).toBe('');
  };
  /**
   * The "n reports waiting" line once it says `expected`: the count follows the phone's store,
   * which a tap writes to after it returns (a loaded CI machine read the count before the write).
   */
  const waitingCount = (expected: string) =>
    settledValue(() => page.getByTestId('reports-waiting-count').innerText(), equalTo(expected));
  const waitingIds = () =>
    page
      .getByTestId('reports-waiting')
      .locator('[data-report]')
      .evaluateAll((items) => items.map((i) => i.getAttribute('data-report')!));

  it('S7-CMD-039 S7-CMD-043 ten reports made offline wait on the phone, counted, and arrive once each in the order made when the network is back', async () => {
    const [a, b, c] = day.orders as [
      CourierDay['orders'][0],
      CourierDay['orders'][0],
      CourierDay['orders'][0],
    ];
    await context.setOffline(true);
    await page.getByTestId('offline-notice').waitFor();
    await scanOffline(a.sscc[0]!, 'Picked up');
    await scanOffline(a.sscc[1]!, 'Picked up');
    await stop(b.id, 'pickup').getByRole('button', { name: 'Picked up' }).click();
    // The pickup waits on the phone: its stop says so, and its delivery is offered.
    await stop(b.id, 'pickup').getByTestId('stop-waiting').waitFor();
    await scanOffline(c.gsin, 'Picked up');
    await scanOffline(a.gsin, 'Loaded');
    await scanOffline(c.gsin, 'Loaded');
    await stop(b.id, 'delivery').getByRole('button', { name: 'Delivered' }).click();
    await stop(b.id, 'delivery').getByTestId('stop-waiting').waitFor();
    await stop(c.id, 'delivery').getByRole('button', { name: 'Deviation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a deviation' });
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Reason' }), 'Other');
    await dialog
      .getByRole('textbox', { name: 'What happened?' })
      .fill('Nobody home, no safe place');
    await dialog.getByRole('button', { name: 'Report' }).click();
    await dialog.waitFor({ state: 'detached' });
    await scanOffline(a.gsin, 'Delivered');
    await scanOffline('CAGE-1', 'Loaded');
    expect(await waitingCount('10 reports waiting to be sent')).toBe(
      '10 reports waiting to be sent',
    );
    // The oldest five, the rest on request.
    expect(await page.getByTestId('reports-waiting').getByRole('listitem').count()).toBe(5);
    await page.getByRole('button', { name: 'Show 5 more' }).click();
    const ids = await waitingIds();
    expect(new Set(ids).size).toBe(10);
    const listed = await page.getByTestId('reports-waiting').getByRole('listitem').allInnerTexts();
    expect(listed.map((t) => t.replace(/ · \d\d:\d\d$/, ''))).toEqual([
      `Scan · ${a.sscc[0]}`,
      `Scan · ${a.sscc[1]}`,
      // A pickup stop is the sender's (osloAddress).
      `Picked up · ${osloAddress.name}`,
      `Scan · ${c.gsin}`,
      `Scan · ${a.gsin}`,
      `Scan · ${c.gsin}`,
      'Delivered · Per Hansen',
      'Deviation · Lise Berg',
      `Scan · ${a.gsin}`,
      'Scan · CAGE-1',
    ]);
    await screenshot(page, 'courier-offline-waiting');
    // Nothing reached the server while offline.
    const sent = async () =>
      (
        await sys.db.knex.raw<{ rows: { commandId: string; position: string; type: string }[] }>(
          `select metadata->>'commandId' as "commandId", position, type from es_events
           where metadata->>'commandId' = any(string_to_array(?, ',')) order by position`,
          [ids.join(',')],
        )
      ).rows;
    expect(await sent()).toEqual([]);

    await context.setOffline(false);
    await page.getByTestId('reports-waiting').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await page.getByTestId('report-refused').count()).toBe(0);
    await sys.settled();
    const events = await sent();
    // Each report's events, in the order the reports were made, each command once.
    const firstOf = [...new Set(events.map((e) => e.commandId))];
    expect(firstOf).toEqual(ids);
    const count = (type: string) => events.filter((e) => e.type === type).length;
    expect(count('ScansRecorded')).toBe(7);
    expect(count('ConsignmentDelivered')).toBe(2);
    const states = (await sys.query('consignments', { ids: [a.id, b.id, c.id] })).body as {
      id: string;
      state: string;
    }[];
    expect(Object.fromEntries(states.map((s) => [s.id, s.state]))).toEqual({
      [a.id]: 'DELIVERED',
      [b.id]: 'DELIVERED',
      [c.id]: 'DEVIATED',
    });
    const [scans] = (await sys.query('slotScans', { slotId: day.slotId })).body;
    expect(scans.scans.map((s: { code: string; kind: string }) => `${s.kind} ${s.code}`)).toEqual([
      `PICKED_UP ${a.sscc[0]}`,
      `PICKED_UP ${a.sscc[1]}`,
      `PICKED_UP ${c.gsin}`,
      `LOADED ${a.gsin}`,
      `LOADED ${c.gsin}`,
      `DELIVERED ${a.gsin}`,
      'LOADED CAGE-1',
    ]);
    expect(scans.scans.at(-1).warning).toBe('notOnRoute');
    const deviations = (await sys.query('orderDeviations', { orderId: c.id })).body;
    expect(deviations).toHaveLength(1);
    expect(deviations[0]).toMatchObject({ reason: 'OTHER', reportedBy: day.courier.id });
    // The page shows what the server made of them.
    await stop(b.id, 'delivery').getByText('Done').waitFor({ timeout: 15_000 });
  });

  it('after one visit the page starts offline (service worker): the route kept, the reports counted, installable; the planner has none of it', async () => {
    // The worker has the page's files once it has answered the page's list.
    await page.evaluate(`navigator.serviceWorker.ready.then(() => undefined)`);
    await page.reload();
    await page.getByRole('heading', { name: /Morning run/ }).waitFor();
    expect(await page.evaluate(`!!navigator.serviceWorker.controller`)).toBe(true);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // A test's browser context is incognito, which alone keeps Chromium from offering to install.
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: unknown[];
    };
    expect(manifest).toMatchObject({ url: `${sys.url}/courier.webmanifest`, errors: [] });
    // Each language's messages loaded once online (a phone keeps the languages it has shown).
    const locales = ['en', 'da', 'fi', 'fr', 'nb', 'sv'];
    for (const locale of [...locales, 'en']) {
      await page.evaluate(`localStorage.setItem('nordlog.locale', ${JSON.stringify(locale)})`);
      await page.reload();
      await page.getByTestId('scan-entry').waitFor();
    }
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: /Morning run/ }).waitFor({ timeout: 20_000 });
    await page.getByTestId('offline-notice').waitFor();
    await page.getByTestId('offline-copy').waitFor();
    const [, , c] = day.orders;
    await scanOffline(c!.gsin, 'At terminal');
    expect(await waitingCount('1 report waiting to be sent')).toBe('1 report waiting to be sent');
    // The worker kept the page's shell and files, no answer of the API.
    const kept = await page.evaluate<string[]>(`(async () => {
      const urls = [];
      for (const name of await caches.keys())
        for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
      return urls;
    })()`);
    const shell = ['/courier', '/courier-sw/build'];
    expect(kept.filter((u) => !shell.includes(u) && !u.startsWith('/assets/'))).toEqual([]);
    // Every text of the offline page in the six languages, started offline each time.
    const keyPattern = messageKeyPattern(['courier', 'courierOffline', 'ra', 'enums']);
    const problems: string[] = [];
    for (const locale of locales) {
      await page.evaluate(`localStorage.setItem('nordlog.locale', ${JSON.stringify(locale)})`);
      await page.reload();
      await page.getByTestId('reports-waiting').waitFor({ timeout: 20_000 });
      await page.getByTestId('offline-copy').waitFor();
      // axe in one language: a translation changes the texts, not what axe judges.
      const found = await inspectPage(page, { keyPattern, axe: locale === 'en', width: 420 });
      problems.push(...found.map((p) => `${locale}: ${p}`));
    }
    await page.evaluate(`localStorage.setItem('nordlog.locale', 'en')`);
    expect(problems).toEqual([]);
    await screenshot(page, 'courier-offline-start');
    await context.setOffline(false);
    await page.reload();
    // The page sends what waited as it starts: the server has the scan, and nothing waits.
    const lastScan = async () => {
      await sys.settled();
      return (await sys.query('slotScans', { slotId: day.slotId })).body[0].scans.at(-1);
    };
    await settledValue(lastScan, (scan) => scan.kind === 'AT_TERMINAL', 30_000);
    expect(await lastScan()).toMatchObject({ code: c!.gsin, kind: 'AT_TERMINAL' });
    await page.getByTestId('reports-waiting').waitFor({ state: 'detached', timeout: 30_000 });
    // A planner's page: no manifest, no worker.
    const planner = await sys.login({
      name: 'Offline Planner',
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [day.departmentId],
      access: ['PLANNER_SHIPMENTS'],
    });
    const desk = await browser.newContext({ locale: 'en-GB' });
    const [name, ...value] = planner.cookie.split('=');
    await desk.addCookies([{ name: name!, value: value.join('='), url: sys.url }]);
    const deskPage = await desk.newPage();
    await deskPage.goto(`${sys.url}/planner/${day.departmentId}/shipments-search`);
    await deskPage.getByRole('grid').first().waitFor();
    expect(
      await deskPage.evaluate(`(async () => ({
        manifest: !!document.querySelector('link[rel="manifest"]'),
        controller: !!navigator.serviceWorker.controller,
        workers: (await navigator.serviceWorker.getRegistrations()).length,
      }))()`),
    ).toEqual({ manifest: false, controller: false, workers: 0 });
    await desk.close();
  }, 240_000);

  it('a queue of 200 reports kept on the phone drains once each, in order, when the page opens online', async () => {
    await context.setOffline(false);
    // 200 scans as the page stores them (issue 42's benchmark: a day's basement), written to the
    // phone's IndexedDB directly; the page then sends them as it starts.
    const made = await page.evaluate<string[]>(`new Promise((resolve, reject) => {
      const open = indexedDB.open('nordlog-courier', 1);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction('reports', 'readwrite');
        const ids = [];
        for (let i = 0; i < 200; i++) {
          const commandId = crypto.randomUUID();
          ids.push(commandId);
          const code = 'BULK-' + String(i).padStart(3, '0');
          tx.objectStore('reports').add({
            userId: ${JSON.stringify(day.courier.id)},
            commandId,
            name: 'ADD_SCANNED_EVENTS',
            payload: { slotId: ${JSON.stringify(day.slotId)}, scans: [{ code, kind: 'LOADED', scannedAt: new Date(Date.UTC(2026, 11, 3, 9, 0, i)).toISOString() }] },
            subject: code,
            madeAt: new Date().toISOString(),
          });
        }
        tx.oncomplete = () => { open.result.close(); resolve(ids); };
        tx.onerror = () => reject(tx.error);
      };
    })`);
    const started = Date.now();
    await page.reload();
    const count = async () =>
      Number(
        (
          await sys.db.knex.raw<{ rows: { n: string }[] }>(
            `select count(distinct metadata->>'commandId') as n from es_events
             where metadata->>'commandId' = any(string_to_array(?, ','))`,
            [made.join(',')],
          )
        ).rows[0]!.n,
      );
    await settledValue(count, (n) => n >= 200, 120_000);
    const drained = Date.now() - started;
    console.info(`200 stored reports drained in ${drained} ms (page load included)`);
    await page.getByTestId('reports-waiting').waitFor({ state: 'detached', timeout: 30_000 });
    await sys.settled();
    const [scans] = (await sys.query('slotScans', { slotId: day.slotId })).body;
    const bulk = scans.scans
      .map((x: { code: string }) => x.code)
      .filter((c: string) => c.startsWith('BULK-'));
    expect(bulk).toEqual(
      Array.from({ length: 200 }, (_, i) => `BULK-${String(i).padStart(3, '0')}`),
    );
  }, 180_000);

  it('a queue replayed after the route went to another courier: each report refused with its reason, kept until dismissed, nothing applied', async () => {
    await context.setOffline(false);
    const d = await bookStop(sys, day.departmentId, day.customerId, {
      name: 'Nils Dahl',
      address: 'Pilestredet 20',
      lat: 59.92,
    });
    expect(
      (await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [d.id], slotId: day.slotId }))
        .status,
    ).toBe(200);
    await sys.settled();
    await page.reload();
    await stop(d.id, 'pickup').waitFor();
    await context.setOffline(true);
    await page.getByTestId('offline-notice').waitFor();
    await scanOffline(d.gsin, 'Picked up');
    await stop(d.id, 'pickup').getByRole('button', { name: 'Picked up' }).click();
    expect(await waitingCount('2 reports waiting to be sent')).toBe('2 reports waiting to be sent');
    const other = await createCourier(sys, [day.departmentId], 'Eva Bud');
    expect(
      (await sys.command('ASSIGN_COURIER_TO_SLOT', { slotId: day.slotId, courierId: other.id }))
        .status,
    ).toBe(200);
    await sys.settled();
    const before = (await sys.query('slotScans', { slotId: day.slotId })).body[0].scans.length;
    await context.setOffline(false);
    const refused = page.getByTestId('report-refused');
    await refused.nth(1).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('reports-waiting').count()).toBe(0);
    const texts = await refused.allInnerTexts();
    expect(texts[0]).toContain(`Not accepted: Scan · ${d.gsin}`);
    expect(texts[1]).toContain(`Not accepted: Picked up · ${osloAddress.name}`);
    for (const t of texts) expect(t).toContain('no longer one you are driving');
    await sys.settled();
    expect((await sys.query('consignments', { ids: [d.id] })).body[0].state).not.toBe('COLLECTED');
    expect((await sys.query('slotScans', { slotId: day.slotId })).body[0].scans.length).toBe(
      before,
    );
    await screenshot(page, 'courier-offline-refused');
    // Kept on the phone until the courier dismisses each.
    await page.reload();
    await refused.nth(1).waitFor();
    await page.getByRole('button', { name: `Dismiss: ${d.gsin}` }).click();
    await page.reload();
    await refused.first().waitFor();
    expect(await refused.count()).toBe(1);
    expect(await refused.innerText()).toContain(`Picked up · ${osloAddress.name}`);
  });
});
