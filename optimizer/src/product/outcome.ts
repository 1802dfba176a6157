// A solved day as the product's outcome (docs/decisions/0026): a suggested route for each slot whose
// route would change, the figures of the plan before and after in the same matrix, and the
// consignments left out. A consignment the solver could not place that is on a slot stays on it,
// at the route's end (a sorting error): a run never unplans what a planner planned.
import {
  REST_BREAK,
  stopKey,
  type Excluded,
  type OptimizingDay,
  type OptimizingOutcome,
  type PlanFigures,
  type RouteStop,
} from '@nordlog/contracts';
import type { Solution, TravelMatrix, Vehicle } from '../model.js';
import type { BuiltProblem } from './problem.js';

type Matrices = Readonly<Record<string, TravelMatrix>>;

/** The stops of a consignment when it is appended to a route. */
function stopsOf(id: string, built: BuiltProblem): RouteStop[] {
  return [
    ...(built.pickupStops.has(id) ? [{ kind: 'pickup' as const, consignmentId: id }] : []),
    { kind: 'delivery', consignmentId: id },
  ];
}

/** Kilometres and driving seconds of a route in the run's matrix (start, stops, end). */
function drive(
  v: Vehicle,
  stops: readonly RouteStop[],
  built: BuiltProblem,
  matrices: Matrices,
): { metres: number; seconds: number } {
  const m = matrices[v.profile]!;
  const jobs = new Map(built.problem.jobs.map((j) => [j.id, j]));
  let here = v.start;
  let metres = 0;
  let seconds = 0;
  const go = (to: number) => {
    metres += m.distance[here * m.size + to] ?? 0;
    seconds += (m.duration[here * m.size + to] ?? 0) / (v.speedFactor ?? 1);
    here = to;
  };
  for (const s of stops) {
    if (s.kind === REST_BREAK) continue;
    const job = jobs.get(built.jobOf.get(s.consignmentId) ?? '');
    const stop = s.kind === 'pickup' ? job?.pickup : job?.delivery;
    if (stop) go(stop.location);
  }
  if (v.end !== undefined) go(v.end);
  return { metres, seconds };
}

function figures(
  routes: ReadonlyMap<string, RouteStop[]>,
  unassigned: number,
  built: BuiltProblem,
  matrices: Matrices,
): PlanFigures {
  let metres = 0;
  let seconds = 0;
  let vehicles = 0;
  for (const v of built.problem.vehicles) {
    const stops = routes.get(v.id) ?? [];
    if (!stops.some((s) => s.kind !== REST_BREAK)) continue;
    vehicles++;
    const d = drive(v, stops, built, matrices);
    metres += d.metres;
    seconds += d.seconds;
  }
  return {
    vehicles,
    unassigned,
    distanceKm: Math.round(metres / 100) / 10,
    drivingMinutes: Math.round(seconds / 60),
  };
}

/** Puts the break after this many consignment stops (or at the end). */
function withBreak(stops: RouteStop[], afterStops: number | null): RouteStop[] {
  const at = afterStops === null ? stops.length : Math.min(afterStops, stops.length);
  return [...stops.slice(0, at), { kind: REST_BREAK }, ...stops.slice(at)];
}

export function outcomeOf(
  day: OptimizingDay,
  built: BuiltProblem,
  matrices: Matrices,
  solution: Solution & { cancelled: boolean; iterations?: number },
): OptimizingOutcome {
  const { run } = day;
  const inScope = new Set(built.scope.consignmentIds);
  const byVehicle = new Map(solution.routes.map((r) => [r.vehicleId, r]));
  const left = new Map(solution.unassigned.map((u) => [u.jobId, u.reason]));
  const before = new Map<string, RouteStop[]>();
  const after = new Map<string, RouteStop[]>();
  const suggestions: OptimizingOutcome['suggestions'] = [];
  const sortingErrors = new Set<string>();
  const errors: string[] = [];
  const unplaced: Excluded[] = [];
  const placed = new Set<string>();
  for (const s of built.scope.slots) {
    const own = s.slot.stops.filter((p) => p.kind === REST_BREAK || inScope.has(p.consignmentId));
    before.set(s.slot.id, own);
    const route = byVehicle.get(s.slot.id);
    const consignmentStops: RouteStop[] = [];
    const breakAfter: number[] = [];
    for (const [k, st] of (route?.stops ?? []).entries()) {
      if (route?.breaks.some((b) => b.afterStops === k)) breakAfter.push(consignmentStops.length);
      for (const id of built.members.get(st.jobId) ?? [st.jobId]) {
        placed.add(id);
        consignmentStops.push(
          st.type === 'pickup' && built.pickupStops.has(id)
            ? { kind: 'pickup', consignmentId: id }
            : { kind: 'delivery', consignmentId: id },
        );
      }
    }
    // Pickups of merged jobs come once per member; drop doubles a member without a pickup made.
    const seen = new Set<string>();
    let stops = consignmentStops.filter((p) => {
      const key = stopKey(p);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    // Kept at the end: what the solver left out of this slot's own, and with sorting errors
    // allowed, every consignment a planner named for the slot.
    const keep =
      run.kind === 'consignments'
        ? run.allowSortingErrors
          ? built.scope.consignmentIds
          : []
        : s.consignmentIds;
    for (const id of keep) {
      const jobId = built.jobOf.get(id) ?? id;
      if (!left.has(jobId) || placed.has(id)) continue;
      sortingErrors.add(id);
      stops = [...stops, ...stopsOf(id, built)];
    }
    const hadBreak =
      s.slot.stops.some((p) => p.kind === REST_BREAK) ||
      (s.unit?.break.type ?? 'NoBreakTime') !== 'NoBreakTime';
    if (hadBreak) stops = withBreak(stops, breakAfter[0] ?? null);
    after.set(s.slot.id, stops);
    const same =
      stops.length === s.slot.stops.length &&
      stops.every((p, i) => stopKey(p) === stopKey(s.slot.stops[i]!));
    if (same) continue;
    const origins: Record<string, string | null> = {};
    for (const p of stops)
      if (p.kind !== REST_BREAK)
        origins[p.consignmentId] = built.rows.get(p.consignmentId)?.slotId ?? null;
    suggestions.push({
      id: s.slot.id,
      slotId: s.slot.id,
      departmentId: run.departmentId,
      date: run.date,
      runId: run.id,
      stops,
      origins,
      sortingErrors: [...sortingErrors].filter((id) => origins[id] !== undefined),
    });
  }
  for (const id of built.scope.consignmentIds) {
    const jobId = built.jobOf.get(id) ?? id;
    const reason = left.get(jobId);
    if (reason === undefined || placed.has(id) || sortingErrors.has(id)) continue;
    unplaced.push({ id, reason });
    if (run.kind === 'consignments' && !run.allowSortingErrors) {
      const row = built.rows.get(id);
      errors.push(`Consignment ${row?.shipmentId ?? id} cannot be placed on the route (${reason})`);
    }
  }
  const planned = new Set(built.scope.slots.flatMap((s) => s.consignmentIds));
  const unplannedBefore = built.scope.consignmentIds.filter((id) => !planned.has(id)).length;
  return {
    cancelled: solution.cancelled,
    suggestions,
    result: {
      ...figures(after, unplaced.length, built, matrices),
      before: figures(before, unplannedBefore, built, matrices),
      unplaced,
      suggestedSlotIds: suggestions.map((s) => s.slotId),
      iterations: solution.iterations ?? 0,
    },
    errors,
    response: solution,
  };
}
