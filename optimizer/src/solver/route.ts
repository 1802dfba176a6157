// One vehicle's route with the caches that make insertion checks O(1): earliest service starts forward,
// latest feasible starts backward (the slack), loads after each node and their prefix/suffix maxima.
// Breaks are ignored here on purpose: the cached times are then bounds, so a check that fails here
// fails with breaks too, and candidates that pass are confirmed by the full schedule simulation.
import { loadsBoundByTotal, PAIR_DELIVERY, START_DELIVERY, type Instance } from './instance.js';

// Shared empty caches: a new or cloned route allocates its own on the first refresh (never written).
const NO_INT = new Int32Array(0);
const NO_FLOAT = new Float64Array(0);

export class RouteState {
  /** Boundary nodes: 0 = start, 1..n = stops, n+1 = end (location -1 when open). */
  loc = NO_INT;
  start = NO_FLOAT;
  latest = NO_FLOAT;
  svc = NO_FLOAT;
  travel = NO_FLOAT;
  /**
   * Cost of the arc into boundary k (k = 1..n+1; 0 into an open end), in the units of the
   * insertion's cost matrix (scaled by the vehicle's speed under the duration objective).
   */
  arcCost = NO_FLOAT;
  /** Load after boundary k (k = 0..n), × dims. */
  load = NO_FLOAT;
  prefMax = NO_FLOAT;
  sufMax = NO_FLOAT;
  /** The route's total demand per dimension, each job counted once (for the route limit, 0021). */
  total = NO_FLOAT;
  distance = 0;
  cost = 0;
  /** Whether the cache arrays belong to this route alone, so refresh may overwrite them in place. */
  own = false;
  /**
   * Which content the caches describe: a number no other refresh in this process has given, kept by
   * a clone (same stops, same caches). What was proven of a route at one version holds while it lasts.
   */
  version = 0;

  constructor(
    readonly v: number,
    public stops: number[],
    readonly locked: number,
  ) {}

  clone(): RouteState {
    const r = new RouteState(this.v, this.stops.slice(), this.locked);
    r.loc = this.loc;
    r.svc = this.svc;
    r.travel = this.travel;
    r.arcCost = this.arcCost;
    r.start = this.start;
    r.latest = this.latest;
    r.load = this.load;
    r.prefMax = this.prefMax;
    r.sufMax = this.sufMax;
    r.total = this.total;
    r.distance = this.distance;
    r.cost = this.cost;
    r.version = this.version;
    return r;
  }

  get size(): number {
    return this.stops.length;
  }
}

let versions = 0;

/** Recomputes every cache of the route after its stops changed (tight loops: this is the hot path). */
export function refresh(inst: Instance, r: RouteState): void {
  r.version = ++versions;
  const stops = r.stops;
  const n = stops.length;
  const v = r.v;
  const p = inst.vehProfile[v] ?? 0;
  const m = inst.size[p] ?? 0;
  const dur = inst.dur[p] as Float64Array;
  const dist = inst.dist[p] as Float64Array;
  const cost = inst.cost[p] as Float64Array;
  const inv = inst.vehInvSpeed[v] ?? 1;
  const sf = inst.vehServiceFactor[v] ?? 1;
  const { stopLoc, stopService, stopEarly, stopLate } = inst;
  if (!r.own || r.loc.length < n + 2) allocate(r, n + 2 + 8, inst.dims);
  const { loc, svc, start, travel, latest, arcCost } = r;
  const costScale = inst.problem.objective === 'duration' ? inv : 1;
  // Recycled arrays hold old values: every entry read later is written here.
  svc[0] = 0;
  travel[0] = 0;
  loc[0] = inst.vehStart[v] ?? 0;
  loc[n + 1] = inst.vehEnd[v] ?? -1;
  for (let k = 0; k < n; k++) {
    const st = stops[k] as number;
    loc[k + 1] = stopLoc[st] as number;
    svc[k + 1] = (stopService[st] as number) * sf;
  }
  travel[n + 1] = 0;
  arcCost[n + 1] = 0;
  let t = inst.vehEarly[v] ?? 0;
  start[0] = t;
  let distance = 0;
  let total = 0;
  for (let k = 1; k <= n + 1; k++) {
    const a = loc[k - 1] as number;
    const b = loc[k] as number;
    if (b < 0) break;
    const idx = a * m + b;
    const tr = (dur[idx] as number) * inv;
    travel[k] = tr;
    t += (svc[k - 1] as number) + tr;
    if (k <= n) {
      const e = stopEarly[stops[k - 1] as number] as number;
      if (t < e) t = e;
    }
    start[k] = t;
    distance += dist[idx] as number;
    total += cost[idx] as number;
    arcCost[k] = costScale === 1 ? (cost[idx] as number) : (cost[idx] as number) * costScale;
  }
  if ((loc[n + 1] as number) < 0) start[n + 1] = t + (svc[n] as number);
  let l = inst.vehLate[v] ?? 0;
  latest[n + 1] = l;
  for (let k = n; k >= 0; k--) {
    l -= (svc[k] as number) + (travel[k + 1] as number);
    if (k > 0) {
      const late = stopLate[stops[k - 1] as number] as number;
      if (late < l) l = late;
    }
    latest[k] = l;
  }
  r.distance = distance;
  r.cost = inst.problem.objective === 'duration' ? total * inv : total;
  refreshLoads(inst, r);
}

