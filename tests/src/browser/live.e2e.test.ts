import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RoutePoint, SlotView } from '@nordlog/contracts';
import type { Browser, Page } from 'playwright-core';
import {
  assertWebAppBuilt,
  launchBrowser,
  loopbackTileEnv,
  openAs,
  screenshot,
  serveTiles,
} from '../support/browser.js';
import { startDemoDay, type DemoDay } from '../support/demoDay.js';
import type { Session, TestSystem } from '../support/system.js';

/**
 * The live view and the routes overview in a real browser (ui/src/planner/live): on the demo day
 * (Oslo's three slots, the first driven by the demo courier), the overview lists the slots with
 * their figures, sorts them and follows a delivery; a row opens the slot on the live view; there
 * the courier's position reports move its marker and the remaining stops' estimated arrivals
 * without a reload, and a delivered stop turns done.
 */
describe('live view and routes overview in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let planner: Session;
  let courier: Session;
  let driven: string;
  const oslo = '1';
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());
  const pageErrors: string[] = [];
  const tileRequests: string[] = [];
  let page: Page;

  const daySlots = async (): Promise<SlotView[]> => {
    await sys.settled();
    const res = await sys.as(planner).query('slots', {
      departmentIds: [oslo],
      fromDate: today,
      toDate: today,
      includeProgress: true,
    });
    expect(res.status).toBe(200);
    return res.body as SlotView[];
  };
  /** The driven slot's stops the courier has not reached, of consignments it has collected. */
  const collectedDeliveries = async (): Promise<RoutePoint[]> =>
    ((await daySlots()).find((s) => s.id === driven)!.routePoints ?? []).filter(
      (p) => p.type === 'delivery' && !p.done && p.state === 'COLLECTED',
    );
  let report: DemoDay['report'];

  /**
   * Where the live map shows places (page pixels, by Web Mercator from the map's centre and zoom
   * its element reports), the colour of the stops' canvas at each place's ring (10.5 px right of
   * it, the middle of the 3 px border of a circle 24 px across: nearer the fill, a done stop's
   * grey blends in) and inside it (7 px above, clear of the number), and the focused route's line
   * colour.
   */
  const stopsOnCanvas = (places: [number, number][]) =>
    page.evaluate<{
      points: { x: number; y: number }[];
      rings: number[][];
      fills: number[][];
      routeColour: number[];
    }>(`(() => {
      const map = document.querySelector('[data-testid=live-map] .leaflet-container');
      const scale = 256 * 2 ** Number(map.dataset.zoom);
      const x = (lng) => ((lng + 180) / 360) * scale;
      const y = (lat) => {
        const s = Math.sin((lat * Math.PI) / 180);
        return (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * scale;
      };
      const box = map.getBoundingClientRect();
      const points = ${JSON.stringify(places)}.map(([lat, lng]) => ({
        x: box.left + box.width / 2 + x(lng) - x(Number(map.dataset.lng)),
        y: box.top + box.height / 2 + y(lat) - y(Number(map.dataset.lat)),
      }));
      const canvas = document.querySelector('.leaflet-stops-pane canvas');
      const at = canvas.getBoundingClientRect();
      const k = canvas.width / at.width;
      const ctx = canvas.getContext('2d');
      const pixel = (x, y) =>
        [...ctx.getImageData(Math.round((x - at.left) * k), Math.round((y - at.top) * k), 1, 1).data].slice(0, 3);
      const rings = points.map((p) => pixel(p.x + 10.5, p.y));
      const fills = points.map((p) => pixel(p.x, p.y - 7));
      const stroke = document
        .querySelector('.leaflet-overlay-pane path[stroke-opacity="0.85"]')
        .getAttribute('stroke');
      const routeColour = [1, 3, 5].map((i) => parseInt(stroke.slice(i, i + 2), 16));
      return { points, rings, fills, routeColour };
    })()`);

  beforeAll(async () => {
    assertWebAppBuilt();
    ({ sys, planner, courier, driven, report } = await startDemoDay({ env: loopbackTileEnv }));
    browser = await launchBrowser();
    // Opened on a page without a map, so the tile route is in place before any tile is asked for.
    page = await openAs(browser, sys.url, '/planner', planner, pageErrors);
    await serveTiles(page.context(), tileRequests);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  const goto = (path: string) => page.goto(`${sys.url}${path}`);
  const rowIds = () =>
    page
      .getByTestId('overview-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-slot-id')));
  const cell = (slotId: string, column: string) =>
    page.locator(`[data-testid=overview-row][data-slot-id="${slotId}"] [data-column=${column}]`);

  it('S2-ROUTE-050: the routes overview lists the day’s slots with their figures, sorts them and follows a delivery live', async () => {
    const slots = await daySlots();
    expect(slots.map((s) => s.name)).toEqual(['Morning 1', 'Morning 2', 'Afternoon']);
    await goto(`/planner/${oslo}/routes-overview/${today}`);
    await page.getByRole('heading', { name: /^Routes overview/ }).waitFor();
    await page.getByTestId('overview-row').nth(2).waitFor();
    expect(await rowIds()).toEqual(slots.map((s) => s.id));
    for (const s of slots) {
      expect(await cell(s.id, 'slot').textContent()).toBe(s.name);
      expect(await cell(s.id, 'distance').textContent()).toBe(s.totals!.distanceKm.toFixed(1));
      expect(await cell(s.id, 'stops').textContent()).toBe(
        `${s.progress!.done} done / ${s.progress!.left} left`,
      );
      expect(await cell(s.id, 'late').textContent()).toBe(String(s.totals!.late));
      expect(await cell(s.id, 'load').textContent()).toContain(`Packages: ${s.load!.count}`);
    }
    expect(await cell(driven, 'courier').textContent()).toBe('Kim Courier');
    expect(await cell(driven, 'unit').textContent()).toBe('Oslo van 1');
    expect(await cell(driven, 'state').textContent()).toBe('In progress');
    expect(await cell(driven, 'load').textContent()).toContain(
      `Packages: ${slots[0]!.load!.count} / 120`,
    );

    // Sorted by distance, both ways, and by name.
    const byDistance = [...slots].sort((a, b) => a.totals!.distanceKm - b.totals!.distanceKm);
    const distance = page.getByRole('columnheader', { name: 'Distance (km)' });
    await distance.getByRole('button').click();
    await page.locator('th[aria-sort=ascending]', { hasText: 'Distance (km)' }).waitFor();
    expect(await rowIds()).toEqual(byDistance.map((s) => s.id));
    await distance.getByRole('button').click();
    await page.locator('th[aria-sort=descending]', { hasText: 'Distance (km)' }).waitFor();
    expect(await rowIds()).toEqual(byDistance.reverse().map((s) => s.id));
    await page.getByRole('columnheader', { name: 'Slot' }).getByRole('button').click();
    await page.locator('th[aria-sort=ascending]', { hasText: 'Slot' }).waitFor();
    expect(await rowIds()).toEqual(
      [...slots].sort((a, b) => a.name.localeCompare(b.name)).map((s) => s.id),
    );

    // The courier delivers a collected shipment: the row's stops follow without a reload.
    const [stop] = await collectedDeliveries();
    expect(stop).toBeDefined();
    const before = slots[0]!.progress!;
    const res = await sys
      .as(courier)
      .command('MANUAL_DELIVER', { consignmentIds: [stop!.consignmentId] });
    expect(res.status).toBe(200);
    await cell(driven, 'stops')
      .filter({ hasText: `${before.done + 1} done / ${before.left - 1} left` })
      .waitFor();
    await screenshot(page, 'routes-overview');
  });

  it('S2-ROUTE-031: a row opens the live view of its slot, focused, with its stops in order', async () => {
    const slot = (await daySlots()).find((s) => s.id === driven)!;
    await goto(`/planner/${oslo}/routes-overview/${today}`);
    await cell(driven, 'distance').click();
    await page.waitForURL(`**/planner/${oslo}/live/${today}/slots/${driven}`);
    await page.getByRole('heading', { name: 'Stops of Morning 1' }).waitFor();
    const stops = page.getByTestId('live-stop');
    await stops.nth(slot.routePoints!.length - 1).waitFor();
    expect(
      await stops.evaluateAll((els) => els.map((e) => e.getAttribute('data-stop-key'))),
    ).toEqual(slot.routePoints!.map((p) => p.key));
    // The focused route's stops are numbered on the map, done ones marked: the stops' canvas
    // lists them (its fallback content, never drawn)...
    const markers = page.getByTestId('live-stop-marker');
    await markers.first().waitFor({ state: 'attached' });
    const located = slot.routePoints!.filter((p) => p.lat !== null);
    expect(await markers.count()).toBe(located.length);
    expect(await page.locator('[data-testid=live-stop-marker][data-done=true]').count()).toBe(
      located.filter((p) => p.done).length,
    );
    // ...and draws them where they are: the ring of each stop clear of the others is in the route's colour on the canvas,
    // and the pointer on a stop (one clear of the others) shows its number and name.
    const view = await stopsOnCanvas(located.map((p) => [p.lat!, p.lng!]));
    const apart = located
      .map((_, i) => i)
      .filter((i) =>
        view.points.every(
          (q, j) => j === i || Math.hypot(q.x - view.points[i]!.x, q.y - view.points[i]!.y) > 30,
        ),
      );
    expect(apart.length).toBeGreaterThan(0);
    for (const i of apart) expect(view.rings[i]).toEqual(view.routeColour);
    const clear = apart[0]!;
    await page.mouse.move(view.points[clear]!.x, view.points[clear]!.y);
    await page
      .locator('.leaflet-tooltip')
      .filter({ hasText: `${located[clear]!.sequence}. ${located[clear]!.name} · ` })
      .waitFor();
    await page.mouse.move(0, 0);
  });

  it('S2-ROUTE-030 S2-ROUTE-032 S9-CONST-045 S9-CONST-049 S7-CALL-052 S4-STATE-021: the live view of a day: default map view without routes, tiles at z/x/y, the slot filter groups', async () => {
    await goto(`/planner/${oslo}/live/2020-01-06`);
    await page.getByText('No slots on this day').waitFor();
    const map = page.locator('.leaflet-container');
    await map.and(page.locator('[data-zoom]')).waitFor();
    expect(await map.getAttribute('data-zoom')).toBe('12');
    expect(await map.getAttribute('data-lat')).toBe('59.911525');
    expect(await map.getAttribute('data-lng')).toBe('10.75425');
    await page.locator('.leaflet-tile-loaded').first().waitFor();
    expect(tileRequests.length).toBeGreaterThan(0);
    for (const url of tileRequests)
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:9\/tiles\/\d+\/\d+\/\d+\.png$/);

    await goto(`/planner/${oslo}/live2/${today}`);
    await page.getByRole('heading', { name: /^Live/ }).waitFor();
    const listed = page.getByTestId('live-slot');
    await listed.nth(2).waitFor();
    const ids = () => listed.evaluateAll((els) => els.map((e) => e.getAttribute('data-slot-id')));
    const slots = await daySlots();
    expect(await ids()).toEqual(slots.map((s) => s.id));
    // Spec §4 groups: active (the driven slot), not started (the other two), completed (none).
    await page.getByRole('checkbox', { name: 'Active', exact: true }).uncheck();
    await page
      .locator(`[data-testid=live-slot][data-slot-id="${driven}"]`)
      .waitFor({ state: 'detached' });
    expect(await ids()).toEqual(slots.filter((s) => s.id !== driven).map((s) => s.id));
    await page.getByRole('checkbox', { name: 'Not started', exact: true }).uncheck();
    await page.getByText('No slots on this day').waitFor();
    await page.getByRole('checkbox', { name: 'Active', exact: true }).check();
    await listed.first().waitFor();
    expect(await ids()).toEqual([driven]);
    await screenshot(page, 'live-day');
  });

  it('on an open live view a position report moves the courier’s marker and the estimated arrivals without a reload; a delivered stop turns done', async () => {
    await goto(`/planner/${oslo}/live/${today}/slots/${driven}`);
    await page.getByRole('heading', { name: 'Stops of Morning 1' }).waitFor();
    await page.evaluate('window.__sameDocument = true');
    const slot = (await daySlots()).find((s) => s.id === driven)!;
    // The next stop the courier drives to: its arrival follows the courier's position directly.
    const next = slot.routePoints!.find((p) => !p.done && p.lat !== null)!;
    const remaining = slot.routePoints!.filter((p) => !p.done && p.type !== 'rest_break');
    const time = (key: string) =>
      page.locator(`[data-testid=live-stop][data-stop-key="${key}"] [data-testid=stop-time]`);
    const marker = page.getByTestId('courier-marker');
    const times = () => Promise.all(remaining.map((p) => time(p.key).textContent()));

    // Near the next stop, then 40 km north of it.
    const now = Date.now();
    await report(next.lat! + 0.001, next.lng!, new Date(now));
    await page.locator(`[data-testid=courier-marker][data-lat="${next.lat! + 0.001}"]`).waitFor();
    await time(next.key)
      .filter({ hasText: /^Expected \d\d:\d\d/ })
      .waitFor();
    const nearBox = (await marker.boundingBox())!;
    const nearTimes = await times();
    for (const text of nearTimes) expect(text).toMatch(/^Expected \d\d:\d\d/);

    await report(next.lat! + 0.36, next.lng!, new Date(now + 1000));
    await page.locator(`[data-testid=courier-marker][data-lat="${next.lat! + 0.36}"]`).waitFor();
    await time(next.key)
      .filter({ hasNotText: nearTimes[remaining.indexOf(next)]! })
      .waitFor();
    const farBox = (await marker.boundingBox())!;
    expect(farBox.y).toBeLessThan(nearBox.y);
    // About 50 km more by road at a van's 30 km/h: every estimate is later or (waiting for a
    // window that opens later still) the same, and the next stop's is later.
    const farTimes = await times();
    for (const text of farTimes) expect(text).toMatch(/^Expected \d\d:\d\d/);
    expect(farTimes).not.toEqual(nearTimes);

    // The courier delivers a collected shipment: its stop turns done, on the list and on the map.
    const [first] = await collectedDeliveries();
    // Its circle on the canvas is white (it stands clear of the other stops at this view)...
    const located = slot.routePoints!.filter((p) => p.lat !== null);
    const at = located.findIndex((p) => p.key === first!.key);
    const drawn = () => stopsOnCanvas(located.map((p) => [p.lat!, p.lng!]));
    const before = await drawn();
    expect(
      before.points.every(
        (q, j) =>
          j === at || Math.hypot(q.x - before.points[at]!.x, q.y - before.points[at]!.y) > 30,
      ),
    ).toBe(true);
    expect(before.fills[at]).toEqual([255, 255, 255]);
    const res = await sys
      .as(courier)
      .command('MANUAL_DELIVER', { consignmentIds: [first!.consignmentId] });
    expect(res.status).toBe(200);
    await page
      .locator(`[data-testid=live-stop][data-stop-key="${first!.key}"][data-done=true]`)
      .waitFor();
    expect(await time(first!.key).textContent()).toBe('Done');
    await page
      .locator(`[data-testid=live-stop-marker][data-stop-key="${first!.key}"][data-done=true]`)
      .waitFor({ state: 'attached' });
    // ...and filled grey once done.
    for (let i = 0; (await drawn()).fills[at]!.join() !== '97,97,97'; i++) {
      expect(i).toBeLessThan(50);
      await page.waitForTimeout(100);
    }
    expect(await page.evaluate('window.__sameDocument')).toBe(true);
    await screenshot(page, 'live-slot');
    expect(pageErrors).toEqual([]);
  });
});
