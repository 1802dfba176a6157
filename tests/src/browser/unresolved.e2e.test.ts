import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import {
  assertWebAppBuilt,
  launchBrowser,
  loopbackTileEnv,
  openAs,
  serveTiles,
} from '../support/browser.js';
import { createDepartment } from '../support/planning.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * Unresolved addresses in a browser (spec §2 `/coordinates`, `/unresolved`, §8 notice;
 * docs/decisions/0053): the notice on the shipments page with the count leads to the screen; an
 * address booked twice is one line; a pin dropped on the map resolves both orders; the list
 * follows what others resolve; without PLANNER_UNRESOLVED the screen is not found.
 */
describe('unresolved addresses screen', () => {
  let sys: TestSystem;
  let browser: Browser;
  let oslo: string;
  let planner: Session;
  const date = bookingDate(1);
  const errors: string[] = [];
  const pages: Page[] = [];

  const book = async (address: string) => {
    const res = await sys.command('CREATE_ORDER', {
      departmentId: oslo,
      customerId: '1',
      pickupDate: date,
      pickup: osloAddress,
      // No such postal code: the gazetteer cannot place it (state UNRESOLVED).
      delivery: {
        name: 'Kari Nordmann',
        address,
        zipCode: '0000',
        zipArea: 'Nowhere',
        countryCode: 'NO',
      },
      measurements: [{ weight: 2, quantity: 1 }],
    });
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };
  const open = async (session: Session, path: string) => {
    const page = await openAs(browser, sys.url, path, session, errors);
    await serveTiles(page.context());
    pages.push(page);
    return page;
  };
  const orderState = async (id: string) =>
    (
      (await sys.query('orders', { ids: [id] })).body as {
        state: string;
        order: { delivery: { lat: number | null } };
      }[]
    )[0]!;

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem({ env: loopbackTileEnv });
    browser = await launchBrowser();
    await configureNumberSeries(sys);
    oslo = await createDepartment(sys, 'Oslo', { lat: 59.91, lng: 10.75 });
    expect((await sys.command('CREATE_CUSTOMER', { name: 'Nordlys Apotek' })).body.ids).toEqual([
      '1',
    ]);
    planner = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo],
    });
  }, 120_000);

  afterAll(async () => {
    for (const p of pages) await p.context().close();
    await browser?.close();
    await sys?.shutdown();
  });

  const twins: string[] = [];
  let single = '';

  it('S8-ERR-014 S2-ROUTE-083: the shipments page shows the count of unresolved addresses; the notice leads to /planner/{dep}/coordinates', async () => {
    twins.push(await book('Ukjentveien 1'), await book('ukjentveien 1,'));
    single = await book('Glemtgata 7');
    await book('Borteveien 3');
    await sys.settled();
    const page = await open(planner, `/planner/${oslo}/shipments`);
    const notice = page.getByTestId('unresolved-notice');
    await expect(notice.textContent({ timeout: 20_000 })).resolves.toContain(
      '3 addresses could not be placed on the map',
    );
    await notice.getByRole('link').click();
    await page.waitForURL(`**/planner/${oslo}/coordinates`);
    await page.getByTestId('unresolved-line').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('S2-ROUTE-041 S2-ROUTE-040: each address with its orders; a pin dropped on the map resolves every order of the address; /unresolved is the same screen and follows what others resolve', async () => {
    const page = await open(planner, `/planner/${oslo}/coordinates`);
    const lines = page.getByTestId('unresolved-line');
    await lines.first().waitFor({ timeout: 20_000 });
    expect(await lines.allTextContents()).toEqual([
      'Ukjentveien 1, 0000 Nowhere2 orders',
      'Borteveien 3, 0000 Nowhere1 order',
      'Glemtgata 7, 0000 Nowhere1 order',
    ]);
    // The first line is open: its address as booked, its two orders.
    await expect(page.getByTestId('unresolved-address').textContent()).resolves.toBe(
      'Ukjentveien 1, 0000 Nowhere (NO)',
    );
    const map = page.getByTestId('pin-map');
    await map.locator('img.leaflet-tile-loaded').first().waitFor({ timeout: 15_000 });
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 40, box.y + box.height / 2 - 20);
    await expect(map.getAttribute('data-pin')).resolves.toMatch(/^59\.\d+,10\.\d+$/);
    const [lat, lng] = (await map.getAttribute('data-pin'))!.split(',').map(Number);
    await page.getByRole('button', { name: 'Place all 2 orders here' }).click();
    await page.getByText('Placed: 2 orders').waitFor();
    // The placed address's line goes (three were shown).
    await lines.nth(2).waitFor({ state: 'detached', timeout: 20_000 });
    await sys.settled();
    for (const id of twins) {
      const row = await orderState(id);
      expect([row.state, row.order.delivery.lat]).toEqual(['RESOLVED', expect.closeTo(lat!, 5)]);
    }
    expect(lng).toBeGreaterThan(10);

    // Another planner places an address: the open screen (here under /unresolved) follows.
    const other = await open(planner, `/planner/${oslo}/unresolved`);
    await other.getByTestId('unresolved-line').first().waitFor({ timeout: 20_000 });
    expect(await other.getByTestId('unresolved-line').count()).toBe(2);
    expect(
      (
        await sys.command('RESOLVE_ADDRESS', {
          consignmentId: single,
          side: 'delivery',
          lat: 59.93,
          lng: 10.76,
        })
      ).status,
    ).toBe(200);
    await other
      .getByTestId('unresolved-line')
      .nth(1)
      .waitFor({ state: 'detached', timeout: 20_000 });
    expect(await other.getByTestId('unresolved-line').allTextContents()).toEqual([
      'Borteveien 3, 0000 Nowhere1 order',
    ]);
    expect(errors).toEqual([]);
  });

  it('S6-FLAG-027: without PLANNER_UNRESOLVED the screens are not found and the notice has no link; a read-only planner is offered no Resolve', async () => {
    const shipmentsOnly = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo],
      access: ['PLANNER_SHIPMENTS'],
    });
    for (const path of ['coordinates', 'unresolved']) {
      const page = await open(shipmentsOnly, `/planner/${oslo}/${path}`);
      await page.getByTestId('not-found').waitFor({ timeout: 20_000 });
    }
    const shipments = await open(shipmentsOnly, `/planner/${oslo}/shipments`);
    const notice = shipments.getByTestId('unresolved-notice');
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.getByRole('link').count()).toBe(0);
    const readOnly = await sys.login({
      phoneNumber: freshPhone(),
      role: 'READ_ONLY_PLANNER',
      departmentIds: [oslo],
    });
    const page = await open(readOnly, `/planner/${oslo}/coordinates`);
    await page.getByTestId('unresolved-line').first().waitFor({ timeout: 20_000 });
    await page.getByTestId('pin-map').waitFor();
    expect(await page.getByRole('button', { name: /Place/ }).count()).toBe(0);
  });
});
