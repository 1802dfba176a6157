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
  /** `dur` and `cost` transposed: row s holds the arcs into stop location s. */
  durT: Float64Array;
  costT: Float64Array;
  dist: Float64Array;
  inv: number;
  sf: number;
  rng: Rng | null;
  blink: number;
  best: Candidate | null;
  bound: number;
  /** A candidate was passed over for the bound or a blink: a null answer then proves nothing. */
  doubt: boolean;
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
  const key = job * inst.vehicleCount + v;
  // Proven before that the job fits nowhere in this very route: nothing to read.
  if (inst.noFit[key] === r.version) return null;
  const p = inst.vehProfile[v] ?? 0;
  const costScale = inst.problem.objective === 'duration' ? (inst.vehInvSpeed[v] ?? 1) : 1;
  const ctx: Ctx = {
    inst,
    r,
    m: inst.size[p] ?? 0,
    dur: inst.dur[p] ?? new Float64Array(0),
    cost: costScale === 1 ? (inst.cost[p] ?? new Float64Array(0)) : scaled(inst, p, costScale),
    durT: inst.durT[p] ?? new Float64Array(0),
    costT: costScale === 1 ? (inst.costT[p] ?? new Float64Array(0)) : scaledT(inst, p, costScale),
    dist: inst.dist[p] ?? new Float64Array(0),
    inv: inst.vehInvSpeed[v] ?? 1,
    sf: inst.vehServiceFactor[v] ?? 1,
    rng,
    blink,
    best: null,
    bound,
    doubt: false,
  };
  if (inst.vehRouteCapped[v] && !routeTotalOk(inst, r, job)) {
    inst.noFit[key] = r.version;
    return null;
  }
  const [a, b] = freeStops(inst, job);
  if (b >= 0) pairInsertion(ctx, job, a, b);
  else singleInsertion(ctx, job, a);
  // Every position was checked in full and none is feasible: remembered until the route changes
  // (the checks read only the route's caches and the instance, and a route with no feasible
  // position draws no blink, so skipping it later changes neither the answer nor the random draws).
  if (!ctx.best && !ctx.doubt) inst.noFit[key] = r.version;
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

function scaledOf(inst: Instance, key: string, from: Float64Array | undefined, k: number) {
  let byKey = scaledCache.get(inst);
  if (!byKey) scaledCache.set(inst, (byKey = new Map<string, Float64Array>()));
  let mat = byKey.get(key);
  if (!mat) byKey.set(key, (mat = (from ?? new Float64Array(0)).map((x) => x * k)));
  return mat;
}

const scaled = (inst: Instance, p: number, k: number): Float64Array =>
  scaledOf(inst, `${p}:${k}`, inst.cost[p], k);

const scaledT = (inst: Instance, p: number, k: number): Float64Array =>
  inst.costT[p] === inst.cost[p]
    ? scaled(inst, p, k)
    : scaledOf(inst, `T${p}:${k}`, inst.costT[p], k);

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

/**
 * capacityOk for one job, vehicle and load array, with the demand and limits read once: the pair
 * scan asks it at every slot.
 */
function loadCheck(
  inst: Instance,
  v: number,
  job: number,
  base: Float64Array,
): (k: number) => boolean {
  const D = inst.dims;
  if (D === 1) {
    const dem = inst.jobDemand[job] ?? 0;
    const cap = (inst.vehCap[v] ?? 0) + 1e-9;
    return (k) => (base[k] as number) + dem <= cap;
  }
  const dem = new Float64Array(D);
  const cap = new Float64Array(D);
  for (let d = 0; d < D; d++) {
    dem[d] = inst.jobDemand[job * D + d] ?? 0;
    cap[d] = (inst.vehCap[v * D + d] ?? 0) + 1e-9;
  }
  return (k) => {
    const o = k * D;
    for (let d = 0; d < D; d++)
      if ((base[o + d] as number) + (dem[d] as number) > (cap[d] as number)) return false;
    return true;
  };
}

function singleInsertion(c: Ctx, job: number, s: number): void {
  const { inst, r, m, dur, cost, durT, costT, inv } = c;
  const n = r.stops.length;
  const kind = inst.stopKind[s];
  const ls = inst.stopLoc[s] ?? 0;
  const e = inst.stopEarly[s] ?? 0;
  const l = inst.stopLate[s] ?? 0;
  const svc = (inst.stopService[s] ?? 0) * c.sf;
  const { loc, start, latest, arcCost } = r;
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
    // Arcs into the stop from its row of the transposed matrices, out of it from its own row, and
    // the arc it replaces from the route's cache: the matrix reads stay within two rows.
    const cIn = costT[lsRow + a] as number;
    const delta = b < 0 ? cIn : cIn + (cost[lsRow + b] as number) - (arcCost[i + 1] as number);
    if (delta >= bound) {
      c.doubt = true;
      continue;
    }
    let sv = dep + (durT[lsRow + a] as number) * inv;
    if (sv < e) sv = e;
    if (sv > l) continue;
    if (sv + svc + (b < 0 ? 0 : (dur[lsRow + b] as number) * inv) > (latest[i + 1] as number))
      continue;
    if (c.rng && c.rng.next() < c.blink) {
      c.doubt = true;
      continue;
    }
    offer(c, delta, i, -1, job);
    bound = c.best?.delta ?? c.bound;
  }
}

