import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  REST_BREAK,
  type OptimizingRunRow,
  type RouteStop,
  type RouteSuggestionView,
  type SlotView,
} from '@nordlog/contracts';
import {
  checkSolution,
  greatCircleMatrices,
  type Problem,
  type Solution,
} from '@nordlog/optimizer';
import { bookingDate } from '../support/booking.js';
import { bookAt, dayWorld, startRun, waitForRun, type DayWorld } from '../support/optimizing.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';

const DATE = bookingDate(3);
const key = (s: RouteStop) => (s.kind === REST_BREAK ? s.kind : `${s.consignmentId}:${s.kind}`);
const ids = (stops: readonly RouteStop[]) => [
  ...new Set(stops.flatMap((s) => (s.kind === REST_BREAK ? [] : [s.consignmentId]))),
];

/**
 * Route optimisation through the product's API (spec §4 flows, §7 commands and queries; checklist
 * row 12): runs of a day and of a slot, their progress, suggested routes and what applying,
 * reordering and cancelling them does to the slots and the consignments.
 */
describe('optimising runs and suggested routes', () => {
  let sys: TestSystem;
  let w: DayWorld;
  const slots = async (): Promise<SlotView[]> => {
    await sys.settled();
    const res = await sys.query('slots', {
      departmentIds: [w.department],
      fromDate: DATE,
      toDate: DATE,
    });
    return res.body as SlotView[];
  };
  const suggestions = async (): Promise<RouteSuggestionView[]> => {
    await sys.settled();
    return (await sys.query('routeSuggestions', { departmentIds: [w.department], date: DATE }))
      .body as RouteSuggestionView[];
  };
  const ok = async (name: string, payload: Record<string, unknown>) => {
    const res = await sys.command(name, payload);
    expect({ name, status: res.status, body: res.body }).toMatchObject({ status: 200 });
    return res;
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    w = await dayWorld(sys, DATE, { units: 3, orders: 12, capacity: 12 });
  }, 120_000);
  afterAll(async () => sys.shutdown());

  let dayRun: OptimizingRunRow;

  it('S4-FLOW-014 S7-CMD-023 S7-CALL-078 a run of the day is started, reports progress and completes with suggested routes', async () => {
    const preview = await sys.query('optimizeRequest', { department: w.department, date: DATE });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ vehicles: 3, consignments: 12, excludedSlots: [] });
    const id = await startRun(sys, 'START_OPTIMIZING', {
      departmentId: w.department,
      date: DATE,
      seconds: 2,
    });
    dayRun = await waitForRun(sys, id, ['COMPLETED', 'FAILED']);
    expect(dayRun).toMatchObject({ state: 'COMPLETED', kind: 'day', errors: [] });
    expect(dayRun.progress).not.toBeNull();
    expect(dayRun.problem).toMatchObject({ vehicles: 3, consignments: 12, matrix: 'greatCircle' });
    expect(dayRun.result!.unplaced).toEqual([]);
    expect(dayRun.result!.before.unassigned).toBe(12);
    expect(dayRun.startedAt! >= dayRun.requestedAt).toBe(true);
    for (const slotId of w.slots)
      expect((await sys.query('latestOptimizingIdForSlot', { slotId })).body).toEqual({
        slotId,
        id,
      });
    const made = await suggestions();
    expect(made.map((s) => s.slotId).sort()).toEqual([...dayRun.result!.suggestedSlotIds].sort());
    expect(made.flatMap((s) => ids(s.stops)).sort()).toEqual([...w.orders].sort());
  }, 60_000);

  it('S3-ENT-046 suggested route points have an arrival and an end time, beside the figures of both routes', async () => {
    for (const s of await suggestions()) {
      expect(s.routePoints.length).toBe(s.stops.length);
      for (const point of s.routePoints) {
        expect(Date.parse(point.arrival)).not.toBeNaN();
        expect(Date.parse(point.endTime)).toBeGreaterThanOrEqual(Date.parse(point.arrival));
      }
      expect(s.current).toMatchObject({ stops: 0, distanceKm: 0 });
      expect(s.difference.stops).toBe(s.suggested.stops);
      expect(s.adding.sort()).toEqual(ids(s.stops).sort());
      expect(s.load.count).toBeLessThanOrEqual(s.capacity!.count);
    }
  });

  it('the run answers its request, response and errors by id (S7-CALL-077), and the optimiser checker accepts its plan', async () => {
    const request = (await sys.query('optimizingRequest', { id: dayRun.id })).body as {
      request: Omit<Problem, 'matrices'> & { points: ({ lat: number; lng: number } | null)[] };
    };
    const response = (await sys.query('optimizingResponse', { id: dayRun.id })).body as {
      response: Solution;
    };
    expect((await sys.query('optimizingError', { id: dayRun.id })).body).toEqual({
      id: dayRun.id,
      state: 'COMPLETED',
      errors: [],
    });
    const { points, ...problem } = request.request;
    const free = points.findIndex((p) => p === null);
    const profiles = [...new Set(problem.vehicles.map((v) => v.profile))];
    const matrices = greatCircleMatrices(
      points.map((p) => p ?? { lat: NaN, lng: NaN }),
      free < 0 ? null : free,
      profiles,
    );
    expect(checkSolution({ ...problem, matrices }, response.response)).toEqual([]);
    expect((await sys.query('optimizingData', { id: '999999' })).status).toBe(404);
    expect((await sys.query('optimizingData', {})).status).toBe(400);
  });

  it('S4-FLOW-019 S7-CMD-010 applying every suggestion plans the consignments on the slots in the suggested order, within capacity and windows', async () => {
    const made = await suggestions();
    // In the order the query answers: a slot whose suggestion gives a consignment to another may
    // come first or last, and the one that took it away first leaves nothing to unplan.
    for (const s of made)
      await ok('APPLY_SUGGESTED_ROUTE', {
        slot: s.slotId,
        consignmentIdsToUnassign: s.leaving,
      });
    const after = await slots();
    for (const s of made) {
      const slot = after.find((x) => x.id === s.slotId)!;
      expect(slot.stops.map(key)).toEqual(s.stops.map(key));
      expect(slot.load!.count).toBeLessThanOrEqual(slot.capacity!.count);
      expect(slot.routePoints!.every((p) => !p.late)).toBe(true);
    }
    expect(await suggestions()).toEqual([]);
    const rows = (
      await sys.query('consignments', {
        departmentIds: [w.department],
        fromDate: DATE,
        toDate: DATE,
      })
    ).body as { id: string; state: string; slotId: string | null }[];
    for (const row of rows) expect(row).toMatchObject({ state: 'ASSIGNED' });
  }, 60_000);

  it('S4-FLOW-017 S7-CMD-008 a suggested route for one slot, S4-FLOW-018 S7-CMD-009 reordered, S4-FLOW-020 S7-CMD-011 cancelled', async () => {
    const slot = (await slots()).find((s) => ids(s.stops).length >= 2)!;
    // The slot's route driven backwards, so the optimiser has something to improve.
    const backwards = ids(slot.stops)
      .reverse()
      .flatMap((consignmentId) => [
        { kind: 'pickup', consignmentId },
        { kind: 'delivery', consignmentId },
      ]);
    await ok('UPDATE_ROUTE', { slotId: slot.id, stops: backwards });
    const before = (await slots()).find((s) => s.id === slot.id)!;
    const run = await waitForRun(
      sys,
      await startRun(sys, 'CREATE_SUGGESTED_ROUTE', { slot: slot.id }),
      ['COMPLETED', 'FAILED'],
    );
    expect(run).toMatchObject({ state: 'COMPLETED', kind: 'slot', slotIds: [slot.id] });
    const [s] = await suggestions();
    expect(s!.slotId).toBe(slot.id);
    expect(ids(s!.stops).sort()).toEqual(ids(before.stops).sort());
    expect(s!.difference.distanceKm).toBeLessThanOrEqual(0);
    // Reordered: the first consignment's stops moved to the end.
    const first = ids(s!.stops)[0]!;
    const reordered = [
      ...s!.stops.filter((x) => x.kind === REST_BREAK || x.consignmentId !== first),
      { kind: 'pickup', consignmentId: first },
      { kind: 'delivery', consignmentId: first },
    ] as RouteStop[];
    await ok('REORDER_SUGGESTED_ROUTE', { slot: slot.id, route: reordered });
    expect((await suggestions())[0]!.stops.map(key)).toEqual(reordered.map(key));
    const broken = [...reordered].reverse();
    expect(
      (await sys.command('REORDER_SUGGESTED_ROUTE', { slot: slot.id, route: broken })).status,
    ).toBe(400);
    await ok('CANCEL_SUGGESTED_ROUTE', { slot: slot.id });
    expect(await suggestions()).toEqual([]);
    const after = (await slots()).find((x) => x.id === slot.id)!;
    expect(after.stops.map(key)).toEqual(before.stops.map(key));
    expect((await sys.command('CANCEL_SUGGESTED_ROUTE', { slot: slot.id })).status).toBe(404);
  }, 60_000);

  it('S7-CMD-007 a suggestion with given consignments holds exactly those; S7-CMD-013 unplanned ones are taken out of it', async () => {
    const target = w.slots[0]!;
    const extra: string[] = [];
    for (let i = 0; i < 3; i++)
      extra.push(
        await bookAt(sys, w, DATE, { name: `Ola ${i}`, lat: 59.93 + i / 100, lng: 10.72 }),
      );
    await sys.settled();
    const run = await waitForRun(
      sys,
      await startRun(sys, 'CREATE_SUGGESTED_ROUTE_WITH_CONSIGNMENTS', {
        slot: target,
        consignments: extra,
        allowSortingErrors: false,
      }),
      ['COMPLETED', 'FAILED'],
    );
    expect(run.state).toBe('COMPLETED');
    const [s] = await suggestions();
    expect(ids(s!.stops).sort()).toEqual([...extra].sort());
    await ok('DELETE_UNASSIGNED_ROUTE_POINT_SUGGESTIONS', { consignments: [extra[0]] });
    const [after] = await suggestions();
    expect(ids(after!.stops).sort()).toEqual(extra.slice(1).sort());
    await ok('CANCEL_SUGGESTED_ROUTE', { slot: target });
  }, 60_000);

  it('REVERSED_OPTIMIZE_SLOT and OPTIMIZE_SLOT_ON_SHIPMENT_LEVEL run on the slot (S7-CMD-023)', async () => {
    const slot = (await slots()).find((s) => ids(s.stops).length >= 2)!;
    for (const name of ['REVERSED_OPTIMIZE_SLOT', 'OPTIMIZE_SLOT_ON_SHIPMENT_LEVEL']) {
      const run = await waitForRun(sys, await startRun(sys, name, { slot: slot.id, seconds: 1 }), [
        'COMPLETED',
        'FAILED',
      ]);
      expect(run).toMatchObject({
        state: 'COMPLETED',
        kind: name === 'REVERSED_OPTIMIZE_SLOT' ? 'reversed' : 'shipmentLevel',
      });
      const made = await suggestions();
      for (const s of made) {
        expect(ids(s.stops).sort()).toEqual(ids(slot.stops).sort());
        await ok('CANCEL_SUGGESTED_ROUTE', { slot: s.slotId });
      }
    }
  }, 60_000);

  it('S4-FLOW-015 a run cancelled while it runs ends CANCELLED and changes nothing; a second run meanwhile is refused naming the first', async () => {
    const before = (await slots()).map((s) => [s.id, s.stops.map(key)]);
    const id = await startRun(sys, 'START_OPTIMIZING', {
      departmentId: w.department,
      date: DATE,
      seconds: 30,
    });
    const running = await waitForRun(sys, id, ['RUNNING']);
    expect(running.state).toBe('RUNNING');
    const second = await sys.command('START_OPTIMIZING', {
      departmentId: w.department,
      date: DATE,
    });
    expect(second.status).toBe(409);
    expect(second.body[0]).toMatchObject({
      errorType: 'OPTIMIZING_RUNNING',
      params: { runId: id },
    });
    // Progress arrives while it runs.
    const until = Date.now() + 10_000;
    let progressed = running;
    while (!progressed.progress && Date.now() < until)
      progressed = (await sys.query('optimizingData', { id })).body as OptimizingRunRow;
    expect(progressed.progress!.elapsedMs).toBeGreaterThan(0);
    await ok('CANCEL_RUNNING_OPTIMIZING', { id });
    const ended = await waitForRun(sys, id, ['CANCELLED', 'COMPLETED', 'FAILED']);
    expect(ended.state).toBe('CANCELLED');
    expect(ended.cancelledBy).toEqual(expect.any(String));
    // Give a worker that was still going the time to try to complete.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await suggestions()).toEqual([]);
    expect((await slots()).map((s) => [s.id, s.stops.map(key)])).toEqual(before);
    expect((await sys.query('optimizingData', { id })).body).toMatchObject({ state: 'CANCELLED' });
    // The lock is free again.
    const next = await startRun(sys, 'START_OPTIMIZING', {
      departmentId: w.department,
      date: DATE,
      seconds: 1,
    });
    expect((await waitForRun(sys, next, ['COMPLETED', 'FAILED'])).state).toBe('COMPLETED');
    for (const s of await suggestions()) await ok('CANCEL_SUGGESTED_ROUTE', { slot: s.slotId });
  }, 90_000);

  it('a run the optimiser cannot serve fails with its errors, and the suggestion is refused stale once a consignment is planned elsewhere', async () => {
    // Delivered before the slot starts (07:00 UTC).
    const late = await bookAt(
      sys,
      w,
      DATE,
      { name: 'Sent', lat: 59.95, lng: 10.7 },
      { deliveryTimeEarliest: '01:00', deliveryTimeLatest: '02:00' },
    );
    await sys.settled();
    const run = await waitForRun(
      sys,
      await startRun(sys, 'CREATE_SUGGESTED_ROUTE_WITH_CONSIGNMENTS', {
        slot: w.slots[1],
        consignments: [late],
        allowSortingErrors: false,
      }),
      ['COMPLETED', 'FAILED'],
    );
    expect(run.state).toBe('FAILED');
    expect(run.errors).toHaveLength(1);
    expect((await sys.query('optimizingError', { id: run.id })).body).toMatchObject({
      state: 'FAILED',
      errors: run.errors,
    });
    // Allowed to sort it in anyway: it goes at the end; planned elsewhere meanwhile, applying is refused.
    await waitForRun(
      sys,
      await startRun(sys, 'CREATE_SUGGESTED_ROUTE_WITH_CONSIGNMENTS', {
        slot: w.slots[1],
        consignments: [late],
        allowSortingErrors: true,
      }),
      ['COMPLETED'],
    );
    const [s] = await suggestions();
    expect(s!.sortingErrors).toEqual([late]);
    await ok('UPDATE_CONSIGNMENT_SLOT', {
      consignmentIds: [late],
      slotId: w.slots[2],
      force: true,
    });
    const stale = await sys.command('APPLY_SUGGESTED_ROUTE', { slot: w.slots[1] });
    expect(stale.status).toBe(409);
    expect(stale.body[0].errorType).toBe('INVALID_STATE_TRANSITION');
    await ok('CANCEL_SUGGESTED_ROUTE', { slot: w.slots[1] });
  }, 60_000);

  it('S7-CALL-072 S7-CALL-077 S7-CALL-078 the optimising queries are refused to a user without route planning or ADMIN_OPTIMIZING', async () => {
    const clerk = sys.as(
      await sys.login({
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        departmentIds: [w.department],
        access: ['PLANNER_BOOKING'],
      }),
    );
    for (const [name, params] of [
      ['optimizeRequest', { department: w.department }],
      ['optimizingRuns', { fromDate: DATE, toDate: DATE }],
      ['optimizingData', { id: dayRun.id }],
      ['latestOptimizingIdForSlot', { slotId: w.slots[0] }],
    ] as const)
      expect({ name, status: (await clerk.query(name, params)).status }).toEqual({
        name,
        status: 403,
      });
    const admin = sys.as(
      await sys.login({
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        departmentIds: [w.department],
        access: ['ADMIN_OPTIMIZING'],
      }),
    );
    const runs = (await admin.query('optimizingRuns', { fromDate: DATE, toDate: DATE }))
      .body as OptimizingRunRow[];
    expect(runs.map((r) => r.id)).toContain(dayRun.id);
    expect(
      (await admin.command('START_OPTIMIZING', { departmentId: w.department, date: DATE })).status,
    ).toBe(403);
  });
});
