// Cheapest feasible insertion of one job into one route. Time windows are checked in O(1) per position
// from the route's forward start times and backward latest starts; a pair walks the delivery position
// forward from the pickup, carrying the pushed-forward start times and the running load maximum.
import { END_PICKUP, loadsBoundByTotal, START_DELIVERY, type Instance } from './instance.js';
import { capacityOk, offer, type Candidate, type Ctx } from './insertionCtx.js';
import { pairInsertion } from './pairInsertion.js';
import type { Rng } from './rng.js';
import type { RouteState } from './route.js';

export { applied, freeStops, type Candidate } from './insertionCtx.js';
import { freeStops } from './insertionCtx.js';

const EMPTY = new Float64Array(0);

const shared: Ctx = {
  inst: null as unknown as Instance,
  r: null as unknown as RouteState,
  m: 0,
  dur: EMPTY,
  cost: EMPTY,
  durT: EMPTY,
  costT: EMPTY,
  dist: EMPTY,
  inv: 1,
  sf: 1,
  rng: null,
  blink: 0,
  best: null,
  bound: Infinity,
  doubt: false,
};

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
  if (inst.vehRouteCapped[v] && !routeTotalOk(inst, r, job)) {
    inst.noFit[key] = r.version;
    return null;
  }
  const p = inst.vehProfile[v] ?? 0;
  const costScale = inst.problem.objective === 'duration' ? (inst.vehInvSpeed[v] ?? 1) : 1;
  // One context for every call (the search is single-threaded and nothing here re-enters): a
  // fresh object per job and route was a tenth of the garbage a move leaves.
  const ctx = shared;
  ctx.inst = inst;
  ctx.r = r;
  ctx.m = inst.size[p] ?? 0;
  ctx.dur = inst.dur[p] ?? EMPTY;
  ctx.cost = costScale === 1 ? (inst.cost[p] ?? EMPTY) : scaled(inst, p, costScale);
  ctx.durT = inst.durT[p] ?? EMPTY;
  ctx.costT = costScale === 1 ? (inst.costT[p] ?? EMPTY) : scaledT(inst, p, costScale);
  ctx.dist = inst.dist[p] ?? EMPTY;
  ctx.inv = inst.vehInvSpeed[v] ?? 1;
  ctx.sf = inst.vehServiceFactor[v] ?? 1;
  ctx.rng = rng;
  ctx.blink = blink;
  ctx.best = null;
  ctx.bound = bound;
  ctx.doubt = false;
  const first = inst.jobFirst[job] ?? 0;
  const second = inst.jobSecond[job] ?? -1;
  // A pickup locked on the route leaves only the delivery to place (freeStops).
  if (inst.stopFixed[first]) singleInsertion(ctx, job, second);
  else if (second >= 0) pairInsertion(ctx, job, first, second);
  else singleInsertion(ctx, job, first);
  // Every position was checked in full and none is feasible: remembered until the route changes
  // (the checks read only the route's caches and the instance, and a route with no feasible
  // position draws no blink, so skipping it later changes neither the answer nor the random draws).
  if (!ctx.best && !ctx.doubt) inst.noFit[key] = r.version;
  return ctx.best;
}

/** Matrices at least this wide are read cold: a job's rows are loaded in one sequential pass first. */
const WARM_SIZE = 512;
/** Where the pass's sum goes, so that the reads are not optimised away. */
const warmed = { sum: 0 };

/**
 * Reads the rows of the job's stops in every matrix the insertion reads, front to back. A job's scan
 * over all routes reads its stops' rows at the routes' locations, scattered over the whole row; on a
 * large day each such read missed the processor's caches (the profile of 0044: the scans' hottest
 * lines were the first reads of a delivery's row). A sequential pass is prefetched by the processor,
 * and the scattered reads after it hit the cache. Reads only: the scan's answer is the same.
 */
export function warmRows(inst: Instance, job: number): void {
  const [a, b] = freeStops(inst, job);
  let acc = 0;
  for (let p = 0; p < inst.size.length; p++) {
    const m = inst.size[p] ?? 0;
    if (m < WARM_SIZE) continue;
    const mats = [inst.dur[p], inst.cost[p], inst.durT[p], inst.costT[p]];
    for (let q = 0; q < mats.length; q++) {
      const mat = mats[q];
      if (!mat || mats.indexOf(mat) < q) continue;
      for (const s of b >= 0 ? [a, b] : [a]) {
        const row = (inst.stopLoc[s] ?? 0) * m;
        for (let k = row; k < row + m; k += 8) acc += mat[k] as number;
      }
    }
  }
  warmed.sum += acc;
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
  // bestInsertion checked the route total first: when it bounds every load, none is read here.
  const free = loadsBoundByTotal(inst, r.v);
  let bound = c.best?.delta ?? c.bound;
  let dep = start[r.locked] as number;
  if (r.locked > 0) dep += (inst.stopService[r.stops[r.locked - 1] as number] as number) * c.sf;
  for (let i = r.locked; i <= n; i++) {
    // Service starts never decrease along a route: once one is past the stop's window, every later
    // slot is too (no matrix read for the rest of the route).
    if ((start[i] as number) > l) break;
    if (i > r.locked)
      dep = (start[i] as number) + (inst.stopService[r.stops[i - 1] as number] as number) * c.sf;
    if (!free && kind === START_DELIVERY && !capacityOk(inst, r.v, job, r.prefMax, i)) break;
    if (!free && kind === END_PICKUP && !capacityOk(inst, r.v, job, r.sufMax, i)) continue;
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
