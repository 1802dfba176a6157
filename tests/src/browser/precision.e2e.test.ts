import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import {
  assertWebAppBuilt,
  launchBrowser,
  loopbackTileEnv,
  openAs,
  serveTiles,
  chooseSuggestion,
} from '../support/browser.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * Issue 36 "precision is known and shown", in a browser: the booking form marks an address the
 * geocoder placed no better than its postal-code area, and the shipments grid marks such a row,
 * with the word as accessible name and the reason as tooltip.
 */
describe('approximate addresses in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let oslo: string;
  let customer: string;
  let planner: Session;
  const date = bookingDate();
  const errors: string[] = [];

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem({ env: loopbackTileEnv });
    await configureNumberSeries(sys);
    browser = await launchBrowser();
    oslo = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo terminal',
        departmentType: 'courier',
        country: 'NO',
        location: { lat: 59.91, lng: 10.75 },
      })
    ).body.ids[0];
    customer = (
      await sys.command('CREATE_CUSTOMER', { name: 'Nordlys Apotek', departmentId: oslo })
    ).body.ids[0];
    planner = await sys.login({
      name: 'Precise Planner',
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo],
    });
    await sys.settled();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  const open = async (path: string): Promise<Page> => {
    const page = await openAs(browser, sys.url, path, planner, errors);
    await serveTiles(page.context());
    return page;
  };

  it('the booking form marks a suggestion placed at its postal-code area approximate, and a point typed by hand not', async () => {
    const page = await open(`/planner/${oslo}/booking/create`);
    await page.getByRole('heading', { name: 'New order' }).waitFor();
    const delivery = page.getByRole('region', { name: 'Delivery' });
    const search = delivery.getByLabel('Find address');
    await chooseSuggestion(page, search, 'Storgata 1, 0155', 'Storgata 1, 0155 Oslo', {
      exact: false,
    });
    const mark = delivery.getByTestId('delivery-approximate');
    await mark.waitFor();
    expect(await mark.textContent()).toBe('Approximate');
    // The reason is its tooltip, shown on focus and hover.
    await mark.focus();
    await page
      .getByRole('tooltip', { name: /Placed only at its postal-code area or town/ })
      .waitFor();
    // Coordinates typed by hand place the address itself: no mark.
    const coordinates = delivery.getByLabel('Coordinates (latitude,longitude)');
    await coordinates.fill('59.9139,10.7522');
    await coordinates.blur();
    await delivery.locator('[data-testid="map-preview"][data-lat="59.9139"]').waitFor();
    await mark.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('the shipments grid marks a delivery placed no better than its postal-code area', async () => {
    const book = async (name: string, precision: string) => {
      const res = await sys.command('CREATE_ORDER', {
        departmentId: oslo,
        customerId: customer,
        pickupDate: date,
        pickup: osloAddress,
        delivery: { ...osloAddress, name, lat: 59.92, lng: 10.76, precision },
        measurements: [{ weight: 2, quantity: 1 }],
      });
      expect(res.status).toBe(200);
      return res.body.ids[0] as string;
    };
    const rough = await book('Rough Recipient', 'postalCode');
    const exact = await book('Exact Recipient', 'address');
    await sys.settled();
    const page = await open(`/planner/${oslo}/shipments-search/${date}/${date}`);
    const row = (id: string) => page.locator(`[role=rowgroup] [role=row][data-row-id="${id}"]`);
    await row(exact).waitFor();
    const mark = row(rough).getByRole('img', { name: 'Approximate' });
    await mark.waitFor();
    expect(await mark.getAttribute('title')).toMatch(
      /^Approximate: Placed only at its postal-code/,
    );
    expect(await row(exact).getByRole('img', { name: 'Approximate' }).count()).toBe(0);
    await page.context().close();
  });

  it("a planner drags an approximate address's pin to the door; the point is kept and the next booking of the address gets it", async () => {
    const pickStorgata = async (page: Page) => {
      await page.getByRole('heading', { name: 'New order' }).waitFor();
      const delivery = page.getByRole('region', { name: 'Delivery' });
      await chooseSuggestion(
        page,
        delivery.getByLabel('Find address'),
        'Storgata 1, 0155',
        'Storgata 1, 0155 Oslo',
        { exact: false },
      );
      return delivery;
    };
    const page = await open(`/planner/${oslo}/booking/create`);
    const delivery = await pickStorgata(page);
    const map = delivery.getByTestId('map-preview');
    await map.and(page.locator('[data-draggable="true"]')).waitFor();
    const before = { lat: Number(await map.getAttribute('data-lat')) };
    expect(await delivery.getByTestId('delivery-pin-hint').textContent()).toBe(
      'Drag the pin to the door: the point is kept for this address.',
    );
    const pinned = page.waitForResponse(
      (r) => r.url().includes('/api/command/PIN_ADDRESS') && r.status() === 200,
    );
    const marker = map.locator('.leaflet-marker-icon');
    await marker.scrollIntoViewIfNeeded();
    const box = (await marker.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height - 4);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height + 36, { steps: 8 });
    await page.mouse.up();
    await delivery
      .getByTestId('delivery-pin-hint')
      .getByText('Pin moved by hand: it is kept and reused for this address.')
      .waitFor();
    await delivery.getByTestId('delivery-approximate').waitFor({ state: 'detached' });
    const moved = {
      lat: Number(await map.getAttribute('data-lat')),
      lng: Number(await map.getAttribute('data-lng')),
    };
    // Dragged down (south) on the screen.
    expect(moved.lat).toBeLessThan(before.lat);

    // Kept as the department's pin of the address…
    await pinned;
    await sys.settled();
    const pin = await sys.as(planner).query('pinnedAddress', {
      departmentId: oslo,
      address: 'Storgata 1',
      zipCode: '0155',
      countryCode: 'NO',
    });
    expect(pin.body).toMatchObject(moved);
    await page.context().close();
    // …and the next booking of the address gets it, at the door.
    const next = await open(`/planner/${oslo}/booking/create`);
    const again = await pickStorgata(next);
    await again
      .locator(`[data-testid="map-preview"][data-lat="${moved.lat}"][data-lng="${moved.lng}"]`)
      .waitFor();
    expect(await again.getByTestId('delivery-approximate').count()).toBe(0);
    await next.context().close();
  });
});
