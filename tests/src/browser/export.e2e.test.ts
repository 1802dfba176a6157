import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { exportColumnsFor } from '@nordlog/contracts';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { assertWebAppBuilt, launchBrowser, openAs, screenshot } from '../support/browser.js';
import { accessibility } from '../support/walk.js';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { createDepartmentWithCustomer } from '../support/planning.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * The export screen (issue 40 part 3, docs/decisions/0060-export.md): today's shipments as CSV
 * without the control columns and as Excel with them, the range rule of the form, who may open it.
 */
describe('the export screen, in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let oslo: string;
  let exporter: Session;
  let shipmentsOnly: Session;
  const day = bookingDate(1);
  const errors: string[] = [];
  const orders: string[] = [];

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    browser = await launchBrowser();
    let customerId: string;
    ({ departmentId: oslo, customerId } = await createDepartmentWithCustomer(sys, 'Eksport AS'));
    for (const name of ['Kari Nordmann', 'Åse Ødegård'])
      orders.push(
        (
          await sys.command('CREATE_ORDER', {
            departmentId: oslo,
            customerId,
            pickupDate: day,
            pickup: { ...osloAddress, name: 'Lager Storgata' },
            delivery: { ...osloAddress, name },
            measurements: [{ weight: 3 }],
          })
        ).body.ids[0] as string,
      );
    const login = (access: string[]) =>
      sys.login({ phoneNumber: freshPhone(), role: 'PLANNER', departmentIds: [oslo], access });
    exporter = await login(['PLANNER_IMPORT_EXPORT']);
    shipmentsOnly = await login(['PLANNER_SHIPMENTS']);
    await sys.settled();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  const exportPath = (from: string, to: string) =>
    `/planner/${oslo}/export?fromDate=${from}&toDate=${to}`;

  it('S2-ROUTE-039 S7-CALL-031 S6-FLAG-025 the import/export flag opens the screen; CSV without control columns, then Excel with them', async () => {
    const page = await openAs(browser, sys.url, exportPath(day, day), exporter, errors);
    await page.getByRole('heading', { name: 'Export' }).waitFor();
    // The columns listed are the file's: without the control columns (ticked by default).
    const listed = page.getByTestId('export-columns').locator('.MuiChip-root');
    await expect(listed.count()).resolves.toBe(exportColumnsFor(true).length);
    await screenshot(page, 'export-01-form');
    expect(await accessibility(page)).toEqual([]);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-run').click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`shipments-${oslo}-${day}-${day}.csv`);
    const text = readFileSync(await csv.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe(
      exportColumnsFor(true)
        .map((c) => c.name)
        .join(','),
    );
    expect(lines).toHaveLength(3);
    expect(text).toContain('Åse Ødegård');
    await page.getByText('The export is downloaded').waitFor();

    await page.getByTestId('export-remove-control').uncheck();
    await page.getByLabel('Excel (xlsx)').check();
    await expect(listed.count()).resolves.toBe(exportColumnsFor(false).length);
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-run').click(),
    ]);
    expect(xlsx.suggestedFilename()).toBe(`shipments-${oslo}-${day}-${day}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsx.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(exportColumnsFor(false).map((c) => c.name));
    const ids = [2, 3].map((r) => sheet.getRow(r).getCell(header.indexOf('orderId') + 1).value);
    expect(ids.sort()).toEqual([...orders].sort());
    await page.context().close();
    expect(errors).toEqual([]);
  }, 90_000);

  it('the form refuses a range longer than one export as the server would: a warning, no button', async () => {
    const page = await openAs(browser, sys.url, exportPath('2020-01-01', day), exporter, errors);
    await page.getByRole('heading', { name: 'Export' }).waitFor();
    await page.getByTestId('export-range-problem').waitFor();
    await expect(page.getByTestId('export-run').isDisabled()).resolves.toBe(true);
    await page.context().close();
    expect(errors).toEqual([]);
  }, 60_000);

  it('S6-FLAG-025 a planner without the import/export flag gets the not-found page', async () => {
    const page = await openAs(browser, sys.url, `/planner/${oslo}/export`, shipmentsOnly, errors);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expect(page.getByTestId('export-run').count()).resolves.toBe(0);
    await page.context().close();
  }, 60_000);
});
