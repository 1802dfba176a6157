// The synchronous entry point: compile the problem, search, and turn the best solution into routes with
// their schedule and the reason of every job left out. The clock is a parameter, so tests can pin it.
import type { Cost, Problem, Progress, Route, Solution, SolveOptions, StopRef } from './model.js';
import { compile, PAIR_DELIVERY, type Instance } from './solver/instance.js';
import { reasonFor } from './solver/reasons.js';
import { simulate } from './solver/schedule.js';
import { search } from './solver/search.js';
import type { SolutionState } from './solver/solution.js';

export interface SolveHooks {
  /** Milliseconds from an arbitrary origin. */
  readonly now: () => number;
  readonly onProgress?: (p: Progress) => void;
  readonly shouldStop?: () => boolean;
}

export function solve(
  problem: Problem,
  options: SolveOptions,
  hooks: SolveHooks,
): Solution & { iterations: number } {
  const inst = compile(problem);
  const { best, iterations } = search(
    inst,
    {
      seconds: options.seconds,
      seed: options.seed ?? 1,
      maxIterations: options.maxIterations ?? Infinity,
      fleetShare: options.fleetShare ?? 0.5,
      temperatures: options.temperatures ?? [100, 1],
    },
    {
      now: hooks.now,
      shouldStop: hooks.shouldStop,
      onProgress: (elapsedMs, iters, sol) =>
        hooks.onProgress?.({ elapsedMs, iterations: iters, cost: costOf(sol) }),
    },
  );
  return { ...toSolution(inst, best), iterations };
}

export function toSolution(inst: Instance, sol: SolutionState): Solution {
  const jobs = inst.problem.jobs;
  const routes: Route[] = [];
  for (const r of sol.routes) {
    if (r.stops.length === 0) continue;
    const timing = simulate(inst, r.v, r.stops);
    const stops = r.stops.map((s, k) => {
      const service = (inst.stopService[s] ?? 0) * (inst.vehServiceFactor[r.v] ?? 1);
      const start = timing.start[k] ?? 0;
      return { ...refOf(inst, s), arrival: timing.arrival[k] ?? 0, start, end: start + service };
    });
    const departure = inst.vehEarly[r.v] ?? 0;
    routes.push({
      vehicleId: inst.problem.vehicles[r.v]?.id ?? String(r.v),
      stops,
      breaks: timing.breaks,
      departure,
      arrival: timing.end,
      distance: r.distance,
      duration: timing.end - departure,
    });
  }
  const unassigned = sol.unassigned.map((j) => ({
    jobId: jobs[j]?.id ?? String(j),
    reason: reasonFor(inst, j),
  }));
  return { routes, unassigned, cost: costOf(sol) };
}

function refOf(inst: Instance, s: number): StopRef {
  const job = inst.problem.jobs[inst.stopJob[s] ?? 0];
  const type =
    inst.stopKind[s] === PAIR_DELIVERY || job?.pickup === undefined ? 'delivery' : 'pickup';
  return { jobId: job?.id ?? '', type };
}

export function costOf(sol: SolutionState): Cost {
  const sc = sol.score();
  let distance = 0;
  let duration = 0;
  for (const r of sol.routes) {
    if (r.stops.length === 0) continue;
    distance += r.distance;
    duration += (r.start[r.stops.length + 1] ?? 0) - (r.start[0] ?? 0);
  }
  return {
    unassignedHigh: sc.unassignedHigh,
    unassigned: sc.unassigned,
    vehicles: sc.vehicles,
    distance,
    duration,
  };
}
