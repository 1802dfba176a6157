import { afterAll, beforeAll, expect } from '@jest/globals';
import { demoUsers, seedDemoData, seedDemoUsers } from '@nordlog/deploy';
import { silentLogger } from '@nordlog/platform';
import type { Browser, Locator, Page } from 'playwright-core';
import { bookingDate, osloAddress } from '../support/booking.js';
import {
  assertWebAppBuilt,
  launchBrowser,
  loopbackTileEnv,
  openAs,
  serveTiles,
} from '../support/browser.js';
import { startTestSystem, type Session, type TestSystem } from '../support/system.js';

/*
 * The planner's map tests' world (map.e2e, mapMarkers.e2e): the demo day of the Oslo department,
 * a street of 50 more shipments, two to one address, a slot whose unit takes one package, a
 * planner, a browser; and the helpers the tests open and read the map with.
 */

export interface Row {
  id: string;
  shipmentId: string | null;
  state: string;
  slotId: string | null;
  deliveryLat: number | null;
  deliveryLng: number | null;
  pickupLat: number | null;
  deliveryTimeEarliest: string | null;
  deliveryTimeLatest: string | null;
}

/** Web Mercator at a zoom, in Leaflet's 256-pixel tiles. */
export function project(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const size = 256 * 2 ** zoom;
  const phi = (lat * Math.PI) / 180;
  return {
    x: ((lng + 180) / 360) * size,
    y: ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * size,
  };
}

/** The street of 50: one line of deliveries, 0.0002° (about 11 m) apart. */
export const STREET = { lat: 59.9226, lng: 10.75, step: 0.0002, count: 50 };
/** Two shipments to one address near the street: one marker of two at any zoom. */
export const TWINS = { lat: 59.9236, lng: 10.753 };
/**
 * Three shipments in Lillestrøm, 17 km east of the street: their own cluster at zoom 10 whatever
 * the demo day's stops do, so the map always has more than one cluster there.
 */
export const HAMLET = { lat: 59.956, lng: 11.049, step: 0.0002, count: 3 };
/** A view on the street at zoom 17, where nothing clusters. */
export const NEAR = { lat: 59.9226, lng: 10.751 };
/** The map's view and size as it writes them on its element (`data-*`). */
export interface View {
  lat: number;
  lng: number;
  zoom: number;
  width: number;
}
export const readView = `(() => { const d = document.querySelector('.leaflet-container').dataset;
  return { lat: Number(d.lat), lng: Number(d.lng), zoom: Number(d.zoom), width: Number(d.width) }; })()`;

/**
 * Starts the map tests' world before the tests of the describe block it is called in, and stops
 * it after them. The world's ids are read through the answer (`f.sys`, `f.street`…) once started.
 */