function pairInsertion(c: Ctx, job: number, ps: number, ds: number): void {
  const { inst, r, m, dur, cost, durT, costT, inv } = c;
  const n = r.stops.length;
  const lp = inst.stopLoc[ps] ?? 0;
  const ld = inst.stopLoc[ds] ?? 0;
  const svcP = (inst.stopService[ps] ?? 0) * c.sf;
  const svcD = (inst.stopService[ds] ?? 0) * c.sf;
  const eP = inst.stopEarly[ps] ?? 0;
  const lateP = inst.stopLate[ps] ?? 0;
  const eD = inst.stopEarly[ds] ?? 0;
  const lD = inst.stopLate[ds] ?? 0;
  const { loc, start, latest, load, svc, travel, arcCost } = r;
  const fits = loadCheck(inst, r.v, job, load);
  const tPD = arcOf(dur, m, lp, ld) * inv;
  const cPD = arcOf(cost, m, lp, ld);
  // Every matrix read below is in the pickup's or the delivery's row (of the matrices or of their
  // transposes); the arcs of the route itself come from its cache.
  const pRow = lp * m;
  const dRow = ld * m;
  for (let i = r.locked; i <= n; i++) {
    // Service starts never decrease along a route: past the pickup's window here, past it after.
    if ((start[i] as number) > lateP) break;
    const a = loc[i] as number;
    const b = loc[i + 1] as number;
    // The costs first: a slot whose pair cost no less than the best so far, next to each other
    // (adjacent) or apart (dP, a lower bound of every later delivery: detours are not negative),
    // needs no time or load check.
    const cAP = costT[pRow + a] as number;
    const cAB = arcCost[i + 1] as number;
    const adjacent = cAP + cPD + (b < 0 ? 0 : (cost[dRow + b] as number)) - cAB;
    const dP = i === n ? Infinity : cAP + (cost[pRow + b] as number) - cAB;
    const bound = c.best?.delta ?? c.bound;
    if (adjacent >= bound && dP >= bound) {
      c.doubt = true;
      continue;
    }
    if (!fits(i)) continue;
    const dep = (start[i] as number) + (svc[i] as number);
    const sp = Math.max(dep + (durT[pRow + a] as number) * inv, eP);
    if (sp > lateP) continue;
    const depP = sp + svcP;
    // Pickup and delivery next to each other.
    const sd0 = Math.max(depP + tPD, eD);
    if (
      sd0 <= lD &&
      sd0 + svcD + (b < 0 ? 0 : (dur[dRow + b] as number)) * inv <= (latest[i + 1] as number)
    )
      consider(c, adjacent, i, i, job);
    if (i === n) continue;
    if (dP >= (c.best?.delta ?? c.bound)) {
      c.doubt = true;
      continue;
    }
    // Start time of node k after the pickup pushed it forward.
    let sk = Math.max(depP + (dur[pRow + b] as number) * inv, inst.stopEarly[r.stops[i] ?? 0] ?? 0);
    for (let k = i + 1; k <= n; k++) {
      if (sk > (latest[k] as number)) break;
      if (!fits(k)) break;
      const x = loc[k] as number;
      const y = loc[k + 1] as number;
      const depK = sk + (svc[k] as number);
      const delta =
        dP +
        (costT[dRow + x] as number) +
        (y < 0 ? 0 : (cost[dRow + y] as number)) -
        (arcCost[k + 1] as number);
      if (delta >= (c.best?.delta ?? c.bound)) c.doubt = true;
      else {
        const sd = Math.max(depK + (durT[dRow + x] as number) * inv, eD);
        if (
          sd <= lD &&
          sd + svcD + (y < 0 ? 0 : (dur[dRow + y] as number)) * inv <= (latest[k + 1] as number)
        )
          consider(c, delta, i, k, job);
      }
      if (k < n)
        sk = Math.max(depK + (travel[k + 1] as number), inst.stopEarly[r.stops[k] ?? 0] ?? 0);
    }
  }
}

/** A feasible-so-far pair position: offered unless the bound or a blink passes it over. */
function consider(c: Ctx, delta: number, i: number, j: number, job: number): void {
  if (delta >= (c.best?.delta ?? c.bound) || (c.rng && c.rng.next() < c.blink)) c.doubt = true;
  else offer(c, delta, i, j, job);
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
