import { describe, expect, it } from '@jest/globals';
import { adminResources, resourcePath } from '@nordlog/contracts';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/browser.js';
import { navigateInApp, type Problems } from '../support/walk.js';
import { fillers } from './walk/fillers.js';
import { walkHarness } from './walk/harness.js';

/**
 * The walk of the admin resources (issue 13): every list, create and edit page of every admin
 * resource, filled, saved and reopened, each page checked as the walk checks it. Resources join
 * by being in their table; nothing to remember here but a filler for a new admin resource
 * (walk/fillers.ts), which its type asks for.
 */
describe('the walk: every admin resource', () => {
  const walk = walkHarness();
  let serial = 0;

  /**
   * The resources in groups of seven, a test each: each well inside its time limit on a loaded
   * machine (21 resources made groups of 10, 10 and 1; the second took over 180 s in a full run).
   */
  const GROUP = 7;
  const groups = Array.from({ length: Math.ceil(adminResources.length / GROUP) }, (_, i) =>
    adminResources.slice(i * GROUP, i * GROUP + GROUP),
  );
  it.each(groups.map((group) => [group.map((r) => r.page).join(', '), group] as const))(
    'as ADMIN, every admin resource (%s): list, create with a valid record, save, reopen, edit, save again',
    async (_, group) => {
      const { context, page, monitor } = await walk.admin();
      const problems: Problems = [];
      for (const resource of group) {
        const list = resourcePath(resource);
        const name = `Walk ${resource.page} ${++serial}`;
        /**
         * Saves the form, then loads the list afresh at once, as a user reloading right after a
         * save: the new page load must still wait for the save (read-your-writes across a
         * reload), so its first read carries the save's position, and the list shows the record
         * with no wait for the read models here. The record may sort onto a later page of a long
         * list: one page shows them all. (In the app the list after a save may come from the
         * cache, with no read to look at: hence the reload.)
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
          await page.goto(`${walk.sys.url}${list}?page=1&perPage=100`);
          const sent = (await read).headers()['x-min-position'] ?? '0';
          expect(BigInt(sent)).toBeGreaterThanOrEqual(BigInt(position!));
        };
        const step = async (what: string, act: () => Promise<void>) => {
          try {
            await act();
          } catch (err) {
            // The error's first line and the locator it waited for (Playwright's call log).
            const lines = (err as Error).message.split('\n');
            const waited = lines.find((l) => l.includes('waiting for'))?.trim() ?? '';
            problems.push(`${list} ${what}: ${lines[0]} ${waited}`.trim());
            await screenshot(page, `walk-failed-${resource.page}-${what}`);
            throw err;
          }
          // After a save the list is the same screen as before it: axe has read it already.
          const screen = what === 'saved' || what === 'edited' ? 'list' : what;
          problems.push(
            ...(await walk.check(page, monitor, `${list} ${what}`, `${list}/${screen}`)),
          );
        };
        /**
         * A resource with no create (a service's mapping, made with its article): its first row
         * is opened, changed, saved and opened again.
         */
        const walkWithoutCreate = async () => {
          await step('list', async () => {
            await navigateInApp(page, list);
            await page.locator('tbody tr').first().waitFor();
          });
          let opened = '';
          await step('edit', async () => {
            await page.locator('tbody tr').first().click();
            await page.waitForURL(new RegExp(`${list}/\\d+$`));
            opened = new URL(page.url()).pathname;
            await fillers[resource.name].fill(page, name);
          });
          await step('edited', async () => {
            await saveAndReload(page, list);
            await navigateInApp(page, opened);
            await fillers[resource.name].reopened!(page);
          });
        };
        try {
          if (!resource.create) {
            await walkWithoutCreate();
            continue;
          }
          await step('list', async () => {
            await navigateInApp(page, list);
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
              const field = page.getByLabel(fillers[resource.name].nameLabel ?? /^name/i);
              await expect(field.inputValue()).resolves.toBe(name);
              await field.fill(`${name} edited`);
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
    },
    180_000,
  );

  /**
   * The reference fields of the edit form on screen that show nothing although they hold a value
   * (run in the page): a select whose value names a record it could not load shows an empty box;
   * an autocomplete of several shows fewer named chips than the record names. `loaded`: the form
   * shows this record (its name or label), not the one before.
   */
  const blankReferences = (rec: Record<string, unknown>) => `(() => {
    const rec = ${JSON.stringify(rec)};
    const title = document.querySelector(
      'form input[name="name"], form input[name="label"], form input[name="title.en"], form input[name="key"], form input[name="code"]',
    );
    const held = title && title.name.split('.').reduce((v, k) => (v == null ? v : v[k]), rec);
    const loaded = title !== null && title.value === (held ?? '');
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
    await walk.sys.run('CREATE_DEPARTMENT_GROUP', { name: 'Walk refs', departmentIds: ['1', '2'] });
    await walk.sys.run('CREATE_CUSTOMER_GROUP', { name: 'Walk refs', customerIds: ['1', '2'] });
    await walk.sys.settled();
    const { context, page, monitor } = await walk.admin();
    const problems: Problems = [];
    const checkedPer: Record<string, string[]> = {};
    for (const resource of adminResources) {
      if (!resource.update) continue;
      const rest = resource.page; // an admin page is titled by its REST resource's name
      const rows = (await walk.sys.get(`/api/rest/${rest}?range=[0,2]&sort=["id","DESC"]`))
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
        problems.push(...(await walk.check(page, monitor, `${where} references`, `${where}`)));
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
});
