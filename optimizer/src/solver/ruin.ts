// SISR ruin (Christiaens & Vanden Berghe 2020): remove strings of consecutive stops from a few routes
// near a random seed stop, sometimes keeping a substring in the middle (split string). Removing a stop
// removes its whole job, so a pickup never stays without its delivery.
import { nearestOf, neighboursOf } from './instance.js';
import { refresh } from './route.js';
import type { Rng } from './rng.js';
import type { SolutionState } from './solution.js';

export interface RuinParams {
  /** Average number of removed stops. */
  readonly avgRemoved: number;
  /** Maximum string length. */
  readonly maxString: number;
  /**
   * Factor on both when the mean route has at least LONG_ROUTE free stops: a move of 10 stops rarely
   * changes a route of 30 to 50 stops that is tight in time.
   */
  readonly longFactor?: number;
}

const LONG_ROUTE = 20;

export function ruin(sol: SolutionState, rng: Rng, params: RuinParams): number[] {
  const inst = sol.inst;
  const where = locate(sol);
  const routed = where.routedStops;
  if (routed.length === 0) return [];
  const used = sol.routes.filter((r) => r.stops.length > r.locked);
  const avgLen = used.reduce((n, r) => n + r.stops.length - r.locked, 0) / Math.max(1, used.length);
  const grow = avgLen >= LONG_ROUTE ? (params.longFactor ?? 1) : 1;
  const lsMax = Math.min(params.maxString * grow, avgLen);
  const ksMax = (4 * params.avgRemoved * grow) / (1 + lsMax) - 1;
  const ks = Math.floor(rng.next() * ksMax) + 1;
  const seed = routed[rng.int(0, routed.length)] ?? 0;
  const removed = new Set<number>();
  const ruined = new Set<number>();
  // The seed's nearest stops first, and its full sorted list only when a ruin reaches past them (the
  // same order: sorting a thousand stops' lists took a tenth of a ten-second run at the product's scale).
  let near = nearestOf(inst, seed);
  const count = inst.stopCount - 1;
  for (let k = -1; k < count; k++) {
    if (ruined.size >= ks) break;
    if (k === near.length) near = neighboursOf(inst, seed);
    const c = k < 0 ? seed : (near[k] ?? 0);
    const v = where.route[c] ?? -1;
    if (v < 0 || ruined.has(v) || removed.has(inst.stopJob[c] ?? 0)) continue;
    const r = sol.routes[v];
    if (!r) continue;
    const free = r.stops.length - r.locked;
    const lt = Math.floor(rng.next() * Math.min(free, lsMax)) + 1;
    const pos = where.pos[c] ?? 0;
    const picked =
      rng.next() < 0.5 || lt >= free
        ? stringAt(rng, r.locked, r.stops.length, pos, lt)
        : splitAt(rng, r.locked, r.stops.length, pos, lt);
    for (const k of picked) {
      const s = r.stops[k] ?? 0;
      if (!inst.stopFixed[s]) removed.add(inst.stopJob[s] ?? 0);
    }
    ruined.add(v);
  }
  remove(sol, removed, ruined);
  return [...removed];
}

/** Scratch buffers of locate, one pair per instance (the search is single-threaded and synchronous). */
const buffers = new WeakMap<object, { route: Int32Array; pos: Int32Array }>();

function locate(sol: SolutionState): { route: Int32Array; pos: Int32Array; routedStops: number[] } {
  const inst = sol.inst;
  let buf = buffers.get(inst);
  if (!buf) {
    buf = { route: new Int32Array(inst.stopCount), pos: new Int32Array(inst.stopCount) };
    buffers.set(inst, buf);
  }
  const { route, pos } = buf;
  route.fill(-1);
  const routedStops: number[] = [];
  for (const r of sol.routes) {
    const stops = r.stops;
    for (let k = 0; k < stops.length; k++) {
      const s = stops[k] as number;
      route[s] = r.v;
      pos[s] = k;
      if (k >= r.locked) routedStops.push(s);
    }
  }
  return { route, pos, routedStops };
}

/** Positions of a string of length lt within [lo, hi) that contains pos. */
function stringAt(rng: Rng, lo: number, hi: number, pos: number, lt: number): number[] {
  const first = Math.max(lo, Math.min(hi - lt, pos - rng.int(0, lt)));
  return Array.from({ length: Math.min(lt, hi - first) }, (_, k) => first + k);
}

/** A string of lt + m stops containing pos, of which a random substring of m stops is kept. */
function splitAt(rng: Rng, lo: number, hi: number, pos: number, lt: number): number[] {
  let m = 1;
  while (lt + m < hi - lo && rng.next() >= 0.01 && rng.next() < 0.5) m++;
  const all = stringAt(rng, lo, hi, pos, lt + m);
  const keepFrom = rng.int(0, all.length - m + 1);
  return all.filter((_, k) => k < keepFrom || k >= keepFrom + m);
}

/**
 * Takes the jobs out of their routes (fixed stops stay) and adds them to the unassigned list.
 * `routes`, when given, holds every vehicle whose route serves one of the jobs (the others are
 * not read).
 */
export function remove(sol: SolutionState, jobs: Set<number>, routes?: Set<number>): void {
  if (jobs.size === 0) return;
  const inst = sol.inst;
  for (let v = 0; v < sol.routes.length; v++) {
    if (routes && !routes.has(v)) continue;
    const r0 = sol.routes[v];
    if (!r0?.stops.some((s) => jobs.has(inst.stopJob[s] ?? 0) && !inst.stopFixed[s])) continue;
    const r = sol.touch(v);
    r.stops = r.stops.filter((s) => inst.stopFixed[s] || !jobs.has(inst.stopJob[s] ?? 0));
    refresh(inst, r);
  }
  for (const j of jobs) sol.unassigned.push(j);
}
