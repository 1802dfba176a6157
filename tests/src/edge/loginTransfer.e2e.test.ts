import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { assertWebAppBuilt, launchBrowser } from '../support/browser.js';
import { startTestSystem, type TestSystem } from '../support/system.js';

/** The budget: JavaScript the log-in page transfers, cold cache, in Chromium. */
const BUDGET_BYTES = 350_000;

interface Loaded {
  url: string;
  /** Bytes on the wire (body as sent, and headers): DevTools' "transferred". */
  transferred: number;
  /** Bytes of JavaScript after decoding. */
  decoded: number;
  encoding: string | undefined;
  cacheControl: string | undefined;
  fromCache: boolean;
}

/** Records every JavaScript response of a page through the DevTools protocol. */
async function recordScripts(page: Page): Promise<{ scripts: () => Loaded[]; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  const byId = new Map<string, Loaded & { finished: boolean }>();
  cdp.on('Network.responseReceived', (e) => {
    const isScript = e.type === 'Script' || /javascript/.test(e.response.mimeType);
    if (!isScript) return;
    const header = (name: string) =>
      Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === name)?.[1];
    byId.set(e.requestId, {
      url: e.response.url,
      transferred: 0,
      decoded: 0,
      encoding: header('content-encoding'),
      cacheControl: header('cache-control'),
      fromCache: Boolean(e.response.fromDiskCache || e.response.fromServiceWorker),
      finished: false,
    });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const s = byId.get(e.requestId);
    if (s) s.fromCache = true;
  });
  cdp.on('Network.dataReceived', (e) => {
    const s = byId.get(e.requestId);
    if (s) s.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = byId.get(e.requestId);
    if (s) [s.transferred, s.finished] = [e.encodedDataLength, true];
  });
  await cdp.send('Network.enable');
  return { scripts: () => [...byId.values()], cdp };
}

const kB = (bytes: number) => Math.round(bytes / 100) / 10;

/**
 * The log-in page over the wire (docs/decisions/0023-http-edge.md): Chromium with an empty cache
 * opens `/` of a running system and loads the log-in form; the JavaScript it transfers must stay
 * within the budget, come brotli-compressed, and be cached for good (a second visit fetches none).
 */
describe('the log-in page over the wire', () => {
  let sys: TestSystem;
  let browser: Browser;

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  it(`transfers at most ${BUDGET_BYTES / 1000} kB of JavaScript, brotli, immutable; none again on a second visit`, async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    try {
      const page = await context.newPage();
      const { scripts } = await recordScripts(page);
      const document = await page.goto(`${sys.url}/`, { waitUntil: 'networkidle' });
      await page.getByLabel(/phone number/i).waitFor();
      expect(document?.headers()['cache-control']).toBe('no-cache');

      const first = scripts();
      const transferred = first.reduce((sum, s) => sum + s.transferred, 0);
      const decoded = first.reduce((sum, s) => sum + s.decoded, 0);
      console.log(
        `log-in page: ${first.length} scripts, ${kB(transferred)} kB transferred (brotli), ` +
          `${kB(decoded)} kB decoded`,
      );
      expect(first.length).toBeGreaterThan(0);
      expect(transferred).toBeLessThanOrEqual(BUDGET_BYTES);
      for (const s of first) {
        const path = new URL(s.url).pathname;
        // The build compresses files above 1 kB (ui/vite.config.ts); smaller ones go as they are.
        const encoding = s.decoded > 1024 ? 'br' : undefined;
        expect([path, s.fromCache, s.encoding]).toEqual([path, false, encoding]);
        expect([path, s.cacheControl]).toEqual([path, 'public, max-age=31536000, immutable']);
      }

      // Again, in the same browser: index.html is revalidated, the hashed scripts come from cache.
      const again = await page.context().newPage();
      const second = await recordScripts(again);
      await again.goto(`${sys.url}/`, { waitUntil: 'networkidle' });
      await again.getByLabel(/phone number/i).waitFor();
      const fetched = second.scripts().filter((s) => !s.fromCache);
      expect(fetched.map((s) => new URL(s.url).pathname)).toEqual([]);
      expect(second.scripts().length).toBe(first.length);
    } finally {
      await context.close();
    }
  });
});
