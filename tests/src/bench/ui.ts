import { seedDemoData, seedDemoUsers, startSystem } from '@nordlog/deploy';
import { loadConfig, silentLogger, startEmbeddedPostgres } from '@nordlog/platform';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { assertWebAppBuilt, launchBrowser } from '../support/browser.js';
import { lastMessageId, waitForToken } from '../support/system.js';

/**
 * `npm run bench:ui`: the gzip size of the JavaScript a browser loads for the log-in page, and
 * for the planner's first page (log in, choose a department, the shipments page), measured in
 * Debian's Chromium against the product on an embedded PostgreSQL with the demo data. Sizes are
 * not noisy, so the figure is compared with the budget (350 kB gzip for the log-in page).
 */
const BUDGET_KB = 350;
const PLANNER_PHONE = '+4740000002';

function recordScripts(page: Page, sizes: Map<string, number>) {
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    void response
      .body()
      .then((body) => sizes.set(response.url(), gzipSync(body).length))
      .catch(() => undefined);
  });
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((a, b) => a + b, 0);

async function main() {
  assertWebAppBuilt();
  const dir = await mkdtemp(path.join(tmpdir(), 'nordlog-bench-ui-'));
  const server = await startEmbeddedPostgres({ dataDir: dir, logger: silentLogger() });
  const system = await startSystem(
    loadConfig({
      DATABASE_URL: server.url,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
    }),
    silentLogger(),
  );
  const run = (name: string, payload: unknown) => system.run(name, payload);
  await seedDemoData(run, silentLogger());
  await seedDemoUsers(run, silentLogger());
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const login = new Map<string, number>();
    recordScripts(page, login);
    await page.goto(`${system.url}/login`, { waitUntil: 'networkidle' });
    const loginBytes = total(login);
    const loginFiles = login.size;

    const journey = new Map(login);
    recordScripts(page, journey);
    const afterId = await lastMessageId(system);
    await page.getByLabel(/phone number/i).fill(PLANNER_PHONE);
    await page.getByRole('button', { name: /send code/i }).click();
    const token = await waitForToken(system, PLANNER_PHONE, afterId);
    if (!token) throw new Error('no login code for the demo planner');
    await page.getByLabel(/^code/i).fill(token);
    await page.getByRole('button', { name: /log in/i }).click();
    await page.waitForURL('**/planner');
    await page.getByRole('link').filter({ hasText: /Oslo/ }).first().click();
    await page.waitForURL('**/shipments-search');
    await page.waitForLoadState('networkidle');
    const plannerBytes = total(journey);

    console.log('bench:ui: JavaScript loaded, gzip (level 6, as a server sends it)');
    console.log(
      `  log-in page:             ${kb(loginBytes)} kB in ${loginFiles} file(s); budget ${BUDGET_KB} kB; ratio ${(loginBytes / 1024 / BUDGET_KB).toFixed(2)}`,
    );
    console.log(
      `  planner's first page:    ${kb(plannerBytes)} kB in ${journey.size} file(s) (log-in page included)`,
    );
    for (const [url, size] of journey)
      console.log(`    ${kb(size).padStart(7)} kB  ${new URL(url).pathname}`);
    if (loginBytes / 1024 > BUDGET_KB) process.exitCode = 1;
  } finally {
    await browser.close();
    await system.close();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
