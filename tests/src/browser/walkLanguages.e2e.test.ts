import { describe, expect, it } from '@jest/globals';
import { freshPhone } from '../support/system.js';
import { PageMonitor, navigateInApp, type Problems } from '../support/walk.js';
import { locales, viewport, walkHarness } from './walk/harness.js';

/**
 * The walk in the six languages of spec §1 (issue 13): the screens whose texts are the most
 * varied, each page checked as the walk checks it, axe once per page.
 */
describe('the walk: every language', () => {
  const walk = walkHarness();

  /** A new user of the role, signed in once for all six languages (the page switches them). */
  async function signedInAs(user: { role: 'ADMIN' | 'PLANNER'; departmentIds?: string[] }) {
    const phoneNumber = freshPhone();
    await walk.sys.run('CREATE_USER', { name: `Walk ${user.role}`, phoneNumber, ...user });
    await walk.sys.settled();
    return walk.signedIn(phoneNumber);
  }

  it('S2-ROUTE-077 S2-ROUTE-078 as PLANNER, the address book: its list with an address and its file dialogs, a new address and the saved one open whole, in all six languages', async () => {
    const created = await walk.sys.run('CREATE_ADDRESS', {
      departmentId: '1',
      customerId: '1',
      block: { name: 'Walked Lager', address: 'Storgata 1', zipCode: '0155', zipArea: 'Oslo' },
    });
    expect(created.status).toBe(200);
    const id = String((created.body as { ids: string[] }).ids[0]);
    await walk.sys.settled();
    const problems: Problems = [];
    const { context, page, monitor } = await signedInAs({ role: 'PLANNER', departmentIds: ['1'] });
    for (const locale of locales) {
      await walk.switchLocale(page, monitor, locale);
      for (const path of [
        '/planner/1/addresses',
        '/planner/1/addresses/new',
        `/planner/1/addresses/${id}`,
      ]) {
        await navigateInApp(page, path);
        await page
          .getByTestId(path.endsWith('/addresses') ? 'address-row' : 'address-save')
          .first()
          .waitFor({ timeout: 15_000 })
          .catch(() => problems.push(`${locale} ${path}: its content never showed`));
        problems.push(...(await walk.check(page, monitor, `${locale} ${path}`, `address ${path}`)));
        if (!path.endsWith('/addresses')) continue;
        // The list's upload and download dialogs, each whole in the language.
        for (const dialog of ['upload', 'download']) {
          await page.getByTestId(`addresses-${dialog}-open`).click();
          await page.getByRole('dialog').waitFor();
          problems.push(
            ...(await walk.check(
              page,
              monitor,
              `${locale} ${path} ${dialog}`,
              `address ${dialog}`,
            )),
          );
          await page.keyboard.press('Escape');
          await page.getByRole('dialog').waitFor({ state: 'detached' });
        }
      }
    }
    await context.close();
    expect(problems).toEqual([]);
  }, 240_000);

  it('S2-ROUTE-022 S2-ROUTE-049 the pre-advice screens: the policies with one listed and its form, the follow-up with a failed order, whole in all six languages', async () => {
    const policy = await walk.sys.run('CREATE_PRE_ADVICE_POLICY', {
      name: 'Walked policy',
      departmentId: '1',
      triggers: ['BOOKED'],
      channel: 'SMS_AND_EMAIL',
      texts: [
        {
          language: 'nb',
          smsText: '{senderName} kommer {window}',
          emailSubject: 'Pakke fra {senderName}',
          emailBody: 'Vi kommer {window}: {trackingLink}',
        },
      ],
    });
    expect(policy.status).toBe(200);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const order = await walk.sys.run('CREATE_ORDER', {
      departmentId: '1',
      customerId: '1',
      pickupDate: tomorrow,
      pickup: {
        name: 'Walked Lager',
        address: 'Storgata 1',
        zipCode: '0155',
        zipArea: 'Oslo',
        countryCode: 'NO',
      },
      delivery: {
        name: 'Walked Mottaker',
        address: 'Bogstadveien 10',
        zipCode: '0355',
        zipArea: 'Oslo',
        countryCode: 'NO',
        phone: '22 33 44 55',
      },
      measurements: [{ weight: 2 }],
    });
    expect(order.status).toBe(200);
    await walk.sys.settled();
    await walk.sys.preAdvice.pass();
    await walk.sys.settled();
    const problems: Problems = [];
    const { context, page, monitor } = await signedInAs({ role: 'ADMIN', departmentIds: ['1'] });
    for (const locale of locales) {
      await walk.switchLocale(page, monitor, locale);
      for (const [path, content] of [
        ['/admin/preadvice', 'preadvice-row'],
        [`/planner/1/preadvice-followup?from=${tomorrow}&to=${tomorrow}`, 'followup-row'],
      ] as const) {
        await navigateInApp(page, path);
        await page
          .getByTestId(content)
          .first()
          .waitFor({ timeout: 15_000 })
          .catch(() => problems.push(`${locale} ${path}: its content never showed`));
        problems.push(
          ...(await walk.check(page, monitor, `${locale} ${path}`, `preadvice ${path}`)),
        );
        if (content !== 'preadvice-row') continue;
        // The form of a new policy, every language's texts shown.
        await page.getByTestId('preadvice-new').click();
        await page.getByRole('dialog').waitFor();
        for (const box of await page.getByRole('dialog').getByRole('checkbox').all())
          if (!(await box.isChecked()) && (await box.isEnabled())) await box.check();
        await page.getByTestId('preadvice-save').click();
        problems.push(
          ...(await walk.check(page, monitor, `${locale} ${path} form`, `preadvice form`)),
        );
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
    }
    await context.close();
    expect(problems).toEqual([]);
  }, 300_000);

  it('the public tracking page /track/{id} with each of the recipient’s answers open (0063): whole in all six languages, no login', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const place = { address: 'Storgata 1', zipCode: '0155', zipArea: 'Oslo', countryCode: 'NO' };
    const point = await walk.sys.run('CREATE_ADDRESS', {
      departmentId: '1',
      customerId: '1',
      pickupPoint: true,
      block: { ...place, name: 'Walked Kiosk' },
    });
    expect(point.status).toBe(200);
    const order = await walk.sys.run('CREATE_ORDER', {
      departmentId: '1',
      customerId: '1',
      pickupDate: tomorrow,
      pickup: { ...place, name: 'Walked Lager' },
      delivery: { ...place, name: 'Walked Mottaker' },
      measurements: [{ weight: 2 }],
    });
    expect(order.status).toBe(200);
    await walk.sys.settled();
    const [row] = (await walk.sys.db.knex('rm_orders').where('id', (order.body as any).ids[0])) as {
      tracking_id: string;
    }[];
    const problems: Problems = [];
    const context = await walk.browser.newContext({ viewport, locale: 'en-GB' });
    const page = await context.newPage();
    const monitor = new PageMonitor(page);
    await page.goto(`${walk.sys.url}/track/${row!.tracking_id}`);
    for (const locale of locales) {
      await walk.switchLocale(page, monitor, locale);
      await page.getByTestId('tracking-answers').waitFor();
      for (const kind of ['day', 'door', 'point']) {
        await page.getByTestId(`tracking-answer-${kind}`).click();
        await page.getByTestId('tracking-answer-form').waitFor();
        problems.push(
          ...(await walk.check(page, monitor, `${locale} /track ${kind}`, `track answer ${kind}`)),
        );
      }
    }
    await context.close();
    expect(problems).toEqual([]);
  }, 180_000);

  it('in all six languages, the admin pages show roles, flags, department types and holiday kinds by their labels, and the report pages are whole', async () => {
    const problems: Problems = [];
    const { context, page, monitor } = await signedInAs({ role: 'ADMIN' });
    for (const locale of locales) {
      await walk.switchLocale(page, monitor, locale);
      for (const path of [
        '/admin/users',
        '/admin/users/create',
        '/admin/user-roles',
        '/admin/departments',
        '/admin/holidays',
        '/planner/1/shipments-search',
        // The report pages (docs/decisions/0084): our own figures' texts.
        '/reports/analytics',
        '/reports/monitoring',
      ]) {
        await navigateInApp(page, path);
        // axe once per page (the routes' walk ran it already): a language changes the texts.
        problems.push(...(await walk.check(page, monitor, `${locale} ${path}`, path)));
      }
    }
    await context.close();
    expect(problems).toEqual([]);
  }, 240_000);
});
