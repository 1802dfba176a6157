import {
  AppError,
  RUN_ABANDONED_MS,
  RUN_QUEUE_ABANDONED_MS,
  applyOptimizingEvent,
  applyRouteSuggestionEvent,
  isRunFinished,
  routeOrderIssue,
  stopKey,
  type OptimizingEvent,
  type OptimizingLockEvent,
  type OptimizingRun,
  type RouteStop,
  type RouteSuggestion,
  type RouteSuggestionEvent,
  type DaySuggestions,
  REST_BREAK,
  routeConsignments,
  type RunLease,
  type RunProblem,
  type RunProgress,
  type RunResult,
} from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';

export type RunCommand =
  | { type: 'request'; run: OptimizingRun }
  | { type: 'start'; at: string; problem: RunProblem; runner?: RunLease }
  | { type: 'progress'; at: string; progress: RunProgress }
  | { type: 'complete'; at: string; result: RunResult }
  | { type: 'fail'; at: string; errors: string[] }
  | { type: 'cancel'; at: string; by: string };

const notFound = (id: string) => new AppError('NOT_FOUND', `Optimizing run ${id} not found`);
const over = (run: OptimizingRun, what: string) =>
  new AppError('INVALID_STATE_TRANSITION', `Optimizing run ${run.id} is ${run.state}: ${what}`, {
    state: run.state,
  });

/**
 * A run's stream: requested, started by the worker that took it, its progress, and one ending.
 * An ended run takes nothing more, so a run cancelled while its worker finished never completes
 * (the worker's completion, with its suggestions, is refused as a whole).
 */
