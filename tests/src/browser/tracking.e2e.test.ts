import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  REST_BREAK,
  type RoutePoint,
  type SlotView,
  type TrackingDetails,
} from '@nordlog/contracts';
import type { Browser, Page } from 'playwright-core';
import {
  assertWebAppBuilt,
  launchBrowser,
  loopbackTileEnv,
  openAs,
  screenshot,
  serveTiles,
  chooseOption,
} from '../support/browser.js';
import { OSLO, startDemoDay, type DemoDay } from '../support/demoDay.js';
import type { Session, TestSystem } from '../support/system.js';

/**
 * The public tracking page in a real browser (issue 17 §3): a recipient opens the link without
 * logging in, sees the shipment's step, its arrival and, while its delivery is the courier's next
 * stop, where the courier is; the page follows the planner and the courier live (no reload). The
 * planner copies the link from the shipment's details. On the demo day (Oslo's first slot is
 * driven by the demo courier).
 */
describe('public tracking page in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let planner: Session;
  let courier: Session;
  let driven: string;
  let report: DemoDay['report'];
  const oslo = OSLO;
  const pageErrors: string[] = [];

  const remaining = async (): Promise<RoutePoint[]> => {
    await sys.settled();
    const slot = (await sys.query('slotById', { id: driven })).body as SlotView;
    return (slot.routePoints ?? []).filter((p) => !p.done && p.type !== REST_BREAK);
  };
  const trackingIdOf = async (orderId: string): Promise<string> => {
    await sys.settled();
    return (await sys.query('orders', { ids: [orderId] })).body[0].order.trackingId as string;
  };
  /** A page of a browser context with no session at all: the recipient's. */
  const openPublic = async (path: string): Promise<Page> => {
    const context = await browser.newContext({
      viewport: { width: 900, height: 1000 },
      locale: 'en-GB',
    });
    await serveTiles(context);
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${sys.url}${path}`);
    return page;
  };
  beforeAll(async () => {
    assertWebAppBuilt();
    ({ sys, planner, courier, driven, report } = await startDemoDay({ env: loopbackTileEnv }));
    // The courier's next stop is a delivery: the pickups before it are made.
    for (;;) {
      const [next] = await remaining();
      if (!next || next.type === 'delivery') break;
      expect(
        (await sys.as(courier).command('MANUAL_COLLECT', { consignmentIds: [next.consignmentId] }))
          .status,
      ).toBe(200);
    }
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  it('S1-GEN-029 S2-REDIR-002: a recipient opens the link without logging in and follows the courier and the delivery live', async () => {
    const stops = await remaining();
    const [next] = stops;
    const id = await trackingIdOf(next!.consignmentId!);
    await report(59.9123456, 10.7512345);
    await sys.settled();
    // The old link form leads to the page (spec §2 redirects).
    const page = await openPublic(`/tracking/${id}`);
    await page.waitForURL(`${sys.url}/track/${id}`);
    const tracking = page.getByTestId('tracking');
    await tracking.waitFor();
    expect(await tracking.getAttribute('data-stage')).toBe('onTheWay');
    expect(await page.getByTestId('tracking-stage').textContent()).toBe('On the way');
    await page.getByTestId('tracking-eta').waitFor();
    // The courier is shown rounded, on a map, while this delivery is its next stop.
    const courierBox = page.getByTestId('tracking-courier');
    await courierBox.waitFor();
    expect([
      await courierBox.getAttribute('data-lat'),
      await courierBox.getAttribute('data-lng'),
    ]).toEqual(['59.912', '10.751']);
    await page.getByTestId('map-preview').waitFor();
    await screenshot(page, 'tracking-01-on-the-way');
    // The courier moves: the page follows without a reload.
    await report(59.9212, 10.7634);
    await page
      .locator('[data-testid=tracking-courier][data-lat="59.921"][data-lng="10.763"]')
      .waitFor();
    // The planner marks it delivered: the page says so, and the courier and arrival are gone.
    expect(
      (await sys.as(planner).command('MANUAL_DELIVER', { consignmentIds: [next!.consignmentId] }))
        .status,
    ).toBe(200);
    await page.locator('[data-testid=tracking][data-stage=delivered]').waitFor();
    expect(await page.getByTestId('tracking-stage').textContent()).toBe('Delivered');
    expect(await page.getByTestId('tracking-courier').count()).toBe(0);
    expect(await page.getByTestId('tracking-eta').count()).toBe(0);
    await screenshot(page, 'tracking-02-delivered');
    // The second delivery is now next: its page shows the courier.
    const later = stops.find((s, i) => i > 0 && s.type === 'delivery');
    if (later) {
      const second = await openPublic(`/track/${await trackingIdOf(later.consignmentId!)}`);
      await second.getByTestId('tracking-eta').waitFor();
      await second.getByTestId('tracking-courier').waitFor();
      await second.context().close();
    }
    await page.context().close();
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('a link that is not a shipment’s says so, in the chosen language', async () => {
    const page = await openPublic(`/track/${'A'.repeat(22)}`);
    await page
      .getByTestId('tracking-not-found')
      .getByText('We found no shipment for this link', { exact: false })
      .waitFor();
    await chooseOption(page, page.getByLabel('Language'), 'Norsk bokmål', {
      exact: false,
      keeps: false,
    });
    await page.getByText('Vi fant ingen sending for denne lenken', { exact: false }).waitFor();
    await page.context().close();
  });

  it('S2-REDIR-009: the planner copies a shipment’s tracking link from its details: {host}/track/{id}?referrer=internal', async () => {
    const rows = (await sys.as(planner).query('consignments', { departmentIds: [oslo] })).body as {
      id: string;
      shipmentId: string;
      trackingId: string;
      date: string;
    }[];
    const row = rows[0]!;
    const page = await openAs(
      browser,
      sys.url,
      `/planner/${oslo}/shipments-search/${row.date}/${row.date}`,
      planner,
      pageErrors,
    );
    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sys.url });
    await page.getByRole('button', { name: `Actions for ${row.id}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Details' }).click();
    const details = page.getByRole('region', { name: `Shipment ${row.shipmentId}` });
    const expected = `${sys.url}/track/${row.trackingId}?referrer=internal`;
    expect(await details.getByTestId('tracking-link').getAttribute('href')).toBe(expected);
    await details.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Tracking link copied').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(expected);
    // Issue 36: the planner opens the shipment's tracking from its details, by its number.
    await details.getByRole('button', { name: 'Show tracking' }).click();
    const shown = details.getByTestId('staff-tracking');
    await shown.getByRole('heading', { name: `Shipment ${row.shipmentId}` }).waitFor();
    const answer = (await sys.as(planner).query('shipmentTracking', { reference: row.shipmentId }))
      .body as TrackingDetails;
    expect(await shown.getByTestId('tracking').getAttribute('data-stage')).toBe(answer.stage);
    await page.context().close();
    expect(pageErrors).toEqual([]);
  });
  it('issue 36: a planned shipment’s details name its slot, courier and unit, and give its stops’ numbers and planned arrivals as the board has them', async () => {
    await sys.settled();
    const slot = (await sys.as(planner).query('slotById', { id: driven })).body as SlotView;
    const visits = (slot.routePoints ?? []).filter(
      (p) => p.type === 'pickup' || p.type === 'delivery',
    );
    const number = visits.findIndex((p) => p.type === 'delivery' && !p.done) + 1;
    const stop = visits[number - 1]!;
    const row = (
      (await sys.as(planner).query('consignments', { departmentIds: [oslo] })).body as {
        id: string;
        shipmentId: string;
        date: string;
      }[]
    ).find((r) => r.id === stop.consignmentId)!;
    const courierName = (
      (await sys.as(planner).query('couriers', { departmentIds: [oslo] })).body as {
        id: string;
        name: string;
      }[]
    ).find((c) => c.id === slot.courierId)!.name;
    const unitName = (
      (await sys.as(planner).query('units', { departmentIds: [oslo] })).body as {
        id: string;
        name: string;
      }[]
    ).find((u) => u.id === slot.unitId)!.name;
    const clock = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Oslo',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(iso));
    const page = await openAs(
      browser,
      sys.url,
      `/planner/${oslo}/shipments-search/${row.date}/${row.date}`,
      planner,
      pageErrors,
    );
    await page.getByRole('button', { name: `Actions for ${row.id}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Details' }).click();
    const details = page.getByRole('region', { name: `Shipment ${row.shipmentId}` });
    const route = details.getByTestId('details-route');
    await route.getByTestId('details-route-slot').waitFor();
    expect(await route.getByTestId('details-route-slot').textContent()).toContain(slot.name);
    await route.getByText(`Courier: ${courierName} · Unit: ${unitName}`).waitFor();
    expect(await route.getByTestId('details-stop-delivery').textContent()).toContain(
      `Delivery: stop ${number} of ${visits.length}, arrives ${clock(stop.arrival)}`,
    );
    await screenshot(page, 'details-01-route');
    await page.context().close();
    expect(pageErrors).toEqual([]);
  });
});
