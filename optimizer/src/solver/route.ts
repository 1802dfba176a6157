// One vehicle's route with the caches that make insertion checks O(1): earliest service starts forward,
// latest feasible starts backward (the slack), loads after each node and their prefix/suffix maxima.
// Breaks are ignored here on purpose: the cached times are then bounds, so a check that fails here
// fails with breaks too, and candidates that pass are confirmed by the full schedule simulation.
import { START_DELIVERY, type Instance } from './instance.js';

export class RouteState {
  /** Boundary nodes: 0 = start, 1..n = stops, n+1 = end (location -1 when open). */
  loc = new Int32Array(0);
  start = new Float64Array(0);
  latest = new Float64Array(0);
  /** Load after boundary k (k = 0..n), × dims. */
  load = new Float64Array(0);
  prefMax = new Float64Array(0);
  sufMax = new Float64Array(0);
  distance = 0;
  cost = 0;

  constructor(
    readonly v: number,
    public stops: number[],
    readonly locked: number,
  ) {}

  clone(): RouteState {
    const r = new RouteState(this.v, this.stops.slice(), this.locked);
    r.loc = this.loc;
    r.start = this.start;
    r.latest = this.latest;
    r.load = this.load;
    r.prefMax = this.prefMax;
    r.sufMax = this.sufMax;
    r.distance = this.distance;
    r.cost = this.cost;
    return r;
  }

  get size(): number {
    return this.stops.length;
  }
}

/** Recomputes every cache of the route after its stops changed. */
export function refresh(inst: Instance, r: RouteState): void {
  const n = r.stops.length;
  const v = r.v;
  const p = inst.vehProfile[v] ?? 0;
  const m = inst.size[p] ?? 0;
  const dur = inst.dur[p] ?? new Float64Array(0);
  const dist = inst.dist[p] ?? new Float64Array(0);
  const cost = inst.cost[p] ?? new Float64Array(0);
  const inv = inst.vehInvSpeed[v] ?? 1;
  const sf = inst.vehServiceFactor[v] ?? 1;
  const loc = new Int32Array(n + 2);
  loc[0] = inst.vehStart[v] ?? 0;
  loc[n + 1] = inst.vehEnd[v] ?? -1;
  for (let k = 0; k < n; k++) loc[k + 1] = inst.stopLoc[r.stops[k] ?? 0] ?? 0;
  const svc = (k: number): number => (k === 0 || k === n + 1 ? 0 : (inst.stopService[r.stops[k - 1] ?? 0] ?? 0) * sf);
  const arc = (a: number, b: number, mat: Float64Array): number => (a < 0 || b < 0 ? 0 : (mat[a * m + b] ?? 0));
  const start = new Float64Array(n + 2);
  start[0] = inst.vehEarly[v] ?? 0;
  let distance = 0;
  let total = 0;
  for (let k = 1; k <= n + 1; k++) {
    const a = loc[k - 1] ?? 0;
    const b = loc[k] ?? 0;
    const arr = (start[k - 1] ?? 0) + svc(k - 1) + arc(a, b, dur) * inv;
    start[k] = k <= n ? Math.max(arr, inst.stopEarly[r.stops[k - 1] ?? 0] ?? 0) : arr;
    distance += arc(a, b, dist);
    total += arc(a, b, cost);
  }
  const latest = new Float64Array(n + 2);
  latest[n + 1] = inst.vehLate[v] ?? 0;
  for (let k = n; k >= 0; k--) {
    const back = (latest[k + 1] ?? 0) - svc(k) - arc(loc[k] ?? 0, loc[k + 1] ?? 0, dur) * inv;
    latest[k] = k === 0 ? back : Math.min(inst.stopLate[r.stops[k - 1] ?? 0] ?? 0, back);
  }
  Object.assign(r, { loc, start, latest, distance, cost: inst.problem.objective === 'duration' ? total * inv : total });
  refreshLoads(inst, r);
}

function refreshLoads(inst: Instance, r: RouteState): void {
  const D = inst.dims;
  const n = r.stops.length;
  const load = new Float64Array((n + 1) * D);
  for (const s of r.stops) {
    if (inst.stopKind[s] !== START_DELIVERY) continue;
    for (let d = 0; d < D; d++) load[d] = (load[d] ?? 0) - (inst.stopDelta[s * D + d] ?? 0);
  }
  for (let k = 1; k <= n; k++) {
    const s = r.stops[k - 1] ?? 0;
    for (let d = 0; d < D; d++) load[k * D + d] = (load[(k - 1) * D + d] ?? 0) + (inst.stopDelta[s * D + d] ?? 0);
  }
  const prefMax = new Float64Array(load.length);
  const sufMax = new Float64Array(load.length);
  for (let d = 0; d < D; d++) {
    let mx = -Infinity;
    for (let k = 0; k <= n; k++) prefMax[k * D + d] = mx = Math.max(mx, load[k * D + d] ?? 0);
    mx = -Infinity;
    for (let k = n; k >= 0; k--) sufMax[k * D + d] = mx = Math.max(mx, load[k * D + d] ?? 0);
  }
  r.load = load;
  r.prefMax = prefMax;
  r.sufMax = sufMax;
}
