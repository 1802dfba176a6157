import { afterAll, afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { MAP_FIELDS } from '@nordlog/contracts';
import { QueryClient } from '@tanstack/react-query';
import { todayIn } from '../../i18n/locales';
import { dayConsignmentsQuery } from '../planning/queries';
import { prefetchMapData } from './prefetch';
import { loadMapPage, mapScreens } from './routes';

/** The queries asked (name and params), answered from `answers` by name. */
let asked: { name: string; params: Record<string, unknown> }[] = [];
const realFetch = globalThis.fetch;
const answers: Record<string, unknown> = {
  departments: [{ id: '7', name: 'Helsinki', country: 'FI' }],
  departmentGroups: [{ id: '3', name: 'Finland', departmentIds: ['7'] }],
  consignments: [{ id: '1' }],
  slots: [],
};

beforeEach(() => {
  asked = [];
  globalThis.fetch = (async (url: string, init: { body: string }) => {
    const name = url.split('/').pop()!;
    asked.push({
      name,
      params: (JSON.parse(init.body) as { params: Record<string, unknown> }).params,
    });
    return new Response(JSON.stringify(answers[name] ?? []), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});
// The prefetch also asks for the page's code; it arrives before the file's environment goes
// (after, jest reports an import into a torn-down environment).
afterAll(async () => {
  await loadMapPage().catch(() => undefined);
});

const settle = () => new Promise((r) => setTimeout(r, 20));

describe("the map's data asked for as the app starts on a map (issue 17 §5, first render)", () => {
  it("asks a plain department's day at once, under the keys the page's queries use", async () => {
    const client = new QueryClient();
    prefetchMapData(client, { pathname: '/planner/5/map', search: '?date=2026-11-27' }, () => true);
    // At once, before the department list has come.
    expect([...new Set(asked.map((a) => a.name))].sort()).toEqual(
      ['consignments', 'departmentGroups', 'departments', 'slots'].sort(),
    );
    const pages = asked.filter((a) => a.name === 'consignments').map((a) => a.params);
    expect(pages.map((p) => p.offset)).toEqual([0, 5000, 10000, 15000]);
    for (const page of pages)
      expect(page).toMatchObject({
        departmentIds: ['5'],
        fromDate: '2026-11-27',
        toDate: '2026-11-27',
        fields: [...MAP_FIELDS],
      });
    await settle();
    const key = dayConsignmentsQuery(['5'], '2026-11-27', undefined, MAP_FIELDS).queryKey;
    expect(client.getQueryData(key)).toEqual({ data: [{ id: '1' }], truncated: false });
  });

  it("asks a group's day once the department list names its members, today in their zone", async () => {
    const client = new QueryClient();
    prefetchMapData(client, { pathname: '/planner/group_3/map2', search: '' }, () => true);
    await settle();
    const rows = asked.find((a) => a.name === 'consignments')!.params;
    expect(rows).toMatchObject({
      departmentIds: ['7'],
      fromDate: todayIn('Europe/Helsinki'),
    });
  });

  it('asks nothing for a map the user may not open, nor on another page', async () => {
    const allowed = new Set<string>();
    prefetchMapData(
      new QueryClient(),
      { pathname: '/planner/5/map', search: '?date=2026-11-27' },
      (rule) => allowed.has(rule),
    );
    prefetchMapData(
      new QueryClient(),
      { pathname: '/planner/5/shipments-search', search: '' },
      () => true,
    );
    prefetchMapData(new QueryClient(), { pathname: '/planner/5/map/x', search: '' }, () => true);
    // A malformed escape in the path: no request, and no error for the app starting on it.
    prefetchMapData(
      new QueryClient(),
      { pathname: '/planner/%E0%A4%A/map', search: '' },
      () => true,
    );
    await settle();
    expect(asked).toEqual([]);
  });

  it("judges access by the map screens' own rules", () => {
    const rules: string[] = [];
    for (const pathname of ['/planner/5/map', '/planner/5/map2'])
      prefetchMapData(new QueryClient(), { pathname, search: '' }, (rule) => {
        rules.push(rule);
        return false;
      });
    expect(rules).toEqual(mapScreens.map((s) => s.rule));
  });
});
