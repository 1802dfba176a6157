import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { scaleDay } from '../bench/scaleDay.js';
import type { Problem } from '../model.js';
import { variant } from '../testing/variants.js';
import {
  compile,
  loadsBoundByTotal,
  PAIR_DELIVERY,
  START_DELIVERY,
  type Instance,
} from './instance.js';
import { recreate } from './recreate.js';
import { Rng } from './rng.js';
import { recycle, refresh, RouteState } from './route.js';
import { ruin } from './ruin.js';
import { SolutionState } from './solution.js';

// The route's caches (route.ts) make an insertion's checks O(1) per slot: forward service starts,
// backward latest starts (the slack), the arcs' costs, the route's total and the loads with their
// prefix and suffix maxima. Each is compared here with its definition, worked out from scratch
// from the stops alone, on every route of random plans, after moves that refresh the caches in
// place over recycled arrays (whose old values must never show through).

interface Full {
  start: number[];
  arcCost: number[];
  distance: number;
  cost: number;
  total: number[];
  load: number[][];
}

/** Service starts, arcs and loads by walking the route once, without any cache. */
function full(inst: Instance, v: number, stops: readonly number[]): Full {
  const p = inst.vehProfile[v] ?? 0;
  const m = inst.size[p] ?? 0;
  const inv = inst.vehInvSpeed[v] ?? 1;
  const sf = inst.vehServiceFactor[v] ?? 1;
  const scale = inst.problem.objective === 'duration' ? inv : 1;
  const arc = (mat: readonly Float64Array[], a: number, b: number): number =>
    a < 0 || b < 0 ? 0 : ((mat[p] as Float64Array)[a * m + b] ?? 0);
  const locs = [inst.vehStart[v] ?? 0, ...stops.map((s) => inst.stopLoc[s] ?? 0)];
  locs.push(inst.vehEnd[v] ?? -1);
  const start = [inst.vehEarly[v] ?? 0];
  const arcCost: number[] = [0];
  let distance = 0;
  let cost = 0;
  for (let k = 1; k < locs.length; k++) {
    const service = k === 1 ? 0 : (inst.stopService[stops[k - 2] ?? 0] ?? 0) * sf;
    const early = k <= stops.length ? (inst.stopEarly[stops[k - 1] ?? 0] ?? 0) : -Infinity;
    const a = locs[k - 1] as number;
    const b = locs[k] as number;
    const arrive = (start[k - 1] as number) + service + arc(inst.dur, a, b) * inv;
    start.push(Math.max(arrive, early));
    arcCost.push(arc(inst.cost, a, b) * scale);
    distance += arc(inst.dist, a, b);
    cost += arc(inst.cost, a, b);
  }
  const D = inst.dims;
  const total = Array.from({ length: D }, (_, d) =>
    stops
      .filter((s) => inst.stopKind[s] !== PAIR_DELIVERY)
      .reduce((x, s) => x + (inst.jobDemand[(inst.stopJob[s] ?? 0) * D + d] ?? 0), 0),
  );
  // On board at the start: what the route's start-loaded deliveries bring; then stop by stop.
  let onBoard = Array.from({ length: D }, (_, d) =>
    stops
      .filter((s) => inst.stopKind[s] === START_DELIVERY)
      .reduce((x, s) => x + (inst.jobDemand[(inst.stopJob[s] ?? 0) * D + d] ?? 0), 0),
  );
  const load = [onBoard];
  for (const s of stops) {
    onBoard = onBoard.map((x, d) => x + (inst.stopDelta[s * D + d] ?? 0));
    load.push(onBoard);
  }
  return { start, arcCost, distance, cost: cost * scale, total, load };
}

/** Whether the route can start boundary k at time t and keep every later window and the day's end. */
function suffixFits(inst: Instance, v: number, stops: readonly number[], k: number, t: number) {
  const p = inst.vehProfile[v] ?? 0;
  const m = inst.size[p] ?? 0;
  const inv = inst.vehInvSpeed[v] ?? 1;
  const sf = inst.vehServiceFactor[v] ?? 1;
  const dur = inst.dur[p] as Float64Array;
  const locOf = (q: number): number =>
    q === 0
      ? (inst.vehStart[v] ?? 0)
      : q <= stops.length
        ? (inst.stopLoc[stops[q - 1] ?? 0] ?? 0)
        : (inst.vehEnd[v] ?? -1);
  let time = t;
  if (k >= 1 && k <= stops.length && time > (inst.stopLate[stops[k - 1] ?? 0] ?? 0) + 1e-9)
    return false;
  for (let q = k + 1; q <= stops.length + 1; q++) {
    const service = q === 1 ? 0 : (inst.stopService[stops[q - 2] ?? 0] ?? 0) * sf;
    const a = locOf(q - 1);
    const b = locOf(q);
    time += service + (a < 0 || b < 0 ? 0 : (dur[a * m + b] ?? 0) * inv);
    if (q <= stops.length) {
      const s = stops[q - 1] ?? 0;
      time = Math.max(time, inst.stopEarly[s] ?? 0);
      if (time > (inst.stopLate[s] ?? 0) + 1e-9) return false;
    }
  }
  return time <= (inst.vehLate[v] ?? 0) + 1e-9;
}

