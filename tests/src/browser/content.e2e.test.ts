import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import {
  assertWebAppBuilt,
  launchBrowser,
  openAs,
  chooseOption,
  chooseSuggestion,
} from '../support/browser.js';
import {
  createFirstDepartmentAndCustomer,
  freshPhone,
  startTestSystem,
  type TestSystem,
} from '../support/system.js';

/**
 * Content in a browser (issue 44 part 5, docs/decisions/0077-content.md): an admin makes a banner
 * (its link checked when the field is left) and a help modal for the planner's search screen; a
 * planner sees the banner in the frame, hides it, reads the news and opens the screen's help. An
 * admin holding only the help modals' flag keeps only those. One system, one browser.
 */
describe('content: banners, news and help modals in the web app', () => {
  let sys: TestSystem;
  let browser: Browser;

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    await createFirstDepartmentAndCustomer(sys);
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  it('S2-ROUTE-024 S4-STATE-017 an admin makes a banner and a help modal; a planner sees the banner and the news and opens the help', async () => {
    const errors: string[] = [];
    const admin = await openAs(browser, sys.url, '/admin/cms/banners/create', sys.admin, errors);
    await admin.getByLabel(/^title \(english\)/i).fill('Snow in Oslo');
    await admin.getByLabel(/^text \(english\)/i).fill('Expect delays on every route today.');
    await chooseOption(admin, admin.getByLabel(/^level/i), 'Critical', { exact: false });
    // The link is checked by the server's rule when the field is left.
    const link = admin.getByLabel(/^link/i);
    await link.fill('http://status.example.com/snow');
    await link.blur();
    await admin.getByText('The link must start with https://').waitFor();
    await link.fill('https://status.example.com/snow');
    await link.blur();
    await admin.getByText('The link is valid').waitFor();
    await admin.getByLabel('Planner', { exact: true }).check();
    await chooseOption(admin, admin.getByLabel(/^state/i), 'Published', { exact: false });
    await admin.getByRole('button', { name: /^save$/i }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/cms/banners');
    await admin.getByText('Snow in Oslo', { exact: true }).waitFor();

    const screen = '/planner/:departmentId/shipments-search/*';
    await admin.goto(`${sys.url}/admin/cms/helpModals/create`);
    await chooseSuggestion(admin, admin.getByLabel(/^screen/i), screen, screen);
    await admin.getByLabel(/^title \(english\)/i).fill('Finding shipments');
    await admin.getByLabel(/^text \(english\)/i).fill('Search by shipment id or reference.');
    await admin.getByLabel('Planner', { exact: true }).check();
    await chooseOption(admin, admin.getByLabel(/^state/i), 'Published', { exact: false });
    await admin.getByRole('button', { name: /^save$/i }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/cms/helpModals');
    await admin.getByText('Finding shipments', { exact: true }).waitFor();
    await admin.context().close();
    // A news item, as the API makes it.
    const news = await sys.command('CREATE_NEWS', {
      title: { en: 'New depot in Bergen' },
      body: { en: 'Open from Monday.' },
      targetRoles: ['PLANNER'],
      state: 'PUBLISHED',
    });
    expect(news.status).toBe(200);
    await sys.settled();

    const planner = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      access: ['PLANNER_SHIPMENTS'],
      departmentIds: ['1'],
    });
    const page = await openAs(browser, sys.url, '/planner/1/shipments-search', planner, errors);
    const banner = page.getByTestId('cms-banner');
    await banner.waitFor();
    expect(await banner.getAttribute('data-level')).toBe('CRITICAL');
    await expect(banner.textContent()).resolves.toContain('Snow in Oslo');
    expect(await banner.getByRole('link', { name: 'Read more' }).getAttribute('href')).toBe(
      'https://status.example.com/snow',
    );
    // Hidden for the session: gone now and after a reload.
    await banner.getByTitle('Hide this notice for this session').click();
    await banner.waitFor({ state: 'detached' });
    const newsButton = page.getByTestId('cms-news-open');
    expect(await newsButton.getAttribute('data-unread')).toBe('1');
    expect(await newsButton.getAttribute('aria-label')).toBe('News: 1 unread');
    await page.getByTestId('cms-news-open').click();
    await page.getByTestId('cms-news').getByText('New depot in Bergen').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('cms-news').waitFor({ state: 'detached' });
    expect(await newsButton.getAttribute('data-unread')).toBe('0');
    await page.getByTestId('cms-help-open').click();
    const help = page.getByRole('dialog', { name: 'Finding shipments' });
    await help.getByText('Search by shipment id or reference.').waitFor();
    await help.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await page.getByTestId('cms-help-open').waitFor();
    expect(await page.getByTestId('cms-banner').count()).toBe(0);
    // Another screen has no help.
    await page.goto(`${sys.url}/planner/1/shipments/unconfirmed`);
    await page.getByTestId('cms-news-open').waitFor();
    expect(await page.getByTestId('cms-help-open').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('S6-FLAG-019 an admin holding only the help modals’ flag keeps help modals, not banners or news', async () => {
    const errors: string[] = [];
    const session = await sys.login({
      phoneNumber: freshPhone(),
      role: 'ADMIN',
      access: ['ADMIN_CMS_WHATS_THIS_MODALS'],
      departmentIds: ['1'],
    });
    const page = await openAs(browser, sys.url, '/admin/cms', session, errors);
    await page.waitForURL((url) => url.pathname === '/admin/cms/helpModals');
    await page.getByText('Finding shipments', { exact: true }).waitFor();
    await page.goto(`${sys.url}/admin/cms/banners`);
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByRole('menuitem', { name: 'Banners' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
