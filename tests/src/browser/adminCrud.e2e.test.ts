import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AdminResourceName } from '@nordlog/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { assertWebAppBuilt, launchBrowser, openAs, screenshot } from '../support/browser.js';
import {
  createFirstDepartmentAndCustomer,
  startTestSystem,
  type TestSystem,
} from '../support/system.js';
import { navigateInApp } from '../support/walk.js';
import { fillers } from './walk/fillers.js';

type Row = Record<string, any>;

/**
 * Checklist row 23 (issue 44), in a browser: an administrator creates, edits and deletes one item
 * of users, customer groups and news, each change seen in the list after a reload (the forms are
 * filled as the admin walk fills them, walk/fillers.ts); a customer group is deleted only after a
 * confirm dialog; the admin routes open their screens, not the not-found page. Each list holds a
 * record made beforehand, so a reloaded list is known to be loaded before an item is looked for
 * in it or found gone from it.
 */
describe('admin screens: create, edit, delete, reload', () => {
  let sys: TestSystem;
  let browser: Browser;
  const errors: string[] = [];
  const keepers = { users: 'Test Admin', group: 'Keeper group', news: 'Keeper news' };

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    await createFirstDepartmentAndCustomer(sys);
    const made = [
      await sys.command('CREATE_CUSTOMER_GROUP', { name: keepers.group, customerIds: ['1'] }),
      await sys.command('CREATE_NEWS', {
        title: { en: keepers.news },
        body: { en: 'Kept by the test.' },
        targetRoles: ['PLANNER'],
        state: 'DRAFT',
      }),
    ];
    expect(made.map((r) => r.status)).toEqual([200, 200]);
    await sys.settled();
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  /** Saves the form; the pessimistic save returns to the list once the server took it. */
  const save = async (page: Page, list: string) => {
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.waitForURL((url) => url.pathname === list);
  };
  /** The list afresh, loaded: the record made beforehand is in it. */
  const reloaded = async (page: Page, keeper: string) => {
    await page.reload();
    await page.getByText(keeper, { exact: true }).first().waitFor();
  };
  const shown = (page: Page, text: string) => page.getByText(text, { exact: true });
  /**
   * The tab title once it names the screen (each screen sets it after it renders; the not-found
   * page sets its own), or what it is when the wait runs out. Polled with plain evaluations: the
   * app's CSP refuses the eval waitForFunction uses.
   */
  const titleOf = async (page: Page, screen: string) => {
    let title = await page.title();
    for (const until = Date.now() + 5000; !title.endsWith(` - ${screen}`) && Date.now() < until;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      title = await page.title();
    }
    return title;
  };

  /**
   * Creates, edits and deletes one item of an admin resource as an ADMIN, reloading after each
   * change; `confirming` looks at the delete's confirm dialog before it is confirmed.
   */
  const createEditDelete = async (
    resource: AdminResourceName,
    keeper: string,
    name: string,
    confirming?: (page: Page, dialog: Locator, remove: Locator) => Promise<void>,
  ) => {
    const list = `/${resource}`;
    const filler = fillers[resource];
    const page = await openAs(browser, sys.url, list, sys.admin, errors);
    await shown(page, keeper).first().waitFor();

    await page.getByRole('link', { name: /^create$/i }).click();
    await page.waitForURL(`**${list}/create`);
    await filler.fill(page, name);
    await save(page, list);
    await reloaded(page, keeper);
    await shown(page, filler.shown(name)).first().waitFor();

    await shown(page, name).first().click();
    await page.waitForURL(new RegExp(`${list}/\\d+$`));
    const field = page.getByLabel(filler.nameLabel ?? /^name/i);
    await expect(field.inputValue()).resolves.toBe(name);
    const edited = `${name} edited`;
    await field.fill(edited);
    await save(page, list);
    await reloaded(page, keeper);
    await shown(page, edited).first().waitFor();
    expect(await shown(page, name).count()).toBe(0);

    await shown(page, edited).first().click();
    await page.waitForURL(new RegExp(`${list}/\\d+$`));
    // The edit page, not the list still shown while its screen loads: the form's delete.
    await expect(field.inputValue()).resolves.toBe(edited);
    const remove = page.locator('form').getByRole('button', { name: /^delete$/i });
    await remove.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await confirming?.(page, dialog, remove);
    await dialog.getByRole('button', { name: /^confirm$/i }).click();
    await page.waitForURL((url) => url.pathname === list);
    await reloaded(page, keeper);
    expect(await shown(page, edited).count()).toBe(0);
    await page.context().close();
  };

  it('S1-GEN-006 users: an ADMIN creates, edits and deletes a user at /admin/users; each change is in the list after a reload', async () => {
    await createEditDelete('admin/users', keepers.users, 'Crud user');
    const users = (await sys.get('/api/rest/admin/users?range=[0,99]')).body as Row[];
    expect(users.map((u) => u.name)).not.toContain('Crud user edited');
    expect(errors).toEqual([]);
  }, 120_000);

  it('S1-GEN-011 S7-ANS-011 customer groups: created, edited, and deleted only after a confirm dialog (cancelled, nothing is deleted); each change is in the list after a reload', async () => {
    const groups = async () => {
      await sys.settled();
      return ((await sys.query('customerGroups', {})).body as Row[]).map((g) => g.name);
    };
    await createEditDelete(
      'admin/customerGroups',
      keepers.group,
      'Crud group',
      async (page, dialog, remove) => {
        // The dialog comes first: nothing is deleted while it asks, nor when it is cancelled.
        expect(await groups()).toContain('Crud group edited');
        await screenshot(page, 'admin-crud-customer-group-confirm');
        await dialog.getByRole('button', { name: /^cancel$/i }).click();
        await dialog.waitFor({ state: 'detached' });
        expect(await groups()).toContain('Crud group edited');
        await remove.click();
        await dialog.waitFor();
      },
    );
    expect(await groups()).toEqual([keepers.group]);
    expect(errors).toEqual([]);
  }, 120_000);

  it('S1-GEN-021 news: an ADMIN creates, edits and deletes a news item at /admin/cms; each change is in the list after a reload', async () => {
    await createEditDelete('admin/cms/news', keepers.news, 'Crud news');
    await sys.settled();
    const titles = ((await sys.query('cmsNews', {})).body as Row[]).map((n) => n.title.en);
    expect(titles).toEqual([keepers.news]);
    expect(errors).toEqual([]);
  }, 120_000);

  it('S2-ROUTE-007 S2-ROUTE-009 S2-ROUTE-010 S2-ROUTE-011 S2-ROUTE-012 S2-ROUTE-013 S2-ROUTE-015 S2-ROUTE-017 S2-ROUTE-020 S2-ROUTE-026 S2-ROUTE-028 as ADMIN the admin routes and the planner department choice open their screens, not the not-found page', async () => {
    const today = new Date().toISOString().slice(0, 10);
    /** Each route and what only its own screen shows: its tab title and a thing on it. */
    const routes: [string, string, (page: Page) => Locator][] = [
      ['/admin/users', 'Users', (p) => shown(p, keepers.users)],
      ['/admin/departments', 'Departments', (p) => shown(p, 'Oslo')],
      ['/admin/departments/create', 'Departments', (p) => p.getByLabel(/^type/i)],
      ['/admin/departments/1', 'Departments', (p) => p.getByLabel(/^name/i)],
      // The planner entry (ADMIN is a planner-type role): the departments to choose from.
      [
        '/planner',
        'Choose department',
        (p) =>
          p.getByRole('list', { name: 'Choose a department' }).getByRole('link', { name: /^Oslo/ }),
      ],
      ['/admin/users/create', 'Users', (p) => p.getByLabel(/^phone number/i)],
      ['/admin/customers', 'Customers', (p) => shown(p, 'Apotek 1')],
      ['/admin/customers/1', 'Customers', (p) => p.getByLabel(/^name/i)],
      [
        '/admin/customers/1/webhook',
        'Webhooks',
        (p) => p.getByRole('heading', { name: 'Webhooks: Apotek 1' }),
      ],
      [
        '/webhook-messages',
        'Webhook messages',
        (p) => p.getByRole('heading', { name: 'Webhook messages' }),
      ],
      ['/admin/customerGroups', 'Customer groups', (p) => shown(p, keepers.group)],
      ['/admin/numberSeries', 'Number series', (p) => p.getByRole('link', { name: /^create$/i })],
      [
        '/admin/production-time-window',
        'Production time windows',
        (p) => p.getByRole('link', { name: /^create$/i }),
      ],
      ['/admin/holidays', 'Holidays', (p) => p.getByRole('link', { name: /^create$/i })],
      [
        '/admin/integrations',
        'Integrations',
        (p) => p.getByRole('heading', { name: 'Integrations' }),
      ],
      [
        `/admin/integrations/${today}`,
        'Integrations',
        (p) => p.getByRole('heading', { name: 'Integrations' }),
      ],
    ];
    const page = await openAs(browser, sys.url, '/admin/users', sys.admin, errors);
    const seen: string[] = [];
    for (const [path, title, mark] of routes) {
      // As the app's own links go (one page load for all: each screen's chunk is loaded once).
      await navigateInApp(page, path);
      await mark(page).first().waitFor();
      const titled = await titleOf(page, title);
      seen.push(
        `${path}: ${titled.endsWith(` - ${title}`) ? 'title' : titled} ${await page
          .getByTestId('not-found')
          .count()} not-found`,
      );
      expect(new URL(page.url()).pathname).toBe(path);
    }
    expect(seen).toEqual(routes.map(([path]) => `${path}: title 0 not-found`));
    await page.context().close();
    expect(errors).toEqual([]);
  }, 120_000);
});
