import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import {
  assertWebAppBuilt,
  chooseOption,
  chooseSuggestion,
  launchBrowser,
  openAs,
} from '../support/browser.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';
import { accessibility } from '../support/walk.js';

/**
 * Coded goods and service codes in the booking form (docs/decisions/0093): a planner types part of
 * a goods name in a measurement line and picks it, which fills the line; on a service with a code
 * template the form shows the code the order will carry. One system, one browser.
 */
describe('coded goods and service codes in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let planner: Session;
  let oslo: string;

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    oslo = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo Kurer',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0] as string;
    const hd = await sys.command('CREATE_ARTICLE', {
      code: 'HD',
      label: 'Home delivery',
      kind: 'FREIGHT',
      group: 'TRANSPORT',
    });
    const mapped = await sys.command('UPDATE_SERVICE_MAPPING', {
      id: hd.body.ids[0],
      serviceCode: 'HD{W}{E}',
    });
    expect(mapped.status).toBe(200);
    planner = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      access: ['PLANNER_BOOKING'],
      departmentIds: [oslo],
    });
    browser = await launchBrowser();
    await sys.settled();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  it('S3-ENT-013 S5-VAL-075 a picked coded goods entry fills weight, L/W/H, pallet places and loading metres; the service shows its resolved code', async () => {
    const errors: string[] = [];
    const page = await openAs(browser, sys.url, `/planner/${oslo}/booking/create`, planner, errors);
    await page.getByRole('heading', { name: 'New order' }).waitFor();
    const line = page.getByTestId('package-1');
    // Search as you type, in the name: "fin pal" finds the FIN pallet.
    await chooseSuggestion(page, line.getByLabel('Goods code'), 'fin pal', 'FIN · FIN pallet');
    const value = (label: string) => line.getByLabel(label, { exact: true }).inputValue();
    await expect(value('Weight (kg)')).resolves.toBe('400');
    await expect(value('Length (cm)')).resolves.toBe('120');
    await expect(value('Width (cm)')).resolves.toBe('100');
    await expect(value('Height (cm)')).resolves.toBe('150');
    await expect(value('Pallet places')).resolves.toBe('1.25');
    await expect(value('Loading metres')).resolves.toBe('0.5');

    // 400 kg on HD{W}{E} without a window (a day delivery): HD500-D.
    await chooseOption(page, page.getByLabel('Service', { exact: true }), /HD/, { exact: false });
    await page
      .getByTestId('resolved-service-code')
      .getByText('HD500-D', { exact: false })
      .waitFor();
    expect(await accessibility(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);
});
