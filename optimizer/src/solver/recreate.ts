// SISR recreate: insert the unassigned jobs one by one, in a randomly chosen order (random, larger demand,
// farther from the depot, closer, tighter window; high priority always first), each at its cheapest
// position with blinks (a position is skipped with a small probability). A new vehicle is opened only
// when no used route can take the job, which serves the objective order (assigned, vehicles, distance).
import { applied, bestInsertion, freeStops, warmRows, type Candidate } from './insertion.js';
import { nearestOf, type Instance } from './instance.js';
import { refresh } from './route.js';
import type { Rng } from './rng.js';
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
  /** The order's key (see jobKey); drawn with the SISR weights when not given. */
  readonly order?: number;
}

/** The order key that takes the jobs farthest from the start first. */
export const FARTHEST_FIRST = 8;

/** Inserts the unassigned jobs; false when it stopped early because of maxRoutes. */
export function recreate(sol: SolutionState, rng: Rng | null, opts: RecreateOptions): boolean {
  const inst = sol.inst;
  const order = sortJobs(inst, sol.unassigned, rng, opts.order);
  const left: number[] = [];
  const max = opts.maxRoutes ?? Infinity;
  let used =
    max === Infinity ? 0 : sol.routes.reduce((n, r) => n + (r.stops.length > 0 ? 1 : 0), 0);
  const where = usedRoutes(sol) > NEAR_FIRST_ROUTES ? routeOfStops(sol) : undefined;
  for (const job of order) {
    const how = insertJob(sol, job, rng, opts, where);
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
  where?: Int32Array,
): number {
  const inst = sol.inst;
  const V = inst.vehicleCount;
  let best: Candidate | null = null;
  let bestV = -1;
  let opened = false;
  const order = where ? nearRoutesFirst(sol, job, where) : null;
  warmRows(inst, job);
  for (let k = 0; k < V; k++) {
    const r = sol.routes[order ? (order[k] as number) : k];
    if (!r || r.stops.length === 0 || !inst.jobVehicleOk[job * V + r.v]) continue;
    const c = bestInsertion(inst, r, job, best?.delta ?? Infinity, rng, opts.blink);
    if (c) [best, bestV] = [c, r.v];
  }
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
  const r = sol.touch(bestV);
  r.stops = applied(inst, r.stops, job, best.i, best.j);
  refresh(inst, r);
  if (where) {
    const [a, b] = freeStops(inst, job);
    where[a] = bestV;
    if (b >= 0) where[b] = bestV;
  }
  return opened ? NEW_ROUTE : USED_ROUTE;
}

/**
 * The near routes go first only on plans with more routes than this (the product's scale): with a
 * few routes every one is read anyway, and the benchmarks' plans (at most 25 vans) keep the order
 * of the vehicles, so their search is the one measured before (0044).
 */
const NEAR_FIRST_ROUTES = 24;

function usedRoutes(sol: SolutionState): number {
  let n = 0;
  for (const r of sol.routes) if (r.stops.length > 0) n++;
  return n;
}

/** How many of each stop's nearest stops point at the routes a job is offered to first. */
const NEAR_STOPS = 12;

/** Scratch arrays of the route order, one set per instance (the search is single-threaded). */
const scratch = new WeakMap<
  Instance,
  { where: Int32Array; order: Int32Array; mark: Int32Array; stamp: number }
>();

function scratchOf(inst: Instance) {
  let s = scratch.get(inst);
  if (!s) {
    s = {
      where: new Int32Array(inst.stopCount),
      order: new Int32Array(inst.vehicleCount),
      mark: new Int32Array(inst.vehicleCount),
      stamp: 0,
    };
    scratch.set(inst, s);
  }
  return s;
}

/** The vehicle of every routed stop, -1 for the others (kept up to date by insertJob). */
function routeOfStops(sol: SolutionState): Int32Array {
  const where = scratchOf(sol.inst).where;
  where.fill(-1);
  for (const r of sol.routes) for (const s of r.stops) where[s] = r.v;
  return where;
}

/**
 * Every vehicle once, those serving the nearest stops of the job's stops first (the delivery's,
 * then the pickup's, nearest first), then the others in their order. The cheapest insertion is
 * usually found there, so the bound is tight early and the other routes are passed over by their
 * costs (the pair scan skips every slot that cannot beat it, and the delivery's slots are then
 * never worked out). The answer is the same cheapest position whatever the order, except for ties
 * and blinks.
 */
function nearRoutesFirst(sol: SolutionState, job: number, where: Int32Array): Int32Array {
  const inst = sol.inst;
  const s = scratchOf(inst);
  const { order, mark } = s;
  const stamp = ++s.stamp;
  let n = 0;
  const [a, b] = freeStops(inst, job);
  for (let h = b >= 0 ? 0 : 1; h < 2; h++) {
    const near = nearestOf(inst, h === 0 ? b : a);
    for (let k = 0; k < near.length && k < NEAR_STOPS; k++) {
      const v = where[near[k] as number] as number;
      if (v >= 0 && mark[v] !== stamp) {
        mark[v] = stamp;
        order[n++] = v;
      }
    }
  }
  for (let v = 0; v < inst.vehicleCount; v++) if (mark[v] !== stamp) order[n++] = v;
  return order;
}

function sortJobs(inst: Instance, jobs: number[], rng: Rng | null, order?: number): number[] {
  const key = jobKey(inst, order ?? (rng ? rng.int(0, 12) : 1));
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
