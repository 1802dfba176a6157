// Cheapest feasible insertion of one job into one route. Time windows are checked in O(1) per position
// from the route's forward start times and backward latest starts; a pair walks the delivery position
// forward from the pickup, carrying the pushed-forward start times and the running load maximum.
import { END_PICKUP, PAIR_PICKUP, START_DELIVERY, type Instance } from './instance.js';
import type { Rng } from './rng.js';
import type { RouteState } from './route.js';
import { simulate } from './schedule.js';

export interface Candidate {
  delta: number;
  /** Slot of the (first) stop: inserted after boundary node i. */
  i: number;
  /** Slot of the delivery of a pair (after original boundary j >= i), -1 for one stop. */
  j: number;
}

/** Stops of the job that still have to be inserted (a pickup in a locked prefix is never moved). */
export function freeStops(inst: Instance, job: number): [number, number] {
  const a = inst.jobFirst[job] ?? 0;
  const b = inst.jobSecond[job] ?? -1;
  return inst.stopFixed[a] ? [b, -1] : [a, b];
}

interface Ctx {
  inst: Instance;
  r: RouteState;
  m: number;
  dur: Float64Array;
  cost: Float64Array;
  dist: Float64Array;
  inv: number;
  sf: number;
  rng: Rng | null;
  blink: number;
  best: Candidate | null;
  bound: number;
}

export function bestInsertion(
  inst: Instance,
  r: RouteState,
  job: number,
  bound: number,
  rng: Rng | null,
  blink: number,
): Candidate | null {
  const v = r.v;
  const p = inst.vehProfile[v] ?? 0;
  const costScale = inst.problem.objective === 'duration' ? (inst.vehInvSpeed[v] ?? 1) : 1;
  const ctx: Ctx = {
    inst,
    r,
    m: inst.size[p] ?? 0,
    dur: inst.dur[p] ?? new Float64Array(0),
    cost: costScale === 1 ? (inst.cost[p] ?? new Float64Array(0)) : scaled(inst, p, costScale),
    dist: inst.dist[p] ?? new Float64Array(0),
    inv: inst.vehInvSpeed[v] ?? 1,
    sf: inst.vehServiceFactor[v] ?? 1,
    rng,
    blink,
    best: null,
    bound,
  };
  if (inst.vehRouteCapped[v] && !routeTotalOk(inst, r, job)) return null;
  const [a, b] = freeStops(inst, job);
  if (b >= 0) pairInsertion(ctx, job, a, b);
  else singleInsertion(ctx, job, a);
  return ctx.best;
}

/** Whether the route's jobs and this one stay within the route's total limit (O(dims): the route keeps its total). */
function routeTotalOk(inst: Instance, r: RouteState, job: number): boolean {
  const D = inst.dims;
  // A job whose pickup is locked on the route is counted there already.
  const counted = inst.stopFixed[inst.jobFirst[job] ?? 0] ? 0 : 1;
  for (let d = 0; d < D; d++) {
    const total = (r.total[d] ?? 0) + counted * (inst.jobDemand[job * D + d] ?? 0);
    if (total > (inst.vehRouteCap[r.v * D + d] ?? Infinity) + 1e-9) return false;
  }
  return true;
}

/** Cost matrices scaled by a vehicle's speed (duration objective), made once per profile and factor. */
const scaledCache = new WeakMap<Instance, Map<string, Float64Array>>();

function scaled(inst: Instance, p: number, k: number): Float64Array {
  let byKey = scaledCache.get(inst);
  if (!byKey) scaledCache.set(inst, (byKey = new Map<string, Float64Array>()));
  const key = `${p}:${k}`;
  let mat = byKey.get(key);
  if (!mat) byKey.set(key, (mat = (inst.cost[p] ?? new Float64Array(0)).map((x) => x * k)));
  return mat;
}

const arcOf = (mat: Float64Array, m: number, a: number, b: number): number =>
  a < 0 || b < 0 ? 0 : (mat[a * m + b] ?? 0);

function capacityOk(
  inst: Instance,
  v: number,
  job: number,
  base: Float64Array,
  k: number,
): boolean {
  const D = inst.dims;
  for (let d = 0; d < D; d++) {
    if (
      (base[k * D + d] ?? 0) + (inst.jobDemand[job * D + d] ?? 0) >
      (inst.vehCap[v * D + d] ?? 0) + 1e-9
    )
      return false;
  }
  return true;
}

function singleInsertion(c: Ctx, job: number, s: number): void {
  const { inst, r, m, dur, cost, inv } = c;
  const n = r.stops.length;
  const kind = inst.stopKind[s];
  const ls = inst.stopLoc[s] ?? 0;
  const e = inst.stopEarly[s] ?? 0;
  const l = inst.stopLate[s] ?? 0;
  const svc = (inst.stopService[s] ?? 0) * c.sf;
  const { loc, start, latest } = r;
  const lsRow = ls * m;
  let bound = c.best?.delta ?? c.bound;
  let dep = start[r.locked] as number;
  if (r.locked > 0) dep += (inst.stopService[r.stops[r.locked - 1] as number] as number) * c.sf;
  for (let i = r.locked; i <= n; i++) {
    // Service starts never decrease along a route: once one is past the stop's window, every later
    // slot is too (no matrix read for the rest of the route).
    if ((start[i] as number) > l) break;
    if (i > r.locked)
      dep = (start[i] as number) + (inst.stopService[r.stops[i - 1] as number] as number) * c.sf;
    if (kind === START_DELIVERY && !capacityOk(inst, r.v, job, r.prefMax, i)) break;
    if (kind === END_PICKUP && !capacityOk(inst, r.v, job, r.sufMax, i)) continue;
    const a = loc[i] as number;
    const b = loc[i + 1] as number;
    const aRow = a * m;
    const delta =
      b < 0
        ? (cost[aRow + ls] as number)
        : (cost[aRow + ls] as number) + (cost[lsRow + b] as number) - (cost[aRow + b] as number);
    if (delta >= bound) continue;
    let sv = dep + (dur[aRow + ls] as number) * inv;
    if (sv < e) sv = e;
    if (sv > l) continue;
    if (sv + svc + (b < 0 ? 0 : (dur[lsRow + b] as number) * inv) > (latest[i + 1] as number))
      continue;
    if (c.rng && c.rng.next() < c.blink) continue;
    offer(c, delta, i, -1, job);
    bound = c.best?.delta ?? c.bound;
  }
}

