import type { System } from '@nordlog/deploy';
import { performance } from 'node:perf_hooks';
import type { Browser } from 'playwright-core';
import { bookingDate } from '../support/booking.js';
import { assertWebAppBuilt, launchBrowser } from '../support/browser.js';
import { benchRow, insertGridRows } from './gridRows.js';
import { signIn, type SessionHeaders } from './signIn.js';
import { fmt, percentile } from './stats.js';

/**
 * The portal part of `npm run bench:customer` (issue 43; docs/decisions/0074-customer-portal.md):
 * a customer with `orders` orders over the 15 days around today (grid rows written straight into
 * the read model, as bench:grid does), and the first render of its shipments in Chromium: the
 * customer portal's page (`/customer/shipments`, a CUSTOMER user) against the planners' page of the
 * same rows (`/planner/{department}/shipments/all/{from}/{to}`, a planner), in alternating rounds
 * of the same run. A first render is from the navigation to the grid's first data row.
 */
export async function portalBench(
  system: System,
  admin: { command(name: string, payload: unknown): Promise<{ ids?: string[] }> },
  options: { orders: number; rounds: number },
): Promise<void> {
  assertWebAppBuilt();
  const departmentId = (
    await admin.command('CREATE_DEPARTMENT', {
      name: 'Bergen',
      departmentType: 'hd',
      country: 'NO',
    })
  ).ids![0]!;
  const customerId = (
    await admin.command('CREATE_CUSTOMER', { name: 'Portal Kunde AS', departmentId })
  ).ids![0]!;
  const from = bookingDate(-7);
  const to = bookingDate(7);
  const started = performance.now();
  for (let start = 0; start < options.orders; start += 2000) {
    const rows = [];
    for (let i = start; i < Math.min(options.orders, start + 2000); i++)
      rows.push(
        benchRow(
          10_000_000 + i,
          departmentId,
          { id: customerId, name: 'Portal Kunde AS' },
          bookingDate((i % 15) - 7),
        ),
      );
    await insertGridRows(system.db.knex, rows);
  }
  console.log(
    `  portal: ${fmt(options.orders)} orders of one customer written in ${fmt((performance.now() - started) / 1000, 1)} s`,
  );
  const customer = await signIn(system, '+4799000074', {
    role: 'CUSTOMER',
    customerId,
    departmentIds: [departmentId],
  });
  const planner = await signIn(system, '+4799000075', {
    role: 'PLANNER',
    access: ['PLANNER_SHIPMENTS'],
    departmentIds: [departmentId],
  });
  const browser = await launchBrowser([], 'no-preference');
  try {
    const pages = {
      portal: { session: customer, path: `/customer/shipments?from=${from}&to=${to}` },
      planner: {
        session: planner,
        path: `/planner/${departmentId}/shipments/all/${from}/${to}`,
      },
    };
    const times: Record<keyof typeof pages, number[]> = { portal: [], planner: [] };
    // One warm-up of each (the browser's first load of the chunks), then alternating rounds.
    for (let round = -1; round < options.rounds; round++)
      for (const which of round % 2 === 0
        ? (['portal', 'planner'] as const)
        : (['planner', 'portal'] as const)) {
        const ms = await firstRender(browser, system.url, pages[which].session, pages[which].path);
        if (round >= 0) times[which].push(ms);
      }
    const line = (label: string, list: number[]) =>
      console.log(
        `  ${label.padEnd(46)} p50 ${fmt(percentile(list, 50), 0).padStart(6)} ms  max ${fmt(Math.max(...list), 0).padStart(6)} ms  (${list.length} loads)`,
      );
    line('portal shipments page, first render', times.portal);
    line("planners' shipments page, first render", times.planner);
    console.log(
      `  ratio portal / planners' page: p50 ${fmt(percentile(times.portal, 50) / percentile(times.planner, 50), 2)}`,
    );
  } finally {
    await browser.close();
  }
}

/** From the navigation to the first data row of the grid, in a fresh context with the session. */
async function firstRender(
  browser: Browser,
  url: string,
  session: SessionHeaders,
  path: string,
): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 1600, height: 1000 },
    locale: 'en-GB',
  });
  try {
    const [name, ...value] = session.cookie!.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url }]);
    const page = await context.newPage();
    const t = performance.now();
    await page.goto(`${url}${path}`, { waitUntil: 'commit' });
    await page.locator('[role=row][data-row-id]').first().waitFor({ timeout: 120_000 });
    return performance.now() - t;
  } finally {
    await context.close();
  }
}
