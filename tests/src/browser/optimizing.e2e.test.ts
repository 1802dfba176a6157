import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoUsers, seedDemoData, seedDemoUsers } from '@nordlog/deploy';
import { silentLogger } from '@nordlog/platform';
import type { Browser, Locator, Page } from 'playwright-core';
import { bookingDate, osloAddress } from '../support/booking.js';
import {
  assertWebAppBuilt,
  launchBrowser,
  openAs,
  screenshot,
  toastLifetime,
  watchToasts,
  settledValue,
  equalTo,
  chooseOption,
} from '../support/browser.js';
import { createCourier } from '../support/planning.js';
import { accessibility } from '../support/walk.js';
import type { Session, TestSystem } from '../support/system.js';
import { startTestSystem } from '../support/system.js';

/**
 * Route optimisation in a real browser (contracts' optimizing/, spec §4 optimizing run and
 * suggested route flows, §7 toasts, §8 optimiser errors): the demo planner optimises the demo
 * day of Oslo, watches the run's bar move, compares the suggested routes with the slots' own and
 * applies them all, which the board, a second board and the shipments grid show without a
 * reload; a second run cancelled half-way changes nothing; one slot's suggested route is applied
 * and another cancelled (5 s and 3 s toasts); a run the optimiser fails shows its errors under
 * the optimiser-error label; /admin/optimizing lists the day's runs, live.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Stop = { kind: string; consignmentId?: string };
const keysOf = (stops: Stop[]) =>
  stops.map((s) => (s.kind === 'rest_break' ? s.kind : `${s.consignmentId}:${s.kind}`));

describe('route optimisation in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let planner: Session;
  let admin: Session;
  let readOnly: Session;
  /** The demo department (Oslo), its customer and the demo day's slots. */
  const oslo = '1';
  let customer: string;
  let morning1: string;
  let morning2: string;
  let afternoon: string;
  const today = bookingDate(0);
  const pageErrors: string[] = [];
  let serial = 0;
  /** A courier user of the department's test units (a unit needs one). */
  let courier: string;

  const order = async (packages = 1) => {
    const n = ++serial;
    const answer = await sys.command('CREATE_ORDER', {
      departmentId: oslo,
      customerId: customer,
      pickupDate: today,
      pickup: osloAddress,
      delivery: {
        ...osloAddress,
        name: `Optimert ${n}`,
        address: `Kirkeveien ${n}`,
        lat: 59.93 + n / 500,
        lng: 10.71 + n / 400,
      },
      measurements: [{ weight: 5, quantity: packages }],
    });
    expect(answer.status).toBe(200);
    return answer.body.ids[0] as string;
  };
  const unit = async (name: string, capacity: number) => {
    const answer = await sys.command('CREATE_UNIT', {
      name,
      alystraId: name.toUpperCase().replace(/\W/g, ''),
      departmentId: oslo,
      capacity,
      weightCapacity: capacity * 50,
      volumeCapacity: 20,
      vehicleType: 'van',
      fuelType: 'diesel',
      courierUserIds: [courier],
    });
    expect(answer.status).toBe(200);
    return answer.body.ids[0] as string;
  };

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    const run = (name: string, payload: unknown) => sys.run(name, payload);
    const plan = await seedDemoData(run, silentLogger(), 30);
    await seedDemoUsers(run, silentLogger(), plan);
    const [first, second, third] = plan.get(oslo)!;
    [morning1, morning2, afternoon] = [first!, second!, third!];
    courier = (await createCourier(sys, [oslo], 'Optimiser Bud')).id;
    // The demo day's second and third slots get a van each (the first is under way).
    for (const [slotId, name] of [
      [morning2, 'Optimiser van A'],
      [afternoon, 'Optimiser van B'],
    ] as const) {
      const assigned = await sys.command('ASSIGN_UNIT_TO_SLOT', {
        slotId,
        unitId: await unit(name, 200),
      });
      expect(assigned.status).toBe(200);
    }
    await sys.settled();
    const rows = (
      await sys.query('consignments', { departmentIds: [oslo], fromDate: today, toDate: today })
    ).body as { customerId: string }[];
    customer = rows[0]!.customerId;
    // A few plannable shipments nobody has planned yet.
    for (let i = 0; i < 4; i++) await order();
    const phone = (role: string) => demoUsers.find((u) => u.role === role)!.phoneNumber;
    planner = await sys.signIn(phone('PLANNER'));
    admin = await sys.signIn(phone('ADMIN'));
    readOnly = await sys.signIn(phone('READ_ONLY_PLANNER'));
    await sys.settled();
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  const open = (path: string, as: Session = planner): Promise<Page> =>
    openAs(browser, sys.url, path, as, pageErrors);
  const board = () => `/planner/${oslo}/planning/${today}`;
  const card = (page: Page, id: string) =>
    page.locator(`[data-testid=slot-card][data-slot-id="${id}"]`);
  const stopKeys = (scope: Locator) =>
    scope
      .locator('[data-testid=stop]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-stop-key') ?? ''));
  const slotStops = async (slotId: string) => {
    await sys.settled();
    const res = await sys.as(planner).query('slotById', { id: slotId });
    expect(res.status).toBe(200);
    return keysOf(res.body.stops as Stop[]);
  };
  const daySuggestions = async () => {
    await sys.settled();
    const res = await sys.as(planner).query('routeSuggestions', {
      departmentIds: [oslo],
      date: today,
    });
    expect(res.status).toBe(200);
    return res.body as { slotId: string; stops: Stop[]; adding: string[]; leaving: string[] }[];
  };
  const runsOfDay = async () => {
    await sys.settled();
    const res = await sys.as(planner).query('optimizingRuns', {
      departmentIds: [oslo],
      fromDate: today,
      toDate: today,
    });
    expect(res.status).toBe(200);
    return res.body as { id: string; state: string; kind: string }[];
  };
  const toast = (page: Page) => page.getByTestId('toast');
  const runBox = (page: Page, id?: string) =>
    page.locator(
      id ? `[data-testid=optimizing-run][data-run-id="${id}"]` : '[data-testid=optimizing-run]',
    );
  const progressOf = (page: Page) =>
    page.getByRole('progressbar', { name: 'Optimisation progress' });
  const valueNow = async (bar: Locator) => Number((await bar.getAttribute('aria-valuenow')) ?? -1);

  /** Opens the optimise dialog, picks the seconds, starts; the id of the run that appears. */
  async function optimiseDay(page: Page, seconds: number): Promise<string> {
    const before = new Set((await runsOfDay()).map((r) => r.id));
    await page.getByRole('button', { name: 'Optimise day…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: /^Optimise / }).waitFor();
    // What the run would take (query optimizeRequest).
    await dialog
      .getByTestId('optimize-preview')
      .getByText(/^The run would take \d+ vehicles, \d+ shipments and \d+ locked stops\./)
      .waitFor();
    await chooseOption(
      page,
      dialog.getByRole('combobox', { name: 'Run time (seconds)' }),
      String(seconds),
    );
    await dialog.getByRole('button', { name: 'Start' }).click();
    await dialog.waitFor({ state: 'detached' });
    const runs = await settledValue(runsOfDay, (rs) => rs.some((r) => !before.has(r.id)));
    const fresh = runs.find((r) => !before.has(r.id));
    expect(fresh).toMatchObject({ kind: 'day' });
    return fresh!.id;
  }

  /**
   * How long the toast with this text stayed, by the page's clock (watchToasts before the action
   * that shows it); at most `gone` and its exit transition.
   */
  async function toastLasts(page: Page, text: string, gone: number) {
    const lasted = await toastLifetime(page, text, gone + 10_000);
    expect(lasted).toBeLessThanOrEqual(gone + 1000);
    return lasted;
  }

  it('S2-ROUTE-014: /admin/optimizing opens for a user with ADMIN_OPTIMIZING, for today and for a date; not for a planner without it', async () => {
    const page = await open('/admin/departments', admin);
    // The admin menu leads there.
    await page.getByRole('menuitem', { name: 'Optimisation runs' }).click();
    await page.getByRole('heading', { name: 'Optimisation runs' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/optimizing');
    await page
      .getByTestId('optimizing-runs-none')
      .getByText('No optimisation runs on this day')
      .waitFor();
    await screenshot(page, 'optimizing-01-admin-empty');
    await page.goto(`${sys.url}/admin/optimizing/2026-01-05`);
    await page.getByRole('heading', { name: 'Optimisation runs' }).waitFor();
    await page.getByTestId('optimizing-runs-none').waitFor();
    await page.context().close();
    const refused = await open('/admin/optimizing', planner);
    await refused.getByTestId('not-found').waitFor();
    await refused.context().close();
  }, 60_000);

  it('S4-FLOW-014 S4-FLOW-019 S7-ANS-003: the demo planner optimises the day: the bar moves, suggested routes compare with the slots’ own, Apply all plans them on the board, a second board and the shipments grid live', async () => {
    const watcher = await open(board());
    await card(watcher, morning2).waitFor();
    await watcher.evaluate('window.__sameDocument = true');
    const grid = await open(`/planner/${oslo}/shipments-search/${today}/${today}`);
    await grid.locator('[role=rowgroup] [role=row][data-row-id]').first().waitFor();
    await grid.evaluate('window.__sameDocument = true');

    const page = await open(board());
    await card(page, morning2).waitFor();
    const id = await optimiseDay(page, 5);
    // The bar appears and moves (progress about every 500 ms).
    const bar = progressOf(page);
    await bar.waitFor();
    const first = await valueNow(bar);
    const later = await settledValue(
      () => valueNow(bar).catch(() => 100),
      (v) => v > first,
    );
    expect(later).toBeGreaterThan(first);
    await expect(runBox(page, id).getByTestId('run-figures').textContent()).resolves.toMatch(
      /s · \d+ vehicles · [\d.]+ km · \d+ unassigned|Waiting for the optimiser/,
    );
    await screenshot(page, 'optimizing-02-running');
    await runBox(page, id).and(page.locator('[data-state=COMPLETED]')).waitFor({ timeout: 60_000 });
    // Spec checklist: the run is the slot's latest.
    const latest = await sys.as(planner).query('latestOptimizingIdForSlot', { slotId: morning2 });
    expect(latest.body.id).toBe(id);
    await runBox(page, id).getByTestId('run-before-after').waitFor();

    // The suggested routes, compared with the slots' own.
    const suggestions = await daySuggestions();
    expect(suggestions.length).toBeGreaterThan(0);
    const rows = page.getByTestId('suggestion-row');
    expect(
      await settledValue(
        () => rows.count(),
        (n) => n === suggestions.length,
      ),
    ).toBe(suggestions.length);
    for (const s of suggestions) {
      const row = page.locator(`[data-testid=suggestion-row][data-slot-id="${s.slotId}"]`);
      for (const f of ['distanceKm', 'drivingMinutes', 'stops', 'late'])
        await expect(
          row.locator(`[data-figure=${f}] [data-testid=comparison]`).textContent(),
        ).resolves.toMatch(/^[\d.,]+ → [\d.,]+$/);
      await expect(
        row.locator('[data-figure=distanceKm] [data-testid=delta]').count(),
      ).resolves.toBe(1);
    }
    // The shipments planned from the unassigned ones are named on their slot's row.
    const added = suggestions.flatMap((s) => s.adding);
    expect(added.length).toBeGreaterThan(0);
    // One suggested route beside its slot's current one, with arrival times.
    const shown = suggestions.find((s) => s.adding.length > 0)!;
    const name = (await card(page, shown.slotId).locator('.pl-name').textContent())!;
    await page.getByRole('button', { name: `View the suggested route for ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `Suggested route for ${name}` }).waitFor();
    const suggestedKeys = await dialog
      .getByTestId('suggested-route')
      .locator('[data-testid=route-stop]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-stop-key')));
    expect(suggestedKeys).toEqual(keysOf(shown.stops));
    await expect(
      dialog
        .getByTestId('suggested-route')
        .locator('[data-testid=stop-times]')
        .first()
        .textContent(),
    ).resolves.toMatch(/^\d\d:\d\d–\d\d:\d\d$/);
    await dialog.getByTestId('current-route').waitFor();
    await screenshot(page, 'optimizing-03-suggested-route');
    expect(await accessibility(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await screenshot(page, 'optimizing-04-suggestions');
    expect(await accessibility(page)).toEqual([]);

    // Apply all: asked first, then each slot gets its suggested route (5 s toast).
    await page.getByRole('button', { name: 'Apply all' }).click();
    const confirm = page.getByRole('dialog');
    await confirm
      .getByRole('heading', {
        name: `Apply ${suggestions.length} suggested route${suggestions.length === 1 ? '' : 's'}?`,
      })
      .waitFor();
    await watchToasts(page);
    await confirm.getByRole('button', { name: 'Apply all' }).click();
    const lasted = await toastLasts(
      page,
      `${suggestions.length} suggested route${suggestions.length === 1 ? '' : 's'} applied`,
      5000,
    );
    expect(lasted).toBeGreaterThanOrEqual(4900);
    for (const s of suggestions) {
      const want = keysOf(s.stops);
      expect(await slotStops(s.slotId)).toEqual(want);
      // The board, and the second board without a reload, show the new route.
      expect(await settledValue(() => stopKeys(card(page, s.slotId)), equalTo(want))).toEqual(want);
      expect(await settledValue(() => stopKeys(card(watcher, s.slotId)), equalTo(want))).toEqual(
        want,
      );
    }
    // The shipments it brought are ASSIGNED to their slot, in the suggested order.
    await sys.settled();
    const assigned = (await sys.as(planner).query('consignments', { ids: added })).body as {
      id: string;
      state: string;
      slotId: string;
    }[];
    for (const s of suggestions)
      for (const c of s.adding)
        expect(assigned.find((a) => a.id === c)).toMatchObject({
          state: 'ASSIGNED',
          slotId: s.slotId,
        });
    // ... off the unassigned grid, and "Assigned" in the shipments grid, live.
    for (const c of added)
      await page
        .getByRole('checkbox', { name: `Select ${c}`, exact: true })
        .waitFor({ state: 'detached' });
    const stateOf = (c: string) =>
      grid.locator(`[data-row-id="${c}"] .ng-col-state [data-tone]`).textContent();
    for (const c of added)
      expect(await settledValue(() => stateOf(c).catch(() => ''), equalTo('Assigned'))).toBe(
        'Assigned',
      );
    expect(await watcher.evaluate('window.__sameDocument === true')).toBe(true);
    expect(await grid.evaluate('window.__sameDocument === true')).toBe(true);
    await page.getByTestId('suggestions-panel').waitFor({ state: 'detached' });
    expect(await daySuggestions()).toEqual([]);
    await screenshot(page, 'optimizing-05-applied');
    for (const p of [page, watcher, grid]) await p.context().close();
  }, 180_000);

  it('S4-FLOW-015 S2-ROUTE-014: a second run cancelled half-way changes nothing; /admin/optimizing follows it live', async () => {
    const slots = [morning1, morning2, afternoon];
    const before = await Promise.all(slots.map(slotStops));
    const adminPage = await open(`/admin/optimizing/${today}`, admin);
    await adminPage.locator('[data-testid=optimizing-run-row][data-state=COMPLETED]').waitFor();
    await adminPage.evaluate('window.__sameDocument = true');

    const page = await open(board());
    await card(page, morning2).waitFor();
    const id = await optimiseDay(page, 120);
    const bar = progressOf(page);
    await bar.waitFor();
    expect(
      await settledValue(
        () => valueNow(bar),
        (v) => v > 0,
      ),
    ).toBeGreaterThan(0);
    // The admin list shows it running, with its bar.
    const adminRow = adminPage.locator(`[data-testid=optimizing-run-row][data-run-id="${id}"]`);
    await adminRow.and(adminPage.locator('[data-state=RUNNING]')).waitFor();
    await adminRow.getByRole('progressbar').waitFor();
    await screenshot(adminPage, 'optimizing-06-admin-running');

    await runBox(page, id).getByRole('button', { name: 'Cancel run' }).click();
    await toast(page).getByText('Optimisation cancelled').waitFor();
    await runBox(page, id).and(page.locator('[data-state=CANCELLED]')).waitFor();
    await expect(runBox(page, id).getByTestId('run-cancelled').textContent()).resolves.toBe(
      'Cancelled by Per Planner. Nothing was changed.',
    );
    await adminRow.and(adminPage.locator('[data-state=CANCELLED]')).waitFor();
    await expect(adminRow.textContent()).resolves.toContain('Cancelled by Per Planner');
    expect(await adminPage.evaluate('window.__sameDocument === true')).toBe(true);
    await screenshot(adminPage, 'optimizing-07-admin-cancelled');
    expect(await accessibility(adminPage)).toEqual([]);
    // A worker that finishes after the cancel must not leave a plan behind.
    await sleep(2000);
    expect(await Promise.all(slots.map(slotStops))).toEqual(before);
    expect(await daySuggestions()).toEqual([]);
    expect((await runsOfDay()).find((r) => r.id === id)).toMatchObject({ state: 'CANCELLED' });
    await expect(page.getByTestId('suggestions-panel').count()).resolves.toBe(0);
    await page.context().close();
    await adminPage.context().close();
  }, 120_000);

  it('a second start while a run goes is refused, naming the run', async () => {
    // The longest budget: the run is still going when the board asks for another.
    const started = await sys.as(planner).command('START_OPTIMIZING', {
      departmentId: oslo,
      date: today,
      seconds: 120,
    });
    expect(started.status).toBe(200);
    const running = await settledValue(runsOfDay, (rs) =>
      rs.some((r) => r.state === 'REQUESTED' || r.state === 'RUNNING'),
    );
    const id = running.find((r) => r.state === 'REQUESTED' || r.state === 'RUNNING')!.id;
    const page = await open(board());
    await runBox(page, id).getByRole('button', { name: 'Cancel run' }).waitFor();
    await page.getByRole('button', { name: 'Optimise day…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Start' }).click();
    await toast(page)
      .getByText(`An optimisation is already running for this department (run ${id})`, {
        exact: false,
      })
      .waitFor();
    // Refused: the dialog stays for another try; closed, the running one is cancelled.
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await runBox(page, id).getByRole('button', { name: 'Cancel run' }).click();
    await runBox(page, id).and(page.locator('[data-state=CANCELLED]')).waitFor();
    expect(await daySuggestions()).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('S7-ANS-004 S7-ANS-003 S4-FLOW-019: a slot’s suggested route with selected shipments: cancelled (3 s toast, the slot unchanged), then reordered and applied (5 s toast)', async () => {
    const extra = [await order(), await order()];
    await sys.settled();
    const page = await open(board());
    const slot = card(page, afternoon);
    await slot.waitFor();
    const name = (await slot.locator('.pl-name').textContent())!;
    const before = await slotStops(afternoon);
    expect(await daySuggestions()).toEqual([]);

    const suggestWithSelected = async () => {
      for (const c of extra)
        await page.getByRole('checkbox', { name: `Select ${c}`, exact: true }).check();
      await slot.getByRole('button', { name: `Actions for slot ${name}` }).click();
      await page
        .getByRole('menuitem', { name: 'Suggest route with the 2 selected shipments…' })
        .click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByRole('heading', { name: `Suggest a route for ${name} with 2 more shipments` })
        .waitFor();
      await dialog.getByRole('button', { name: 'Suggest route' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.locator(`[data-testid=suggestion-row][data-slot-id="${afternoon}"]`).waitFor({
        timeout: 30_000,
      });
      await slot.getByTestId('slot-suggested').waitFor();
    };

    await suggestWithSelected();
    const [suggestion] = await daySuggestions();
    expect(suggestion!.slotId).toBe(afternoon);
    expect([...suggestion!.adding].sort()).toEqual([...extra].sort());
    await watchToasts(page);
    await page.getByRole('button', { name: `Cancel the suggested route for ${name}` }).click();
    const lasted = await toastLasts(page, `Suggested route for ${name} cancelled`, 3000);
    expect(lasted).toBeGreaterThanOrEqual(2900);
    expect(await daySuggestions()).toEqual([]);
    expect(await slotStops(afternoon)).toEqual(before);
    await slot.getByTestId('slot-suggested').waitFor({ state: 'detached' });

    // Again; this time reordered in the dialog, then applied from it.
    await suggestWithSelected();
    await page.getByRole('button', { name: `View the suggested route for ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `Suggested route for ${name}` }).waitFor();
    const route = dialog.getByTestId('suggested-route');
    const keys = () =>
      route
        .locator('[data-testid=route-stop]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-stop-key') ?? ''));
    const original = await keys();
    // The last stop is a delivery: moving it up one place keeps every pickup first unless it
    // is right under its own pickup (then the button is off, and the first movable one is used).
    const downButtons = route.getByRole('button', { name: /^Move stop .* down$/ });
    const count = await downButtons.count();
    let moved = -1;
    for (let i = 0; i < count; i++)
      if (await downButtons.nth(i).isEnabled()) {
        moved = i;
        break;
      }
    expect(moved).toBeGreaterThanOrEqual(0);
    await downButtons.nth(moved).click();
    const reordered = [...original];
    [reordered[moved], reordered[moved + 1]] = [reordered[moved + 1]!, reordered[moved]!];
    expect(await settledValue(keys, equalTo(reordered))).toEqual(reordered);
    expect(keysOf((await daySuggestions())[0]!.stops)).toEqual(reordered);
    await screenshot(page, 'optimizing-08-reordered');
    await watchToasts(page);
    await dialog.getByRole('button', { name: 'Apply suggested route' }).click();
    const applied = await toastLasts(page, `Suggested route applied to ${name}`, 5000);
    expect(applied).toBeGreaterThanOrEqual(4900);
    expect(await slotStops(afternoon)).toEqual(reordered);
    expect(await settledValue(() => stopKeys(slot), equalTo(reordered))).toEqual(reordered);
    await page.context().close();
  }, 120_000);

  it('S8-ERR-009: a run the optimiser fails shows each of its errors under the optimiser-error label', async () => {
    // A slot whose unit takes one package, and two shipments of three packages each.
    const tiny = await unit('Tiny bike', 1);
    const created = await sys.command('CREATE_SLOT', {
      departmentId: oslo,
      name: 'Tiny',
      timeFrom: `${today}T06:00:00.000Z`,
      unitId: tiny,
    });
    expect(created.status).toBe(200);
    const tinySlot = created.body.ids[0] as string;
    const big = [await order(3), await order(3)];
    await sys.settled();
    const page = await open(board());
    const slot = card(page, tinySlot);
    await slot.waitFor();
    for (const c of big)
      await page.getByRole('checkbox', { name: `Select ${c}`, exact: true }).check();
    await slot.getByRole('button', { name: 'Actions for slot Tiny' }).click();
    await page
      .getByRole('menuitem', { name: 'Suggest route with the 2 selected shipments…' })
      .click();
    const dialog = page.getByRole('dialog');
    // Shipments that do not fit are not kept at the route's end: the run fails instead.
    await expect(
      dialog
        .getByRole('checkbox', { name: /Keep shipments that miss their time window/ })
        .isChecked(),
    ).resolves.toBe(false);
    await dialog.getByRole('button', { name: 'Suggest route' }).click();
    const failed = page.locator('[data-testid=optimizing-run][data-state=FAILED]');
    await failed.waitFor({ timeout: 30_000 });
    const errors = await failed.getByTestId('run-error').allTextContents();
    expect(errors).toHaveLength(2);
    for (const e of errors) expect(e).toMatch(/^Optimiser error: .+/);
    await expect(failed.getByText('The optimisation failed').count()).resolves.toBe(1);
    await screenshot(page, 'optimizing-09-failed');
    expect(await accessibility(page)).toEqual([]);
    // The same errors on /admin/optimizing.
    const adminPage = await open(`/admin/optimizing/${today}`, admin);
    const row = adminPage.locator('[data-testid=optimizing-run-row][data-state=FAILED]');
    await row.waitFor();
    expect(await row.getByTestId('run-error').allTextContents()).toEqual(errors);
    await page.context().close();
    await adminPage.context().close();
  }, 90_000);

  it('a slot’s menu offers the three slot runs to planners who may send them, not to a read-only planner; a reversed run ends on the board', async () => {
    const page = await open(board());
    const slot = card(page, afternoon);
    await slot.waitFor();
    const name = (await slot.locator('.pl-name').textContent())!;
    await slot.getByRole('button', { name: `Actions for slot ${name}` }).click();
    for (const item of ['Suggest route', 'Reversed optimisation', 'Optimise on shipment level'])
      await page.getByRole('menuitem', { name: item, exact: true }).waitFor();
    const before = new Set((await runsOfDay()).map((r) => r.id));
    await page.getByRole('menuitem', { name: 'Reversed optimisation', exact: true }).click();
    const runs = await settledValue(runsOfDay, (rs) => rs.some((r) => !before.has(r.id)));
    const run = runs.find((r) => !before.has(r.id))!;
    expect(run.kind).toBe('reversed');
    await runBox(page, run.id)
      .and(page.locator('[data-state=COMPLETED]'))
      .waitFor({ timeout: 30_000 });
    await expect(runBox(page, run.id).locator('h3').textContent()).resolves.toBe(
      `Reversed optimisation · ${name}`,
    );
    await page.context().close();

    const reader = await open(board(), readOnly);
    const readerSlot = card(reader, afternoon);
    await readerSlot.waitFor();
    await reader.getByRole('button', { name: 'Optimise day…' }).waitFor({ state: 'detached' });
    await readerSlot.getByRole('button', { name: `Actions for slot ${name}` }).click();
    await reader.getByRole('menu').waitFor();
    await expect(
      reader.getByRole('menuitem', { name: 'Suggest route', exact: true }).count(),
    ).resolves.toBe(0);
    await reader.context().close();
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
