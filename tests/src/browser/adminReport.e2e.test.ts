import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
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
import {
  createCourierVan,
  createDepartment,
  createDepartmentWithCustomer,
  TEST_VAN,
} from '../support/planning.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * The admin report (spec §2 `/admin/report/{fromDate?}/{toDate?}/{type?}`, docs/decisions/0082):
 * two departments. Oslo (Apotek Nord) has three orders today, two on Kari's slot: one delivered
 * (late: its window ended at 00:01) and one not at home; Bergen (Blomster Sør) two tomorrow; an
 * Oslo order in five days is outside the range. Orders cannot be booked in the past, so November
 * 2026 (the bookmark the test opens first) is empty in a new system.
 */
describe('the admin report, in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let admin: Session;
  let planner: Session;
  const errors: string[] = [];
  const NOVEMBER = '/admin/report/2026-11-01/2026-11-30';
  const [today, tomorrow] = [bookingDate(0), bookingDate(1)];
  const RANGE = `/admin/report/${today}/${bookingDate(2)}`;

  beforeAll(async () => {
    assertWebAppBuilt();
    // The late window (00:00–00:01) must be over: not in the first minutes after midnight.
    await awayFromOsloMidnight(3);
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    browser = await launchBrowser();
    const ok = async (name: string, payload: unknown) => {
      const res = await sys.command(name, payload);
      if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
      return res.body.ids as string[];
    };
    const { departmentId: oslo, customerId: apotek } = await createDepartmentWithCustomer(
      sys,
      'Apotek Nord',
    );
    const bergen = await createDepartment(sys, 'Bergen', null);
    const [blomster] = await ok('CREATE_CUSTOMER', { name: 'Blomster Sør', departmentId: bergen });
    const book = async (i: number, departmentId: string, customerId: string, date: string) =>
      (
        await ok('CREATE_ORDER', {
          departmentId,
          customerId,
          pickupDate: date,
          deliveryTimeEarliest: '00:00',
          deliveryTimeLatest: i === 0 ? '00:01' : '23:59',
          ...osloStops(i, { lat: 59.9 + i / 1000, lng: 10.7 }),
          measurements: [{ weight: 2, quantity: 1 }],
        })
      )[0]!;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await book(i, oslo, apotek, today));
    for (let i = 3; i < 5; i++) await book(i, bergen, blomster!, tomorrow);
    await book(5, oslo, apotek, bookingDate(5));
    const { courier, unit } = await createCourierVan(ok, oslo, TEST_VAN, {
      name: 'Kari Bud',
      phoneNumber: freshPhone(),
    });
    const [slotId] = await ok('CREATE_SLOT', {
      departmentId: oslo,
      name: 'Morgen',
      timeFrom: `${today}T06:00:00.000Z`,
      courierId: courier,
      unitId: unit,
    });
    await sys.settled();
    await ok('UPDATE_CONSIGNMENT_SLOT', { slotId, consignmentIds: ids.slice(0, 2) });
    await ok('MANUAL_DELIVER', { consignmentIds: [ids[0]] });
    await ok('MANUAL_DEVIATE', { consignmentIds: [ids[1]], reason: 'NOT_HOME' });
    admin = await sys.login({ phoneNumber: freshPhone(), role: 'ADMIN', departmentIds: [] });
    planner = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo, bergen],
      access: ['PLANNER_REPORTS'],
    });
    await sys.settled();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  /** The table's cells, row by row (header first). */
  const tableOf = (page: Awaited<ReturnType<typeof openAs>>) =>
    page
      .getByTestId('admin-report-table')
      .locator('tr')
      .evaluateAll((rows) =>
        rows.map((r) =>
          [...r.querySelectorAll('th, td')].map(
            (c) => (c as unknown as { innerText: string }).innerText,
          ),
        ),
      );
  const header = [
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
  ];
  const oslo = ['3', '2', '4', '0', '1', '0', '1', '1', '0', '0 %', 'Not at home: 1'];
  const bergen = ['2', '0', '0', '0', '0', '0', '0', '0', '0', '–', ''];
  const total = ['5', '2', '4', '0', '1', '0', '1', '1', '0', '0 %', 'Not at home: 1'];

  it('S2-ROUTE-027 S6-ROLE-015 an ADMIN opens a bookmarked range per department with its totals, switches to customers (in the address), saves the xlsx and prints the table alone', async () => {
    const page = await openAs(browser, sys.url, `${NOVEMBER}/departments`, admin, errors);
    await page.getByRole('heading', { name: 'Company report' }).waitFor();
    await page.getByText('Nothing was booked on these days.').waitFor();
    expect(await page.getByTestId('report-range').innerText()).toBe('01/11/2026 – 30/11/2026');
    await page.goto(`${sys.url}${RANGE}/departments`);
    await page.getByRole('figure', { name: 'Deliveries on time and late' }).waitFor();
    expect(await tableOf(page)).toEqual([
      ['Department', ...header],
      ['Bergen', ...bergen],
      ['Oslo', ...oslo],
      ['Total', ...total],
    ]);
    expect(await accessibility(page)).toEqual([]);
    await screenshot(page, 'admin-report-01-departments');

    await chooseOption(page, page.getByLabel('Report'), 'Top customers', { exact: false });
    await page.waitForURL(`**${RANGE}/customers`);
    await page
      .getByTestId('admin-report-table')
      .getByRole('columnheader', { name: 'Customer' })
      .waitFor();
    expect(await tableOf(page)).toEqual([
      ['Customer', ...header],
      ['Apotek Nord', ...oslo],
      ['Blomster Sør', ...bergen],
      ['Total', ...total],
    ]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export xlsx' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`report-${today}-${bookingDate(2)}-customers.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect([1, 2, 3, 4].map(values)).toEqual([
      ['Customer', ...header],
      ['Apotek Nord', 3, 2, 4, 0, 1, 0, 1, 1, 0, 0, 'Not at home: 1'],
      ['Blomster Sør', 2, 0, 0, 0, 0, 0, 0, 0, 0],
      ['Total', 5, 2, 4, 0, 1, 0, 1, 1, 0, 0, 'Not at home: 1'],
    ]);
    expect(sheet.rowCount).toBe(4);

    // Printed: the title, the table and its totals; no menu, filters or buttons.
    await page.emulateMedia({ media: 'print' });
    await page.getByText('Company report · Top customers').waitFor();
    expect(await page.getByTestId('admin-report-table').isVisible()).toBe(true);
    for (const name of ['Export xlsx', 'Print'])
      expect(await page.getByRole('button', { name }).isVisible()).toBe(false);
    expect(await page.getByLabel('Report').isVisible()).toBe(false);
    await screenshot(page, 'admin-report-02-print');
    await page.emulateMedia({ media: 'screen' });
    await page.context().close();
    expect(errors).toEqual([]);
  }, 90_000);

  it('S6-ROLE-015 a planner, even with the reports flag, gets the not-found page', async () => {
    const page = await openAs(browser, sys.url, `${RANGE}/departments`, planner, errors);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.context().close();
  }, 60_000);
});
