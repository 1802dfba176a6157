import { describe, expect, it } from '@jest/globals';
import { defaultAccess, identityOfUser, mayOpen, routeRules, type Role } from '@nordlog/contracts';
import { demoUsers } from '@nordlog/deploy';
import { screenshot } from '../support/browser.js';
import { navigateInApp, type Problems } from '../support/walk.js';
import { walkHarness } from './walk/harness.js';

/**
 * The walk (issue 13): every route of the contracts' route table, as every demo user. Each page
 * is checked by `inspectPage` (fallback, console, answers, width at 1280 px, message keys, raw
 * enum values, axe-core). Routes join by being in their table; nothing to remember here. The
 * admin resources' pages are walked in walkAdmin.e2e.test.ts, the pages in six languages in
 * walkLanguages.e2e.test.ts.
 */
describe('the walk: every screen, every role', () => {
  const walk = walkHarness();

  /** A path of a route rule: the user's department, a demo shipment, optional parts left out. */
  const pathOf = (rule: string): string =>
    rule
      .replace(/\/:\w+\?/g, '')
      .replace(':departmentId', '1')
      .replace(':shipmentId', walk.gsin)
      .replace(':customerId', '1')
      .replace(/:\w+/g, '1')
      .replace(/\/\*$/, '');

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
      const { context, page, monitor } = await walk.signedIn(user.phoneNumber);
      const problems: Problems = await walk.check(
        page,
        monitor,
        `${role} start ${page.url()}`,
        'start',
      );
      await screenshot(page, `walk-${role}-start`);
      if (role === 'CUSTOMER') {
        // Customer users work in the customer portal (docs/decisions/0074): a page load of an
        // app route takes them there; in the app, the route table sends them to not-found.
        await page.goto(`${walk.sys.url}/planner/1/shipments`, { waitUntil: 'domcontentloaded' });
        const portal = await page
          .waitForURL((url) => url.pathname.startsWith('/customer/'), { timeout: 15_000 })
          .then(
            () => true,
            () => false,
          );
        if (!portal) problems.push(`${role}: stayed on ${page.url()}, not the portal`);
        problems.push(...(await walk.check(page, monitor, `${role} portal`, 'customer-portal')));
      }
      for (const rule of routeRules) {
        const path = pathOf(rule.path);
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
          ...(await walk.check(
            page,
            monitor,
            `${role} ${path}`,
            expected ? rule.path : 'not-found',
          )),
        );
      }
      await context.close();
      expect(problems).toEqual([]);
    }, 240_000);
  }
});
