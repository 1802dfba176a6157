import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { scaleDay } from '../bench/scaleDay.js';
import type { Problem } from '../model.js';
import { richProblem } from '../testing/rich.js';
import { applied, bestInsertion, freeStops } from './insertion.js';
import { compile, PAIR_DELIVERY, START_DELIVERY, type Instance } from './instance.js';
import { recreate } from './recreate.js';
import { Rng } from './rng.js';
import type { RouteState } from './route.js';
import { ruin } from './ruin.js';
import { simulate } from './schedule.js';
import { SolutionState } from './solution.js';

/** Every constraint of a route checked from scratch: times and breaks by simulation, loads, range. */
function feasible(inst: Instance, v: number, stops: readonly number[]): boolean {
  if (!simulate(inst, v, stops).ok) return false;
  const D = inst.dims;
  for (let d = 0; d < D; d++) {
    const cap = inst.vehCap[v * D + d] ?? Infinity;
    let load = 0;
    let total = 0;
    for (const s of stops) {
      const job = inst.stopJob[s] ?? 0;
      if (inst.stopKind[s] === START_DELIVERY) load += inst.jobDemand[job * D + d] ?? 0;
      if (inst.stopKind[s] !== PAIR_DELIVERY) total += inst.jobDemand[job * D + d] ?? 0;
    }
    if (load > cap + 1e-9 || total > (inst.vehRouteCap[v * D + d] ?? Infinity) + 1e-9) return false;
    for (const s of stops) {
      load += inst.stopDelta[s * D + d] ?? 0;
      if (load > cap + 1e-9) return false;
    }
  }
  return arcs(inst, v, stops, inst.dist) <= (inst.vehMaxDist[v] ?? Infinity) + 1e-9;
}

function arcs(inst: Instance, v: number, stops: readonly number[], mats: readonly Float64Array[]) {
  const p = inst.vehProfile[v] ?? 0;
  const m = inst.size[p] ?? 0;
  const mat = mats[p] as Float64Array;
  let here = inst.vehStart[v] ?? 0;
  let sum = 0;
  for (const s of stops) {
    const to = inst.stopLoc[s] ?? 0;
    sum += mat[here * m + to] ?? 0;
    here = to;
  }
  const end = inst.vehEnd[v] ?? -1;
  return end < 0 ? sum : sum + (mat[here * m + end] ?? 0);
}

/** The cheapest feasible insertion by trying every slot (and slot pair) with the full checks. */
function exhaustive(inst: Instance, r: RouteState, job: number): number | null {
  const n = r.stops.length;
  const [, b] = freeStops(inst, job);
  const before = arcs(inst, r.v, r.stops, inst.cost);
  let best: number | null = null;
  for (let i = r.locked; i <= n; i++) {
    for (let j = b >= 0 ? i : -1; j <= (b >= 0 ? n : -1); j++) {
      const stops = applied(inst, r.stops, job, i, j);
      if (!feasible(inst, r.v, stops)) continue;
      const delta = arcs(inst, r.v, stops, inst.cost) - before;
      if (best === null || delta < best) best = delta;
    }
  }
  return best;
}

/** A plan with some jobs taken out again, and for each free job and route: the fast and the full answer. */
function compare(problem: Problem, seed: number): [number | null, number | null][] {
  const inst = compile(problem);
  const rng = new Rng(seed);
  const sol = SolutionState.empty(inst);
  recreate(sol, rng, { blink: 0, allowNewRoutes: true });
  ruin(sol, rng, { avgRemoved: 10, maxString: 10 });
  const out: [number | null, number | null][] = [];
  for (const job of sol.unassigned) {
    for (const r of sol.routes) {
      if (!inst.jobVehicleOk[job * inst.vehicleCount + r.v]) continue;
      const fast = bestInsertion(inst, r, job, Infinity, null, 0)?.delta ?? null;
      out.push([fast, exhaustive(inst, r, job)]);
    }
  }
  return out;
}

const close = (pairs: [number | null, number | null][]): void => {
  for (const [fast, full] of pairs) {
    expect(fast === null).toBe(full === null);
    if (fast !== null && full !== null) expect(Math.abs(fast - full)).toBeLessThan(1e-6);
  }
};

describe('cheapest insertion', () => {
  it('finds the cheapest feasible slot that an exhaustive search with the full checks finds', () => {
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer({ min: 1, max: 1_000_000 }),
          jobs: fc.integer({ min: 1, max: 40 }),
          vehicles: fc.integer({ min: 1, max: 4 }),
          breaks: fc.boolean(),
          locked: fc.boolean(),
        }),
        (s) => close(compare(richProblem(s), s.seed)),
      ),
      { numRuns: 40 },
    );
  });

  it('does so on long pickup-and-delivery routes with a route limit (the product scale, small)', () => {
    for (const seed of [1, 2, 3]) close(compare(scaleDay(3, 60, seed), seed));
  });
});
