import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jobKeys } from '@nordlog/contracts';
import type { Browser } from 'playwright-core';
import { assertWebAppBuilt, launchBrowser, openAs } from '../support/browser.js';
import { startTestSystem, type TestSystem } from '../support/system.js';
import { inspectPage, messageKeyPattern } from '../support/walk.js';

/**
 * The jobs screen in a browser (issue 44 part 4, docs/decisions/0076-admin-jobs.md): an admin sees
 * every job with its last pass and switches one off and on again; the change is the server's
 * (jobsStatus). A refused switch (403) tells the user and shows the jobs as they are.
 */
describe('jobs screen', () => {
  let sys: TestSystem;
  let browser: Browser;

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    browser = await launchBrowser();
    await sys.retention.pass();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  const enabledOnServer = async (job: string) => {
    await sys.settled();
    return (await sys.query('jobsStatus', {})).body.find((j: { id: string }) => j.id === job)
      .enabled as boolean;
  };

  it('S2-ROUTE-019 S1-GEN-015 S4-FLOW-023 an admin sees every job with its last run and switches one off and on', async () => {
    const errors: string[] = [];
    const page = await openAs(browser, sys.url, '/admin/jobs', sys.admin, errors);
    await page.getByRole('heading', { name: 'Jobs' }).waitFor();
    const rows = page.getByTestId('job-row');
    await rows.nth(jobKeys.length - 1).waitFor();
    expect(await rows.count()).toBe(jobKeys.length);
    // The sweep of unreferenced proof images (docs/decisions/0095) is one of them.
    await expect(
      page.locator('[data-testid="job-row"][data-id="PROOF_SWEEP"]').textContent(),
    ).resolves.toContain('Unreferenced proof images');
    const retention = page.locator('[data-testid="job-row"][data-id="RETENTION"]');
    await expect(retention.textContent()).resolves.toContain('Personal data retention');
    await expect(retention.textContent()).resolves.toContain('OK (0)');
    // The walk's checks of a page (keys, raw values, width at 1280 px, axe).
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(
      await inspectPage(page, { keyPattern: messageKeyPattern(['jobs', 'ra']), axe: true }),
    ).toEqual([]);

    await page.getByLabel('Disable Personal data retention', { exact: true }).click();
    await page.locator('[data-id="RETENTION"][data-enabled="false"]').waitFor();
    expect(await enabledOnServer('RETENTION')).toBe(false);
    await page.getByLabel('Enable Personal data retention', { exact: true }).click();
    await page.locator('[data-id="RETENTION"][data-enabled="true"]').waitFor();
    expect(await enabledOnServer('RETENTION')).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("S8-ERR-012 a 403 on stopping a job runs the screen's callback: the user is told, the jobs are shown as they are", async () => {
    const errors: string[] = [];
    const page = await openAs(browser, sys.url, '/admin/jobs', sys.admin, errors);
    await page.getByTestId('job-row').nth(5).waitFor();
    // The server's refusal as the gateway words it (the user's rights were taken meanwhile).
    await page.route('**/api/command/DISABLE_JOB', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify([{ errorType: 'NO_ACCESS', description: 'Not allowed' }]),
      }),
    );
    await page.getByLabel('Disable Pre-advice', { exact: true }).click();
    await page.getByText('You may not enable or disable jobs').waitFor();
    await page.locator('[data-id="PRE_ADVICE"][data-enabled="true"]').waitFor();
    expect(await enabledOnServer('PRE_ADVICE')).toBe(true);
    await page.context().close();
  });
});
