import { describe, expect, it } from '@jest/globals';
import {
  REST_BREAK,
  routeOrderIssue,
  type ConsignmentRow,
  type RouteStop,
  type SlotView,
} from '@nordlog/contracts';
import { QueryClient } from '@tanstack/react-query';
import fc from 'fast-check';
import { applyChanges } from '../../live/applyChanges';
import { refreshSlotViews } from './refreshSlotViews';
import {
  dispatchWarnings,
  minutesText,
  allSlotGroups,
  boardDate,
  canMoveStop,
  capacityBars,
  capacityOverage,
  durationsPayload,
  inVolumeUnit,
  isSlotIdParam,
  isUnassigned,
  liveSlots,
  moveStop,
  printLinks,
  slotInstant,
  slotShown,
  slotViewsKey,
  mergeSlotViews,
  slotsConcerned,
  volumeUnit,
} from './planningData';

const p = (id: string): RouteStop => ({ kind: 'pickup', consignmentId: id });
const d = (id: string): RouteStop => ({ kind: 'delivery', consignmentId: id });
const rest: RouteStop = { kind: REST_BREAK };

describe('planning board: reordering a route', () => {
  const route = [p('1'), d('1'), p('2'), rest, d('2'), d('3')];

  it('moves a stop from one place to another', () => {
    const moved = moveStop(route, 5, 0);
    expect(moved).toEqual({ ok: true, stops: [d('3'), p('1'), d('1'), p('2'), rest, d('2')] });
  });

  it('refuses a delivery above its pickup, and a pickup below its delivery', () => {
    expect(moveStop(route, 1, 0)).toEqual({ ok: false, reason: 'pickupOrder' });
    expect(moveStop(route, 2, 5)).toEqual({ ok: false, reason: 'pickupOrder' });
    expect(canMoveStop(route, 1, -1)).toBe(false);
    expect(canMoveStop(route, 0, 1)).toBe(false);
  });

  it('a rest_break stop moves freely; the first stop cannot go up nor the last down', () => {
    expect(rest.kind).toBe('rest_break');
    expect(canMoveStop(route, 3, -1)).toBe(true);
    expect(canMoveStop(route, 3, 1)).toBe(true);
    expect(canMoveStop(route, 0, -1)).toBe(false);
    expect(canMoveStop(route, 5, 1)).toBe(false);
    expect(moveStop(route, 3, 0)).toEqual({
      ok: true,
      stops: [rest, p('1'), d('1'), p('2'), d('2'), d('3')],
    });
  });

  it('any move it allows keeps the same stops with each pickup before its delivery', () => {
    const ids = ['1', '2', '3', '4'];
    const routes = fc
      .shuffledSubarray(
        ids.flatMap((id) => [p(id), d(id)]),
        { minLength: 1 },
      )
      .map((stops) => [...stops, rest])
      .filter((stops) => routeOrderIssue(stops) === null);
    fc.assert(
      fc.property(routes, fc.nat(), fc.nat(), (stops, a, b) => {
        const from = a % stops.length;
        const to = b % stops.length;
        const moved = moveStop(stops, from, to);
        if (!moved.ok) {
          // Refused only when the plain move would put a delivery before its pickup.
          const naive = [...stops];
          naive.splice(to, 0, ...naive.splice(from, 1));
          return routeOrderIssue(naive) !== null;
        }
        const keys = (s: readonly RouteStop[]) =>
          s.map((x) => (x.kind === REST_BREAK ? x.kind : `${x.consignmentId}:${x.kind}`)).sort();
        return (
          routeOrderIssue(moved.stops) === null && keys(moved.stops).join() === keys(stops).join()
        );
      }),
    );
  });

  it('the one-place move it offers on each stop is exactly the move moveStop allows', () => {
    const ids = ['1', '2', '3', '4'];
    const routes = fc
      .shuffledSubarray(
        ids.flatMap((id) => [p(id), d(id)]),
        { minLength: 1 },
      )
      .chain((stops) => fc.nat(stops.length).map((at) => stops.toSpliced(at, 0, rest)))
      .filter((stops) => routeOrderIssue(stops) === null);
    fc.assert(
      fc.property(routes, fc.nat(), fc.boolean(), (stops, a, up) => {
        const index = a % stops.length;
        const delta = up ? -1 : 1;
        const inRoute = index + delta >= 0 && index + delta < stops.length;
        return (
          canMoveStop(stops, index, delta) === (inRoute && moveStop(stops, index, index + delta).ok)
        );
      }),
    );
  });
});

