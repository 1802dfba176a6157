import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoOrder, prng } from '@nordlog/deploy';
import type { Browser, Page } from 'playwright-core';
import {
  assertWebAppBuilt,
  chooseOption,
  launchBrowser,
  screenshot,
  settledValue,
  equalTo,
  readOptions,
} from '../support/browser.js';
import { bookingDate, configureNumberSeries } from '../support/booking.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * The shipments grid in a real browser (docs/decisions/0016-shipments-grid.md): live rows, the
 * filter syntax, the sort cycle, selection with shift-click, the bulk delete with its confirm
 * dialog, the move to another department, the column settings, and the page's date range and
 * search.
 */
const containing = (part: string) => (value: string | null) => (value ?? '').includes(part);

describe('shipments grid in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let oslo: string;
  let customer: string;
  let planner: Session;
  // Orders pick up from tomorrow on (spec §5: not in the past), so the grid shows tomorrow.
  const today = bookingDate();
  const rnd = prng(7);
  let orderNo = 0;

  const createOrder = async (date = today) => {
    const payload = demoOrder(
      rnd,
      { id: oslo, country: 'NO', location: { lat: 59.91, lng: 10.75 } },
      { id: customer, name: 'Grid Kunde AS' },
      date,
      orderNo++,
    );
    const answer = await sys.command('CREATE_ORDER', payload);
    expect(answer.status).toBe(200);
    return answer.body.ids[0] as string;
  };

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    browser = await launchBrowser();
    const dep = await sys.command('CREATE_DEPARTMENT', {
      name: 'Grid terminal',
      departmentType: 'courier',
      country: 'NO',
      location: { lat: 59.91, lng: 10.75 },
    });
    expect(dep.status).toBe(200);
    oslo = dep.body.ids[0];
    const cust = await sys.command('CREATE_CUSTOMER', {
      name: 'Grid Kunde AS',
      departmentId: oslo,
    });
    expect(cust.status).toBe(200);
    customer = cust.body.ids[0];
    for (let i = 0; i < 8; i++) await createOrder();
    planner = await sys.login({
      name: 'Grid Planner',
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo],
      access: ['PLANNER_SHIPMENTS'],
    });
    await sys.settled();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  /** A signed-in page; `before` runs ahead of the navigation, and then rows are not awaited. */
  const open = async (
    path = `/planner/${oslo}/shipments-search/${today}/${today}`,
    as: Session = planner,
    before?: (page: Page) => Promise<unknown>,
  ): Promise<Page> => {
    const context = await browser.newContext({
      viewport: { width: 1600, height: 1100 },
      locale: 'en-GB',
    });
    const [name, ...value] = as.cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: sys.url }]);
    const page = await context.newPage();
    await before?.(page);
    await page.goto(`${sys.url}${path}`);
    if (!before) await page.locator('[role=rowgroup] [role=row]').first().waitFor();
    return page;
  };
  const rows = (page: Page) => page.locator('[role=rowgroup] [role=row][data-row-id]');
  const column = (page: Page, id: string) =>
    page.locator(`[role=rowgroup] .ng-col-${id}`).allInnerTexts();
  const ids = (page: Page) => column(page, 'orderId');
  const number = (text: string) => Number(text.replace(',', '.'));
  const checkbox = (page: Page, id: string) =>
    page.getByRole('checkbox', { name: `Select ${id}`, exact: true });

  it('S1-GEN-004 S7-ANS-001 S4-BEH-010 S2-SCREEN-019: an order created through the API shows in an open grid within a second, without a reload; scroll and selection stay', async () => {
    const page = await open();
    await page.evaluate('window.__sameDocument = true');
    const before = await ids(page);
    expect(before).toHaveLength(8);
    await checkbox(page, before[1]!).click();
    await expect(checkbox(page, before[1]!).getAttribute('aria-checked')).resolves.toBe('true');
    const sent = Date.now();
    const id = await createOrder();
    await page.locator(`[data-row-id="${id}"]`).waitFor({ timeout: 1000 });
    const seenAfter = Date.now() - sent;
    expect(seenAfter).toBeLessThan(1000);
    expect(await page.evaluate('window.__sameDocument === true')).toBe(true);
    expect(await ids(page)).toEqual([...before, id]);
    await expect(checkbox(page, before[1]!).getAttribute('aria-checked')).resolves.toBe('true');
    await expect(page.getByTestId('bulk-count').textContent()).resolves.toBe('1 selected');
    await expect(page.getByTestId('grid-count').textContent()).resolves.toBe(
      'Showing 9 of 9 shipments',
    );
    await screenshot(page, 'grid-01-live-row');
    await page.context().close();
  }, 60_000);

  it('S2-SCREEN-005 S2-SCREEN-018 S2-SCREEN-022 S2-SCREEN-023 S2-SCREEN-024 S5-VAL-070 S2-SCREEN-016: column filters with the syntax, the filters-active banner and clear-filters', async () => {
    const page = await open();
    const all = await ids(page);
    const weights = (await column(page, 'weight')).map(number);
    const sorted = [...weights].sort((a, b) => a - b);
    const lo = sorted[2]!;
    const hi = sorted[sorted.length - 3]!;
    // The created column has filtering disabled: sort arrows but no filter button.
    await expect(
      page.getByRole('button', { name: 'Sort by Created', exact: true }).count(),
    ).resolves.toBe(1);
    await expect(
      page.getByRole('button', { name: 'Filter Created', exact: true }).count(),
    ).resolves.toBe(0);
    await expect(
      page.getByRole('button', { name: 'Filter Weight (kg)', exact: true }).count(),
    ).resolves.toBe(1);
    await page.getByRole('button', { name: 'Filter Weight (kg)' }).click();
    await page.getByRole('textbox', { name: 'Filter Weight (kg)' }).fill(`0-${hi}&${lo}-`);
    await page.keyboard.press('Escape');
    const expected = all.filter((_, i) => weights[i]! >= lo && weights[i]! <= hi);
    expect(await settledValue(() => ids(page), equalTo(expected))).toEqual(expected);
    await page.getByTestId('filters-active').waitFor();
    await screenshot(page, 'grid-02-filter-range');

    // Fuzzy: the letters in order, case-insensitive, on the displayed delivery name.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    expect(await settledValue(() => ids(page), equalTo(all))).toEqual(all);
    const names = await column(page, 'delivery');
    const target = names[0]!;
    const pattern = `${target[0]}${target[target.length - 1]}`.toUpperCase();
    const fuzzy = (v: string, p: string) => {
      let at = 0;
      for (const c of p.toLowerCase()) {
        at = v.toLowerCase().indexOf(c, at);
        if (at < 0) return false;
        at += 1;
      }
      return true;
    };
    await page.getByRole('button', { name: 'Filter Delivery', exact: true }).click();
    await page.getByRole('textbox', { name: 'Filter Delivery', exact: true }).fill(pattern);
    await page.keyboard.press('Escape');
    const fuzzyMatches = all.filter((_, i) => fuzzy(names[i]!, pattern));
    expect(fuzzyMatches.length).toBeGreaterThan(0);
    expect(await settledValue(() => ids(page), equalTo(fuzzyMatches))).toEqual(fuzzyMatches);
    // The date column matches what it shows (English writes 22/11/2026, day first).
    await page.getByRole('button', { name: 'Clear filters' }).click();
    const shown = (await column(page, 'date'))[0]!;
    await page.getByRole('button', { name: 'Filter Date', exact: true }).click();
    await page.getByRole('textbox', { name: 'Filter Date', exact: true }).fill(shown.slice(0, 5));
    await page.keyboard.press('Escape');
    expect(await settledValue(() => ids(page), equalTo(all))).toEqual(all);
    await page
      .getByRole('textbox', { name: 'Filter Date', exact: true })
      .waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Filter Date', exact: true }).click();
    await page.getByRole('textbox', { name: 'Filter Date', exact: true }).fill(today);
    await page.keyboard.press('Escape');
    await page.getByText('No shipments found').waitFor();
    await screenshot(page, 'grid-03-filter-empty');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByTestId('filters-active').count()).resolves.toBe(0);
    expect(await settledValue(() => ids(page), equalTo(all))).toEqual(all);
    await page.context().close();
  }, 60_000);

  it('S2-SCREEN-006 S4-BEH-005: a header cycles ascending, descending, unsorted', async () => {
    const page = await open();
    const original = await ids(page);
    const weightOf = new Map(original.map((id, i) => [id, i]));
    const weights = (await column(page, 'weight')).map(number);
    const byWeight = [...original].sort(
      (a, b) => weights[weightOf.get(a)!]! - weights[weightOf.get(b)!]! || 0,
    );
    const sort = page.getByRole('button', { name: 'Sort by Weight (kg)' });
    const header = page.getByRole('columnheader', { name: /Weight \(kg\)/ });
    await sort.click();
    await expect(header.getAttribute('aria-sort')).resolves.toBe('ascending');
    expect((await column(page, 'weight')).map(number)).toEqual([...weights].sort((a, b) => a - b));
    await sort.click();
    await expect(header.getAttribute('aria-sort')).resolves.toBe('descending');
    expect((await column(page, 'weight')).map(number)).toEqual([...weights].sort((a, b) => b - a));
    await screenshot(page, 'grid-04-sorted-descending');
    await sort.click();
    await expect(header.getAttribute('aria-sort')).resolves.toBe('none');
    expect(await ids(page)).toEqual(original);
    expect(byWeight).toHaveLength(original.length);
    await page.context().close();
  }, 60_000);

  it('S2-SCREEN-020 S2-SCREEN-025 S2-SCREEN-026 S2-SCREEN-027 S2-SCREEN-028 S2-SCREEN-029 S2-SCREEN-030: the column settings dialog hides columns, per view, across a reload, and resets', async () => {
    const page = await open();
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Settings' }).waitFor();
    await dialog.getByRole('heading', { name: 'Hide columns' }).waitFor();
    // Every column of the grid, the service code (0093/0097) the latest.
    await expect(dialog.getByRole('checkbox').count()).resolves.toBe(20);
    await dialog.getByRole('checkbox', { name: 'Service code' }).waitFor();
    await dialog.getByRole('checkbox', { name: 'Weight (kg)' }).check();
    await screenshot(page, 'grid-05-column-settings');
    await dialog.getByRole('button', { name: 'Save and close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(page.locator('[role=rowgroup] .ng-col-weight').count()).resolves.toBe(0);
    const stored = await page.evaluate(
      "localStorage.getItem('nordlog.grid.ShipmentPageGrid.hiddenColumns')",
    );
    expect(JSON.parse(stored as string)).toContain('weight');
    expect(
      await page.evaluate("localStorage.getItem('nordlog.grid.InstantOrdersGrid.hiddenColumns')"),
    ).toBeNull();
    await page.reload();
    await rows(page).first().waitFor();
    await expect(page.locator('[role=rowgroup] .ng-col-weight').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Settings' }).click();
    await dialog.getByRole('button', { name: 'Reset' }).click();
    await dialog.getByRole('button', { name: 'Save and close' }).click();
    await expect(page.locator('[role=rowgroup] .ng-col-weight').count()).resolves.toBeGreaterThan(
      0,
    );
    // Default hidden columns (the grid's own list) are hidden again after the reset.
    await expect(page.locator('[role=rowgroup] .ng-col-group').count()).resolves.toBe(0);
    await expect(
      page.locator('[role=rowgroup] .ng-col-createdAt').count(),
    ).resolves.toBeGreaterThan(0);
    await page.context().close();
  }, 60_000);

  it('S2-SCREEN-007 S4-BEH-006 S4-BEH-007 S4-BEH-008 S9-CONST-038 S9-CONST-039 S4-STATE-003 S4-STATE-004 S4-STATE-005 S4-STATE-006 S3-ENT-017: select all, toggle, keyboard, shift-range, and a bulk delete after a confirm dialog that says how many', async () => {
    const page = await open();
    const all = await ids(page);
    // Spec §9: rows of 30 px in a grid 850 px high.
    const rowBox = await rows(page).first().boundingBox();
    expect(rowBox?.height).toBe(30);
    const scrollBox = await page.getByTestId('grid-scroll').boundingBox();
    expect(scrollBox?.height).toBe(850);
    // High priority rows carry the colour class and the icon with its label.
    const listed = await sys
      .as(planner)
      .query('consignments', { departmentIds: [oslo], fromDate: today });
    const high = (listed.body as { id: string; priority: string }[]).filter(
      (r) => r.priority === 'high',
    );
    await expect(page.locator('.ng-row.ng-high').count()).resolves.toBe(high.length);
    await expect(page.locator('[data-priority=high]').count()).resolves.toBe(high.length);

    const selectAll = page.getByRole('checkbox', { name: 'Select all rows' });
    await selectAll.click();
    await expect(page.getByTestId('bulk-count').textContent()).resolves.toBe(
      `${all.length} selected`,
    );
    await selectAll.click();
    await expect(page.getByTestId('bulk-count').count()).resolves.toBe(0);

    await checkbox(page, all[0]!).click();
    await checkbox(page, all[0]!).click();
    await expect(checkbox(page, all[0]!).getAttribute('aria-checked')).resolves.toBe('false');

    // Keyboard: the grid takes focus, arrows move, Space toggles.
    await page.getByRole('grid').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect(checkbox(page, all[1]!).getAttribute('aria-checked')).resolves.toBe('true');
    await page.keyboard.press('Space');

    // Click row 2, shift-click row 5: rows 2 to 5.
    await checkbox(page, all[1]!).click();
    await checkbox(page, all[4]!).click({ modifiers: ['Shift'] });
    const range = all.slice(1, 5);
    for (const id of all)
      await expect(checkbox(page, id).getAttribute('aria-checked')).resolves.toBe(
        range.includes(id) ? 'true' : 'false',
      );
    await expect(page.getByTestId('bulk-count').textContent()).resolves.toBe('4 selected');
    await screenshot(page, 'grid-06-shift-range');

    const bar = page.getByRole('toolbar', { name: /selected/ });
    await bar.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Delete 4 shipments?' }).waitFor();
    await dialog.getByText('This changes 4 shipments.', { exact: false }).waitFor();
    await screenshot(page, 'grid-07-confirm-delete');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const result = page.getByTestId('bulk-result');
    expect(
      await settledValue(() => result.textContent(), containing('4 succeeded, 0 failed')),
    ).toContain('4 succeeded, 0 failed');
    // The rows change in place (live): state Deleted, drawn as danger, with its label.
    for (const id of range) {
      const state = page.locator(`[data-row-id="${id}"] .ng-col-state [data-tone]`);
      expect(await settledValue(() => state.textContent(), equalTo('Deleted'))).toBe('Deleted');
      await expect(state.getAttribute('data-tone')).resolves.toBe('danger');
    }
    const tones: Record<string, string> = {
      Created: 'neutral',
      Resolved: 'neutral',
      Unresolved: 'warning',
      Unconfirmed: 'warning',
    };
    for (const id of all.filter((x) => !range.includes(x))) {
      const state = page.locator(`[data-row-id="${id}"] .ng-col-state [data-tone]`);
      await expect(state.getAttribute('data-tone')).resolves.toBe(
        tones[(await state.textContent())!],
      );
    }
    await expect(page.getByTestId('bulk-count').count()).resolves.toBe(0);
    await screenshot(page, 'grid-08-deleted');
    const after = await sys.as(planner).query('consignments', { ids: range });
    expect((after.body as { state: string }[]).map((r) => r.state)).toEqual(
      range.map(() => 'DELETED'),
    );

    // Manual overrides: collect a resolved row; then deliver it together with a row that may not
    // be delivered yet: one succeeds, one fails, and the toast gives both counts and the reason;
    // what failed stays selected. Deleted rows cannot be selected.
    expect(await checkbox(page, range[0]!).count()).toBe(0);
    const states = await column(page, 'state');
    const rest = all.filter((id) => !range.includes(id));
    const openRow = rest.find((id) =>
      ['Resolved', 'Unresolved'].includes(states[all.indexOf(id)]!),
    )!;
    const other = rest.find((id) => id !== openRow)!;
    await checkbox(page, openRow).click();
    await bar.getByRole('button', { name: 'Mark collected' }).click();
    await dialog.getByRole('heading', { name: 'Mark 1 shipment as collected?' }).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    expect(
      await settledValue(() => result.textContent(), containing('1 succeeded, 0 failed')),
    ).toContain('1 succeeded, 0 failed');
    const stateOf = (id: string) =>
      page.locator(`[data-row-id="${id}"] .ng-col-state [data-tone]`).textContent();
    expect(await settledValue(() => stateOf(openRow), equalTo('Collected'))).toBe('Collected');
    await checkbox(page, openRow).click();
    await checkbox(page, other).click();
    await bar.getByRole('button', { name: 'Mark delivered' }).click();
    await dialog.getByRole('heading', { name: 'Mark 2 shipments as delivered?' }).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    expect(
      await settledValue(() => result.textContent(), containing('1 succeeded, 1 failed')),
    ).toContain('1 succeeded, 1 failed');
    await expect(result.textContent()).resolves.toContain(`${other}:`);
    await screenshot(page, 'grid-09-override-result');
    expect(await settledValue(() => stateOf(openRow), equalTo('Delivered'))).toBe('Delivered');
    await expect(
      page
        .locator(`[data-row-id="${openRow}"] .ng-col-state [data-tone]`)
        .getAttribute('data-tone'),
    ).resolves.toBe('success');
    await expect(page.getByTestId('bulk-count').textContent()).resolves.toBe('1 selected');
    await expect(checkbox(page, other).getAttribute('aria-checked')).resolves.toBe('true');

    // Row buttons follow the row's flags as the rows change in place (spec §5: isDeletable):
    // the deleted rows lost their delete button, the others keep it. A button's tooltip is its
    // label.
    const flags = (await sys.as(planner).query('consignments', { ids: all })).body as {
      id: string;
      isDeletable?: boolean;
    }[];
    expect(flags.filter((f) => f.isDeletable === false).map((f) => f.id)).toEqual(
      expect.arrayContaining(range),
    );
    for (const f of flags)
      await expect(
        page
          .locator(`[data-row-id="${f.id}"]`)
          .getByRole('button', { name: `Delete ${f.id}`, exact: true })
          .count(),
      ).resolves.toBe(f.isDeletable === false ? 0 : 1);
    const deletable = flags.find((f) => f.isDeletable !== false)!;
    const remove = page.getByRole('button', { name: `Delete ${deletable.id}`, exact: true });
    await remove.hover();
    await expect(remove.getAttribute('title')).resolves.toBe(`Delete ${deletable.id}`);
    await page.context().close();
  }, 90_000);

  it('S2-SCREEN-017: while the rows load, the grid shows the loading text instead of rows', async () => {
    // The rows' query answers late, as on a slow line.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const page = await open(undefined, planner, (p) =>
      p.route('**/api/query/consignments', async (route) => {
        await held;
        await route.continue();
      }),
    );
    await page.getByText('Loading shipments…').waitFor();
    expect(await rows(page).count()).toBe(0);
    release();
    await rows(page).first().waitFor();
    expect(await page.getByText('Loading shipments…').count()).toBe(0);
    await page.context().close();
  }, 60_000);

  it('S2-SCREEN-002 S2-SCREEN-003 S2-SCREEN-004 S5-VAL-046 S9-CONST-012: date range defaults to today with the five options, and Tomorrow and All dates (issue 36); search needs more than 2 characters', async () => {
    const page = await open();
    const date = page.getByLabel('Date', { exact: true });
    expect(await readOptions(page, date)).toEqual([
      'Today',
      'Tomorrow',
      'Yesterday',
      'Last 7 days',
      'Last 30 days',
      'All dates',
      'Custom',
    ]);
    await chooseOption(page, date, 'Custom');
    // The range's dates in the app's format (day first in English), not the browser's.
    const from = page.getByRole('group', { name: 'From', exact: true });
    await from.waitFor();
    await page.getByRole('group', { name: 'To', exact: true }).waitFor();
    await expect(from.textContent()).resolves.toMatch(/^\d{2}\/\d{2}\/\d{4}/);
    expect((await from.textContent())!.slice(0, 2)).toBe(today.slice(8, 10));
    await screenshot(page, 'grid-10-custom-range');

    const searches: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/query/searchConsignments')) searches.push(r.postData() ?? '');
    });
    const refs = await column(page, 'customerRef');
    const search = page.getByLabel('Search', { exact: true });
    await search.fill(refs[2]!.slice(0, 2));
    // no-event wait: two characters send no search, however long the user pauses.
    await page.waitForTimeout(800);
    expect(searches).toHaveLength(0);
    await page.getByText('More than 2 characters').waitFor();
    // Any word (OR, the consignments default): the reference of row 3 or of row 4.
    await search.fill(`${refs[2]} ${refs[3]}`);
    await page.waitForURL(/shipments-search\/\d{4}-\d{2}-\d{2}\/\d{4}-\d{2}-\d{2}\/REF/);
    expect(
      await settledValue(
        async () => searches.length,
        (n) => n > 0,
      ),
    ).toBeGreaterThan(0);
    expect(JSON.parse(searches[0]!).params.searchOperator).toBe('OR');
    const wanted = [refs[2]!, refs[3]!].sort();
    const found = await settledValue(
      async () => (await column(page, 'customerRef')).sort(),
      equalTo(wanted),
    );
    expect(found).toEqual(wanted);
    await screenshot(page, 'grid-11-search');
    await page.context().close();
  }, 60_000);

  it('an SSCC or a shipment number finds its shipment on any date; All dates shows every date (issue 36)', async () => {
    // An order a week after the page's day: outside its range.
    const later = new Date(`${today}T12:00:00Z`);
    later.setUTCDate(later.getUTCDate() + 7);
    const laterDate = later.toISOString().slice(0, 10);
    const id = await createOrder(laterDate);
    await sys.settled();
    const [row] = (await sys.query('consignments', { ids: [id] })).body;
    const page = await open();
    expect(await ids(page)).not.toContain(id);
    const search = page.getByLabel('Search', { exact: true });
    for (const phrase of [row.packageIds[0] as string, row.shipmentId as string]) {
      await search.fill(phrase);
      await page.waitForURL((url) => url.pathname.endsWith(`/${phrase}`));
      await rows(page).first().waitFor();
      const found = await settledValue(() => ids(page), equalTo([id]));
      expect({ phrase, found }).toEqual({ phrase, found: [id] });
    }
    await search.fill('');
    await chooseOption(page, page.getByLabel('Date', { exact: true }), 'All dates');
    await page.getByTestId('shipments-range').getByText('All dates').waitFor();
    const all = await settledValue(
      () => ids(page),
      (shown) => shown.includes(id) && shown.length > 1,
    );
    expect(all).toContain(id);
    await screenshot(page, 'grid-12-all-dates');
    await page.context().close();
  }, 60_000);

  it('S4-FLOW-008 S7-CMD-041: two selected rows move to another department after a confirm dialog; they leave this grid live and show in the other department’s grid', async () => {
    const dep = await sys.command('CREATE_DEPARTMENT', {
      name: 'Grid depot',
      departmentType: 'courier',
      country: 'NO',
      location: { lat: 59.95, lng: 10.8 },
    });
    expect(dep.status).toBe(200);
    const depot = dep.body.ids[0] as string;
    const moving = [await createOrder(), await createOrder()];
    const mover = await sys.login({
      name: 'Grid Mover',
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo, depot],
      access: ['PLANNER_SHIPMENTS'],
    });
    await sys.settled();

    // A planner of one department has nowhere to move to: no move action.
    const single = await open();
    await checkbox(single, moving[0]!).click();
    const singleBar = single.getByRole('toolbar', { name: /selected/ });
    await singleBar.getByRole('button', { name: 'Mark collected' }).waitFor();
    await expect(
      singleBar.getByRole('button', { name: 'Move to another department' }).count(),
    ).resolves.toBe(0);
    await single.context().close();

    const page = await open(`/planner/${oslo}/shipments-search/${today}/${today}`, mover);
    await page.evaluate('window.__sameDocument = true');
    const before = await ids(page);
    expect(before).toEqual(expect.arrayContaining(moving));
    for (const id of moving) await checkbox(page, id).click();
    await expect(page.getByTestId('bulk-count').textContent()).resolves.toBe('2 selected');
    const bar = page.getByRole('toolbar', { name: /selected/ });
    await bar.getByRole('button', { name: 'Move to another department' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('heading', { name: 'Move 2 shipments to another department?' })
      .waitFor();
    await dialog.getByText('This changes 2 shipments.', { exact: false }).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    // Confirm waits for a department; the list holds the other departments of the access only.
    await expect(confirm.isDisabled()).resolves.toBe(true);
    expect(await readOptions(page, dialog.getByRole('combobox'))).toEqual(['Grid depot']);
    await chooseOption(page, dialog.getByRole('combobox'), 'Grid depot');
    await screenshot(page, 'grid-12-confirm-move');
    await confirm.click();
    const result = page.getByTestId('bulk-result');
    expect(
      await settledValue(() => result.textContent(), containing('2 succeeded, 0 failed')),
    ).toContain('2 succeeded, 0 failed');
    await expect(result.textContent()).resolves.toContain('2 shipments moved to Grid depot');
    // The rows leave through the live connection (no reload): the rest stay as they were.
    const rest = before.filter((id) => !moving.includes(id));
    expect(await settledValue(() => ids(page), equalTo(rest))).toEqual(rest);
    expect(await page.evaluate('window.__sameDocument === true')).toBe(true);
    await expect(page.getByTestId('bulk-count').count()).resolves.toBe(0);
    await screenshot(page, 'grid-13-moved-away');
    await page.context().close();

    const there = await open(`/planner/${depot}/shipments-search/${today}/${today}`, mover);
    expect(
      await settledValue(async () => (await ids(there)).sort(), equalTo([...moving].sort())),
    ).toEqual([...moving].sort());
    await screenshot(there, 'grid-14-moved-here');
    await there.context().close();
    const after = await sys.as(mover).query('consignments', { ids: moving });
    expect((after.body as { departmentId: string }[]).map((r) => r.departmentId)).toEqual([
      depot,
      depot,
    ]);
  }, 90_000);

  it('a consignment’s details (issue 13): shipment id, customer, parties, packages with their SSCCs and its history, from the row menu', async () => {
    const id = await createOrder();
    await sys.settled();
    const [row] = (await sys.query('consignments', { ids: [id] })).body;
    const page = await open();
    await page.getByRole('button', { name: `Actions for ${id}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Details' }).click();
    const details = page.getByRole('region', { name: `Shipment ${row.shipmentId}` });
    await details.waitFor();
    await details.getByText(`Order ${id} · Grid Kunde AS`, { exact: false }).waitFor();
    await expect(
      details.getByTestId('details-package-ids').locator('li').allTextContents(),
    ).resolves.toEqual(row.packageIds);
    await details.getByTestId('details-history').getByText('Booked').waitFor();
    await screenshot(page, 'grid-07-details');
    await page.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });
    await page.context().close();
  }, 60_000);
});
