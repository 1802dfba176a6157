import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { lastMessageId, waitForToken, type Session, type TestSystem } from './system.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Screenshots of the pages the browser tests visit (a CI artifact). */
export const screenshotDir = path.join(root, 'reports', 'screenshots');

/** Debian's Chromium (README: `apt-get install chromium`); CHROMIUM_PATH overrides. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function assertWebAppBuilt(): void {
  if (!existsSync(path.join(root, 'ui', 'dist', 'index.html'))) {
    throw new Error(
      'ui/dist is missing: `npm test` builds it; alone, run `npm run build -w ui` first',
    );
  }
}

/** Headless Chromium as the browser tests run it; `extraArgs` add switches (a fake camera). */
/**
 * Chromium for a test. Its pages ask for less motion (`prefers-reduced-motion: reduce`, which the
 * web app honours: no transitions or ripples), unless `motion` says otherwise: a test then waits
 * for no menu or dialog to finish moving, and the software renderer draws no frames of it (a
 * bench measuring what a user sees passes 'no-preference').
 */
export async function launchBrowser(
  extraArgs: readonly string[] = [],
  motion: 'reduce' | 'no-preference' = 'reduce',
): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `No Chromium at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH)`,
    );
  }
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  });
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ reducedMotion: motion, ...options });
  browser.newPage = (options = {}) => newPage({ reducedMotion: motion, ...options });
  return browser;
}

export { chooseOption, chooseSuggestion, readOptions } from './options.js';

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Logs in through the log-in page with the phone-and-token flow, as a person would. */
export async function loginByToken(
  page: Page,
  sys: TestSystem,
  phoneNumber: string,
  startPath = '/login',
): Promise<void> {
  await page.goto(`${sys.url}${startPath}`);
  const afterId = await lastMessageId(sys);
  await page.getByLabel(/phone number|telefonnummer/i).fill(phoneNumber);
  await page.getByRole('button', { name: /send code|send kode|skicka kod/i }).click();
  const token = await waitForToken(sys, phoneNumber, afterId);
  if (!token) throw new Error(`no login code reached ${phoneNumber}`);
  await page.getByLabel(/^code|^kode|^kod/i).fill(token);
  await page.getByRole('button', { name: /log in|logg inn|logga in/i }).click();
}

/**
 * Opens a page in a context of its own signed in with a session's cookie (1600 × 1000, en-GB),
 * noting the page's errors and console errors (but failed resource loads) in `errors`.
 */
export async function openAs(
  browser: Browser,
  url: string,
  path: string,
  session: Session,
  errors: string[],
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1600, height: 1000 },
    locale: 'en-GB',
  });
  const [name, ...value] = session.cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url }]);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
      errors.push(m.text());
  });
  await page.goto(`${url}${path}`);
  return page;
}

/**
 * Map tiles for a test system: MAP_TILE_URL at a loopback address nobody serves, and
 * `serveTiles`, which answers every tile request of a browser context with a 1×1 transparent PNG
 * (noting its address in `requests`), so no map request leaves the machine. `fail(url, attempt)`
 * answers 503 instead, as a tile server that drops requests.
 */
export const loopbackTileEnv = { MAP_TILE_URL: 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png' };
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
export async function serveTiles(
  context: BrowserContext,
  requests: string[] = [],
  fail: (url: string, attempt: number) => boolean = () => false,
): Promise<void> {
  const attempts = new Map<string, number>();
  await context.route('**/tiles/**', (route) => {
    const url = route.request().url();
    const attempt = (attempts.get(url) ?? 0) + 1;
    attempts.set(url, attempt);
    requests.push(url);
    return fail(url, attempt)
      ? route.fulfill({ status: 503, body: '' })
      : route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
  });
}

/**
 * Starts recording, in the page, when each toast (`data-testid="toast"`) is added and removed, by
 * the page's own clock: a toast's time on screen measured from the test process would include
 * every round trip to the browser, which a loaded machine stretches by hundreds of milliseconds.
 * Call before the action that shows the toast; calling again changes nothing.
 */
export async function watchToasts(page: Page): Promise<void> {
  // A string: this package's TypeScript has no DOM types (walk.ts does the same).
  await page.evaluate(`(() => {
    if (window.__toasts) return;
    const records = [];
    window.__toasts = records;
    const scan = () => {
      const now = performance.now();
      for (const el of document.querySelectorAll('[data-testid="toast"]'))
        if (!records.some((r) => r.el === el))
          records.push({ el, text: el.textContent || '', shown: now, gone: null });
      for (const r of records) {
        if (r.gone !== null) continue;
        if (r.el.isConnected) r.text = r.el.textContent || '';
        else r.gone = now;
      }
    };
    new MutationObserver(scan).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    scan();
  })()`);
}

/**
 * How long (ms, by the page's clock) the toast whose text contains `text` was on screen, from its
 * element being added to its removal (after its exit transition); waits up to `timeoutMs` for it
 * to be gone. Needs `watchToasts` first.
 */
export async function toastLifetime(page: Page, text: string, timeoutMs: number): Promise<number> {
  // A function, not a string: the web app's content security policy refuses `eval`.
  const handle = await page.waitForFunction(
    (wanted) => {
      const records = (
        globalThis as unknown as {
          __toasts?: { text: string; shown: number; gone: number | null }[];
        }
      ).__toasts;
      if (!records) throw new Error('watchToasts(page) was not called');
      const r = records.find((x) => x.text.includes(wanted) && x.gone !== null);
      return r ? r.gone! - r.shown : null;
    },
    text,
    { timeout: timeoutMs, polling: 100 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Reads until the value is what a test expects, or `timeoutMs` pass, and gives the last reading
 * (the test's own expect then says what was seen). A time budget, not a number of reads: on a
 * loaded machine each read is slower, and a live change still has its seconds to arrive.
 */
export async function settledValue<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

/** A `settledValue` check: deep equality with what is expected. */
export const equalTo = (expected: unknown) => (value: unknown) =>
  isDeepStrictEqual(value, expected);