export function mapFixture() {
  let sys: TestSystem;
  let browser: Browser;
  let planner: Session;
  let plannerId: string;
  let street: string[];
  let twins: string[];
  let slots: string[];
  let tiny: string;
  const oslo = '1';
  /** The test's own customer. */
  let customerId: string;
  const today = bookingDate(0);
  const tileRequests: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem({ env: loopbackTileEnv });
    const run = (name: string, payload: unknown) => sys.run(name, payload);
    const plan = await seedDemoData(run, silentLogger(), 30);
    await seedDemoUsers(run, silentLogger(), plan);
    slots = plan.get(oslo)!;
    const customer = (
      await sys.command('CREATE_CUSTOMER', { name: 'Gate Kunde AS', departmentId: oslo })
    ).body.ids[0] as string;
    customerId = customer;
    const order = (
      name: string,
      address: string,
      lat: number,
      lng: number,
      zip = { zipCode: '0552', zipArea: 'Oslo' },
    ) =>
      sys.command('CREATE_ORDER', {
        departmentId: oslo,
        customerId: customer,
        pickupDate: today,
        pickup: { ...osloAddress, name: 'Gate Kunde AS' },
        delivery: { name, address, ...zip, countryCode: 'NO', lat, lng },
        measurements: [{ weight: 5, quantity: 2 }],
      });
    street = [];
    for (let i = 0; i < STREET.count; i++) {
      const lng = +(STREET.lng + i * STREET.step).toFixed(6);
      const answer = await order(`Gate ${i + 1}`, `Thorvald Meyers gate ${i + 1}`, STREET.lat, lng);
      expect(answer.status).toBe(200);
      street.push(answer.body.ids[0] as string);
    }
    twins = [];
    for (const name of ['Tvilling 1', 'Tvilling 2']) {
      const answer = await order(name, 'Markveien 35', TWINS.lat, TWINS.lng);
      expect(answer.status).toBe(200);
      twins.push(answer.body.ids[0] as string);
    }
    for (let i = 0; i < HAMLET.count; i++) {
      const lng = +(HAMLET.lng + i * HAMLET.step).toFixed(6);
      const answer = await order(`Tun ${i + 1}`, `Storgata ${i + 1}`, HAMLET.lat, lng, {
        zipCode: '2000',
        zipArea: 'Lillestrøm',
      });
      expect(answer.status).toBe(200);
    }
    // A slot whose unit takes one package: planning two shipments on it is over capacity.
    const courier = (await sys.query('couriers', { departmentIds: [oslo] })).body[0].id as string;
    const unit = await sys.command('CREATE_UNIT', {
      name: 'Tiny bike',
      alystraId: 'TINY1',
      departmentId: oslo,
      capacity: 1,
      weightCapacity: 10,
      volumeCapacity: 1,
      vehicleType: 'bicycle',
      fuelType: 'bicycle',
      courierUserIds: [courier],
    });
    expect(unit.status).toBe(200);
    tiny = (
      await sys.command('CREATE_SLOT', {
        departmentId: oslo,
        name: 'Tiny',
        timeFrom: `${today}T14:00:00.000Z`,
        unitId: unit.body.ids[0],
      })
    ).body.ids[0] as string;
    planner = await sys.signIn(demoUsers.find((u) => u.role === 'PLANNER')!.phoneNumber);
    plannerId = (await sys.as(planner).get('/auth/user')).body.id as string;
    await sys.settled();
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  /** The day's Oslo consignments as the query answers them now. */
  const dayRows = async (): Promise<Row[]> => {
    await sys.settled();
    const res = await sys.as(planner).query('consignments', {
      departmentIds: [oslo],
      fromDate: today,
      toDate: today,
      limit: 5000,
    });
    expect(res.status).toBe(200);
    return (res.body as Row[]).filter((r) => r.state !== 'DELETED');
  };

  /** Opens a page with the tiles served, and (before it loads) the map settings the user kept. */
  async function open(
    path: string,
    settings?: unknown,
    failTile?: (url: string, attempt: number) => boolean,
  ): Promise<Page> {
    const page = await openAs(browser, sys.url, '/planner', planner, pageErrors);
    await serveTiles(page.context(), tileRequests, failTile);
    if (settings)
      await page.evaluate(
        `localStorage.setItem(${JSON.stringify(storeKey())}, ${JSON.stringify(JSON.stringify(settings))})`,
      );
    await page.goto(`${sys.url}${path}`);
    await page.getByRole('heading', { name: 'Map · Oslo Courier' }).waitFor();
    await page.locator('[data-testid=map-marker], [data-testid=map-cluster]').first().waitFor();
    return page;
  }
  const at = (lat: number, lng: number, zoom: number) => ({
    autoPan: false,
    positions: { [oslo]: { lat, lng, zoom } },
  });
  const storeKey = () => `nordlog.map.${plannerId}`;
  const mapPath = `/planner/${oslo}/map`;
  const container = (page: Page) => page.locator('[data-testid=planner-map] .leaflet-container');
  const view = async (page: Page) => {
    const { lat, lng, zoom } = await page.evaluate<View>(readView);
    return { lat, lng, zoom };
  };
  /** Waits until the map's view (its element's data) passes `ok`, and answers it. */
  const viewWhere = async (page: Page, ok: (v: View) => boolean): Promise<View> => {
    for (let i = 0; i < 200; i++) {
      const v = await page.evaluate<View>(readView);
      if (ok(v)) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the map's view stayed ${JSON.stringify(await page.evaluate(readView))}`);
  };
  /** Presses a marker or cluster as a keyboard user does: its button (the icon) and Enter. */
  const press = async (icon: Locator) => {
    await icon.focus();
    await icon.page().keyboard.press('Enter');
  };
  /** Waits until the page says it shows `count` stops. */
  const showing = async (page: Page, count: number) => {
    await page
      .getByTestId('map-count')
      .filter({ hasText: new RegExp(`^${count} stops? shown$`) })
      .waitFor();
  };
  const box = async (l: Locator) => (await l.boundingBox())!;

  return {
    get sys() {
      return sys;
    },
    get street() {
      return street;
    },
    get twins() {
      return twins;
    },
    get slots() {
      return slots;
    },
    get tiny() {
      return tiny;
    },
    get customerId() {
      return customerId;
    },
    oslo,
    tileRequests,
    pageErrors,
    dayRows,
    open,
    at,
    storeKey,
    mapPath,
    container,
    view,
    viewWhere,
    press,
    showing,
    box,
  };
}