describe('planning board: capacity bars', () => {
  it('fills each bar by load over capacity, red (over) past it', () => {
    const bars = capacityBars(
      { count: 5, weight: 600, volume: 250 },
      { count: 20, weight: 500, volume: 8000 },
    );
    expect(bars).toEqual([
      { kind: 'count', used: 5, capacity: 20, percent: 25, over: false },
      { kind: 'weight', used: 600, capacity: 500, percent: 100, over: true },
      { kind: 'volume', used: 250, capacity: 8000, percent: 3.1, over: false },
    ]);
  });

  it('a load exactly at capacity is not over; without a unit the bars are empty', () => {
    const at = capacityBars(
      { count: 20, weight: 500, volume: 8000 },
      { count: 20, weight: 500, volume: 8000 },
    );
    expect(at.map((b) => [b.percent, b.over])).toEqual([
      [100, false],
      [100, false],
      [100, false],
    ]);
    const none = capacityBars({ count: 3, weight: 1, volume: 2 }, null);
    expect(none.map((b) => [b.capacity, b.percent, b.over])).toEqual([
      [null, 0, false],
      [null, 0, false],
      [null, 0, false],
    ]);
    const zero = capacityBars(
      { count: 1, weight: 0, volume: 0 },
      { count: 0, weight: 0, volume: 0 },
    );
    expect(zero.map((b) => [b.percent, b.over])).toEqual([
      [100, true],
      [0, false],
      [0, false],
    ]);
  });

  it('volume shows in m³ from 1,000 dm³, else dm³', () => {
    expect(volumeUnit(8000)).toBe('m3');
    expect(inVolumeUnit(8000, 'm3')).toBe(8);
    expect(volumeUnit(999)).toBe('dm3');
    expect(inVolumeUnit(250, 'dm3')).toBe(250);
  });

  it('CAPACITY_EXCEEDED params say what is over and by how much', () => {
    expect(
      capacityOverage({ slotId: '4', capacities: 'count,weight', count: 3, weight: 12.5 }),
    ).toEqual([
      { kind: 'count', amount: 3 },
      { kind: 'weight', amount: 12.5 },
    ]);
    expect(capacityOverage(undefined)).toEqual([]);
  });
});

describe('set pickup/delivery durations (spec §5)', () => {
  it('S5-VAL-067: mm:ss becomes seconds', () => {
    expect(durationsPayload(['7'], { pickup: '05:30', delivery: '1:05' })).toEqual({
      ok: true,
      payload: { orderIds: ['7'], pickupDurationSeconds: 330, deliveryDurationSeconds: 65 },
    });
  });

  it('S5-VAL-068: a blank duration becomes null', () => {
    expect(durationsPayload(['7', '8', '7'], { pickup: '02:00', delivery: '  ' })).toEqual({
      ok: true,
      payload: { orderIds: ['7', '8'], pickupDurationSeconds: 120, deliveryDurationSeconds: null },
    });
  });

  it('anything but mm:ss is not a valid duration', () => {
    expect(durationsPayload(['7'], { pickup: '5', delivery: '03:75' })).toEqual({
      ok: false,
      errors: { pickup: 'validation.duration', delivery: 'validation.duration' },
    });
    expect(durationsPayload(['7'], { pickup: 'abc', delivery: '' })).toEqual({
      ok: false,
      errors: { pickup: 'validation.duration' },
    });
  });
});

