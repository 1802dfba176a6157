import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OrderRow } from '@nordlog/contracts';
import type { Browser } from 'playwright-core';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { assertWebAppBuilt, launchBrowser, openAs, chooseOption } from '../support/browser.js';
import { createDepartmentWithCustomer } from '../support/planning.js';
import { startTestSystem, type TestSystem } from '../support/system.js';

/**
 * A person's requests in a browser (issue 38 §4, docs/decisions/0050-personal-data.md): an admin
 * finds what is held about a phone number on `/admin/personal-data`, downloads it as JSON, and
 * erases it from the orders after confirming; the orders stay and read as erased. A user found by
 * the phone is deleted and erased after a confirmation of its own.
 */
describe('personal data screen', () => {
  let sys: TestSystem;
  let browser: Browser;
  const orderIds: string[] = [];
  const book = { departmentId: '', customerId: '' };

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    browser = await launchBrowser();
    await configureNumberSeries(sys);
    const { departmentId: oslo, customerId } = await createDepartmentWithCustomer(
      sys,
      'Nordlys Apotek',
    );
    Object.assign(book, { departmentId: oslo, customerId });
    for (const day of [1, 2]) {
      const booked = await sys.command('CREATE_ORDER', {
        departmentId: oslo,
        customerId,
        pickupDate: bookingDate(day),
        pickup: osloAddress,
        delivery: { ...osloAddress, name: 'Kari Quibble', phone: '+4791234588' },
        measurements: [{ weight: 2 }],
      });
      expect(booked.status).toBe(200);
      orderIds.push(booked.body.ids[0]);
    }
    await sys.settled();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  it('an admin finds a phone number on two orders, downloads the file and erases them after confirming', async () => {
    const errors: string[] = [];
    const page = await openAs(browser, sys.url, '/admin/personal-data', sys.admin, errors);
    await page.getByRole('heading', { name: 'Personal data' }).waitFor();
    await page.getByTestId('personal-data-search').fill('91234588');
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(
      page.getByTestId('personal-data-summary').textContent({ timeout: 30_000 }),
    ).resolves.toContain('2 orders');
    const table = page.getByRole('table', { name: 'Orders' });
    expect(await table.getByRole('row').count()).toBe(3);
    await expect(table.textContent()).resolves.toContain('recipient');

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download as JSON' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^personal-data-\+4791234588-\d{4}-\d\d-\d\d\.json$/);

    await page.getByRole('button', { name: 'Erase from 2 orders' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase personal data?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Erase from 2 orders' }).click();
    await page.getByText('The personal data of 2 orders was erased.').waitFor();
    await sys.settled();
    const rows = (await sys.query('orders', { ids: orderIds })).body as OrderRow[];
    expect(rows.map((r) => [r.order.delivery.name, r.order.delivery.phone])).toEqual([
      ['[erased]', ''],
      ['[erased]', ''],
    ]);
    // Found again: nothing holds the phone any more.
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByTestId('personal-data-summary').textContent()).resolves.toContain(
      '0 orders',
    );
    expect(errors).toEqual([]);
  });

  it('an admin finds a user by phone and erases it after confirming; their own user they cannot erase', async () => {
    const errors: string[] = [];
    const created = await sys.command('CREATE_USER', {
      name: 'Ola Quibble',
      phoneNumber: '+4791234577',
      role: 'PLANNER',
    });
    expect(created.status).toBe(200);
    await sys.settled();
    const page = await openAs(browser, sys.url, '/admin/personal-data', sys.admin, errors);
    await page.getByTestId('personal-data-search').fill('91234577');
    await page.getByRole('button', { name: 'Find' }).click();
    const users = page.getByRole('table', { name: 'Users' });
    await expect(users.textContent({ timeout: 30_000 })).resolves.toContain('Ola Quibble');
    await users.getByRole('button', { name: 'Erase user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase user Ola Quibble?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Erase user' }).click();
    await page.getByText('User Ola Quibble was deleted and their personal data erased.').waitFor();
    await sys.settled();
    const row = await sys.db.knex('rm_users').where({ id: created.body.ids[0] }).first();
    expect(row).toMatchObject({ name: '[erased]', phone_number: '', deleted: true });

    // The admin's own user: found, but its erasure is another admin's.
    const admin = await sys.db.knex('rm_users').where({ name: 'Test Admin' }).first();
    await page.getByTestId('personal-data-search').fill(admin.phone_number);
    await page.getByRole('button', { name: 'Find' }).click();
    const own = page.getByRole('table', { name: 'Users' });
    await expect(own.textContent({ timeout: 30_000 })).resolves.toContain('Test Admin');
    await expect(own.getByRole('button', { name: 'Erase user' }).isDisabled()).resolves.toBe(true);
    expect(errors).toEqual([]);
  });

  it('an admin finds a saved address of the address book by e-mail and deletes it, which erases the people in it (0061)', async () => {
    const errors: string[] = [];
    const created = await sys.command('CREATE_ADDRESS', {
      ...book,
      block: { ...osloAddress, name: 'Siri Quibble', email: 'siri@quibble.no' },
    });
    expect(created.status).toBe(200);
    await sys.settled();
    const page = await openAs(browser, sys.url, '/admin/personal-data', sys.admin, errors);
    await chooseOption(page, page.getByRole('combobox', { name: 'Find by' }), 'E-mail address', {
      exact: false,
    });
    await page.getByTestId('personal-data-search').fill('Siri@Quibble.no');
    await page.getByRole('button', { name: 'Find' }).click();
    const saved = page.getByRole('table', { name: 'Saved addresses' });
    await expect(saved.textContent({ timeout: 30_000 })).resolves.toContain('Siri Quibble');
    await expect(page.getByTestId('personal-data-summary').textContent()).resolves.toContain(
      '1 saved addresses',
    );
    await saved.getByRole('button', { name: 'Delete address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the saved address Siri Quibble?' });
    await dialog.getByRole('button', { name: 'Delete address' }).click();
    await page
      .getByText('The saved address Siri Quibble was deleted and its personal data erased.')
      .waitFor();
    await sys.settled();
    expect((await sys.query('addresses', { ids: [created.body.ids[0]] })).body).toEqual([]);
    expect(errors).toEqual([]);
  });
});