export const runDecider: Decider<OptimizingRun | null, RunCommand, OptimizingEvent> = {
  initialState: null,
  evolve: (run, event) => applyOptimizingEvent(run, event),
  decide(command, run) {
    if (command.type === 'request') {
      if (run) throw new AppError('ALREADY_EXISTS', `Optimizing run ${run.id} exists`);
      return [{ type: 'OptimizingRequested', data: command.run }];
    }
    if (!run) throw notFound('?');
    const id = run.id;
    switch (command.type) {
      case 'start':
        if (run.state !== 'REQUESTED') throw over(run, 'it was taken already');
        return [
          {
            type: 'OptimizingStarted',
            data: {
              id,
              at: command.at,
              problem: command.problem,
              ...(command.runner ? { runner: command.runner } : {}),
            },
          },
        ];
      case 'progress':
        if (run.state !== 'RUNNING') throw over(run, 'it reports no more progress');
        return [
          {
            type: 'OptimizingProgressed',
            data: { id, at: command.at, progress: command.progress },
          },
        ];
      case 'complete':
        if (run.state !== 'RUNNING') throw over(run, 'it cannot complete');
        return [
          { type: 'OptimizingCompleted', data: { id, at: command.at, result: command.result } },
        ];
      case 'fail':
        if (isRunFinished(run.state)) return [];
        return [{ type: 'OptimizingFailed', data: { id, at: command.at, errors: command.errors } }];
      case 'cancel':
        if (run.state === 'CANCELLED') return [];
        if (isRunFinished(run.state)) throw over(run, 'there is nothing to cancel');
        return [{ type: 'OptimizingCancelled', data: { id, at: command.at, by: command.by } }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};

/** Whether a run that holds its department's lock has stopped showing signs of life. */
export function abandoned(run: OptimizingRun, now: Date): boolean {
  if (isRunFinished(run.state)) return true;
  const since = (iso: string | null) => now.getTime() - Date.parse(iso ?? run.requestedAt);
  return run.state === 'REQUESTED'
    ? since(run.requestedAt) > RUN_QUEUE_ABANDONED_MS
    : since(run.beatAt) > RUN_ABANDONED_MS + run.seconds * 1000;
}

export interface LockState {
  runId: string | null;
}
export type LockCommand =
  | { type: 'take'; departmentId: string; runId: string; holder: OptimizingRun | null; now: Date }
  | { type: 'release'; departmentId: string; runId: string };

/**
 * A department's optimising lock: one run at a time. Taking it while another run holds it is
 * refused with that run's id, unless that run has ended or was abandoned (its worker died).
 */
export const lockDecider: Decider<LockState, LockCommand, OptimizingLockEvent> = {
  initialState: { runId: null },
  evolve: (_state, event) =>
    event.type === 'OptimizingLockTaken' ? { runId: event.data.runId } : { runId: null },
  decide(command, state) {
    const { departmentId, runId } = command;
    if (command.type === 'release')
      return state.runId === runId
        ? [{ type: 'OptimizingLockReleased', data: { departmentId, runId } }]
        : [];
    if (state.runId !== null && state.runId !== runId) {
      const holder = command.holder;
      if (!holder || holder.id !== state.runId || !abandoned(holder, command.now))
        throw new AppError(
          'OPTIMIZING_RUNNING',
          `Optimizing run ${state.runId} is going for department ${departmentId}: wait for it or cancel it`,
          { runId: state.runId, departmentId },
        );
    }
    return state.runId === runId
      ? []
      : [{ type: 'OptimizingLockTaken', data: { departmentId, runId } }];
  },
};

export type SuggestionCommand =
  | { type: 'suggest'; suggestions: RouteSuggestion[] }
  | { type: 'reorder'; slotId: string; stops: RouteStop[] }
  | { type: 'removeConsignments'; consignmentIds: readonly string[] }
  | { type: 'cancel'; slotId: string }
  | { type: 'apply'; slotId: string };

const noSuggestion = (slotId: string) =>
  new AppError('NOT_FOUND', `Slot ${slotId} has no suggested route`);

function suggestionOf(day: DaySuggestions, slotId: string): RouteSuggestion {
  const s = day[slotId];
  if (!s) throw noSuggestion(slotId);
  return s;
}

/**
 * A department's suggested routes of a day, one per slot: made by runs, reordered by planners,
 * then applied or cancelled slot by slot.
 */
export const suggestionDecider: Decider<DaySuggestions, SuggestionCommand, RouteSuggestionEvent> = {
  initialState: {},
  evolve: (day, event) => applyRouteSuggestionEvent(day, event),
  decide(command, day) {
    switch (command.type) {
      case 'suggest':
        return command.suggestions.map((data) => ({ type: 'RouteSuggested', data }));
      case 'reorder': {
        const s = suggestionOf(day, command.slotId);
        const want = new Set(s.stops.map(stopKey));
        const got = command.stops.map(stopKey);
        if (got.length !== want.size || got.some((k) => !want.has(k)))
          throw new AppError(
            'BAD_REQUEST',
            `route: the new order must name each stop of the suggestion for slot ${command.slotId} once, and no other`,
          );
        const issue = routeOrderIssue(command.stops);
        if (issue) throw new AppError('BAD_REQUEST', `route: ${issue}`);
        if (got.every((k, i) => k === stopKey(s.stops[i]!))) return [];
        return [{ type: 'RouteSuggestionReordered', data: { id: s.id, stops: command.stops } }];
      }
      case 'removeConsignments': {
        const gone = new Set(command.consignmentIds);
        return Object.values(day).flatMap((s): RouteSuggestionEvent[] => {
          // Only where the suggestion would bring them onto the slot: not the slot's own stops.
          const bringing = routeConsignments(s.stops).filter(
            (id) => gone.has(id) && s.origins[id] !== s.slotId,
          );
          if (bringing.length === 0) return [];
          const drop = new Set(bringing);
          const stops = s.stops.filter((p) => p.kind === REST_BREAK || !drop.has(p.consignmentId));
          return [
            {
              type: 'RouteSuggestionConsignmentsRemoved',
              data: { id: s.id, consignmentIds: bringing, stops },
            },
          ];
        });
      }
      case 'cancel':
        return [
          { type: 'RouteSuggestionCancelled', data: { id: suggestionOf(day, command.slotId).id } },
        ];
      case 'apply':
        return [
          { type: 'RouteSuggestionApplied', data: { id: suggestionOf(day, command.slotId).id } },
        ];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
