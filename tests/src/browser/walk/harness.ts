import { afterAll, beforeAll } from '@jest/globals';
import { readFileSync } from 'node:fs';
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
} from '../../support/browser.js';
import { startTestSystem, type TestSystem } from '../../support/system.js';
import { PageMonitor, inspectPage, messageKeyPattern, type Problems } from '../../support/walk.js';

/** The top-level sections of the web app's English messages (a visible `section.key` is a key). */
const sections = [
  ...readFileSync(
    new URL('../../../../ui/src/i18n/messages/en.ts', import.meta.url),
    'utf8',
  ).matchAll(/^ {2}(\w+): \{/gm),
].map((m) => m[1]!);
const keyPattern = messageKeyPattern([...sections, 'ra', 'enums']);
/** The six languages of spec §1. */
export const locales = ['da', 'en', 'fi', 'fr', 'nb', 'sv'];
export const viewport = { width: 1280, height: 800 };

export interface SignedIn {
  context: BrowserContext;
  page: Page;
  monitor: PageMonitor;
}

/**
 * What every file of the walk shares (issue 13): a product with the demo data and users, a
 * browser, sign-in as a demo user, and `check`, which says everything wrong with the page now.
 * Called in a file's describe: its beforeAll starts them, its afterAll stops them. The walk is
 * several files so that jest's two workers share it.
 */
export function walkHarness() {
  let sys: TestSystem;
  let browser: Browser;
  let gsin = '';
  /** Screens axe has checked already in this file (one accessibility run per screen). */
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

  /** The page in another of the six languages: the app reads it at start (its own storage). */
  async function switchLocale(page: Page, monitor: PageMonitor, locale: string) {
    await page.evaluate(`localStorage.setItem('nordlog.locale', ${JSON.stringify(locale)})`);
    await page.reload();
    await monitor.settle();
    // Logged out, the page asked who is logged in and heard 401: that is how it knows.
    monitor.take();
  }

  /**
   * Each phone's session after its first log-in through the log-in page: later contexts start
   * from it. The product sends a phone at most three codes a window (contracts authRules), and a
   * file's tests sign the admin in more often than that.
   */
  const sessions = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();

  /** A new browser context signed in as the user of this phone, in a language. */
  async function signedIn(phoneNumber: string, locale = 'en'): Promise<SignedIn> {
    const session = sessions.get(phoneNumber);
    const context = await browser.newContext({
      viewport,
      locale: 'en-GB',
      ...(session ? { storageState: session } : {}),
    });
    await serveTiles(context);
    const page = await context.newPage();
    const monitor = new PageMonitor(page);
    if (session) await page.goto(`${sys.url}/`);
    else await loginByToken(page, sys, phoneNumber);
    await page.waitForURL((url) => !/\/(login)?$/.test(url.pathname));
    if (!session) sessions.set(phoneNumber, await context.storageState());
    if (locale !== 'en') await switchLocale(page, monitor, locale);
    await monitor.settle();
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

  /** The demo admin, signed in. */
  const admin = () => signedIn(demoUsers.find((u) => u.role === 'ADMIN')!.phoneNumber);

  return {
    get sys() {
      return sys;
    },
    get browser() {
      return browser;
    },
    /** A demo shipment's GSIN. */
    get gsin() {
      return gsin;
    },
    signedIn,
    switchLocale,
    check,
    admin,
  };
}
