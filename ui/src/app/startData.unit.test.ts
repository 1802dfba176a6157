import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ASSIGNABLE_STATES } from '@nordlog/contracts';
import { QueryClient } from '@tanstack/react-query';
import { defaultTimeZone, todayIn } from '../i18n/locales';
import { departmentOptionsQuery } from '../layout/useDepartments';
import { courierLocationsKey } from '../planner/live/queries';
import { couriersKey, slotViewsKey, unitsKey, vehiclesKey } from '../planner/planning/planningData';
import { slotViewsParams } from '../planner/planning/slotParams';
import { pageSize, rowsKey } from '../planner/shipmentsData';
import { runQuery } from '../shell/api';
import { askEarly } from './earlyData';
import { seedStartData } from './startData';

/** The server's answers by query name; every request asked, with its parameters. */
let answers: Record<string, unknown> = {};
let asked: { name: string; params: Record<string, unknown> }[] = [];
const realFetch = globalThis.fetch;
beforeEach(() => {
  asked = [];
  answers = {
    departments: [
      { id: '6', name: 'Bergen', country: 'NO' },
      { id: '5', name: 'Alta', country: 'NO' },
    ],
    departmentGroups: [{ id: '2', name: 'West', departmentIds: ['6', 5] }],
    consignments: [{ id: 'c1' }, { id: 'c2' }, { id: 'c1' }],
    slots: [{ id: 's1' }],
    units: [{ id: 'u1' }],
    couriers: [{ id: 'k1' }],
    vehicles: [{ id: 'v1' }],
    courierLocationsByDepartmentId: [{ id: 7 }, { id: '7' }, { id: 8 }],
  };
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

/** Until the mocked answers have been read (a few turns of the event loop). */
const arrived = () => new Promise((resolve) => setTimeout(resolve, 10));
const today = () => todayIn(defaultTimeZone);
const everyRule = () => true;

describe("a planner page's first data in the cache before the app's first render (issue 37 §5)", () => {
  it("the department list as the page's own query makes it, and the shipments page's rows", async () => {
    const day = today();
    const path = `/planner/5/shipments/all/${day}/${day}`;
    askEarly(path);
    await arrived();
    const client = new QueryClient();
    seedStartData(client, path, everyRule);
    const expected = await departmentOptionsQuery.queryFn();
    expect(client.getQueryData(departmentOptionsQuery.queryKey)).toEqual(expected);
    expect(expected.map((d) => d.id)).toEqual(['group_2', '5', '6']);
    // The key of useShipmentRows for this URL; a row once, as loadAllRows keeps them.
    const key = rowsKey({ departmentIds: ['5'], fromDate: day, toDate: day, states: [] });
    expect(client.getQueryData(key)).toEqual({
      data: [{ id: 'c1' }, { id: 'c2' }],
      truncated: false,
    });
  });

  it("the board's and the live view's lists under their hooks' keys; the board's rows asked for", async () => {
    const day = '2026-11-27';
    askEarly(`/planner/5/planning/${day}`);
    await arrived();
    const client = new QueryClient();
    asked = [];
    seedStartData(client, `/planner/5/planning/${day}`, everyRule);
    expect(client.getQueryData(slotViewsKey(slotViewsParams(['5'], day)))).toEqual(answers.slots);
    expect(client.getQueryData(unitsKey(['5']))).toEqual(answers.units);
    expect(client.getQueryData(couriersKey(['5']))).toEqual(answers.couriers);
    expect(client.getQueryData(vehiclesKey(['5']))).toEqual(answers.vehicles);
    // The board's consignments (useDayConsignments with the board's states; several pages at
    // once) are on their way.
    expect(asked.length).toBeGreaterThan(0);
    for (const a of asked)
      expect([a.name, a.params.states]).toEqual(['consignments', [...ASSIGNABLE_STATES]]);

    askEarly(`/planner/5/live/${day}`);
    await arrived();
    const live = new QueryClient();
    seedStartData(live, `/planner/5/live/${day}`, everyRule);
    // Each courier once (the latest row), as useCourierLocations keeps them.
    expect(live.getQueryData(courierLocationsKey(['5']))).toEqual([{ id: '7' }, { id: 8 }]);
  });

  it('nothing for a board the user may not open', async () => {
    const day = '2026-11-27';
    askEarly(`/planner/5/planning/${day}`);
    await arrived();
    asked = [];
    seedStartData(new QueryClient(), `/planner/5/planning/${day}`, () => false);
    expect(asked).toEqual([]);
  });

  it("an answer still on its way, or a full first page, is left to the page's query", async () => {
    const day = today();
    const path = `/planner/5/shipments/all/${day}/${day}`;
    answers.consignments = Array.from({ length: pageSize }, (_, i) => ({ id: `c${i}` }));
    askEarly(path);
    const client = new QueryClient();
    seedStartData(client, path, everyRule);
    expect(client.getQueryData(departmentOptionsQuery.queryKey)).toBeUndefined();
    // Not taken: the page's query takes the early answer, asking nothing more.
    await runQuery('departments', {});
    expect(asked.filter((a) => a.name === 'departments')).toHaveLength(1);
    await arrived();
    const later = new QueryClient();
    seedStartData(later, path, everyRule);
    const key = rowsKey({ departmentIds: ['5'], fromDate: day, toDate: day, states: [] });
    expect(later.getQueryData(key)).toBeUndefined();
  });
});