function refreshLoads(inst: Instance, r: RouteState): void {
  const D = inst.dims;
  const stops = r.stops;
  const n = stops.length;
  const { stopKind, stopDelta, stopJob, jobDemand } = inst;
  const { load, prefMax, sufMax, total } = r;
  load.fill(0, 0, D);
  total.fill(0);
  for (let k = 0; k < n; k++) {
    const s = stops[k] as number;
    if (stopKind[s] === PAIR_DELIVERY) continue;
    const j = stopJob[s] as number;
    for (let d = 0; d < D; d++) total[d] = (total[d] as number) + (jobDemand[j * D + d] as number);
  }
  // The total bounds every load: the insertion reads none of them.
  if (loadsBoundByTotal(inst, r.v)) return;
  for (let k = 0; k < n; k++) {
    const s = stops[k] as number;
    if (stopKind[s] !== START_DELIVERY) continue;
    for (let d = 0; d < D; d++) load[d] = (load[d] as number) - (stopDelta[s * D + d] as number);
  }
  for (let k = 1; k <= n; k++) {
    const s = stops[k - 1] as number;
    for (let d = 0; d < D; d++)
      load[k * D + d] = (load[(k - 1) * D + d] as number) + (stopDelta[s * D + d] as number);
  }
  for (let d = 0; d < D; d++) {
    let mx = -Infinity;
    for (let k = 0; k <= n; k++) {
      const x = load[k * D + d] as number;
      if (x > mx) mx = x;
      prefMax[k * D + d] = mx;
    }
    mx = -Infinity;
    for (let k = n; k >= 0; k--) {
      const x = load[k * D + d] as number;
      if (x > mx) mx = x;
      sufMax[k * D + d] = mx;
    }
  }
}

interface Caches {
  loc: Int32Array;
  svc: Float64Array;
  start: Float64Array;
  travel: Float64Array;
  arcCost: Float64Array;
  latest: Float64Array;
  load: Float64Array;
  prefMax: Float64Array;
  sufMax: Float64Array;
  total: Float64Array;
}

/**
 * Cache arrays of discarded routes, by size class and dimensions (allocating eight typed arrays for
 * every route a move touches took about a third of the search time with the garbage collection).
 */
const pool = new Map<number, Caches[]>();
const POOL_MAX = 64;
const SIZE_STEP = 16;

function poolKey(size: number, dims: number): number {
  return size * 64 + dims;
}

/**
 * Gives the route's own cache arrays back for reuse. The caller guarantees that the route is dropped
 * (a rejected candidate's touched routes): it must not be read afterwards.
 */
export function recycle(r: RouteState): void {
  if (!r.own) return;
  const dims = r.load.length / r.loc.length;
  const key = poolKey(r.loc.length, dims);
  let list = pool.get(key);
  if (!list) pool.set(key, (list = []));
  if (list.length < POOL_MAX) {
    const { loc, svc, start, travel, arcCost, latest, load, prefMax, sufMax, total } = r;
    list.push({ loc, svc, start, travel, arcCost, latest, load, prefMax, sufMax, total });
  }
  r.own = false;
  r.loc = NO_INT;
  r.svc =
    r.start =
    r.travel =
    r.arcCost =
    r.latest =
    r.load =
    r.prefMax =
    r.sufMax =
    r.total =
      NO_FLOAT;
}

/** Cache arrays with some spare room (from the pool when possible), so later insertions reuse them. */
function allocate(r: RouteState, want: number, dims: number): void {
  const size = Math.ceil(want / SIZE_STEP) * SIZE_STEP;
  const reused = pool.get(poolKey(size, dims))?.pop();
  if (reused) {
    Object.assign(r, reused);
    r.own = true;
    return;
  }
  r.loc = new Int32Array(size);
  r.svc = new Float64Array(size);
  r.start = new Float64Array(size);
  r.travel = new Float64Array(size);
  r.arcCost = new Float64Array(size);
  r.latest = new Float64Array(size);
  r.load = new Float64Array(size * dims);
  r.prefMax = new Float64Array(size * dims);
  r.sufMax = new Float64Array(size * dims);
  r.total = new Float64Array(dims);
  r.own = true;
}
