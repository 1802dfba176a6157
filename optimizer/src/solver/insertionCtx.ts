// What the insertion scans share: the context of one job and route, the load checks, and how a
// candidate that passed the O(1) checks is confirmed and kept.
import { PAIR_PICKUP, type Instance } from './instance.js';
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

export interface Ctx {
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

export const arcOf = (mat: Float64Array, m: number, a: number, b: number): number =>
  a < 0 || b < 0 ? 0 : (mat[a * m + b] ?? 0);

export function capacityOk(
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
export function loadCheck(
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

/** A feasible-so-far pair position: offered unless the bound or a blink passes it over. */
export function consider(c: Ctx, delta: number, i: number, j: number, job: number): void {
  if (delta >= (c.best?.delta ?? c.bound) || (c.rng && c.rng.next() < c.blink)) c.doubt = true;
  else offer(c, delta, i, j, job);
}

/** Accepts a candidate that passed the O(1) checks after the checks these do not cover (range, breaks). */
export function offer(c: Ctx, delta: number, i: number, j: number, job: number): void {
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
