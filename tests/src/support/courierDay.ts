import type { Browser, BrowserContext, Page } from 'playwright-core';
import { bookingDate, configureNumberSeries, osloAddress } from './booking.js';
import { loginByToken } from './browser.js';
import { createCourier, createDepartmentWithCustomer, createSlot } from './planning.js';
import type { TestSystem } from './system.js';

/**
 * A courier's day for the courier page's browser tests (issue 42): a department with a customer,
 * the courier, today's slot (Oslo's date) with its orders on it, and the courier's phone logged
 * in on its page.
 */

export const todayInOslo = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());

export interface Stop {
  name: string;
  address: string;
  lat: number;
  /** Packages of one kind: `quantity` of them (each with its SSCC). */
  quantity?: number;
  phone?: string;
  /** The load carrier (cage, pallet) the order travels in. */
  loadCarrierId?: string;
}

export interface OrderOnRoute {
  id: string;
  name: string;
  /** The shipment's GSIN and its packages' SSCCs. */
  gsin: string;
  sscc: string[];
}

export interface CourierDay {
  departmentId: string;
  customerId: string;
  courier: { id: string; phoneNumber: string };
  slotId: string;
  orders: OrderOnRoute[];
}

const ok = async (sys: TestSystem, name: string, payload: unknown) => {
  const res = await sys.command(name, payload);
  if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { ids: string[] };
};

/** Books an order for delivery to `stop` tomorrow (bookingDate(1)); its id, GSIN and SSCCs. */
export async function bookStop(
  sys: TestSystem,
  departmentId: string,
  customerId: string,
  stop: Stop,
): Promise<OrderOnRoute> {
  const { ids } = await ok(sys, 'CREATE_ORDER', {
    departmentId,
    customerId,
    pickupDate: bookingDate(1),
    pickup: osloAddress,
    delivery: {
      ...osloAddress,
      name: stop.name,
      address: stop.address,
      lat: stop.lat,
      ...(stop.phone ? { phone: stop.phone } : {}),
    },
    measurements: [{ weight: 3, quantity: stop.quantity ?? 1 }],
    ...(stop.loadCarrierId ? { loadCarrierId: stop.loadCarrierId } : {}),
  });
  await sys.settled();
  const [row] = (await sys.query('orders', { ids })).body;
  return {
    id: ids[0]!,
    name: stop.name,
    gsin: row.order.shipmentId,
    sscc: row.order.measurements[0].packageIds,
  };
}

/**
 * The day: the orders booked and put on the courier's slot "Morning run" of today; the slot
 * started when `start` (the default), as a planner starts it.
 */
export async function courierDay(
  sys: TestSystem,
  stops: Stop[],
  options: { start?: boolean; courierName?: string } = {},
): Promise<CourierDay> {
  const { departmentId, customerId } = await createDepartmentWithCustomer(sys, 'Apotek');
  await configureNumberSeries(sys);
  const orders: OrderOnRoute[] = [];
  for (const stop of stops) orders.push(await bookStop(sys, departmentId, customerId, stop));
  const courier = await createCourier(sys, [departmentId], options.courierName ?? 'Ola Bud');
  const slotId = await createSlot(sys, departmentId, todayInOslo(), {
    courierId: courier.id,
    timeFrom: `${todayInOslo()}T08:00:00.000Z`,
    name: 'Morning run',
  });
  await ok(sys, 'UPDATE_CONSIGNMENT_SLOT', { consignmentIds: orders.map((o) => o.id), slotId });
  if (options.start ?? true) await ok(sys, 'CHANGE_SLOT_STATE', { slotId, transition: 'start' });
  await sys.settled();
  return { departmentId, customerId, courier, slotId, orders };
}

/**
 * A phone's browser context: 420 × 900, en-GB, its position at Oslo S, with `permissions`
 * (default the position only); `vibration` records each `navigator.vibrate` in `window.__buzz`
 * (Chromium on a desktop has no vibration).
 */
export async function phoneContext(
  browser: Browser,
  options: { permissions?: string[]; vibration?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 420, height: 900 },
    locale: 'en-GB',
    permissions: options.permissions ?? ['geolocation'],
    geolocation: { latitude: 59.9139, longitude: 10.7522, accuracy: 8 },
  });
  if (options.vibration)
    await context.addInitScript(
      'window.__buzz = []; navigator.vibrate = (p) => { window.__buzz.push(p); return true; };',
    );
  return context;
}

/** The courier's phone (`phoneContext`), logged in with the token flow and on its page. */
export async function courierPhone(
  browser: Browser,
  sys: TestSystem,
  phoneNumber: string,
  options: { permissions?: string[]; vibration?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, options);
  const page = await context.newPage();
  await loginByToken(page, sys, phoneNumber);
  await page.waitForURL('**/courier**');
  return { context, page };
}

/**
 * A camera's picture as the phone would hand it over: a PNG of `width` × `height` drawn by a
 * canvas in the page (a coloured field with a white square), as bytes.
 */
export async function cameraPicture(
  page: Page,
  width: number,
  height: number,
  colour: string,
): Promise<Buffer> {
  // A string, not a function: the tests compile without the DOM's types.
  const dataUrl = await page.evaluate<string>(`(() => {
    const c = document.createElement('canvas');
    c.width = ${width};
    c.height = ${height};
    const g = c.getContext('2d');
    g.fillStyle = ${JSON.stringify(colour)};
    g.fillRect(0, 0, ${width}, ${height});
    g.fillStyle = '#fff';
    g.fillRect(${width / 6}, ${height / 4.5}, ${width / 3}, ${height / 3});
    return c.toDataURL('image/png');
  })()`);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}
