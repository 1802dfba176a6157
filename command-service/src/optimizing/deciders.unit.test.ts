import { describe, expect, it } from '@jest/globals';
import {
  RUN_ABANDONED_MS,
  requestedRun,
  type OptimizingEvent,
  type OptimizingLockEvent,
  type RouteStop,
  type RouteSuggestion,
  type RouteSuggestionEvent,
  type RunProblem,
  type RunResult,
} from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import { slotDecider } from '../slots/decider.js';
import { abandoned, lockDecider, runDecider, suggestionDecider } from './deciders.js';
import { appliedStops } from './handlers.js';

const AT = '2026-11-27T07:00:00.000Z';
const run = requestedRun({
  id: '7',
  departmentId: '1',
  date: '2026-11-27',
  kind: 'day',
  slotIds: [],
  consignmentIds: null,
  allowSortingErrors: false,
  includeUnassigned: true,
  seconds: 10,
  requestedBy: '3',
  requestedAt: AT,
});
const problem: RunProblem = {
  vehicles: 2,
  consignments: 8,
  lockedStops: 0,
  excludedSlots: [],
  excludedConsignments: [],
  optimizerType: 'PTV',
  matrix: 'greatCircle',
};
const figures = { vehicles: 1, unassigned: 0, distanceKm: 10, drivingMinutes: 20 };
const result: RunResult = {
  ...figures,
  before: figures,
  unplaced: [],
  suggestedSlotIds: [],
  iterations: 5,
};
const requested: OptimizingEvent = { type: 'OptimizingRequested', data: run };
const started: OptimizingEvent = { type: 'OptimizingStarted', data: { id: '7', at: AT, problem } };
const cancelled: OptimizingEvent = {
  type: 'OptimizingCancelled',
  data: { id: '7', at: AT, by: '3' },
};

describe('an optimising run (S4-FLOW-014, S4-FLOW-015)', () => {
  it('S4-FLOW-014 is requested, then taken by one worker only', () => {
    given(runDecider).when({ type: 'request', run }).then([requested]);
    given(runDecider, [requested]).when({ type: 'start', at: AT, problem }).then([started]);
    given(runDecider, [requested, started])
      .when({ type: 'start', at: AT, problem })
      .thenRefuses('INVALID_STATE_TRANSITION');
  });

  it('reports progress and completes only while running', () => {
    const progress = { elapsedMs: 500, iterations: 10, vehicles: 1, unassigned: 0, distanceKm: 9 };
    given(runDecider, [requested])
      .when({ type: 'progress', at: AT, progress })
      .thenRefuses('INVALID_STATE_TRANSITION');
    given(runDecider, [requested, started])
      .when({ type: 'progress', at: AT, progress })
      .thenEmits(['OptimizingProgressed']);
    given(runDecider, [requested, started])
      .when({ type: 'complete', at: AT, result })
      .thenEmits(['OptimizingCompleted']);
  });

  it('S4-FLOW-015 a cancelled run takes no completion, so its suggestions are never appended', () => {
    given(runDecider, [requested, started])
      .when({ type: 'cancel', at: AT, by: '3' })
      .then([cancelled]);
    given(runDecider, [requested, started, cancelled])
      .when({ type: 'complete', at: AT, result })
      .thenRefuses('INVALID_STATE_TRANSITION');
    given(runDecider, [requested, started, cancelled])
      .when({ type: 'cancel', at: AT, by: '3' })
      .thenNothing();
    given(runDecider, [requested, started, cancelled])
      .when({ type: 'fail', at: AT, errors: ['x'] })
      .thenNothing();
  });

  it('a finished run cannot be cancelled', () => {
    const done: OptimizingEvent = {
      type: 'OptimizingCompleted',
      data: { id: '7', at: AT, result },
    };
    given(runDecider, [requested, started, done])
      .when({ type: 'cancel', at: AT, by: '3' })
      .thenRefuses('INVALID_STATE_TRANSITION');
  });

  it('is abandoned when its worker stops reporting, or when no worker takes it for long', () => {
    const running = runDecider.evolve(runDecider.evolve(null, requested), started)!;
    const later = (ms: number) => new Date(Date.parse(AT) + ms);
    expect(abandoned(running, later(RUN_ABANDONED_MS))).toBe(false);
    expect(abandoned(running, later(RUN_ABANDONED_MS + 10_001))).toBe(true);
    expect(abandoned(run, later(60_000))).toBe(false);
    expect(abandoned(run, later(11 * 60_000))).toBe(true);
  });
});

