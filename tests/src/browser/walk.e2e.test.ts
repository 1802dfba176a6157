import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import {
  adminResources,
  defaultAccess,
  identityOfUser,
  mayOpen,
  resourcePath,
  routeRules,
  type AdminResourceName,
  type Role,
} from '@nordlog/contracts';
import { demoUsers, seedDemoData, seedDemoUsers } from '@nordlog/deploy';
import { silentLogger } from '@nordlog/platform';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  assertWebAppBuilt,
  launchBrowser,
  loginByToken,
  loopbackTileEnv,
  screenshot,
  serveTiles,
} from '../support/browser.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';
import {
  PageMonitor,
  inspectPage,
  messageKeyPattern,
  navigateInApp,
  type Problems,
} from '../support/walk.js';

/**
 * The walk (issue 13): every route of the contracts' route table, as every demo user, and every
 * list, create and edit page of every admin resource, filled, saved and reopened. Each page is
 * checked by `inspectPage` (fallback, console, answers, width at 1280 px, message keys, raw enum
 * values, axe-core). Routes and resources join by being in their tables; nothing to remember here
 * but a filler for a new admin resource, which the `fillers` type asks for.
 */

/** The top-level sections of the web app's English messages (a visible `section.key` is a key). */
const sections = [
  ...readFileSync(new URL('../../../ui/src/i18n/messages/en.ts', import.meta.url), 'utf8').matchAll(
    /^ {2}(\w+): \{/gm,
  ),
].map((m) => m[1]!);
const keyPattern = messageKeyPattern([...sections, 'ra', 'enums']);
/** The six languages of spec §1. */
const locales = ['da', 'en', 'fi', 'fr', 'nb', 'sv'];
const viewport = { width: 1280, height: 800 };

describe('the walk: every screen, every role', () => {
  let sys: TestSystem;
  let browser: Browser;
  let gsin: string;
  /** Screens axe has checked already (one accessibility run per screen, not per role). */
  const axeDone = new Set<string>();

  beforeAll(async () => {
    assertWebAppBuilt();
    // The map screens' tiles are served by the browser contexts below (nothing leaves the machine).
    sys = await startTestSystem({ env: loopbackTileEnv });
    const run = (name: string, payload: unknown) => sys.run(name, payload);
    const plan = await seedDemoData(run, silentLogger(), 12);
    await seedDemoUsers(run, silentLogger(), plan);
    await sys.settled();
    const order = await sys.db.knex('rm_orders').whereNotNull('shipment_id').first('shipment_id');
    gsin = String(order?.shipment_id ?? '');
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  /** A path of a route rule: the user's department, a demo shipment, optional parts left out. */
  const pathOf = (rule: string): string =>
    rule
      .replace(/\/:\w+\?/g, '')
      .replace(':departmentId', '1')
      .replace(':shipmentId', gsin)
      .replace(':customerId', '1')
      .replace(/:\w+/g, '1')
      .replace(/\/\*$/, '');

  async function signedIn(
    phoneNumber: string,
    locale = 'en',
  ): Promise<{
    context: BrowserContext;
    page: Page;
    monitor: PageMonitor;
  }> {
    const context = await browser.newContext({ viewport, locale: 'en-GB' });
    await serveTiles(context);
    const page = await context.newPage();
    const monitor = new PageMonitor(page);
    await loginByToken(page, sys, phoneNumber);
    await page.waitForURL((url) => !/\/(login)?$/.test(url.pathname));
    if (locale !== 'en') {
      await page.evaluate(`localStorage.setItem('nordlog.locale', ${JSON.stringify(locale)})`);
      await page.reload();
    }
    await monitor.settle();
    // Logged out, the page asked who is logged in and heard 401: that is how it knows.
    monitor.take();
    return { context, page, monitor };
  }

  /** Everything wrong with the page now, prefixed with where it is. */
  async function check(page: Page, monitor: PageMonitor, where: string, screen: string) {
    await monitor.settle();
    const axe = !axeDone.has(screen);
    axeDone.add(screen);
    const problems: Problems = [
      ...monitor.take(),
      ...(await inspectPage(page, { keyPattern, axe })),
    ];
    // A page with problems leaves its picture in the screenshots (a CI artifact).
    if (problems.length > 0)
      await screenshot(page, `walk-problem-${where.replace(/[^\w-]+/g, '_').slice(0, 80)}`);
    return problems.map((p) => `${where}: ${p}`);
  }

  for (const user of demoUsers) {
    const role: Role = user.role;
    it(`as ${role}, every route opens what the route table allows and the not-found page otherwise, each page whole`, async () => {
      const viewer = identityOfUser({
        id: '0',
        role,
        access: [...defaultAccess[role]],
        departmentIds: ['1', '2', '3', '4'],
        customerId: role === 'CUSTOMER' ? '1' : null,
      });
      const { context, page, monitor } = await signedIn(user.phoneNumber);
      const problems: Problems = await check(page, monitor, `${role} start ${page.url()}`, 'start');
      await screenshot(page, `walk-${role}-start`);
      for (const rule of routeRules) {
        const path = pathOf(rule.path);
        if (role === 'CUSTOMER') {
          // Customer users work in the customer portal: every app route takes them there.
          await page.goto(`${sys.url}${path}`, { waitUntil: 'domcontentloaded' });
          const portal = await page
            .waitForURL((url) => url.pathname.startsWith('/open/'), {
              waitUntil: 'domcontentloaded',
              timeout: 15_000,
            })
            .then(
              () => true,
              () => false,
            );
          if (!portal) problems.push(`${role} ${path}: stayed on ${page.url()}, not the portal`);
          problems.push(...(await check(page, monitor, `${role} ${path}`, 'customer-portal')));
          continue;
        }
        await navigateInApp(page, path);
        await monitor.settle();
        const expected = mayOpen(rule, viewer);
        // The screen may still be loading its chunk: wait for what the table says it must show.
        const shown = await page
          .getByTestId('not-found')
          .waitFor({ state: expected ? 'detached' : 'visible', timeout: 5000 })
          .then(
            () => true,
            () => false,
          );
        if (!shown)
          problems.push(
            expected
              ? `${role} ${path}: not found, but allowed`
              : `${role} ${path}: opened (${page.url()}), but the route table refuses it`,
          );
        problems.push(
          ...(await check(page, monitor, `${role} ${path}`, expected ? rule.path : 'not-found')),
        );
      }
      await context.close();
      expect(problems).toEqual([]);
    }, 240_000);
  }

  /** How to fill a valid record of each admin resource, and what to change on its edit page. */
  interface Filler {
    /** Fills the create form with a record named `name`. */
    fill(page: Page, name: string): Promise<void>;
    /** The text of the saved record in its list. */
    shown(name: string): string;
  }

  const pick = async (page: Page, label: RegExp, option: string | RegExp) => {
    await page.getByLabel(label).click();
    await page.getByRole('option', { name: option }).first().click();
  };
  const pickMany = async (page: Page, label: RegExp) => {
    await page.getByLabel(label).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
  };
  /** An Oslo address (issue 36: customers and departments have one). */
  const fillAddress = async (page: Page) => {
    await page.getByLabel(/^street address/i).fill('Tollbugata 17');
    await page.getByLabel(/^postal code/i).fill('0152');
    await page.getByLabel(/^town/i).fill('Oslo');
    await pick(page, /^address country/i, 'Norway');
  };
  let serial = 0;

  const fillers: Record<AdminResourceName, Filler> = {
    'admin/departments/groups': {
      fill: async (page, name) => {
        await page.getByLabel(/^name/i).fill(name);
        await pickMany(page, /^departments/i);
      },
      shown: (name) => name,
    },
    'admin/departments': {
      fill: async (page, name) => {
        await page.getByLabel(/^name/i).fill(name);
        await pick(page, /^type/i, 'Parcel');
        await pick(page, /^country/i, 'Norway');
        await fillAddress(page);
        await page.getByLabel(/^organisation number/i).fill('974760673');
        await page.getByLabel(/^bank account/i).fill('8601 11 17947');
      },
      shown: (name) => name,
    },
    'admin/customers': {
      fill: async (page, name) => {
        await page.getByLabel(/^name/i).fill(name);
        await pick(page, /^department/i, /.+/);
        await fillAddress(page);
      },
      shown: (name) => name,
    },
    'admin/customerGroups': {
      fill: async (page, name) => {
        await page.getByLabel(/^name/i).fill(name);
        await pickMany(page, /^customers/i);
      },
      shown: (name) => name,
    },
    'admin/users': {
      fill: async (page, name) => {
        await page.getByLabel(/^name/i).fill(name);
        await page.getByLabel(/^phone number/i).fill(`+479${String(1_000_000 + ++serial)}`);
        await pick(page, /^role\W*$/i, 'Planner');
        await page.getByRole('combobox', { name: /^departments/i }).click();
        await page.getByRole('option').first().click();
        await page.keyboard.press('Escape');
      },
      shown: (name) => name,
    },
    'admin/user-roles': {
      fill: async (page, name) => {
        await page.getByLabel(/^name/i).fill(name);
        await page.getByLabel(/^description/i).fill('Walked by the browser test');
        await page.getByLabel('Shipments', { exact: true }).check();
      },
      shown: (name) => name,
    },
    'admin/holidays': {
      fill: async (page) => {
        await pick(page, /^country/i, 'Finland');
        await pick(page, /^type/i, 'No pickups');
        await page.getByRole('group', { name: /^date/i }).click();
        await page.keyboard.type(`1503${2040 + ++serial}`);
      },
      shown: () => 'No pickups',
    },
    'admin/articles': {
      fill: async (page, name) => {
        await page.getByLabel(/^code/i).fill(`WALK-${++serial}`);
        await pick(page, /^kind/i, 'Freight');
        await page.getByLabel(/^name/i).fill(name);
      },
      shown: (name) => name,
    },
    'admin/priceLists': {
      fill: async (page, name) => {
        await pick(page, /^department/i, 'Helsinki Kuriiri');
        await page.getByLabel(/^name/i).fill(name);
        await page.getByLabel(/^valid from/i).fill('2026-01-01');
      },
      shown: (name) => name,
    },
    'admin/numberSeries': {
      fill: async (page, name) => {
        await page.getByLabel(/^name/i).fill(name);
        await pick(page, /^type/i, 'SSCC');
        await page.getByLabel(/company prefix/i).fill('7071234');
        const first = 100_000 * ++serial;
        await page.getByLabel(/^first serial/i).fill(String(first));
        await page.getByLabel(/^last serial/i).fill(String(first + 999));
      },
      shown: (name) => name,
    },
  };

  it('as ADMIN, every admin resource: list, create with a valid record, save, reopen, edit, save again', async () => {
    const admin = demoUsers.find((u) => u.role === 'ADMIN')!;
    const { context, page, monitor } = await signedIn(admin.phoneNumber);
    const problems: Problems = [];
    for (const resource of adminResources) {
      const list = resourcePath(resource);
      const name = `Walk ${resource.page} ${++serial}`;
      /**
       * Saves the form, then loads the list afresh at once, as a user reloading right after a
       * save: the new page load must still wait for the save (read-your-writes across a
       * reload), so its first read carries the save's position, and the list shows the record
       * with no wait for the read models here. The record may sort onto a later page of a long
       * list: one page shows them all.
       */
      const saveAndReload = async (page: Page, list: string) => {
        const answer = page.waitForResponse(
          (r) => r.url().includes('/api/command/') && r.request().method() === 'POST',
        );
        await page.getByRole('button', { name: /^save$/i }).click();
        const { position } = (await (await answer).json()) as { position: string | null };
        expect(position).toMatch(/^\d+$/);
        await page.waitForURL((url) => url.pathname === list);
        const read = page.waitForRequest((r) => r.url().includes('/api/rest/'));
        await page.goto(`${sys.url}${list}?page=1&perPage=100`);
        const sent = (await read).headers()['x-min-position'] ?? '0';
        expect(BigInt(sent)).toBeGreaterThanOrEqual(BigInt(position!));
      };
      const step = async (what: string, act: () => Promise<void>) => {
        try {
          await act();
        } catch (err) {
          problems.push(`${list} ${what}: ${(err as Error).message.split('\n')[0]}`);
          await screenshot(page, `walk-failed-${resource.page}-${what}`);
          throw err;
        }
        problems.push(...(await check(page, monitor, `${list} ${what}`, `${list}/${what}`)));
      };
      try {
        await step('list', async () => {
          await page.goto(`${sys.url}${list}`);
          await page.getByRole('link', { name: /^create$/i }).waitFor();
        });
        await step('create', async () => {
          await page.getByRole('link', { name: /^create$/i }).click();
          await page.waitForURL(`**${list}/create`);
          await fillers[resource.name].fill(page, name);
        });
        await step('saved', async () => {
          await saveAndReload(page, list);
          await page.getByText(fillers[resource.name].shown(name)).first().waitFor();
        });
        if (resource.update) {
          await step('edit', async () => {
            await page.getByText(name, { exact: true }).first().click();
            await page.waitForURL(new RegExp(`${list}/\\d+$`));
            await expect(page.getByLabel(/^name/i).inputValue()).resolves.toBe(name);
            await page.getByLabel(/^name/i).fill(`${name} edited`);
          });
          await step('edited', async () => {
            await saveAndReload(page, list);
            await page.getByText(`${name} edited`, { exact: true }).first().waitFor();
          });
        }
      } catch {
        /* recorded above; go on with the next resource */
      }
    }
    await context.close();
    expect(problems).toEqual([]);
  }, 300_000);

  /**
   * The reference fields of the edit form on screen that show nothing although they hold a value
   * (run in the page): a select whose value names a record it could not load shows an empty box;
   * an autocomplete of several shows fewer named chips than the record names. `loaded`: the form
   * shows this record (its name or label), not the one before.
   */
  const blankReferences = (rec: Record<string, unknown>) => `(() => {
    const rec = ${JSON.stringify(rec)};
    const title = document.querySelector('form input[name="name"], form input[name="label"]');
    const loaded = title !== null && title.value === (rec[title.name] ?? '');
    const blank = [];
    const checked = [];
    for (const input of document.querySelectorAll('form input.MuiSelect-nativeInput')) {
      if (input.value === '') continue;
      checked.push(input.name);
      const shown = input.parentElement?.querySelector('[role="combobox"]')?.textContent ?? '';
      if (shown.replace(/\u200b/g, '').trim() === '') blank.push(input.name + '=' + input.value);
    }
    for (const [field, value] of Object.entries(rec)) {
      if (!field.endsWith('Ids') || !Array.isArray(value) || value.length === 0) continue;
      const root = document.querySelector('form .MuiAutocomplete-root.ra-input-' + field);
      if (!root) continue;
      checked.push(field);
      const chips = [...root.querySelectorAll('.MuiChip-label')].filter(
        (c) => (c.textContent ?? '').trim() !== '',
      );
      if (chips.length !== value.length)
        blank.push(field + ': ' + chips.length + ' of ' + value.length + ' named');
    }
    return { loaded, blank, checked };
  })()`;

  it('as ADMIN, every edit form of every admin resource shows its reference fields by their records’ names, never empty', async () => {
    // Records that name others, of the resources the demo data has none of.
    await sys.run('CREATE_DEPARTMENT_GROUP', { name: 'Walk refs', departmentIds: ['1', '2'] });
    await sys.run('CREATE_CUSTOMER_GROUP', { name: 'Walk refs', customerIds: ['1', '2'] });
    await sys.settled();
    const admin = demoUsers.find((u) => u.role === 'ADMIN')!;
    const { context, page, monitor } = await signedIn(admin.phoneNumber);
    const problems: Problems = [];
    const checkedPer: Record<string, string[]> = {};
    for (const resource of adminResources) {
      if (!resource.update) continue;
      const rest = resource.page; // an admin page is titled by its REST resource's name
      const rows = (await sys.get(`/api/rest/${rest}?range=[0,2]&sort=["id","DESC"]`))
        .body as Record<string, unknown>[];
      for (const row of rows) {
        const where = `${resourcePath(resource)}/${String(row.id)}`;
        await navigateInApp(page, where);
        // Wait for the state: this record in the form, every reference named (or the wait runs
        // out: then say what not). Polled with plain evaluations: the app's CSP refuses the eval
        // that waitForFunction uses for a script.
        type Refs = { loaded: boolean; blank: string[]; checked: string[] };
        let result = await page.evaluate<Refs>(blankReferences(row));
        for (const until = Date.now() + 10_000; Date.now() < until;) {
          if (result.loaded && result.blank.length === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
          result = await page.evaluate<Refs>(blankReferences(row));
        }
        if (!result.loaded) problems.push(`${where}: the form never showed the record`);
        (checkedPer[resource.name] ??= []).push(...result.checked);
        problems.push(...result.blank.map((b) => `${where}: ${b} shows no name`));
        problems.push(...(await check(page, monitor, `${where} references`, `${where}`)));
      }
    }
    await context.close();
    expect(problems).toEqual([]);
    // The forms that name other records did have their references checked.
    expect(checkedPer['admin/customers']).toContain('departmentId');
    expect(checkedPer['admin/departments/groups']).toContain('departmentIds');
    expect(checkedPer['admin/customerGroups']).toContain('customerIds');
    expect(checkedPer['admin/priceLists']).toContain('lines.0.articleCode');
  }, 240_000);

  it('S2-ROUTE-077 S2-ROUTE-078 as PLANNER, the address book: its list with an address and its file dialogs, a new address and the saved one open whole, in all six languages', async () => {
    const created = await sys.run('CREATE_ADDRESS', {
      departmentId: '1',
      customerId: '1',
      block: { name: 'Walked Lager', address: 'Storgata 1', zipCode: '0155', zipArea: 'Oslo' },
    });
    expect(created.status).toBe(200);
    const id = String((created.body as { ids: string[] }).ids[0]);
    await sys.settled();
    const problems: Problems = [];
    for (const locale of locales) {
      // A planner per language: one phone may ask for only so many codes (spec §9).
      const phoneNumber = freshPhone();
      await sys.run('CREATE_USER', {
        name: `Planner ${locale}`,
        phoneNumber,
        role: 'PLANNER',
        departmentIds: ['1'],
      });
      await sys.settled();
      const { context, page, monitor } = await signedIn(phoneNumber, locale);
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
        problems.push(...(await check(page, monitor, `${locale} ${path}`, `address ${path}`)));
        if (!path.endsWith('/addresses')) continue;
        // The list's upload and download dialogs, each whole in the language.
        for (const dialog of ['upload', 'download']) {
          await page.getByTestId(`addresses-${dialog}-open`).click();
          await page.getByRole('dialog').waitFor();
          problems.push(
            ...(await check(page, monitor, `${locale} ${path} ${dialog}`, `address ${dialog}`)),
          );
          await page.keyboard.press('Escape');
          await page.getByRole('dialog').waitFor({ state: 'detached' });
        }
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 240_000);

  it('S2-ROUTE-022 S2-ROUTE-049 the pre-advice screens: the policies with one listed and its form, the follow-up with a failed order, whole in all six languages', async () => {
    const policy = await sys.run('CREATE_PRE_ADVICE_POLICY', {
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
    const order = await sys.run('CREATE_ORDER', {
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
    await sys.settled();
    await sys.preAdvice.pass();
    await sys.settled();
    const problems: Problems = [];
    for (const locale of locales) {
      const phoneNumber = freshPhone();
      await sys.run('CREATE_USER', {
        name: `Pre-advice ${locale}`,
        phoneNumber,
        role: 'ADMIN',
        departmentIds: ['1'],
      });
      await sys.settled();
      const { context, page, monitor } = await signedIn(phoneNumber, locale);
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
        problems.push(...(await check(page, monitor, `${locale} ${path}`, `preadvice ${path}`)));
        if (content !== 'preadvice-row') continue;
        // The form of a new policy, every language's texts shown.
        await page.getByTestId('preadvice-new').click();
        await page.getByRole('dialog').waitFor();
        for (const box of await page.getByRole('dialog').getByRole('checkbox').all())
          if (!(await box.isChecked()) && (await box.isEnabled())) await box.check();
        await page.getByTestId('preadvice-save').click();
        problems.push(...(await check(page, monitor, `${locale} ${path} form`, `preadvice form`)));
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('the public tracking page /track/{id} with each of the recipient’s answers open (0063): whole in all six languages, no login', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const place = { address: 'Storgata 1', zipCode: '0155', zipArea: 'Oslo', countryCode: 'NO' };
    const point = await sys.run('CREATE_ADDRESS', {
      departmentId: '1',
      customerId: '1',
      pickupPoint: true,
      block: { ...place, name: 'Walked Kiosk' },
    });
    expect(point.status).toBe(200);
    const order = await sys.run('CREATE_ORDER', {
      departmentId: '1',
      customerId: '1',
      pickupDate: tomorrow,
      pickup: { ...place, name: 'Walked Lager' },
      delivery: { ...place, name: 'Walked Mottaker' },
      measurements: [{ weight: 2 }],
    });
    expect(order.status).toBe(200);
    await sys.settled();
    const [row] = (await sys.db.knex('rm_orders').where('id', (order.body as any).ids[0])) as {
      tracking_id: string;
    }[];
    const problems: Problems = [];
    for (const locale of locales) {
      const context = await browser.newContext({ viewport, locale: 'en-GB' });
      const page = await context.newPage();
      const monitor = new PageMonitor(page);
      await page.goto(`${sys.url}/track/${row!.tracking_id}`);
      await page.evaluate(`localStorage.setItem('nordlog.locale', ${JSON.stringify(locale)})`);
      await page.reload();
      await page.getByTestId('tracking-answers').waitFor();
      // Logged out, the page asked who is logged in and heard 401: that is how it knows.
      await monitor.settle();
      monitor.take();
      for (const kind of ['day', 'door', 'point']) {
        await page.getByTestId(`tracking-answer-${kind}`).click();
        await page.getByTestId('tracking-answer-form').waitFor();
        problems.push(
          ...(await check(page, monitor, `${locale} /track ${kind}`, `track answer ${kind}`)),
        );
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('in all six languages, the admin pages show roles, flags, department types and holiday kinds by their labels', async () => {
    const problems: Problems = [];
    for (const locale of locales) {
      // An admin per language: one phone may ask for only so many codes (spec §9).
      const phoneNumber = freshPhone();
      await sys.run('CREATE_USER', { name: `Admin ${locale}`, phoneNumber, role: 'ADMIN' });
      await sys.settled();
      const { context, page, monitor } = await signedIn(phoneNumber, locale);
      for (const path of [
        '/admin/users',
        '/admin/users/create',
        '/admin/user-roles',
        '/admin/departments',
        '/admin/holidays',
        '/planner/1/shipments-search',
      ]) {
        await navigateInApp(page, path);
        problems.push(...(await check(page, monitor, `${locale} ${path}`, `${locale}${path}`)));
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 240_000);
});