describe('planning board: dates, slots and rows', () => {
  it('the date of the URL, or today; a slot id is a number (a route list is not one)', () => {
    expect(boardDate('2026-11-26', '2026-11-20')).toBe('2026-11-26');
    expect(boardDate(undefined, '2026-11-20')).toBe('2026-11-20');
    expect(boardDate('2026-02-30', '2026-11-20')).toBe('2026-11-20');
    expect(boardDate('slots', '2026-11-20')).toBe('2026-11-20');
    expect(isSlotIdParam(undefined)).toBe(true);
    expect(isSlotIdParam('42')).toBe(true);
    expect(isSlotIdParam('receipt-list')).toBe(false);
    expect(isSlotIdParam('load-list')).toBe(false);
  });

  it('links the route lists of the day and of a slot', () => {
    expect(printLinks.day('3', '2026-11-26')).toEqual({
      receiptList: '/planner/3/planning/slots/2026-11-26/receipt-list',
      loadList: '/planner/3/planning/slots/2026-11-26/load-list',
    });
    expect(printLinks.slot('group_2', '2026-11-26', '9')).toEqual({
      hdRouteList: '/planner/group_2/planning/slots/2026-11-26/9/hd-route-list',
      loadList: '/planner/group_2/planning/slots/2026-11-26/9/load-list',
    });
  });

  it('a slot starts at its local time in the department’s zone', () => {
    expect(slotInstant('2026-11-26', '07:30', 'Europe/Oslo')).toBe('2026-11-26T06:30:00.000Z');
    expect(slotInstant('2026-07-01', '07:30', 'Europe/Helsinki')).toBe('2026-07-01T04:30:00.000Z');
  });

  it('unassigned: assignable (RESOLVED or REFUSED) and on no slot', () => {
    const row = (state: string, isAssignable: boolean, slotId: string | null) =>
      ({ state, isAssignable, slotId }) as unknown as ConsignmentRow;
    expect(isUnassigned(row('RESOLVED', true, null))).toBe(true);
    expect(isUnassigned(row('REFUSED', true, null))).toBe(true);
    expect(isUnassigned(row('REFUSED', true, '4'))).toBe(false);
    expect(isUnassigned(row('ASSIGNED', false, '4'))).toBe(false);
    expect(isUnassigned(row('UNRESOLVED', false, null))).toBe(false);
  });

  it('slots by start time; a deleted slot never shows', () => {
    const s = (id: string, timeFrom: string, deleted = false) => ({ id, timeFrom, deleted });
    expect(
      liveSlots([
        s('3', '2026-11-26T08:00Z'),
        s('1', '2026-11-26T07:00Z', true),
        s('2', '2026-11-26T07:00Z'),
      ]).map((x) => x.id),
    ).toEqual(['2', '3']);
  });

  it('the slot filter groups of spec §4: active, not started, completed; all on by default', () => {
    expect(slotShown('IN_PROGRESS', allSlotGroups)).toBe(true);
    expect(slotShown('COMPLETED', allSlotGroups)).toBe(true);
    const notStarted = { showActive: false, showNotStarted: true, showCompleted: false };
    expect(slotShown('NOT_STARTED', notStarted)).toBe(true);
    expect(slotShown('PLANNED', notStarted)).toBe(true);
    expect(slotShown('PAUSED', notStarted)).toBe(false);
    expect(slotShown('CANCELLED', notStarted)).toBe(false);
    expect(slotShown('PAUSED', { ...notStarted, showActive: true })).toBe(true);
  });
});