const near = (a: number, b: number): boolean =>
  a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

function checkRoute(inst: Instance, r: RouteState): void {
  const n = r.stops.length;
  const want = full(inst, r.v, r.stops);
  const open = (inst.vehEnd[r.v] ?? -1) < 0;
  for (let k = 0; k <= n; k++)
    expect(near(r.start[k] as number, want.start[k] as number)).toBe(true);
  // An open route's end: the departure from its last stop.
  if (!open) expect(near(r.start[n + 1] as number, want.start[n + 1] as number)).toBe(true);
  for (let k = 1; k <= n + 1; k++)
    expect(near(r.arcCost[k] as number, want.arcCost[k] as number)).toBe(true);
  expect(near(r.distance, want.distance)).toBe(true);
  expect(near(r.cost, want.cost)).toBe(true);
  for (let d = 0; d < inst.dims; d++)
    expect(near(r.total[d] as number, want.total[d] as number)).toBe(true);
  // The latest start of each boundary: the rest of the route fits when it starts then, and not
  // when it starts a second later (the slack is exact, not only a bound).
  for (let k = 0; k <= n; k++) {
    const latest = r.latest[k] as number;
    if (!Number.isFinite(latest)) continue;
    expect(suffixFits(inst, r.v, r.stops, k, latest)).toBe(true);
    expect(suffixFits(inst, r.v, r.stops, k, latest + 1)).toBe(false);
  }
  if (loadsBoundByTotal(inst, r.v)) return;
  const D = inst.dims;
  for (let d = 0; d < D; d++) {
    let pref = -Infinity;
    for (let k = 0; k <= n; k++) {
      const x = want.load[k]?.[d] as number;
      pref = Math.max(pref, x);
      expect(near(r.load[k * D + d] as number, x)).toBe(true);
      expect(near(r.prefMax[k * D + d] as number, pref)).toBe(true);
      const suf = Math.max(...want.load.slice(k).map((l) => l[d] as number));
      expect(near(r.sufMax[k * D + d] as number, suf)).toBe(true);
    }
  }
}

/**
 * A plan, then moves that ruin and recreate it; the routes of rejected moves give their arrays back
 * to the pool, so later refreshes write over other routes' old values. Every route of every plan is
 * checked against its definition.
 */
function checkPlans(problem: Problem, seed: number, moves: number): void {
  const inst = compile(problem);
  const rng = new Rng(seed);
  let sol = SolutionState.empty(inst);
  recreate(sol, rng, { blink: 0.01, allowNewRoutes: true });
  for (const r of sol.routes) checkRoute(inst, r);
  for (let k = 0; k < moves; k++) {
    const cand = sol.clone();
    ruin(cand, rng, { avgRemoved: 6, maxString: 6 });
    recreate(cand, rng, { blink: 0.01, allowNewRoutes: true });
    for (const r of cand.routes) checkRoute(inst, r);
    if (rng.next() < 0.5) {
      sol.discard(cand);
      sol = cand;
    } else cand.discard(sol);
  }
}

describe('route caches', () => {
  it('equal their definitions worked out from the stops, after moves over recycled arrays', () => {
    // The variants as bits: breaks, a locked prefix, hills, the duration objective, route totals.
    const flags = fc.integer({ min: 0, max: 47 });
    const size = fc.tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 4 }));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        size,
        flags,
        (seed, [jobs, vehicles], f) => {
          const problem = variant({
            seed,
            jobs,
            vehicles,
            breaks: (f & 1) > 0,
            locked: (f & 2) > 0,
            oneWay: (f & 4) > 0,
            duration: (f & 8) > 0,
            capped: f >> 4,
          });
          checkPlans(problem, seed, 6);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('do so on long pickup-and-delivery routes (the product scale, small)', () => {
    checkPlans(scaleDay(3, 60, 1), 1, 10);
  });

  it('are rebuilt whole by a refresh over arrays a longer route gave back', () => {
    const inst = compile(scaleDay(3, 60, 2));
    const sol = SolutionState.empty(inst);
    recreate(sol, new Rng(2), { blink: 0, allowNewRoutes: true });
    const long = sol.routes.reduce((a, b) => (b.stops.length > a.stops.length ? b : a));
    // The fewest stops that still take arrays of the long route's size class (route.ts: the
    // stops, two boundaries and eight spare, rounded up to 16), so the pool hands its arrays over.
    const size = Math.ceil((long.stops.length + 10) / 16) * 16;
    const short = new RouteState(long.v, long.stops.slice(0, Math.max(0, size - 25)), 0);
    expect(short.stops.length).toBeLessThan(long.stops.length);
    const arrays = long.start;
    recycle(long);
    refresh(inst, short);
    expect(short.start).toBe(arrays);
    checkRoute(inst, short);
  });
});
