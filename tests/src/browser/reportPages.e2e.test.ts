import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { assertWebAppBuilt, launchBrowser, openAs } from '../support/browser.js';
import { bookingDate, configureNumberSeries, osloStops } from '../support/booking.js';
import { createDepartment } from '../support/planning.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

const GRAFANA = 'https://grafana.example.com/d/nordlog/overview';
const METABASE = 'https://metabase.example.com/dashboard/1';

/**
 * The report pages (issue 45 §4, docs/decisions/0084) in a browser, for an ADMIN: our own
 * analytics (Oslo's two consignments today, one delivered, one not at home) and monitoring
 * (the commands just run), then the configured external dashboards in frames. A planner gets
 * the not-found page. The walk checks both pages whole (keys, width, axe) for every role.
 */
describe('report pages /reports/analytics and /reports/monitoring', () => {
  let sys: TestSystem;
  let browser: Browser;
  let planner: Session;
  const errors: string[] = [];

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem({
      env: { MONITORING_DASHBOARD_URL: GRAFANA, ANALYTICS_DASHBOARD_URL: METABASE },
    });
    browser = await launchBrowser();
    await configureNumberSeries(sys);
    const ok = async (name: string, payload: Record<string, unknown>) => {
      const res = await sys.command(name, payload);
      if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
      return res.body.ids as string[];
    };
    const oslo = await createDepartment(sys, 'Oslo', { lat: 59.91, lng: 10.75 });
    const customer = (await ok('CREATE_CUSTOMER', { name: 'Apotek Nord', departmentId: oslo }))[0];
    const ids: string[] = [];
    for (const i of [0, 1])
      ids.push(
        ...(await ok('CREATE_ORDER', {
          departmentId: oslo,
          customerId: customer,
          pickupDate: bookingDate(0),
          deliveryTimeEarliest: '00:00',
          deliveryTimeLatest: '23:59',
          ...osloStops(i, { lat: 59.9, lng: 10.7 }),
          measurements: [{ weight: 2, quantity: 1 }],
        })),
      );
    await sys.settled();
    await ok('MANUAL_COLLECT', { consignmentIds: ids });
    await ok('MANUAL_DELIVER', { consignmentIds: [ids[0]] });
    await ok('MANUAL_DEVIATE', { consignmentIds: [ids[1]], reason: 'NOT_HOME' });
    await sys.settled();
    planner = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  /** The pages as if no dashboard were configured: our own figures. */
  const ownFigures = (page: Page) =>
    page.route('**/api/query/reportDashboards', (route) =>
      route.fulfill({ json: { analytics: null, monitoring: null } }),
    );

  it('an ADMIN sees the company’s figures and the processes’ metrics, refreshed; a planner not found', async () => {
    const page = await openAs(browser, sys.url, '/planner', sys.admin, errors);
    await ownFigures(page);
    await page.goto(`${sys.url}/reports`);
    // `/reports` is the analytics page: this month so far.
    await page.waitForURL(/\/reports\/analytics$/);
    const table = page.getByTestId('analytics-table');
    await table.getByRole('row', { name: /Oslo/ }).waitFor();
    expect(await table.getByRole('row', { name: /Oslo/ }).textContent()).toBe('Oslo21100 %11');
    await expect(table.getByRole('columnheader', { name: 'Not at home' }).count()).resolves.toBe(1);
    await page.getByTestId('analytics-summary').getByText('Delivered: 1').waitFor();

    await page.getByRole('menuitem', { name: 'Monitoring' }).click();
    await page.waitForURL(/\/reports\/monitoring$/);
    const commands = page.getByTestId('monitoring-commands');
    /** The count of a command's row (its first cell after the name) once it is `total`. */
    const commandRow = (command: string, total: string) =>
      commands
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: command, exact: true }) })
        .getByRole('cell')
        .first()
        .filter({ hasText: new RegExp(`^${total}$`) });
    await commandRow('CREATE_ORDER', '2').waitFor();
    await page
      .getByTestId('monitoring-projections')
      .getByRole('rowheader', { name: 'reports', exact: true })
      .waitFor();
    // Read again while open: a command run now shows without reloading.
    await createDepartment(sys, 'Bergen', { lat: 60.39, lng: 5.32 });
    await commandRow('CREATE_DEPARTMENT', '2').waitFor({ timeout: 15_000 });
    await page.context().close();

    const refused = await openAs(browser, sys.url, '/reports/monitoring', planner, errors);
    await refused.getByTestId('not-found').waitFor();
    await refused.context().close();
    expect(errors).toEqual([]);
  }, 90_000);

  it('S2-ROUTE-084 S2-ROUTE-085 with dashboards configured, each page embeds its dashboard in a frame, with a link out', async () => {
    const page = await openAs(browser, sys.url, '/planner', sys.admin, errors);
    // The external dashboards, served here: the content security policy lets the frames load them.
    for (const [url, name] of [
      [GRAFANA, 'Grafana overview'],
      [METABASE, 'Metabase dashboard'],
    ] as const)
      await page.route(url, (route) =>
        route.fulfill({ contentType: 'text/html', body: `<h1>${name}</h1>` }),
      );
    for (const [path, url, name] of [
      ['/reports/monitoring', GRAFANA, 'Grafana overview'],
      ['/reports/analytics', METABASE, 'Metabase dashboard'],
    ] as const) {
      await page.goto(`${sys.url}${path}`);
      const frame = page.frameLocator('iframe[title="External dashboard"]');
      await frame.getByRole('heading', { name }).waitFor();
      const link = page.getByRole('link', { name: 'Open the dashboard in a new tab' });
      expect(await link.getAttribute('href')).toBe(url);
      expect(await page.locator('iframe').getAttribute('src')).toBe(url);
    }
    await page.context().close();
    expect(errors).toEqual([]);
  }, 60_000);
});