describe('planning board: live changes', () => {
  const params = {
    departmentIds: ['1'],
    fromDate: '2026-11-26',
    toDate: '2026-11-26',
    includeProgress: false,
  };
  const key = slotViewsKey(params);
  const view = {
    id: '5',
    departmentId: '1',
    date: '2026-11-26',
    timeFrom: '2026-11-26T07:00:00.000Z',
    unitId: '9',
    stops: [p('100'), d('100')],
  } as unknown as SlotView;
  const slotChange = (data: unknown, id = '6') => ({
    entity: 'slots',
    id,
    op: 'upsert' as const,
    data,
  });

  it('a slot of the list’s departments and date, or one it holds, concerns it', () => {
    expect(
      slotsConcerned(key, slotChange({ departmentId: '1', date: '2026-11-26' }), [view]),
    ).toEqual(['6']);
    expect(
      slotsConcerned(key, slotChange({ departmentId: '1', date: '2026-11-27' }), [view]),
    ).toEqual([]);
    expect(
      slotsConcerned(key, slotChange({ departmentId: '2', date: '2026-11-26' }), [view]),
    ).toEqual([]);
    expect(slotsConcerned(key, slotChange(null, '5'), [view])).toEqual(['5']);
    expect(slotsConcerned(['consignments', 'rows', {}], slotChange({}), [])).toBeUndefined();
  });

  it('a consignment on one of its slots (or going to one), or the unit of one, concerns that slot', () => {
    const consignment = (id: string, slotId: string | null) => ({
      entity: 'consignments',
      id,
      op: 'upsert' as const,
      data: { id, slotId },
    });
    expect(slotsConcerned(key, consignment('100', null), [view])).toEqual(['5']);
    expect(slotsConcerned(key, consignment('101', '5'), [view])).toEqual(['5']);
    expect(slotsConcerned(key, consignment('101', null), [view])).toEqual([]);
    expect(
      slotsConcerned(key, { entity: 'units', id: '9', op: 'upsert', data: {} }, [view]),
    ).toEqual(['5']);
    expect(
      slotsConcerned(key, { entity: 'units', id: '8', op: 'upsert', data: {} }, [view]),
    ).toEqual([]);
  });

  it('fetched slots replace theirs, join the list, or leave it when no longer answered', () => {
    const at = (id: string, hour: number) => ({
      ...view,
      id,
      timeFrom: `2026-11-26T${String(hour).padStart(2, '0')}:00:00.000Z`,
    });
    const cached = [at('1', 6), at('2', 7), at('3', 8)];
    const fresh2 = { ...at('2', 7), name: 'renamed' };
    const merged = mergeSlotViews(cached, ['2', '3', '4'], [fresh2, at('4', 5)]);
    expect(merged.map((v) => v.id)).toEqual(['4', '1', '2']);
    expect(merged[2]).toBe(fresh2);
    expect(merged[1]).toBe(cached[0]);
  });

  it('a change that concerns a list asks for its slots again, and does not patch or refetch it', () => {
    const client = new QueryClient();
    client.setQueryData(key, [view]);
    const asked: [unknown, string[]][] = [];
    const options = {
      resourcesOf: (e: string) => (e === 'slots' || e === 'consignments' ? ['slotViews'] : []),
      viewsConcerned: slotsConcerned,
      refreshViews: (k: unknown, ids: string[]) => void asked.push([k, ids]),
    };
    const row = { id: '5', revision: 9, departmentId: '1', date: '2026-11-26', stops: [] };
    applyChanges(
      client,
      [
        { entity: 'slots', op: 'upsert', id: '5', revision: 9, data: row },
        { entity: 'consignments', op: 'upsert', id: '100', revision: 3, data: { id: '100' } },
      ],
      options,
    );
    expect(client.getQueryData(key)).toEqual([view]);
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
    expect(asked).toEqual([[key, ['5']]]);

    // Without a way to fetch single slots, the list refetches as a whole.
    applyChanges(client, [{ entity: 'slots', op: 'upsert', id: '5', revision: 10, data: row }], {
      ...options,
      refreshViews: undefined,
    });
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);

    const other = slotViewsKey({ ...params, fromDate: '2026-11-27', toDate: '2026-11-27' });
    client.setQueryData(other, []);
    applyChanges(
      client,
      [{ entity: 'slots', op: 'upsert', id: '7', revision: 1, data: { ...row, id: '7' } }],
      options,
    );
    expect(client.getQueryState(other)?.isInvalidated).toBe(false);
    // A new slot of the first list's day is asked for there only.
    expect(asked.slice(1)).toEqual([[key, ['7']]]);
  });

  it('refreshes of one list land in the order asked; a list replaced meanwhile refetches', async () => {
    const client = new QueryClient();
    client.setQueryData(key, [view]);
    const answers: ((v: SlotView[]) => void)[] = [];
    const fetch = () => new Promise<SlotView[]>((resolve) => answers.push(resolve));
    const first = refreshSlotViews(client, key, ['5'], fetch);
    const second = refreshSlotViews(client, key, ['5'], fetch);
    await new Promise((r) => setTimeout(r, 0));
    // The second waits for the first: only one request is out.
    expect(answers).toHaveLength(1);
    answers[0]!([{ ...view, name: 'first' }]);
    await first;
    await new Promise((r) => setTimeout(r, 0));
    expect(answers).toHaveLength(2);
    answers[1]!([{ ...view, name: 'second' }]);
    await second;
    expect((client.getQueryData(key) as SlotView[])[0]!.name).toBe('second');

    const third = refreshSlotViews(client, key, ['5'], fetch);
    await new Promise((r) => setTimeout(r, 0));
    // Meanwhile the whole list is replaced (a refetch's answer): this answer may be older.
    await new Promise((r) => setTimeout(r, 2));
    client.setQueryData(key, [{ ...view, name: 'whole' }]);
    answers[2]!([{ ...view, name: 'stale' }]);
    await third;
    expect((client.getQueryData(key) as SlotView[])[0]!.name).toBe('whole');
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });
});

describe('minutesText (issue 36: waiting and overtime)', () => {
  const translate = (key: string, o?: Record<string, unknown>) =>
    `${key}:${JSON.stringify(o ?? {})}`;
  it('says minutes below an hour, hours and padded minutes from an hour', () => {
    expect(minutesText(27, translate)).toBe('planning.minutes:{"minutes":27}');
    expect(minutesText(125, translate)).toBe('routesOverview.duration:{"hours":2,"minutes":"05"}');
    expect(minutesText(59.6, translate)).toBe('routesOverview.duration:{"hours":1,"minutes":"00"}');
  });
});

describe('dispatchWarnings (issue 36)', () => {
  const stop = { kind: 'delivery' as const, consignmentId: '1' };
  it('warns of a slot without stops (a break alone is none) and of a day not yet begun', () => {
    expect(dispatchWarnings({ date: '2026-12-02', stops: [stop] }, '2026-12-02')).toEqual([]);
    expect(dispatchWarnings({ date: '2026-12-01', stops: [stop] }, '2026-12-02')).toEqual([]);
    expect(dispatchWarnings({ date: '2026-12-02', stops: [] }, '2026-12-02')).toEqual(['empty']);
    expect(
      dispatchWarnings({ date: '2026-12-02', stops: [{ kind: 'rest_break' }] }, '2026-12-02'),
    ).toEqual(['empty']);
    expect(dispatchWarnings({ date: '2026-12-03', stops: [stop] }, '2026-12-02')).toEqual([
      'early',
    ]);
    expect(dispatchWarnings({ date: '2027-01-01', stops: [] }, '2026-12-31')).toEqual([
      'empty',
      'early',
    ]);
  });
});
