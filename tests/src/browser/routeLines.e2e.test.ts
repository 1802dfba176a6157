import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoUsers, seedDemoData, seedDemoUsers } from '@nordlog/deploy';
import { silentLogger } from '@nordlog/platform';
import type { Browser, Locator, Page } from 'playwright-core';
import { bookingDate } from '../support/booking.js';
import {
  assertWebAppBuilt,
  launchBrowser,
  loopbackTileEnv,
  openAs,
  screenshot,
  serveTiles,
} from '../support/browser.js';
import { startRun, waitForRun } from '../support/optimizing.js';
import { accessibility } from '../support/walk.js';
import { startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * Routes drawn where planning happens (issue 36 §2, docs/decisions/0037-planmap.md), in a real
 * browser: the planning board's map (Show map), the planner map page and the suggested route's
 * comparison draw a slot's route place by place in its route order, which each line's path
 * element tells as Leaflet holds it (`data-latlngs`); the comparison draws the current route
 * solid and the suggestion dashed in the slot's colour.
 */

type Point = { key: string; type: string; lat: number | null; lng: number | null };
type Stop = { kind: string; consignmentId?: string };
interface Slot {
  id: string;
  name: string;
  state: string;
  unitId: string | null;
  stops: Stop[];
  routePoints: Point[];
}

/** A route's places in its order, as the maps draw it: breaks and placeless stops passed over. */
const placesOf = (points: Point[]) =>
  points.flatMap((p) =>
    p.type !== 'rest_break' && p.lat !== null && p.lng !== null ? [[p.lat, p.lng]] : [],
  );

const LINE = 'path.nl-route-line';

describe('route lines on the planning maps in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let planner: Session;
  const oslo = '1';
  const today = bookingDate(0);
  const pageErrors: string[] = [];
  /** The slot whose route the tests follow (driven backwards: an order no sort would give). */
  let slot: Slot;

  const daySlots = async (): Promise<Slot[]> => {
    await sys.settled();
    const res = await sys.as(planner).query('slots', {
      departmentIds: [oslo],
      fromDate: today,
      toDate: today,
      includeProgress: false,
    });
    expect(res.status).toBe(200);
    return res.body as Slot[];
  };

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem({ env: loopbackTileEnv });
    const run = (name: string, payload: unknown) => sys.run(name, payload);
    const plan = await seedDemoData(run, silentLogger(), 30);
    await seedDemoUsers(run, silentLogger(), plan);
    planner = await sys.signIn(demoUsers.find((u) => u.role === 'PLANNER')!.phoneNumber);
    const consignmentsOf = (s: Slot) => [
      ...new Set(s.stops.flatMap((x) => (x.consignmentId ? [x.consignmentId] : []))),
    ];
    const chosen = (await daySlots()).find(
      (s) => s.state !== 'IN_PROGRESS' && consignmentsOf(s).length >= 3,
    );
    expect(chosen).toBeDefined();
    // Its route driven backwards, consignment by consignment (each keeps its own stops' order,
    // a pickup before its delivery), its breaks after the first: a break the lines pass over.
    const backwards: Stop[] = consignmentsOf(chosen!)
      .reverse()
      .flatMap((id) => chosen!.stops.filter((x) => x.consignmentId === id));
    backwards.splice(1, 0, ...chosen!.stops.filter((x) => x.kind === 'rest_break'));
    const updated = await sys.command('UPDATE_ROUTE', { slotId: chosen!.id, stops: backwards });
    if (updated.status !== 200) throw new Error(`UPDATE_ROUTE: ${JSON.stringify(updated.body)}`);
    slot = (await daySlots()).find((s) => s.id === chosen!.id)!;
    expect(placesOf(slot.routePoints).length).toBeGreaterThanOrEqual(3);
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  /** Opens a page with the map tiles served on the machine. */
  async function open(path: string): Promise<Page> {
    const page = await openAs(browser, sys.url, '/planner', planner, pageErrors);
    await serveTiles(page.context());
    await page.goto(`${sys.url}${path}`);
    return page;
  }

  /**
   * Waits until the scope draws the slot's line (of `kind`) through `places` in that order, and
   * answers how it is drawn; a line drawn otherwise fails with the places it holds.
   */
  async function lineThrough(
    scope: Locator,
    slotId: string,
    kind: 'current' | 'suggested',
    places: number[][],
  ) {
    const line = scope.locator(`${LINE}[data-slot-id="${slotId}"][data-kind="${kind}"]`);
    try {
      await line.and(scope.locator(`[data-latlngs="${JSON.stringify(places)}"]`)).waitFor({
        state: 'attached',
        timeout: 20_000,
      });
    } catch {
      const held = await line.getAttribute('data-latlngs', { timeout: 1000 }).catch(() => null);
      expect(held === null ? 'no line' : JSON.parse(held)).toEqual(places);
    }
    return {
      stroke: await line.getAttribute('stroke'),
      dash: await line.getAttribute('stroke-dasharray'),
      // Leaflet's path: a move and at least one segment (a line off the map draws `M0 0`).
      d: (await line.getAttribute('d')) ?? '',
    };
  }

  it('the board’s Show map draws each slot’s route in its unit’s colour, place by place in route order; Hide map closes it', async () => {
    const page = await open(`/planner/${oslo}/planning/${today}`);
    await page.locator(`[data-testid=slot-card][data-slot-id="${slot.id}"]`).waitFor();
    expect(await page.getByTestId('planning-map').count()).toBe(0);
    await page.getByRole('button', { name: 'Show map' }).click();
    const map = page.getByRole('region', { name: "Map of the day's routes" });
    await map.waitFor();
    const drawn = await lineThrough(map, slot.id, 'current', placesOf(slot.routePoints));
    expect(drawn.d).toMatch(/^M[\d.-]+ [\d.-]+L/);
    expect(drawn.dash).toBeNull();
    // The unit's colour (the live map's), else the palette's; the legend names it.
    const units = (await sys.as(planner).query('units', { departmentIds: [oslo] })).body as {
      id: string;
      color: string | null;
    }[];
    const unitColour = units.find((u) => u.id === slot.unitId)?.color?.toLowerCase();
    if (unitColour && unitColour !== '#ffffff') expect(drawn.stroke).toBe(unitColour);
    const legend = page.locator(`[data-testid=planning-map-legend][data-slot-id="${slot.id}"]`);
    expect(await legend.textContent()).toBe(slot.name);
    expect(await legend.getAttribute('data-colour')).toBe(drawn.stroke);
    // Every slot with two places or more has its line, each its own colour among the first few.
    const slots = await daySlots();
    const withLines = slots.filter((s) => placesOf(s.routePoints).length > 1);
    for (const s of withLines) await lineThrough(map, s.id, 'current', placesOf(s.routePoints));
    expect(await map.locator(LINE).count()).toBe(withLines.length);
    await screenshot(page, 'route-lines-board');
    // The open map, its legend and its toggle pass the walk's accessibility checks (axe-core).
    expect(await accessibility(page)).toEqual([]);

    // A stop moved up on the slot's card: the line follows the new order.
    const cardOf = page.locator(`[data-testid=slot-card][data-slot-id="${slot.id}"]`);
    const ups = cardOf.getByRole('button', { name: /^Move stop .* up$/ });
    let moved = false;
    for (let i = (await ups.count()) - 1; i >= 0 && !moved; i--)
      if (await ups.nth(i).isEnabled()) {
        await ups.nth(i).click();
        moved = true;
      }
    expect(moved).toBe(true);
    const before = placesOf(slot.routePoints);
    for (let i = 0; i < 100; i++) {
      const now = (await daySlots()).find((s) => s.id === slot.id)!;
      if (JSON.stringify(placesOf(now.routePoints)) !== JSON.stringify(before)) {
        slot = now;
        break;
      }
    }
    expect(placesOf(slot.routePoints)).not.toEqual(before);
    await lineThrough(map, slot.id, 'current', placesOf(slot.routePoints));
    await page.getByRole('button', { name: 'Hide map' }).click();
    await map.waitFor({ state: 'detached' });
    await page.context().close();
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('the planner map draws each planned slot’s route beneath its markers, in route order, in the markers’ slot colour', async () => {
    const page = await open(`/planner/${oslo}/map?date=${today}`);
    await page.getByRole('heading', { name: 'Map · Oslo Courier' }).waitFor();
    const map = page.getByTestId('planner-map');
    const drawn = await lineThrough(map, slot.id, 'current', placesOf(slot.routePoints));
    expect(drawn.d).toMatch(/^M[\d.-]+ [\d.-]+L/);
    // The colour the legend (and the slot's markers) has.
    const legend = page.getByTestId('map-legend').filter({ hasText: slot.name });
    expect(await legend.getAttribute('data-colour')).toBe(drawn.stroke);
    // Beneath the markers: in Leaflet's overlay pane, which lies under its marker pane.
    expect(
      await map.locator(`.leaflet-overlay-pane ${LINE}[data-slot-id="${slot.id}"]`).count(),
    ).toBe(1);
    await page.locator('[data-testid=map-marker], [data-testid=map-cluster]').first().waitFor();
    await screenshot(page, 'route-lines-map');
    await page.context().close();
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('the suggested route’s comparison draws the current route solid and the suggestion dashed, both in the slot’s colour and order', async () => {
    const run = await waitForRun(
      sys,
      await startRun(sys, 'CREATE_SUGGESTED_ROUTE', { slot: slot.id }),
      ['COMPLETED', 'FAILED'],
    );
    expect(run.state).toBe('COMPLETED');
    await sys.settled();
    const suggestions = (
      await sys.as(planner).query('routeSuggestions', { departmentIds: [oslo], date: today })
    ).body as { slotId: string; routePoints: Point[] }[];
    const suggestion = suggestions.find((s) => s.slotId === slot.id)!;
    expect(suggestion).toBeDefined();

    const page = await open(`/planner/${oslo}/planning/${today}`);
    await page.getByRole('button', { name: `View the suggested route for ${slot.name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `Suggested route for ${slot.name}` }).waitFor();
    const map = dialog.getByRole('region', {
      name: 'Map of the current route (solid) and the suggested one (dashed)',
    });
    const current = await lineThrough(map, slot.id, 'current', placesOf(slot.routePoints));
    const suggested = await lineThrough(
      map,
      slot.id,
      'suggested',
      placesOf(suggestion.routePoints),
    );
    expect(current.dash).toBeNull();
    expect(suggested.dash).toBe('10 8');
    expect(suggested.stroke).toBe(current.stroke);
    expect(await map.locator(LINE).count()).toBe(2);
    await screenshot(page, 'route-lines-suggestion');
    await page.context().close();
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
