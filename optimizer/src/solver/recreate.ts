// SISR recreate: insert the unassigned jobs one by one, in a randomly chosen order (random, larger demand,
// farther from the depot, closer, tighter window; high priority always first), each at its cheapest
// position with blinks (a position is skipped with a small probability). A new vehicle is opened only
// when no used route can take the job, which serves the objective order (assigned, vehicles, distance).
import { applied, bestInsertion, freeStops, type Candidate } from './insertion.js';
import { nearestOf, type Instance } from './instance.js';
import { refresh } from './route.js';
import type { Rng } from './rng.js';
import type { RouteState } from './route.js';
import type { SolutionState } from './solution.js';

export interface RecreateOptions {
  readonly blink: number;
  /** False during fleet minimisation: unused vehicles stay unused. */
  readonly allowNewRoutes: boolean;
  /**
   * Stop as soon as more routes than this are used (the caller would reject the plan anyway); the
   * solution is then left half rebuilt and recreate returns false.
   */
  readonly maxRoutes?: number;
  /**
   * With more than LARGE_FLEET routes in use, offer each job to at most NEAR_ROUTES of them: those
   * serving its stops' nearest stops, nearest first (all of them when none of these can take it).
   */
  readonly near?: boolean;
}

/** Granular recreate (issue 37 §6): fleets up to this size (the benchmarks' 100-stop instances) try every route. */
const LARGE_FLEET = 24;
const NEAR_ROUTES = 12;

/** Inserts the unassigned jobs; false when it stopped early because of maxRoutes. */
export function recreate(sol: SolutionState, rng: Rng | null, opts: RecreateOptions): boolean {
  const inst = sol.inst;
  const order = sortJobs(inst, sol.unassigned, rng);
  const left: number[] = [];
  const max = opts.maxRoutes ?? Infinity;
  let used = sol.routes.reduce((n, r) => n + (r.stops.length > 0 ? 1 : 0), 0);
  const routeOf = opts.near && used > LARGE_FLEET ? routeMap(sol) : null;
  for (const job of order) {
    const how = insertJob(sol, job, rng, opts, routeOf);
    if (how === NOT_INSERTED) left.push(job);
    else if (how === NEW_ROUTE && ++used > max) return false;
  }
  sol.unassigned = left;
  return true;
}

export const NOT_INSERTED = 0;
export const USED_ROUTE = 1;
export const NEW_ROUTE = 2;

export function insertJob(
  sol: SolutionState,
  job: number,
  rng: Rng | null,
  opts: RecreateOptions,
  routeOf: Int32Array | null = null,
): number {
  const inst = sol.inst;
  const V = inst.vehicleCount;
  let best: Candidate | null = null;
  let bestV = -1;
  let opened = false;
  const near = routeOf ? nearRoutes(inst, job, routeOf) : null;
  const tryRoute = (r: RouteState): void => {
    if (r.stops.length === 0 || !inst.jobVehicleOk[job * V + r.v]) return;
    const c = bestInsertion(inst, r, job, best?.delta ?? Infinity, rng, opts.blink);
    if (c) [best, bestV] = [c, r.v];
  };
  if (near) for (const v of near) tryRoute(sol.routes[v] as RouteState);
  if (!best) for (const r of sol.routes) if (!near?.includes(r.v)) tryRoute(r);
  if (!best && opts.allowNewRoutes) {
    const tried = new Set<number>();
    for (const r of sol.routes) {
      const cls = inst.vehClass[r.v] ?? r.v;
      if (r.stops.length > 0 || tried.has(cls) || !inst.jobVehicleOk[job * V + r.v]) continue;
      tried.add(cls);
      const c = bestInsertion(inst, r, job, best?.delta ?? Infinity, null, 0);
      if (c) [best, bestV, opened] = [c, r.v, true];
    }
  }
  if (!best) return NOT_INSERTED;
  const found = best;
  const r = sol.touch(bestV);
  r.stops = applied(inst, r.stops, job, found.i, found.j);
  refresh(inst, r);
  if (routeOf) for (const s of freeStops(inst, job)) if (s >= 0) routeOf[s] = bestV;
  return opened ? NEW_ROUTE : USED_ROUTE;
}

/** The routes serving the nearest stops of the job's stops, nearest first, at most NEAR_ROUTES. */
function nearRoutes(inst: Instance, job: number, routeOf: Int32Array): number[] {
  const [a, b] = freeStops(inst, job);
  const la = nearestOf(inst, a);
  const lb = b >= 0 ? nearestOf(inst, b) : null;
  const out: number[] = [];
  for (let k = 0; k < la.length && out.length < NEAR_ROUTES; k++) {
    for (const list of [la, lb]) {
      const v = list ? (routeOf[list[k] ?? 0] ?? -1) : -1;
      if (v >= 0 && !out.includes(v) && out.length < NEAR_ROUTES) out.push(v);
    }
  }
  return out;
}

/** Scratch route-of-stop maps, one per instance (the search is single-threaded and synchronous). */
const maps = new WeakMap<Instance, Int32Array>();

function routeMap(sol: SolutionState): Int32Array {
  let map = maps.get(sol.inst);
  if (!map) maps.set(sol.inst, (map = new Int32Array(sol.inst.stopCount)));
  map.fill(-1);
  for (const r of sol.routes) for (const s of r.stops) map[s] = r.v;
  return map;
}

function sortJobs(inst: Instance, jobs: number[], rng: Rng | null): number[] {
  const key = jobKey(inst, rng ? rng.int(0, 12) : 1);
  const shuffled = rng ? shuffle(jobs.slice(), rng) : jobs.slice().sort((a, b) => a - b);
  const keyed = shuffled.map((j) => ({ j, k: key(j), h: inst.jobHigh[j] ?? 0 }));
  keyed.sort((a, b) => b.h - a.h || a.k - b.k);
  return keyed.map((x) => x.j);
}

/** The sort key of a recreate order, chosen with the weights of SISR (random 4, demand 4, far 2, close 1). */
function jobKey(inst: Instance, pick: number): (j: number) => number {
  const depotDist = (j: number): number => {
    const s = inst.jobFirst[j] ?? 0;
    const m = inst.size[0] ?? 0;
    return inst.dist[0]?.[(inst.vehStart[0] ?? 0) * m + (inst.stopLoc[s] ?? 0)] ?? 0;
  };
  if (pick < 4) return () => 0;
  if (pick < 8) return (j) => -(inst.jobDemand[j * inst.dims] ?? 0);
  if (pick < 10) return (j) => -depotDist(j);
  if (pick < 11) return depotDist;
  return (j) => {
    const s = inst.jobFirst[j] ?? 0;
    return (inst.stopLate[s] ?? 0) - (inst.stopEarly[s] ?? 0);
  };
}

function shuffle<T>(a: T[], rng: Rng): T[] {
  for (let i = a.length - 1; i > 0; i--) {
    const k = rng.int(0, i + 1);
    [a[i], a[k]] = [a[k] as T, a[i] as T];
  }
  return a;
}