function pairInsertion(c: Ctx, job: number, ps: number, ds: number): void {
  const { inst, r, m, dur, cost, inv } = c;
  const n = r.stops.length;
  const lp = inst.stopLoc[ps] ?? 0;
  const ld = inst.stopLoc[ds] ?? 0;
  const svcP = (inst.stopService[ps] ?? 0) * c.sf;
  const svcD = (inst.stopService[ds] ?? 0) * c.sf;
  const eD = inst.stopEarly[ds] ?? 0;
  const lD = inst.stopLate[ds] ?? 0;
  const { loc, start, latest, load, svc, travel } = r;
  const tPD = arcOf(dur, m, lp, ld) * inv;
  const cPD = arcOf(cost, m, lp, ld);
  const lateP = inst.stopLate[ps] ?? 0;
  for (let i = r.locked; i <= n; i++) {
    // Service starts never decrease along a route: past the pickup's window here, past it after.
    if ((start[i] as number) > lateP) break;
    if (!capacityOk(inst, r.v, job, load, i)) continue;
    const a = loc[i] ?? 0;
    const b = loc[i + 1] ?? -1;
    const dep = (start[i] as number) + (svc[i] as number);
    const sp = Math.max(dep + arcOf(dur, m, a, lp) * inv, inst.stopEarly[ps] ?? 0);
    if (sp > (inst.stopLate[ps] ?? 0)) continue;
    const depP = sp + svcP;
    // Pickup and delivery next to each other.
    const cAP = arcOf(cost, m, a, lp);
    const cAB = arcOf(cost, m, a, b);
    const sd0 = Math.max(depP + tPD, eD);
    if (sd0 <= lD && sd0 + svcD + arcOf(dur, m, ld, b) * inv <= (latest[i + 1] as number)) {
      const delta = cAP + cPD + arcOf(cost, m, ld, b) - cAB;
      if (delta < (c.best?.delta ?? c.bound) && !(c.rng && c.rng.next() < c.blink))
        offer(c, delta, i, i, job);
    }
    if (i === n) continue;
    const dP = cAP + arcOf(cost, m, lp, b) - cAB;
    if (dP >= (c.best?.delta ?? c.bound)) continue;
    // Start time of node k after the pickup pushed it forward.
    let sk = Math.max(depP + arcOf(dur, m, lp, b) * inv, inst.stopEarly[r.stops[i] ?? 0] ?? 0);
    for (let k = i + 1; k <= n; k++) {
      if (sk > (latest[k] ?? 0)) break;
      if (!capacityOk(inst, r.v, job, load, k)) break;
      const x = loc[k] ?? 0;
      const y = loc[k + 1] ?? -1;
      const depK = sk + (svc[k] as number);
      const sd = Math.max(depK + arcOf(dur, m, x, ld) * inv, eD);
      if (sd <= lD && sd + svcD + arcOf(dur, m, ld, y) * inv <= (latest[k + 1] ?? 0)) {
        const delta = dP + arcOf(cost, m, x, ld) + arcOf(cost, m, ld, y) - arcOf(cost, m, x, y);
        if (delta < (c.best?.delta ?? c.bound) && !(c.rng && c.rng.next() < c.blink))
          offer(c, delta, i, k, job);
      }
      if (k < n)
        sk = Math.max(depK + (travel[k + 1] as number), inst.stopEarly[r.stops[k] ?? 0] ?? 0);
    }
  }
}

/** Accepts a candidate that passed the O(1) checks after the checks these do not cover (range, breaks). */
function offer(c: Ctx, delta: number, i: number, j: number, job: number): void {
  const { inst, r } = c;
  const v = r.v;
  const maxDist = inst.vehMaxDist[v] ?? Infinity;
  const hasBreaks = (inst.vehBreaks[v] ?? []).length > 0;
  if (maxDist !== Infinity || hasBreaks) {
    const stops = applied(inst, r.stops, job, i, j);
    if (maxDist !== Infinity && routeDistance(c, stops) > maxDist + 1e-9) return;
    if (hasBreaks && !simulate(inst, v, stops).ok) return;
  }
  c.best = { delta, i, j };
}

function routeDistance(c: Ctx, stops: readonly number[]): number {
  const { inst, r, m, dist } = c;
  let here = inst.vehStart[r.v] ?? 0;
  let total = 0;
  for (const s of stops) {
    const to = inst.stopLoc[s] ?? 0;
    total += arcOf(dist, m, here, to);
    here = to;
  }
  return total + arcOf(dist, m, here, inst.vehEnd[r.v] ?? -1);
}

/** The stop sequence after inserting the job's free stops at slots i (and j). */
export function applied(
  inst: Instance,
  stops: readonly number[],
  job: number,
  i: number,
  j: number,
): number[] {
  const [a, b] = freeStops(inst, job);
  const out = stops.slice();
  if (b >= 0 && inst.stopKind[a] === PAIR_PICKUP) {
    out.splice(j, 0, b);
    out.splice(i, 0, a);
  } else out.splice(i, 0, a);
  return out;
}
