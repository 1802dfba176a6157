import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { assertWebAppBuilt, launchBrowser, openAs, screenshot } from '../support/browser.js';
import { bookingDate, configureNumberSeries } from '../support/booking.js';
import { csvText } from '../support/importFiles.js';
import { createDepartmentWithCustomer } from '../support/planning.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * The import screens (issue 40 part 2, docs/decisions/0059-import.md): a planner with the import
 * flag uploads a CSV file as multipart, follows its progress to the end, fixes a refused row in
 * place and books it again; a file that is no spreadsheet is answered on the page; the template
 * downloads; a planner without the flag gets the not-found page.
 */
describe('spreadsheet import, in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let oslo: string;
  let customerId: string;
  let importer: Session;
  let bookingOnly: Session;
  const day = bookingDate(2);
  const errors: string[] = [];

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    browser = await launchBrowser();
    ({ departmentId: oslo, customerId } = await createDepartmentWithCustomer(sys, 'Import AS'));
    const login = (access: string[]) =>
      sys.login({ phoneNumber: freshPhone(), role: 'PLANNER', departmentIds: [oslo], access });
    importer = await login(['PLANNER_IMPORT_EXPORT']);
    bookingOnly = await login(['PLANNER_BOOKING']);
    await sys.settled();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  const row = (i: number, zip: string) => ({
    customerId,
    customerRef: `W-${i}`,
    pickupDate: day,
    deliveryName: `Åse Ørjasæter ${i}`,
    deliveryAddress: `Kirkegata ${i}`,
    deliveryZipCode: zip,
    deliveryZipArea: 'Oslo',
    weight: '1,5',
  });

  it('S7-CALL-012 S2-ROUTE-038 S6-FLAG-025 a planner uploads a file as multipart, follows the import to the end, fixes a refused row and books it again', async () => {
    const page = await openAs(browser, sys.url, `/planner/${oslo}/import`, importer, errors);
    await page.getByRole('heading', { name: 'Import orders' }).waitFor();
    await page.getByTestId('import-file').setInputFiles({
      name: 'orders.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csvText([row(1, '0153'), row(2, '01'), row(3, '0155')])),
    });
    await page.getByTestId('import-file-name').getByText('orders.csv').waitFor();
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/uploadExcelOrdersV2')),
      page.getByTestId('import-upload').click(),
    ]);
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    await page.waitForURL(/\/import\/[0-9a-f-]{36}$/);
    await page.getByTestId('import-state').getByText('Done').waitFor();
    await page.getByText('2 booked, 1 refused, 0 to book, of 3 rows').waitFor();
    await page
      .getByTestId('import-row-3')
      .getByText('deliveryZipCode: Postal code must be 4 digits in Norway')
      .waitFor();
    // The rows agree with the counts: the booked ones say so (never "to book" under "done").
    for (const r of [2, 4])
      await page.getByTestId(`import-row-${r}`).getByText('Booked', { exact: true }).waitFor();
    await screenshot(page, 'import-01-result');
    await page.getByTestId('import-tab-refused').click();
    await page.getByTestId('import-row-2').waitFor({ state: 'detached' });
    await page.getByTestId('import-fix-3').click();
    await page.getByTestId('import-cell-deliveryZipCode').fill('0154');
    await screenshot(page, 'import-02-fix');
    await page.getByTestId('import-book-3').click();
    await page.getByText('Row 3 booked').waitFor();
    await page.getByText('3 booked, 0 refused, 0 to book, of 3 rows').waitFor();
    await sys.settled();
    const orders = await sys.db
      .knex('rm_orders')
      .where('department_id', oslo)
      .count<{ count: string }[]>('* as count');
    expect(Number(orders[0]!.count)).toBe(3);
    await page.context().close();
    expect(errors).toEqual([]);
  }, 90_000);

  it('a file that is no spreadsheet is answered on the page; the template downloads and lists the columns', async () => {
    const page = await openAs(browser, sys.url, `/planner/${oslo}/import`, importer, errors);
    await page.getByTestId('import-file').setInputFiles({
      name: 'photo.xlsx',
      mimeType: 'image/png',
      buffer: Buffer.from('89504e470d0a1a0a0000000d4948445200', 'hex'),
    });
    await page.getByTestId('import-upload').click();
    await page
      .getByTestId('import-failure')
      .getByText('The file is not a spreadsheet: upload an .xlsx or .csv file')
      .waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('import-template-xlsx').click(),
    ]);
    const file = readFileSync(await download.path());
    expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
    // The latest imports, with the one made before.
    await page.getByTestId('import-list').getByText('orders.csv').waitFor();
    await screenshot(page, 'import-03-upload');
    await page.context().close();
    expect(errors).toEqual([]);
  }, 60_000);

  it('S6-FLAG-025 a planner without an import flag gets the not-found page', async () => {
    const page = await openAs(browser, sys.url, `/planner/${oslo}/import`, bookingOnly, errors);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.context().close();
  }, 60_000);
});
