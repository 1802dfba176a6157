import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import {
  assertWebAppBuilt,
  launchBrowser,
  openAs,
  screenshot,
  chooseOption,
} from '../support/browser.js';
import { accessibility } from '../support/walk.js';
import {
  awayFromOsloMidnight,
  bookingDate,
  configureNumberSeries,
  osloStops,
} from '../support/booking.js';
import { createCourierVan, createDepartmentWithCustomer, TEST_VAN } from '../support/planning.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * The productivity dashboard and the planner's report (issue 45, docs/decisions/0080): today's
 * four orders of a department, three on Kari's slot (one delivered on time, one late, one not at
 * home) and one unplanned; the numbers, the chart, the grouping in the address, the CSV.
 */
describe('the report screens, in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let dep: string;
  let reporter: Session;
  let shipmentsOnly: Session;
  let today: string;
  const errors: string[] = [];

  beforeAll(async () => {
    assertWebAppBuilt();
    // The late window (00:00–00:01) must be over: not in the first minutes after midnight.
    await awayFromOsloMidnight(3);
    today = bookingDate(0);
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    browser = await launchBrowser();
    const ok = async (name: string, payload: unknown) => {
      const res = await sys.command(name, payload);
      if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
      return res.body.ids as string[];
    };
    let customerId: string;
    ({ departmentId: dep, customerId } = await createDepartmentWithCustomer(sys, 'Apotek Nord'));
    const { courier, unit } = await createCourierVan(ok, dep, TEST_VAN, {
      name: 'Kari Bud',
      phoneNumber: freshPhone(),
    });
    const ids: string[] = [];
    for (const [i, latest] of ['00:01', '23:59', '23:59', '23:59'].entries())
      ids.push(
        (
          await ok('CREATE_ORDER', {
            departmentId: dep,
            customerId,
            pickupDate: today,
            deliveryTimeEarliest: '00:00',
            deliveryTimeLatest: latest,
            ...osloStops(i, { lat: 59.9 + i / 1000, lng: 10.7 }),
            measurements: [{ weight: 2, quantity: 1 }],
          })
        )[0]!,
      );
    // A price list (0101's estimate of what is still to invoice): FREIGHT 199.00 NOK an order.
    await ok('CREATE_ARTICLE', {
      code: 'FREIGHT',
      label: 'Freight',
      kind: 'FREIGHT',
      group: 'TRANSPORT',
    });
    await ok('CREATE_PRICE_LIST', {
      name: 'Apotek',
      departmentId: dep,
      currency: 'NOK',
      validFrom: today,
      lines: [{ articleCode: 'FREIGHT', customerPrice: 19_900, resourcePrice: 12_000 }],
    });
    const [slotId] = await ok('CREATE_SLOT', {
      departmentId: dep,
      name: 'Morgen',
      timeFrom: `${today}T06:00:00.000Z`,
      courierId: courier,
      unitId: unit,
    });
    await sys.settled();
    await ok('UPDATE_CONSIGNMENT_SLOT', { slotId, consignmentIds: ids.slice(0, 3) });
    await ok('MANUAL_DELIVER', { consignmentIds: ids.slice(0, 2) });
    await ok('MANUAL_DEVIATE', { consignmentIds: [ids[2]], reason: 'NOT_HOME' });
    // The recipients of the two delivered rate them, 10 and 3 (0083: one promoter, one detractor).
    await ok('UPDATE_CUSTOMER', { id: customerId, npsFromDate: '2020-01-01' });
    await sys.settled();
    const rows = (await sys.query('orders', { ids: ids.slice(0, 2) })).body as {
      id: string;
      order: { trackingId: string };
    }[];
    for (const [i, score] of [10, 3].entries())
      await ok('RECIPIENT_RATE_DELIVERY', {
        trackingId: rows.find((r) => String(r.id) === ids[i])!.order.trackingId,
        score,
      });
    const login = (access: string[]) =>
      sys.login({ phoneNumber: freshPhone(), role: 'PLANNER', departmentIds: [dep], access });
    reporter = await login(['PLANNER_REPORTS']);
    shipmentsOnly = await login(['PLANNER_SHIPMENTS']);
    await sys.settled();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  /** The table's cells, row by row (header first). */
  const tableOf = (page: Awaited<ReturnType<typeof openAs>>, testId = 'productivity-table') =>
    page
      .getByTestId(testId)
      .locator('tr')
      .evaluateAll((rows) =>
        rows.map((r) =>
          [...r.querySelectorAll('th, td')].map(
            (c) => (c as unknown as { innerText: string }).innerText,
          ),
        ),
      );

  it('S2-ROUTE-029 S6-FLAG-028 the reports flag alone opens the dashboard: the day per courier, on time and late, with its chart', async () => {
    const page = await openAs(
      browser,
      sys.url,
      `/planner/${dep}/dashboards/productivity`,
      reporter,
      errors,
    );
    await page.getByRole('heading', { name: /^Productivity/ }).waitFor();
    await page.getByRole('figure', { name: 'Deliveries on time and late' }).waitFor();
    const rows = await tableOf(page);
    expect(rows[0]).toEqual([
      'Courier',
      'Booked',
      'Planned',
      'Stops',
      'Collected',
      'Delivered',
      'On time',
      'Late',
      'Deviated',
      'Returned',
      'On-time rate',
      'Deviation reasons',
    ]);
    expect(rows.slice(1)).toEqual([
      ['Kari Bud', '3', '3', '6', '0', '2', '1', '1', '1', '0', '50 %', 'Not at home: 1'],
      ['None', '1', '0', '0', '0', '0', '0', '0', '0', '0', '–', ''],
      ['Total', '4', '3', '6', '0', '2', '1', '1', '1', '0', '50 %', 'Not at home: 1'],
    ]);
    expect(page.url()).toContain(`/dashboards/productivity`);
    // The routes by courier (0090; their numbers: tests/src/reporting/routes.e2e.test.ts): Kari's
    // slot planned, not driven; 6 kg of a 10 t van, 0 %.
    const routes = await tableOf(page, 'route-table');
    expect(routes[0]).toEqual([
      'Courier',
      'Slots',
      'Planned km',
      'Driven km',
      'Planned driving (min)',
      'Driven (min)',
      'Working time (min)',
      'Stops worked',
      'Stops per hour',
      'Load factor, weight',
      'Load factor, volume',
    ]);
    const planned = routes[1]!.slice(2, 3);
    expect(Number(planned[0])).toBeGreaterThan(0);
    expect(routes.slice(1)).toEqual([
      ['Kari Bud', '1', ...planned, '0', expect.any(String), '0', '0', '0', '–', '0 %', '0 %'],
      ['Total', '1', ...planned, '0', expect.any(String), '0', '0', '0', '–', '0 %', '0 %'],
    ]);
    // The invoicing by courier (0096; amounts: tests/src/reporting/invoicing.e2e.test.ts): Kari's
    // two delivered orders are to be invoiced, nothing invoiced yet.
    const invoicing = await tableOf(page, 'invoicing-table');
    expect(invoicing).toEqual([
      [
        'Courier',
        'Invoiced orders',
        'Invoiced without price',
        'To be invoiced',
        'Currency',
        'Net',
        'VAT',
        'Gross',
        'Per stop',
      ],
      ['Kari Bud', '0', '0', '2', '', '', '', '', ''],
      ['Total', '0', '0', '2', '', '', '', '', ''],
      // 0101: the two at today's price list, 2 × 199.00 NOK net, VAT 25 %, an estimate.
      [
        'To invoice, estimated at today’s prices',
        '',
        '',
        '2',
        'NOK',
        '398.00',
        '99.50',
        '497.50',
        '',
      ],
    ]);
    await screenshot(page, 'reports-01-dashboard');
    expect(await accessibility(page)).toEqual([]);
    await page.context().close();
    expect(errors).toEqual([]);
  }, 60_000);

  it('S2-ROUTE-042 the report: grouping in the address (a bookmark opens it again), the table as CSV and xlsx', async () => {
    const page = await openAs(browser, sys.url, `/planner/${dep}/reports`, reporter, errors);
    await page.getByRole('heading', { name: /^Reports/ }).waitFor();
    expect((await tableOf(page))[0]![0]).toBe('Day');
    await chooseOption(page, page.getByLabel('Group by'), 'Customer', { exact: false });
    await page.waitForURL(`**/planner/${dep}/reports/${today}/${today}/customer`);
    await page.reload();
    await page.getByTestId('productivity-table').waitFor();
    expect((await tableOf(page))[1]).toEqual([
      'Apotek Nord',
      '4',
      '3',
      '6',
      '0',
      '2',
      '1',
      '1',
      '1',
      '0',
      '50 %',
      'Not at home: 1',
    ]);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`productivity-${dep}-${today}-${today}-customer.csv`);
    const lines = readFileSync(await csv.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines).toEqual([
      'Customer,Booked,Planned,Stops,Collected,Delivered,On time,Late,Deviated,Returned,On-time rate,Deviation reasons',
      'Apotek Nord,4,3,6,0,2,1,1,1,0,50,Not at home: 1',
      'Total,4,3,6,0,2,1,1,1,0,50,Not at home: 1',
      '',
    ]);
    // The same table as xlsx (docs/decisions/0082): the counts as numbers, the rate a percent.
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export xlsx' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toBe(`productivity-${dep}-${today}-${today}-customer.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await xlsx.path());
    expect((book.worksheets[0]!.getRow(3).values as unknown[]).slice(1)).toEqual([
      'Total',
      4,
      3,
      6,
      0,
      2,
      1,
      1,
      1,
      0,
      0.5,
      'Not at home: 1',
    ]);
    // The recipients' net promoter answers of the same days, under it (0083): 1 promoter and
    // 1 detractor of 2 answers, 50 % − 50 % = 0.
    await page.getByTestId('nps-table').waitFor();
    expect(await tableOf(page, 'nps-table')).toEqual([
      ['Customer', 'Answers', 'Promoters (9–10)', 'Passives (7–8)', 'Detractors (0–6)', 'NPS'],
      ['Apotek Nord', '2', '1', '0', '1', '0'],
      ['Total', '2', '1', '0', '1', '0'],
    ]);
    await page.context().close();
    expect(errors).toEqual([]);
  }, 60_000);

  it('S2-ROUTE-027 the company report has the routes per department and per department and day (0101)', async () => {
    const admin = await sys.login({ phoneNumber: freshPhone(), role: 'ADMIN', departmentIds: [] });
    const page = await openAs(
      browser,
      sys.url,
      `/admin/report/${today}/${today}/departments`,
      admin,
      errors,
    );
    await page.getByTestId('route-table').waitFor();
    const routes = await tableOf(page, 'route-table');
    expect(routes[0]![0]).toBe('Department');
    // Kari's one slot (the dashboard's figures), driven and worked nothing yet.
    const planned = routes[1]!.slice(2, 3);
    expect(Number(planned[0])).toBeGreaterThan(0);
    const oslo = ['1', ...planned, '0', expect.any(String), '0', '0', '0', '–', '0 %', '0 %'];
    expect(routes.slice(1)).toEqual([
      ['Oslo', ...oslo],
      ['Total', ...oslo],
    ]);
    await page.goto(`${sys.url}/admin/report/${today}/${today}/days`);
    await page
      .getByTestId('route-table')
      .getByRole('columnheader', { name: 'Department and day' })
      .waitFor();
    const [, day] = await tableOf(page, 'route-table');
    expect(day![0]).toMatch(/^\d\d\/\d\d\/\d{4} · Oslo$/);
    expect(day!.slice(1)).toEqual(oslo);
    await page.context().close();
    expect(errors).toEqual([]);
  }, 60_000);

  it('S6-FLAG-028 a planner without the reports flag gets the not-found page on both', async () => {
    for (const path of ['dashboards/productivity', 'reports']) {
      const page = await openAs(browser, sys.url, `/planner/${dep}/${path}`, shipmentsOnly, errors);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await page.context().close();
    }
  }, 60_000);
});
