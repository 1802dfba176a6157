import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import {
  assertWebAppBuilt,
  launchBrowser,
  loopbackTileEnv,
  openAs,
  screenshot,
  serveTiles,
  chooseOption,
  chooseSuggestion,
} from '../support/browser.js';
import { configureNumberSeries } from '../support/booking.js';
import { createDepartmentWithCustomer } from '../support/planning.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';
import { inspectPage, messageKeyPattern } from '../support/walk.js';

/**
 * The address book in a browser (issue 40, docs/decisions/0061-address-book.md): a planner makes
 * an address, finds it, changes it and deletes it (the confirmation says the people's data goes
 * for good); an address the geocoder cannot place is marked; the list follows the socket; the
 * booking form offers the customer's saved address before the gazetteer and fills the block.
 */
describe('the address book, in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let oslo: string;
  let customerId: string;
  let keeper: Session;
  let addressesOnly: Session;
  let shipmentsOnly: Session;
  const errors: string[] = [];
  const pages: Page[] = [];

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem({ env: loopbackTileEnv });
    await configureNumberSeries(sys);
    browser = await launchBrowser();
    ({ departmentId: oslo, customerId } = await createDepartmentWithCustomer(
      sys,
      'Nordlys Apotek',
    ));
    const login = (access: string[]) =>
      sys.login({ phoneNumber: freshPhone(), role: 'PLANNER', departmentIds: [oslo], access });
    keeper = await login(['PLANNER_ADDRESSES', 'PLANNER_BOOKING']);
    addressesOnly = await login(['PLANNER_ADDRESSES']);
    shipmentsOnly = await login(['PLANNER_SHIPMENTS']);
  }, 120_000);

  afterAll(async () => {
    for (const page of pages) await page.context().close();
    await browser?.close();
    await sys?.shutdown();
  });

  const open = async (session: Session, path: string) => {
    const page = await openAs(browser, sys.url, path, session, errors);
    await serveTiles(page.context());
    pages.push(page);
    return page;
  };
  /** The page's transitions finished (a dialog faded in), so its picture is what a user sees. */
  const settled = async (page: Page) => {
    for (let i = 0; i < 40; i++) {
      const running = await page.evaluate(
        `document.getAnimations().filter((a) => a.playState === 'running').length`,
      );
      if (running === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const savedAddresses = async () =>
    (await sys.query('addresses', { departmentIds: [oslo] })).body as {
      id: string;
      usage: string;
      code: string;
      block: { name: string; lat: number | null; phone: string };
    }[];

  it('S2-ROUTE-077 S2-ROUTE-078 a planner makes an address, finds it, edits it and deletes it for good; the list follows the socket and marks what is not on the map', async () => {
    const page = await open(keeper, `/planner/${oslo}/addresses`);
    await page.getByRole('heading', { name: /^Address book/ }).waitFor();
    await page.getByTestId('addresses-none').waitFor();
    await screenshot(page, 'addresses-01-empty');
    await page.getByTestId('address-new').click();
    await page.waitForURL(new RegExp(`/planner/${oslo}/addresses/new$`));
    await page.getByRole('heading', { name: 'New address' }).waitFor();

    // Saved empty: the contracts' rules answer beside the fields, nothing is sent.
    await page.getByTestId('address-save').click();
    const place = page.getByRole('region', { name: 'Place and contact' });
    await place.getByText('Required').first().waitFor();
    expect(await page.getByText('Required').count()).toBeGreaterThanOrEqual(3);
    expect(await savedAddresses()).toEqual([]);

    await chooseSuggestion(
      page,
      page.getByRole('combobox', { name: 'Customer' }),
      'Nordlys',
      /Nordlys Apotek/,
    );
    await chooseOption(page, page.getByLabel('Use', { exact: true }), 'Delivery');
    await page.getByLabel('Address code').fill('K-17');
    await place.getByLabel('Name', { exact: true }).fill('Kari Nordmann');
    await place.getByLabel('Street address').fill('Bogstadveien 10');
    await place.getByLabel('Postal code').fill('12');
    await place.getByLabel('Town').fill('Oslo');
    await place.getByLabel('Phone', { exact: true }).fill('+4791234567');
    await page.getByTestId('address-save').click();
    // A Norwegian postal code has four digits: the form says so before the server would.
    await place.getByText(/four digits|4 digits/i).waitFor();
    await screenshot(page, 'addresses-02-new-refused');
    await place.getByLabel('Postal code').fill('0355');
    await page.getByTestId('address-save').click();
    await page.getByText('Address saved').waitFor();
    await page.waitForURL(new RegExp(`/planner/${oslo}/addresses$`));
    const row = page.getByTestId('address-row');
    await row.getByText('Kari Nordmann').waitFor();
    await row.getByText('0355 Oslo (NO)').waitFor();
    await row.getByText('Nordlys Apotek').waitFor();
    await row.getByText('K-17').waitFor();
    expect(await row.getByTestId('address-not-on-map').count()).toBe(0);
    const [saved] = await savedAddresses();
    expect(saved).toMatchObject({ usage: 'DELIVERY', code: 'K-17' });
    expect(saved!.block.lat).not.toBeNull();

    // Saved by someone else meanwhile (the socket): a place the geocoder cannot find is marked.
    await sys.command('CREATE_ADDRESS', {
      departmentId: oslo,
      customerId,
      usage: 'PICKUP',
      code: 'L-1',
      block: {
        name: 'Lager Nowhere',
        address: 'Ingensteds 1',
        zipCode: '0000',
        zipArea: 'Nowhere',
      },
    });
    const nowhere = page.getByTestId('address-row').filter({ hasText: 'Lager Nowhere' });
    await nowhere.getByTestId('address-not-on-map').waitFor();
    await screenshot(page, 'addresses-03-list');

    // Found by a phrase, by use; nothing for a phrase of no address.
    await page.getByLabel('Search name, street, town, code').fill('Bogstad');
    await page.waitForURL(/q=Bogstad/);
    await page.getByTestId('address-row').nth(1).waitFor({ state: 'detached' });
    await page.getByLabel('Search name, street, town, code').fill('zzzz');
    await page.getByTestId('addresses-none').waitFor();
    await page.getByLabel('Search name, street, town, code').fill('');
    await page.getByTestId('address-row').nth(1).waitFor();
    await chooseOption(page, page.getByLabel('Use', { exact: true }), 'Offered for pickup', {
      exact: false,
    });
    await page.getByTestId('address-row').nth(1).waitFor({ state: 'detached' });
    await page.getByTestId('address-row').getByText('Lager Nowhere').waitFor();

    // The place not on the map says so on its page.
    await page.getByRole('link', { name: 'Lager Nowhere' }).click();
    await page.getByTestId('address-not-placed').waitFor();
    await screenshot(page, 'addresses-04-not-placed');
    await page.getByRole('link', { name: 'Back to the address book' }).first().click();

    // Edited: the name changes, the place keeps its point.
    await page.getByRole('link', { name: 'Kari Nordmann' }).click();
    await page.getByRole('heading', { name: 'Edit address' }).waitFor();
    const edit = page.getByRole('region', { name: 'Place and contact' });
    await expect(edit.getByLabel('Street address').inputValue()).resolves.toBe('Bogstadveien 10');
    await edit.getByLabel('Name', { exact: true }).fill('Kari N. Hansen');
    await screenshot(page, 'addresses-05-edit');
    await page.getByTestId('address-save').click();
    await page.getByText('Address saved').waitFor();
    await page.getByTestId('address-row').getByText('Kari N. Hansen').waitFor();
    await sys.settled();
    const edited = (await savedAddresses()).find((a) => a.id === saved!.id)!;
    expect(edited.block).toMatchObject({ name: 'Kari N. Hansen', lat: saved!.block.lat });

    // Deleted after a confirmation that says the people's data goes for good.
    await page.getByRole('link', { name: 'Kari N. Hansen' }).click();
    await page.getByTestId('address-delete').click();
    const dialog = page.getByRole('dialog', { name: 'Delete this address?' });
    await dialog.getByText(/erased for good/).waitFor();
    await settled(page);
    await screenshot(page, 'addresses-06-delete');
    await dialog.getByTestId('address-delete-confirm').click();
    await page.getByText('Address deleted').waitFor();
    await page.getByTestId('address-row').nth(1).waitFor({ state: 'detached' });
    await sys.settled();
    expect((await savedAddresses()).map((a) => a.block.name)).toEqual(['Lager Nowhere']);
    // The deleted one's page says there is no such address.
    await page.goto(`${sys.url}/planner/${oslo}/addresses/${saved!.id}`);
    await page.getByTestId('address-missing').waitFor();
    expect(errors).toEqual([]);
  }, 180_000);

  it('the booking form offers the customer’s saved address before the gazetteer, for its side, and a pick fills the whole block', async () => {
    await sys.command('CREATE_ADDRESS', {
      departmentId: oslo,
      customerId,
      usage: 'DELIVERY',
      code: 'D-9',
      block: {
        name: 'Storgata Kiosk',
        address: 'Storgata 1',
        zipCode: '0155',
        zipArea: 'Oslo',
        lat: 59.9133,
        lng: 10.7502,
        phone: '+4722334455',
        email: 'kiosk@example.no',
        contactPerson: 'Ola',
        instructions: 'Back door',
      },
    });
    await sys.settled();
    const page = await open(keeper, `/planner/${oslo}/booking/create`);
    await page.getByRole('heading', { name: 'New order' }).waitFor();
    await chooseOption(page, page.getByLabel('Customer', { exact: true }), 'Nordlys Apotek', {
      exact: false,
    });
    const delivery = page.getByRole('region', { name: 'Delivery' });
    const search = delivery.getByLabel('Find address');
    await search.fill('Storgata 1, 0155');
    const options = page.getByRole('option');
    await page.getByTestId('saved-address-option').waitFor();
    // Saved first, marked, then the gazetteer's suggestions.
    await page.getByTestId('address-option').first().waitFor();
    await expect(options.first().getAttribute('data-testid')).resolves.toBe('saved-address-option');
    await expect(options.first().textContent()).resolves.toBe(
      'SavedStorgata Kiosk, Storgata 1, 0155 Oslo',
    );
    await screenshot(page, 'addresses-07-booking-offer');
    await options.first().click();
    await expect(delivery.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe(
      'Storgata Kiosk',
    );
    await expect(delivery.getByLabel('Street address').inputValue()).resolves.toBe('Storgata 1');
    await expect(delivery.getByLabel('Postal code').inputValue()).resolves.toBe('0155');
    await expect(delivery.getByLabel('Phone', { exact: true }).inputValue()).resolves.toBe(
      '+4722334455',
    );
    await expect(delivery.getByLabel('Instructions').inputValue()).resolves.toBe('Back door');
    const map = delivery.getByTestId('map-preview');
    await map.waitFor();
    expect(Number(await map.getAttribute('data-lat'))).toBe(59.9133);
    // A delivery address is not offered for the pickup.
    const pickupSearch = page.getByRole('region', { name: 'Pickup' }).getByLabel('Find address');
    await pickupSearch.fill('Storgata 1, 0155');
    await page.getByTestId('address-option').first().waitFor();
    expect(await page.getByTestId('saved-address-option').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 120_000);

  it('S6-FLAG-038 PLANNER_ADDRESSES alone opens the address book; without it the route is not found and the query refused', async () => {
    const page = await open(addressesOnly, `/planner/${oslo}/addresses`);
    await page.getByTestId('address-row').first().waitFor();
    await page.getByTestId('address-new').waitFor();
    await page.goto(`${sys.url}/planner/${oslo}/addresses/new`);
    await page.getByRole('heading', { name: 'New address' }).waitFor();
    const other = await open(shipmentsOnly, `/planner/${oslo}/addresses`);
    await other.getByRole('heading', { name: 'Page not found' }).waitFor();
    await other.goto(`${sys.url}/planner/${oslo}/addresses/new`);
    await other.getByRole('heading', { name: 'Page not found' }).waitFor();
    const refused = await sys.as(shipmentsOnly).query('addresses', { departmentIds: [oslo] });
    expect(refused.status).toBe(403);
    expect(errors).toEqual([]);
  }, 60_000);

  it('in the white-label theme the list and the form change colour only, whole and readable (axe)', async () => {
    const keyPattern = messageKeyPattern(['addressBook', 'booking', 'validation']);
    const page = await open(keeper, `/planner/${oslo}/addresses?theme=whitelabel`);
    await page.getByTestId('address-row').first().waitFor();
    await page.getByTestId('address-not-on-map').first().waitFor();
    expect(await inspectPage(page, { keyPattern, axe: true })).toEqual([]);
    await screenshot(page, 'addresses-08-whitelabel-list');
    await page.getByTestId('address-new').click();
    await page.getByTestId('address-save').click();
    await page.getByText('Required').first().waitFor();
    expect(await inspectPage(page, { keyPattern, axe: true })).toEqual([]);
    await screenshot(page, 'addresses-09-whitelabel-new');
    expect(errors).toEqual([]);
  }, 60_000);

  it('a small CSV goes up with its counts and shows in the list; a refused file lists its rows and saves nothing; the customer’s addresses come down as xlsx in the language asked', async () => {
    await sys.command('UPDATE_CUSTOMER', { id: customerId, alystraId: '10042' });
    await sys.settled();
    const page = await open(keeper, `/planner/${oslo}/addresses`);
    await chooseSuggestion(
      page,
      page.getByRole('combobox', { name: 'Customer' }),
      'Nordlys',
      /Nordlys Apotek/,
    );
    await page.waitForURL(new RegExp(`customer=${customerId}`));
    const before = (await savedAddresses()).length;
    const csv = (lines: string[]) => ({
      name: 'adresser.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['code;name;address;zipCode;zipArea', ...lines].join('\r\n')),
    });

    // Refused: every bad row named with its column and rule; nothing saved.
    await page.getByTestId('addresses-upload-open').click();
    const dialog = page.getByRole('dialog', { name: 'Upload addresses' });
    await dialog.getByRole('combobox', { name: /^Customer/ }).waitFor();
    expect(await dialog.getByRole('combobox', { name: /^Customer/ }).inputValue()).toBe(
      'Nordlys Apotek (10042)',
    );
    await dialog
      .getByTestId('addresses-upload-file')
      .setInputFiles(csv(['U-1;;Storgata 2;0155;Oslo', 'U-2;Kiosk;Storgata 3;015;Oslo']));
    await dialog.getByTestId('addresses-upload-send').click();
    await dialog.getByTestId('addresses-upload-refused').waitFor();
    expect(await dialog.getByTestId('addresses-upload-refused').textContent()).toContain(
      '2 rows were refused, so nothing was saved',
    );
    const problems = dialog.getByTestId('addresses-upload-problem');
    await expect(problems.nth(0).innerText()).resolves.toBe('2\tName\tRequired');
    await expect(problems.nth(1).innerText()).resolves.toBe(
      '3\tPostal code\tPostal code must be 4 digits in Norway',
    );
    await screenshot(page, 'addresses-10-upload-refused');
    expect((await savedAddresses()).length).toBe(before);

    // Fixed and sent again: the counts, and the rows in the list behind (pushed).
    await dialog
      .getByTestId('addresses-upload-file')
      .setInputFiles(
        csv(['U-1;Lager Nord;Storgata 2;0155;Oslo', 'U-2;Kiosk Sør;Storgata 3;0155;Oslo']),
      );
    await dialog.getByTestId('addresses-upload-send').click();
    await dialog.getByTestId('addresses-upload-done').waitFor();
    expect(await dialog.getByTestId('addresses-upload-done').textContent()).toBe(
      '2 rows read: 2 created, 0 updated, 0 unchanged.',
    );
    expect(await dialog.getByTestId('addresses-upload-send').isDisabled()).toBe(true);
    await screenshot(page, 'addresses-11-upload-done');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('address-row').filter({ hasText: 'Lager Nord' }).waitFor();
    await page.getByTestId('address-row').filter({ hasText: 'Kiosk Sør' }).waitFor();

    // Down as xlsx headed in Norwegian, the customer's addresses in it.
    await page.getByTestId('addresses-download-open').click();
    const down = page.getByRole('dialog', { name: "Download a customer's addresses" });
    expect(await down.getByRole('combobox', { name: /^Customer number/ }).inputValue()).toBe(
      'Nordlys Apotek (10042)',
    );
    await chooseOption(page, down.getByLabel('Language of the headers'), 'Norsk bokmål', {
      exact: false,
    });
    await settled(page);
    await screenshot(page, 'addresses-12-download');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      down.getByTestId('addresses-download-send').click(),
    ]);
    expect(file.suggestedFilename()).toBe('addresses-10042.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Kundenummer');
    const names: string[] = [];
    for (let r = 2; r <= sheet.rowCount; r++)
      names.push(sheet.getRow(r).getCell(header.indexOf('Navn') + 1).text);
    expect(names).toEqual(expect.arrayContaining(['Lager Nord', 'Kiosk Sør']));
    expect(errors).toEqual([]);
  }, 120_000);
});
