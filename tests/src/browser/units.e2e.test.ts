import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  assertWebAppBuilt,
  chooseOption,
  launchBrowser,
  loginByToken,
  screenshot,
  readOptions,
} from '../support/browser.js';
import { sampleUnit } from '../support/samples.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';
import { PageMonitor, inspectPage, messageKeyPattern, navigateInApp } from '../support/walk.js';

type Row = Record<string, any>;

/**
 * The units, vehicles and couriers screens in a real browser (spec §2 "Courier/unit
 * create-and-edit form", §4 "Courier form break"): a planner lists, creates and edits through the
 * forms, and what it saves is what the queries read.
 */
describe('units, vehicles and couriers in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let monitor: PageMonitor;
  let oslo: string;
  let courier: string;
  const keyPattern = messageKeyPattern(['fleet', 'validation', 'errors', 'enums', 'menu', 'pages']);

  const units = async (query = 'units'): Promise<Row[]> => {
    await sys.settled();
    return (await sys.query(query, { includeInactive: true })).body as Row[];
  };
  const pick = (label: RegExp, option: string | RegExp) =>
    chooseOption(page, page.getByRole('combobox', { name: label }), option);
  const goto = async (path: string) => {
    await navigateInApp(page, path);
    await monitor.settle();
  };
  /** The page has no problem the walk would find (console, answers, width, keys, axe). */
  const whole = async (where: string) => {
    await monitor.settle();
    const problems = [...monitor.take(), ...(await inspectPage(page, { keyPattern, axe: true }))];
    await screenshot(page, `${problems.length > 0 ? 'units-problem' : 'units'}-${where}`);
    expect({ where, problems }).toEqual({ where, problems: [] });
  };

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    browser = await launchBrowser();
    oslo = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo terminal',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0];
    courier = (
      await sys.command('CREATE_COURIER_USER', {
        name: 'Kim Courier',
        phoneNumber: freshPhone(),
        departmentId: oslo,
      })
    ).body.ids[0];
    const phone = freshPhone();
    await sys.run('CREATE_USER', {
      name: 'Per Planner',
      phoneNumber: phone,
      role: 'PLANNER',
      departmentIds: [oslo],
    });
    await sys.settled();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    page = await context.newPage();
    monitor = new PageMonitor(page);
    await loginByToken(page, sys, phone);
    await page.waitForURL('**/planner');
    await monitor.settle();
    monitor.take();
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await sys?.shutdown();
  });

  it('S2-ROUTE-033 S2-ROUTE-035 S2-ROUTE-036 S2-ROUTE-037 S2-ROUTE-059 the lists open under their routes', async () => {
    const saved = await sys.command('CREATE_UNIT', {
      ...sampleUnit(oslo, [courier]),
      name: 'Van A',
    });
    expect(saved.status).toBe(200);
    for (const [path, heading] of [
      ['units', 'Units'],
      ['units-new', 'Units'],
      ['vehicles', 'Vehicles'],
      ['couriers', 'Couriers'],
      ['couriers-old', 'Couriers'],
    ] as const) {
      await goto(`/planner/${oslo}/${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(await page.getByTestId('not-found').count()).toBe(0);
    }
    await goto(`/planner/${oslo}/units`);
    await page.getByRole('link', { name: /open van a/i }).waitFor();
    const table = await page.getByRole('table', { name: 'Units' }).innerText();
    expect(table).toContain('U-1');
    expect(table).toContain('Van');
    await whole('units-list');
  });

  it('S2-SCREEN-035 S2-SCREEN-036 S4-BEH-001 S4-BEH-002 S4-BEH-004 S3-ENT-029 S3-ENT-037 create a unit: required fields, the break section, the inverted flag; the break is saved as ISO', async () => {
    // With the feature on, the working-time break is offered (S4-BEH-003).
    await page.goto(`${sys.url}/planner/${oslo}/units/new?feature=workingTimeBreak`);
    await page.getByRole('heading', { name: 'New unit', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Required').first().isVisible()).resolves.toBe(true);
    await page.getByLabel(/^name/i).fill('Van B');
    await page.getByLabel(/^alystra id/i).fill('U-2');
    await page.getByLabel(/^capacity \(packages\)/i).fill('20');
    await page.getByLabel(/^weight capacity/i).fill('800');
    await page.getByLabel(/^volume capacity/i).fill('9,5');
    await pick(/^vehicle type/i, 'Van');
    await pick(/^fuel type/i, 'Electric');
    // S4-BEH-004: the comment shows only when the vehicle is not approved.
    expect(await page.getByLabel(/^vehicle control comment/i).count()).toBe(0);
    await pick(/^vehicle control(?! comment)/i, 'Not approved');
    await page.getByLabel(/^vehicle control comment/i).fill('Brake light');
    await pick(/^vehicle control(?! comment)/i, 'Approved');
    expect(await page.getByLabel(/^vehicle control comment/i).count()).toBe(0);
    await page.getByLabel(/does not return/i).check();
    // The depots (issue 36, 0041-depot): addresses found with the geocoder, none by default; no
    // latitude or longitude to type.
    const start = page.getByRole('group', { name: 'Start depot' });
    const end = page.getByRole('group', { name: 'End depot' });
    expect(await start.getByTestId('startLocation-address').innerText()).toBe('No depot');
    expect(await end.getByTestId('endLocation-address').innerText()).toBe('No depot');
    expect(await page.getByLabel(/latitude|longitude/i).count()).toBe(0);
    const search = start.getByLabel("Find the depot's address");
    await search.fill('Storgata 1, 0155');
    await page.getByRole('option', { name: 'Storgata 1, 0155 Oslo' }).waitFor();
    await search.press('ArrowDown');
    await search.press('Enter');
    await start.getByText('Storgata 1, 0155 Oslo', { exact: true }).waitFor();
    await chooseOption(page, page.getByRole('combobox', { name: /^couriers/i }), 'Kim Courier', {
      exact: false,
      multiple: true,
    });
    // The break: three types with the feature; switching the type clears the fields.
    await page.getByRole('button', { name: 'Add a break' }).click();
    const breakType = page.getByRole('combobox', { name: /^break type/i });
    expect(await readOptions(page, breakType)).toEqual(['No break', 'Time window', 'Working time']);
    await chooseOption(page, breakType, 'Working time');
    await page.getByLabel(/^duration/i).fill('45');
    await pick(/^break type/i, 'Time window');
    await pick(/^break type/i, 'Working time');
    expect(await page.getByLabel(/^duration/i).inputValue()).toBe('');
    await pick(/^max working time/i, '5 hours');
    await page.getByLabel(/^duration/i).fill('30');
    await page.getByRole('button', { name: 'Done' }).click();
    await page
      .getByTestId('break-row')
      .getByText(/5 h of work, 30 min/)
      .waitFor();
    await whole('unit-new');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: /^edit unit: van b/i }).waitFor();
    const saved = (await units()).find((u) => u.name === 'Van B');
    expect(saved).toEqual(
      expect.objectContaining({
        volumeCapacity: 9.5,
        shouldDriverReturn: false,
        vehicleControl: 'approved',
        vehicleControlComment: '',
        courierUserIds: [courier],
        break: { type: 'WorkingTime', maxWorkingTime: 'PT5H', duration: 'PT30M' },
        startLocation: expect.objectContaining({ address: 'Storgata 1, 0155 Oslo' }),
        endLocation: null,
      }),
    );
    // The suggestion's point, never 0,0.
    expect(saved!.startLocation.lat).toBeGreaterThan(59);
    expect(saved!.startLocation.lng).toBeGreaterThan(10);
  });

  it('S4-BEH-003 S5-VAL-061 without the feature there is no working-time break; max working time offers 1 and 4 to 12 hours', async () => {
    await page.evaluate(`sessionStorage.removeItem('nordlog.features')`);
    await page.goto(`${sys.url}/planner/${oslo}/units/new`);
    await page.getByRole('button', { name: 'Add a break' }).click();
    await page.getByRole('combobox', { name: /^break type/i }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['No break', 'Time window']);
    await page.keyboard.press('Escape');
    await page.goto(`${sys.url}/planner/${oslo}/units/new?feature=workingTimeBreak`);
    await page.getByRole('button', { name: 'Add a break' }).click();
    await pick(/^break type/i, 'Working time');
    await page.getByRole('combobox', { name: /^max working time/i }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual([
      '1 hour',
      ...[4, 5, 6, 7, 8, 9, 10, 11, 12].map((h) => `${h} hours`),
    ]);
    await page.keyboard.press('Escape');
  });

  it('S2-ROUTE-034 S2-SCREEN-037 S2-SCREEN-038 a unit with a break: the row has edit and delete icons; edit shows inputs, done returns to view; delete removes it', async () => {
    const id = (await sys.command('CREATE_UNIT', { ...sampleUnit(oslo, [courier]), name: 'Van C' }))
      .body.ids[0];
    await sys.settled();
    await page.goto(`${sys.url}/planner/${oslo}/units/${id}`);
    await page.getByRole('heading', { name: /^edit unit: van c/i }).waitFor();
    const row = page.getByTestId('break-row');
    await row.getByText('Between 11:00 and 13:00, 30 min').waitFor();
    await row.getByRole('button', { name: 'Edit the break' }).click();
    await page.getByTestId('break-edit').waitFor();
    await page.getByLabel(/^duration/i).fill('');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Required').first().waitFor();
    await page.getByLabel(/^duration/i).fill('40');
    await page.getByRole('button', { name: 'Done' }).click();
    await row.getByText('Between 11:00 and 13:00, 40 min').waitFor();
    await whole('unit-edit');
    await row.getByRole('button', { name: 'Delete the break' }).click();
    await row.getByText('No break').waitFor();
    // The stored depot shows as its address; removing it saves no depot (null).
    const start = page.getByRole('group', { name: 'Start depot' });
    await start.getByText('Tollbugata 17, 0152 Oslo', { exact: true }).waitFor();
    await start.getByRole('button', { name: 'Remove depot' }).click();
    await start.getByText('No depot', { exact: true }).waitFor();
    // The save's own answer: a "Saved" of the test before may still be on the screen.
    const updated = page.waitForResponse(
      (r) => r.url().endsWith('/api/command/UPDATE_UNIT') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await updated).status()).toBe(200);
    const saved = (await units()).find((u) => u.id === id);
    expect(saved?.break).toEqual({ type: 'NoBreakTime' });
    expect(saved?.startLocation).toBeNull();
    expect(saved?.endLocation).toEqual(
      expect.objectContaining({ address: 'Sognsveien 77, 0855 Oslo' }),
    );
  });

  it('S2-SCREEN-035 a server refusal shows the error banner', async () => {
    await page.goto(`${sys.url}/planner/${oslo}/units/new`);
    await page.getByLabel(/^name/i).fill('Van D');
    await page.getByLabel(/^alystra id/i).fill('U-4');
    await page.getByLabel(/^capacity \(packages\)/i).fill('20');
    await page.getByLabel(/^weight capacity/i).fill('800');
    await page.getByLabel(/^volume capacity/i).fill('9');
    await pick(/^vehicle type/i, 'Van');
    await pick(/^fuel type/i, 'Diesel');
    await chooseOption(page, page.getByRole('combobox', { name: /^couriers/i }), 'Kim Courier', {
      exact: false,
      multiple: true,
    });
    await page.route('**/api/command/CREATE_UNIT', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify([{ errorType: 'CONCURRENCY_CONFLICT', description: 'moved' }]),
      }),
    );
    await page.getByRole('button', { name: 'Save' }).click();
    const banner = page.getByTestId('form-error');
    await banner.waitFor();
    expect(await banner.innerText()).toContain('Someone else changed this');
    await page.unroute('**/api/command/CREATE_UNIT');
    monitor.take(); // the 409 was ours
  });

  it('S3-ENT-021 the id is labelled the unit id in the white-label variant', async () => {
    await page.goto(`${sys.url}/planner/${oslo}/units/new?theme=whitelabel`);
    await page.getByLabel(/^unit id/i).waitFor();
    await page.goto(`${sys.url}/planner/${oslo}/units/new?theme=nordlog`);
    await page.getByLabel(/^alystra id/i).waitFor();
  });

  it('S2-ROUTE-060 vehicles: the list shows registration number and brand; a record opens', async () => {
    const id = (
      await sys.command('CREATE_UNIT', {
        ...sampleUnit(oslo, []),
        name: 'Truck E',
        isUnit: false,
        registrationNumber: 'TR 123',
      })
    ).body.ids[0];
    await goto(`/planner/${oslo}/vehicles`);
    await page.getByRole('link', { name: /open truck e/i }).waitFor();
    const table = await page.getByRole('table', { name: 'Vehicles' }).innerText();
    expect(table).toContain('TR 123');
    expect(table).toContain('Ford Transit');
    await whole('vehicles-list');
    await page.getByRole('link', { name: /open truck e/i }).click();
    await page.getByRole('heading', { name: /^edit vehicle: truck e/i }).waitFor();
    await whole('vehicle-edit');
    expect((await units('vehicles')).find((u) => u.id === id)?.isUnit).toBe(false);
  });

  it('S5-VAL-040 couriers: secure log-in needs a date of birth in the form; a courier is created and listed', async () => {
    await goto(`/planner/${oslo}/couriers/new`);
    await page.getByRole('heading', { name: 'New courier', level: 1 }).waitFor();
    await page.getByLabel(/^name/i).fill('Eva Bud');
    await page.getByLabel(/^phone number/i).fill(freshPhone());
    await page.getByLabel(/^secure log-in/i).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Secure log-in needs a date of birth').waitFor();
    await page.getByLabel(/^secure log-in/i).uncheck();
    await whole('courier-new');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: /^edit courier: eva bud/i }).waitFor();
    await sys.settled();
    const couriers = (await sys.query('couriers', {})).body as Row[];
    expect(couriers.find((c) => c.name === 'Eva Bud')).toEqual(
      expect.objectContaining({ canLogIn: true, secureLoginEnabled: false, departmentId: oslo }),
    );
    await goto(`/planner/${oslo}/couriers`);
    await page.getByRole('link', { name: /open eva bud/i }).waitFor();
    await whole('couriers-list');
  });
});