describe("a department's optimising lock: one run at a time", () => {
  const taken: OptimizingLockEvent = {
    type: 'OptimizingLockTaken',
    data: { departmentId: '1', runId: '7' },
  };
  const now = new Date(AT);
  it('is taken by a run and refuses a second one, naming the first', () => {
    given(lockDecider)
      .when({ type: 'take', departmentId: '1', runId: '7', holder: null, now })
      .then([taken]);
    given(lockDecider, [taken])
      .when({ type: 'take', departmentId: '1', runId: '8', holder: run, now })
      .thenRefuses('OPTIMIZING_RUNNING');
    let message = '';
    try {
      lockDecider.decide(
        { type: 'take', departmentId: '1', runId: '8', holder: run, now },
        {
          runId: '7',
        },
      );
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('run 7');
  });

  it('is taken over from an abandoned run, and released only by its own run', () => {
    given(lockDecider, [taken])
      .when({
        type: 'take',
        departmentId: '1',
        runId: '8',
        holder: run,
        now: new Date(Date.parse(AT) + 11 * 60_000),
      })
      .thenEmits(['OptimizingLockTaken']);
    given(lockDecider, [taken])
      .when({ type: 'release', departmentId: '1', runId: '8' })
      .thenNothing();
    given(lockDecider, [taken])
      .when({ type: 'release', departmentId: '1', runId: '7' })
      .thenEmits(['OptimizingLockReleased']);
  });
});

const p = (id: string): RouteStop => ({ kind: 'pickup', consignmentId: id });
const d = (id: string): RouteStop => ({ kind: 'delivery', consignmentId: id });
const brk: RouteStop = { kind: 'rest_break' };
const suggestion = (slotId: string, stops: RouteStop[], origins: Record<string, string | null>) =>
  ({
    id: slotId,
    slotId,
    departmentId: '1',
    date: '2026-11-27',
    runId: '7',
    stops,
    origins,
    sortingErrors: [],
    createdBy: '3',
    createdAt: AT,
  }) satisfies RouteSuggestion;

describe('suggested routes of a day (S4-FLOW-017 … S4-FLOW-020)', () => {
  const a = suggestion('10', [p('1'), d('1'), p('2'), d('2')], { '1': '10', '2': null });
  const b = suggestion('11', [d('3')], { '3': '10' });
  const made: RouteSuggestionEvent[] = [
    { type: 'RouteSuggested', data: a },
    { type: 'RouteSuggested', data: b },
  ];

  it('S4-FLOW-017 a run suggests routes for several slots in one append', () => {
    given(suggestionDecider)
      .when({ type: 'suggest', suggestions: [a, b] })
      .then(made);
  });

  it('S4-FLOW-018 a suggestion is reordered: the same stops, each pickup before its delivery', () => {
    given(suggestionDecider, made)
      .when({ type: 'reorder', slotId: '10', stops: [p('2'), d('2'), p('1'), d('1')] })
      .then([
        {
          type: 'RouteSuggestionReordered',
          data: { id: '10', stops: [p('2'), d('2'), p('1'), d('1')] },
        },
      ]);
    given(suggestionDecider, made)
      .when({ type: 'reorder', slotId: '10', stops: [d('2'), p('2'), p('1'), d('1')] })
      .thenRefuses('BAD_REQUEST');
    given(suggestionDecider, made)
      .when({ type: 'reorder', slotId: '10', stops: [p('1'), d('1')] })
      .thenRefuses('BAD_REQUEST');
    given(suggestionDecider, made)
      .when({ type: 'reorder', slotId: '12', stops: [d('1')] })
      .thenRefuses('NOT_FOUND');
  });

  it('S4-FLOW-019 S4-FLOW-020 a suggestion is applied or cancelled once', () => {
    given(suggestionDecider, made)
      .when({ type: 'apply', slotId: '10' })
      .then([{ type: 'RouteSuggestionApplied', data: { id: '10' } }]);
    given(suggestionDecider, made)
      .when({ type: 'cancel', slotId: '11' })
      .then([{ type: 'RouteSuggestionCancelled', data: { id: '11' } }]);
    given(suggestionDecider, [...made, { type: 'RouteSuggestionCancelled', data: { id: '11' } }])
      .when({ type: 'apply', slotId: '11' })
      .thenRefuses('NOT_FOUND');
  });

  it('S7-CMD-013 unplanned consignments leave the suggestions that would bring them onto a slot, not a slot its own', () => {
    given(suggestionDecider, made)
      .when({ type: 'removeConsignments', consignmentIds: ['1', '2', '3'] })
      .then([
        {
          type: 'RouteSuggestionConsignmentsRemoved',
          data: { id: '10', consignmentIds: ['2'], stops: [p('1'), d('1')] },
        },
        {
          type: 'RouteSuggestionConsignmentsRemoved',
          data: { id: '11', consignmentIds: ['3'], stops: [] },
        },
      ]);
  });
});

describe('applying a suggested route to a slot (S7-CMD-010)', () => {
  const slot = { stops: [d('1'), brk, d('2'), d('3')] };
  const keep = (ids: string[]) => (id: string) => ids.includes(id);

  it("takes the suggestion's order, keeps the slot's stops it does not name at the end, unplans those named", () => {
    expect(
      appliedStops(slot, [d('2'), d('4'), d('1')], keep(['1', '2', '4']), new Set(), null, false),
    )
      // The break stays after the stop it followed in the suggestion (none: the end).
      .toEqual([d('2'), d('4'), d('1'), d('3'), brk]);
    expect(
      appliedStops(slot, [d('2'), brk, d('1')], keep(['1', '2']), new Set(['3']), null, false),
    ).toEqual([d('2'), brk, d('1')]);
  });

  it('moves the break where the planner puts it, or deletes it', () => {
    const suggested = [d('3'), brk, d('2'), d('1')];
    expect(
      appliedStops(slot, suggested, keep(['1', '2', '3']), new Set(), { afterStops: 0 }, false),
    ).toEqual([brk, d('3'), d('2'), d('1')]);
    expect(appliedStops(slot, suggested, keep(['1', '2', '3']), new Set(), null, true)).toEqual([
      d('3'),
      d('2'),
      d('1'),
    ]);
  });

  it('the slot refuses a route that drops a consignment it keeps, and checks capacity for those it takes', () => {
    const base = {
      id: '10',
      departmentId: '1',
      date: '2026-11-27',
      name: 'Morning',
      timeFrom: AT,
      timeTo: null,
      state: 'NOT_STARTED' as const,
      slotMode: 'ROUTE' as const,
      shouldDriverNotReturn: true,
      courierId: null,
      unitId: null,
      vehicleId: null,
      manualPlanning: false,
      areas: [],
      stops: [d('1'), d('2')],
      templateId: null,
    };
    const load = { count: 2, weight: 10, volume: 1 };
    const loads = { '1': load, '2': load, '3': load };
    const created = [{ type: 'SlotCreated' as const, data: base }];
    given(slotDecider, created)
      .when({
        type: 'applyRoute',
        id: '10',
        stops: [d('2')],
        added: [],
        removed: [],
        loads,
        capacity: null,
      })
      .thenRefuses('BAD_REQUEST');
    given(slotDecider, created)
      .when({
        type: 'applyRoute',
        id: '10',
        stops: [d('3'), d('2'), d('1')],
        added: ['3'],
        removed: [],
        loads,
        capacity: { count: 5, weight: 100, volume: 10 },
      })
      .thenRefuses('CAPACITY_EXCEEDED');
    given(slotDecider, created)
      .when({
        type: 'applyRoute',
        id: '10',
        stops: [d('3'), d('2')],
        added: ['3'],
        removed: ['1'],
        loads,
        capacity: { count: 5, weight: 100, volume: 10 },
      })
      .thenEmits(['ConsignmentsRemovedFromSlot', 'ConsignmentsPlannedOnSlot']);
    given(slotDecider, created)
      .when({
        type: 'applyRoute',
        id: '10',
        stops: [d('2'), d('1')],
        added: [],
        removed: [],
        loads,
        capacity: null,
      })
      .thenEmits(['SlotRouteReordered']);
  });
});
