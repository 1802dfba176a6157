import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import {
  assertWebAppBuilt,
  launchBrowser,
  loginByToken,
  screenshot,
  chooseOption,
} from '../support/browser.js';
import {
  freshPhone,
  lastMessageId,
  startTestSystem,
  waitForToken,
  type TestSystem,
} from '../support/system.js';

/**
 * The web app in a real browser (Debian's Chromium through Playwright) against the whole product
 * on its own database: log-in, admin resources, the planner's department choice, languages, and
 * the live connection's network notice.
 */
describe('web app in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let oslo: string;

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    browser = await launchBrowser();
    const created = await sys.command('CREATE_DEPARTMENT', {
      name: 'Oslo terminal',
      departmentType: 'courier',
      country: 'NO',
    });
    expect(created.status).toBe(200);
    oslo = created.body.ids[0];
    await sys.settled();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  const newPage = async () => {
    const context = await browser.newContext({
      viewport: { width: 1400, height: 900 },
      locale: 'en-GB',
    });
    return context.newPage();
  };

  /** A planner of Oslo, created now and logged in by token, on the department choice. */
  const plannerPage = async (name: string) => {
    const phone = freshPhone();
    await sys.run('CREATE_USER', {
      name,
      phoneNumber: phone,
      role: 'PLANNER',
      departmentIds: [oslo],
    });
    await sys.settled();
    const page = await newPage();
    await loginByToken(page, sys, phone);
    await page.waitForURL('**/planner');
    return page;
  };

  it('S2-AUTH-001 S1-GEN-008 S2-REDIR-006: an admin logs in by token, creates a department and finds it in the list; /admin opens the departments', async () => {
    const phone = freshPhone();
    const made = await sys.run('CREATE_USER', {
      name: 'Browser Admin',
      phoneNumber: phone,
      role: 'ADMIN',
    });
    expect(made.status).toBe(200);
    await sys.settled();
    const page = await newPage();
    await page.goto(`${sys.url}/`);
    await screenshot(page, '01-front');
    // The front page is the log-in form: the code is asked for right there.
    await loginByToken(page, sys, phone, '/');
    await page.waitForURL('**/admin/departments');
    await page.getByText('Oslo terminal').waitFor();
    await screenshot(page, '02-admin-departments');
    await page.getByRole('link', { name: /create/i }).click();
    await page.waitForURL('**/admin/departments/create');
    await page.getByLabel(/^name/i).fill('Bergen hub');
    await chooseOption(page, page.getByLabel(/^type/i), 'Parcel', { exact: false });
    await chooseOption(page, page.getByLabel(/^country/i), 'Norway', { exact: false });
    await screenshot(page, '03-admin-department-create');
    await page.getByRole('button', { name: /save/i }).click();
    await page.waitForURL(/\/admin\/departments(\?.*)?$/);
    await page.getByText('Bergen hub').waitFor();
    await screenshot(page, '04-admin-department-created');
    await page.goto(`${sys.url}/admin`);
    await page.waitForURL(/\/admin\/departments(\?.*)?$/);
    await page.getByText('Bergen hub').waitFor();
    await page.context().close();
  }, 90_000);

  it('S1-GEN-009 S1-GEN-016 S2-SCREEN-043 S9-CONST-020: an admin creates, edits and deletes a department group (with a confirm dialog), and a refused holiday shows an error toast', async () => {
    const phone = freshPhone();
    await sys.run('CREATE_USER', { name: 'Groups Admin', phoneNumber: phone, role: 'ADMIN' });
    await sys.settled();
    const page = await newPage();
    await loginByToken(page, sys, phone);
    await page.waitForURL('**/admin/departments');
    await page.goto(`${sys.url}/admin/departments/groups/create`);
    await page.getByLabel(/^name/i).fill('West coast');
    await chooseOption(page, page.getByLabel(/^departments/i), 'Oslo terminal', {
      exact: false,
      multiple: true,
    });
    await page.getByRole('button', { name: /save/i }).click();
    await page.waitForURL(/\/admin\/departments\/groups(\?.*)?$/);
    await page.getByRole('cell', { name: 'West coast' }).click();
    await page.waitForURL(/\/admin\/departments\/groups\/\d+$/);
    await page.getByLabel(/^name/i).fill('West and south');
    await page.getByRole('button', { name: /save/i }).click();
    await page.getByRole('cell', { name: 'West and south' }).waitFor();
    await screenshot(page, '12-admin-department-groups');
    await page.getByRole('cell', { name: 'West and south' }).click();
    await page.getByRole('button', { name: /delete/i }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /confirm/i })
      .click();
    await page.waitForURL(/\/admin\/departments\/groups(\?.*)?$/);
    await page
      .getByText('No Department group yet', { exact: false })
      .or(page.getByText(/no .*yet/i))
      .first()
      .waitFor();
    // The list the page shows waited for the deletion's position; this direct read must too.
    await sys.settled();
    const listed = await sys.get('/api/rest/departmentGroups');
    expect(listed.body).toEqual([]);

    // A holiday, then the same one again: the server refuses it (409) and the toast says so.
    for (let i = 0; i < 2; i++) {
      await page.goto(`${sys.url}/admin/holidays/create`);
      await chooseOption(page, page.getByLabel(/^country/i), 'Sweden', { exact: false });
      // The date picker takes the user's format (en: dd/MM/yyyy) and starts weeks on Monday.
      const date = page.getByRole('group', { name: /^date/i });
      await date.click();
      await page.keyboard.type('24122026');
      if (i === 0) {
        await page.getByRole('button', { name: /choose date/i }).click();
        const firstDay = page.getByRole('grid').getByRole('columnheader').first();
        expect(await firstDay.getAttribute('aria-label')).toMatch(/^Monday$/i);
        await page.keyboard.press('Escape');
      }
      await page.getByRole('button', { name: /save/i }).click();
      if (i === 0) await page.waitForURL(/\/admin\/holidays(\?.*)?$/);
    }
    await page.getByTestId('toast').getByText('It already exists').waitFor();
    await screenshot(page, '13-admin-holiday-refused');
    await page.context().close();
  }, 90_000);

  it('S2-AUTH-003 S2-AUTH-006: logged out, a page goes to the root with redirect-to; /auth/ pages stay', async () => {
    const page = await newPage();
    await page.goto(`${sys.url}/admin/jobs`);
    await page.waitForURL(
      (url) => url.pathname === '/' && url.searchParams.get('redirectTo') === '/admin/jobs',
    );
    // The root asks for the phone number at once (no welcome card with a link first).
    await page.getByLabel(/phone number/i).waitFor();
    expect(await page.getByRole('link', { name: 'Log in' }).count()).toBe(0);
    await page.goto(`${sys.url}/auth/request-password`);
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/request-password');
    await page.context().close();
  }, 60_000);

  it('S2-ROUTE-001 S2-AUTH-006: a first visit to / shows the phone form at once, and a log-in there goes on to the redirect-to page', async () => {
    const phone = freshPhone();
    await sys.run('CREATE_USER', { name: 'Front Admin', phoneNumber: phone, role: 'ADMIN' });
    await sys.settled();
    const page = await newPage();
    await page.goto(`${sys.url}/admin/holidays`);
    await page.waitForURL(
      (url) => url.pathname === '/' && url.searchParams.get('redirectTo') === '/admin/holidays',
    );
    await page.getByLabel(/phone number/i).waitFor();
    await page.getByRole('button', { name: 'Send code' }).waitFor();
    expect(await page.getByRole('link', { name: 'Log in' }).count()).toBe(0);
    await loginByToken(page, sys, phone, '/?redirectTo=%2Fadmin%2Fholidays');
    await page.waitForURL((url) => url.pathname === '/admin/holidays');
    await page.context().close();
  }, 90_000);

  it('S6-ROLE-012 S2-REDIR-005 S2-REDIR-007 S2-SCREEN-051 S2-ROUTE-082: a planner picks a department and reaches the shipments page; other routes need their flags', async () => {
    const phone = freshPhone();
    // Shipments only: any one listed flag opens a route (spec §6), invoicing needs its own.
    await sys.run('CREATE_USER', {
      name: 'Browser Planner',
      phoneNumber: phone,
      role: 'PLANNER',
      departmentIds: [oslo],
      access: ['PLANNER_SHIPMENTS'],
    });
    await sys.settled();
    const page = await newPage();
    await loginByToken(page, sys, phone);
    await page.waitForURL('**/planner');
    await page.getByRole('link', { name: /Oslo terminal/ }).waitFor();
    await screenshot(page, '05-planner-departments');
    await page.getByRole('link', { name: /Oslo terminal/ }).click();
    await page.waitForURL(`**/planner/${oslo}/shipments-search`);
    await page.getByRole('heading', { name: /Shipments/ }).waitFor();
    await page.getByText('No shipments found').waitFor();
    expect(await page.title()).toBe('Nordlog - Shipments');
    await screenshot(page, '06-planner-shipments');
    await page.goto(`${sys.url}/planner/${oslo}`);
    await page.waitForURL(`**/planner/${oslo}/shipments-search`);
    // A department group is picked the same way, as group_{n} in the address.
    const group = await sys.command('CREATE_DEPARTMENT_GROUP', {
      name: 'Norway group',
      departmentIds: [oslo],
    });
    expect(group.status).toBe(200);
    await sys.settled();
    await page.goto(`${sys.url}/planner`);
    await page.getByRole('link', { name: 'Norway group' }).click();
    await page.waitForURL(`**/planner/group_${group.body.ids[0]}/shipments-search`);
    await page.getByRole('heading', { name: /Shipments · Norway group/ }).waitFor();
    await page.getByText('No shipments found').waitFor();
    // A planner without PLANNER_INVOICING and without ADMIN sees the not-found page.
    await page.goto(`${sys.url}/planner/${oslo}/invoicing`);
    await page.getByTestId('not-found').waitFor();
    await page.goto(`${sys.url}/planner/simple-search`);
    await page.getByTestId('not-found').waitFor();
    await page.goto(`${sys.url}/no-such-page`);
    await page.getByTestId('not-found').waitFor();
    await screenshot(page, '07-not-found');
    await page.context().close();
  }, 90_000);

  it('S2-AUTH-002 S2-AUTH-008: a user who must use a password sets one through the e-mailed link, then logs in with code and password', async () => {
    const phone = freshPhone();
    const email = `pwd${Date.now()}@example.com`;
    await sys.run('CREATE_USER', {
      name: 'Password Planner',
      phoneNumber: phone,
      email,
      role: 'PLANNER',
      departmentIds: [oslo],
      requiresPwd: true,
    });
    await sys.settled();
    const page = await newPage();
    await loginByToken(page, sys, phone);
    await page.waitForURL('**/auth/request-password');
    const before = await lastMessageId(sys);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText('If the address belongs to a user, a link is on its way.').waitFor();
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      const row = await sys.db
        .knex('message_outbox')
        .where({ recipient: email })
        .andWhere('id', '>', before)
        .first<{ body: string } | undefined>('body');
      link = /\/auth\/set-password\/([^\s)]+)/.exec(row?.body ?? '')?.[1];
      if (!link) await page.waitForTimeout(20);
    }
    expect(link).toBeDefined();
    await page.goto(`${sys.url}/auth/set-password/${link}`);
    await page.getByLabel(/new password/i).fill('a long enough secret');
    await screenshot(page, '11-set-password');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your password is set').waitFor();
    await page.waitForURL('**/login');
    await loginByToken(page, sys, phone);
    await page.getByRole('heading', { name: 'Enter your password' }).waitFor();
    await page.getByLabel(/^password/i).fill('a long enough secret');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/planner');
    await page.getByRole('link', { name: /Oslo terminal/ }).waitFor();
    await page.context().close();
  }, 90_000);

  it('S2-SCREEN-046 S2-SCREEN-047: a page that fails to render shows the error fallback (illustration, titled card, one button that reloads)', async () => {
    const page = await plannerPage('Fallback Planner');
    // The shipments page's code, as a broken deployment could serve it: it throws when rendered.
    await page.route(/\/assets\/Shipments-[^/]*\.js$/, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'export default function Shipments() { throw new Error("render failed in test"); }',
      }),
    );
    await page.goto(`${sys.url}/planner/${oslo}/shipments-search`);
    const alert = page.getByTestId('error-fallback');
    await alert.waitFor();
    expect(await alert.getByRole('heading').textContent()).toBe('Something went wrong');
    expect(await alert.locator('svg').count()).toBeGreaterThan(0);
    const buttons = alert.getByRole('button');
    expect(await buttons.count()).toBe(1);
    expect(await buttons.textContent()).toBe('Reload the page');
    await screenshot(page, '09-error-fallback');
    await page.unroute(/\/assets\/Shipments-[^/]*\.js$/);
    await page.evaluate('window.__beforeReload = true');
    await Promise.all([page.waitForEvent('load'), buttons.click()]);
    expect(await page.evaluate('window.__beforeReload === undefined')).toBe(true);
    await page.getByRole('heading', { name: /Shipments/ }).waitFor();
    await page.context().close();
  }, 90_000);

  it('S4-BEH-012: logging out from the user menu ends the session and starts a fresh page (nothing of the client store is left)', async () => {
    const page = await plannerPage('Logout Planner');
    await page.getByRole('link', { name: /Oslo terminal/ }).waitFor();
    await page.evaluate('window.__storeOfThisPage = true');
    // The user menu's button is named by what it shows: the user's name (axe: label in name).
    await page.getByRole('button', { name: 'Logout Planner' }).click();
    await page.getByRole('menuitem', { name: /log ?out/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByLabel(/phone number/i).waitFor();
    expect(await page.evaluate('window.__storeOfThisPage === undefined')).toBe(true);
    // The session is over on the server too.
    const cookies = await page.context().cookies();
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const me = await fetch(`${sys.url}/auth/user`, { headers: { cookie } });
    expect(me.status).toBe(401);
    await page.goto(`${sys.url}/planner`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  }, 90_000);

  it('S4-BEH-013 S4-BEH-014: after the code is requested the form asks for it; a wrong code says so and the right one still logs in', async () => {
    const phone = freshPhone();
    await sys.run('CREATE_USER', {
      name: 'Code Planner',
      phoneNumber: phone,
      role: 'PLANNER',
      departmentIds: [oslo],
    });
    await sys.settled();
    const page = await newPage();
    await page.goto(`${sys.url}/login`);
    const afterId = await lastMessageId(sys);
    await page.getByLabel(/phone number/i).fill(phone);
    await page.getByRole('button', { name: /send code/i }).click();
    await page.getByText(/We sent a 6-digit code to/).waitFor();
    const token = await waitForToken(sys, phone, afterId);
    expect(token).toMatch(/^\d{6}$/);
    const wrong = token === '000000' ? '111111' : '000000';
    await page.getByLabel(/^code/i).fill(wrong);
    await page.getByRole('button', { name: /log in/i }).click();
    await page.getByText('The code is wrong or has expired.').waitFor();
    await page.getByLabel(/^code/i).fill(token!);
    await page.getByRole('button', { name: /log in/i }).click();
    await page.waitForURL('**/planner');
    await page.context().close();
  }, 90_000);

  it('S9-CONST-024: switched to Norwegian, dates show as dd.MM.yyyy', async () => {
    const phone = freshPhone();
    await sys.run('CREATE_USER', {
      name: 'Norsk Planlegger',
      phoneNumber: phone,
      role: 'PLANNER',
      departmentIds: [oslo],
    });
    await sys.settled();
    const page = await newPage();
    await page.goto(`${sys.url}/login`);
    await chooseOption(page, page.getByLabel('Language'), 'Norsk bokmål', {
      exact: false,
      keeps: false,
    });
    await page.getByRole('heading', { name: 'Logg inn' }).waitFor();
    await loginByToken(page, sys, phone);
    await page.waitForURL('**/planner');
    await page.goto(`${sys.url}/planner/${oslo}/shipments-search/2026-11-02/2026-11-22`);
    const range = page.getByTestId('shipments-range');
    await range.waitFor();
    expect(await range.textContent()).toContain('02.11.2026 – 22.11.2026');
    await screenshot(page, '08-planner-shipments-nb');
    await page.context().close();
  }, 90_000);

  it('S2-SCREEN-042 S2-SCREEN-031 S2-SCREEN-032 S2-SCREEN-033 S2-SCREEN-034 S4-BEH-021: menu widths, the generic modal, and a logout elsewhere sends the page to the start', async () => {
    const page = await plannerPage('Menu Planner');
    await page.goto(`${sys.url}/planner/${oslo}/shipments-search`);
    await page.getByText('No shipments found').waitFor();
    const sidebar = page.locator('.RaSidebar-fixed');
    expect(Math.round((await sidebar.boundingBox())!.width)).toBe(256);
    const widthBecomes = async (px: number) => {
      for (let i = 0; i < 100; i++) {
        if (Math.round((await sidebar.boundingBox())!.width) === px) return px;
        await page.waitForTimeout(50);
      }
      return Math.round((await sidebar.boundingBox())!.width);
    };
    await page.getByRole('button', { name: /close menu/i }).click();
    expect(await widthBecomes(72)).toBe(72);
    await page.getByRole('button', { name: /open menu/i }).click();
    expect(await widthBecomes(256)).toBe(256);

    const openProfile = async () => {
      await page.getByRole('button', { name: 'Menu Planner' }).click();
      await page.getByRole('menuitem', { name: 'My profile' }).click();
      await page.getByRole('dialog').waitFor();
    };
    await openProfile();
    const dialog = page.getByRole('dialog');
    expect(Math.round((await dialog.boundingBox())!.width)).toBe(600);
    await screenshot(page, '10-profile-modal');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await openProfile();
    await page.mouse.click(5, 880);
    await dialog.waitFor({ state: 'hidden' });
    await openProfile();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The same user logs out in another window: the socket gets `login` and the page goes to the start.
    const cookies = await page.context().cookies();
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const out = await fetch(`${sys.url}/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByLabel(/phone number/i).waitFor();
    await page.context().close();
  }, 90_000);

  it('S4-BEH-025 S4-BEH-026 S8-ERR-019: with the socket server stopped, the network notice shows only after the fourth failure', async () => {
    const phone = freshPhone();
    await sys.run('CREATE_USER', {
      name: 'Live Planner',
      phoneNumber: phone,
      role: 'PLANNER',
      departmentIds: [oslo],
    });
    await sys.settled();
    const page = await newPage();
    let opened = 0;
    let closed = 0;
    page.on('websocket', (ws) => {
      opened++;
      ws.on('close', () => closed++);
    });
    await loginByToken(page, sys, phone);
    await page.waitForURL('**/planner');
    await page.goto(`${sys.url}/planner/${oslo}/shipments-search`);
    await page.getByText('No shipments found').waitFor();
    for (let i = 0; i < 100 && opened === 0; i++) await page.waitForTimeout(50);
    expect(opened).toBe(1);
    await sys.hub.close();
    const notice = page.locator('[data-notification-id="9999"]');
    for (let i = 0; i < 200 && closed < 3; i++) await page.waitForTimeout(50);
    expect(closed).toBe(3);
    expect(await notice.isVisible()).toBe(false);
    for (let i = 0; i < 200 && closed < 4; i++) await page.waitForTimeout(50);
    expect(closed).toBeGreaterThanOrEqual(4);
    await notice.getByRole('button', { name: 'Reload' }).waitFor();
    expect(await notice.textContent()).toContain('The connection to the server is lost');
    await screenshot(page, '09-network-notice');
    await page.context().close();
  }, 90_000);
});
