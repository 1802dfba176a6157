import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { slotViewsParams } from '../planner/planning/slotParams';
import { consignmentsPageParams } from '../planner/rowsParams';
import { pageSize } from '../planner/shipmentsData';
import { EARLY_ANSWER_MS, runQuery, runQueryEarly } from '../shell/api';
import { askEarly, earlyQueries, ROWS_PAGE } from './earlyData';

/** The queries asked (name and params); each answered with its own name. */
let asked: { name: string; params: unknown }[] = [];
const realFetch = globalThis.fetch;
beforeEach(() => {
  asked = [];
  globalThis.fetch = (async (url: string, init: { body: string }) => {
    const name = url.split('/').pop()!;
    asked.push({ name, params: (JSON.parse(init.body) as { params: unknown }).params });
    return new Response(JSON.stringify([name]), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const DAY = '2026-11-27';

describe("a main page's first data asked for beside the session (issue 37 §5, start-up)", () => {
  it("the board's, the live view's and the shipments page's, with the parameters the pages build", () => {
    expect(earlyQueries(`/planner/5/planning/${DAY}`, '2026-11-28')).toEqual([
      ['slots', slotViewsParams(['5'], DAY)],
      ['units', { departmentIds: ['5'] }],
      ['couriers', { departmentIds: ['5'] }],
      ['vehicles', { departmentIds: ['5'] }],
    ]);
    expect(earlyQueries(`/planner/5/planning/slots/${DAY}/12`, DAY)[0]).toEqual([
      'slots',
      slotViewsParams(['5'], DAY),
    ]);
    // The live view of today also asks for the slots still driven from earlier days.
    expect(earlyQueries(`/planner/5/live/${DAY}`, DAY)[0]).toEqual([
      'slots',
      slotViewsParams(['5'], DAY, true, false, true),
    ]);
    expect(earlyQueries(`/planner/5/live/${DAY}`, '2026-11-28')[0]).toEqual([
      'slots',
      slotViewsParams(['5'], DAY, true),
    ]);
    const rows = { departmentIds: ['5'], fromDate: DAY, toDate: '2026-11-30', states: [] };
    const firstPage = ['consignments', consignmentsPageParams(rows, 0, pageSize)];
    expect(ROWS_PAGE).toBe(pageSize);
    expect(earlyQueries(`/planner/5/shipments/all/${DAY}/2026-11-30`, DAY)).toEqual([firstPage]);
    expect(earlyQueries(`/planner/5/shipments-search/${DAY}/2026-11-30`, DAY)).toEqual([firstPage]);
  });

  it('nothing the URL does not settle alone: groups, dates left out, filters, searches', () => {
    for (const path of [
      `/planner/group_2/planning/${DAY}`,
      '/planner/5/planning',
      '/planner/5/live',
      '/planner/5/shipments-search',
      `/planner/5/shipments/delivered/${DAY}/${DAY}`,
      `/planner/5/shipments-search/${DAY}/${DAY}/oslo`,
      `/planner/5/shipments/all/${DAY}/2026-11-01`,
      `/planner/5/map`,
      '/planner',
      '/admin/users',
    ])
      expect([path, earlyQueries(path, DAY)]).toEqual([path, []]);
  });

  it("the page's identical query takes the early answer once; an old one is asked again", async () => {
    askEarly(`/planner/5/planning/${DAY}`);
    expect(asked.map((a) => a.name)).toEqual(['slots', 'units', 'couriers', 'vehicles']);
    expect(await runQuery('slots', slotViewsParams(['5'], DAY))).toEqual(['slots']);
    expect(await runQuery('units', { departmentIds: ['5'] })).toEqual(['units']);
    expect(asked).toHaveLength(4);
    // Taken once: the next identical query asks the server.
    await runQuery('slots', slotViewsParams(['5'], DAY));
    expect(asked).toHaveLength(5);
    runQueryEarly('couriers', { departmentIds: ['6'] }, Date.now() - EARLY_ANSWER_MS - 1);
    await runQuery('couriers', { departmentIds: ['6'] });
    expect(asked.filter((a) => a.name === 'couriers')).toHaveLength(3);
  });
});
