// Insertion with ejections (Nagata & Bräysy 2009, route elimination): a job that fits in no route goes in
// anyway by taking out one or two jobs of a route, chosen so that the sum of their weights (how often
// they were left out so far, so how hard they are to place) is smallest; ties go to the cheaper insertion.
// The fleet phase then tries to place the ejected jobs elsewhere.
import { applied, bestInsertion } from './insertion.js';
import { nearestOf, NEAREST } from './instance.js';
import { refresh, RouteState } from './route.js';
import type { SolutionState } from './solution.js';

const NEAR = Math.min(12, NEAREST);
/** Pair ejections tried per route, lightest first. */
const PAIRS = 200;

interface Ejection {
  v: number;
  stops: number[];
  ejected: number[];
  weight: number;
  delta: number;
}

/**
 * Inserts the job into the route where ejecting at most maxEject jobs of total weight below
 * maxWeight makes room for it. Returns the ejected jobs (not yet in sol.unassigned), or null when no
 * ejection works; the job itself is not removed from sol.unassigned.
 */
export function ejectionInsert(
  sol: SolutionState,
  scratch: Map<number, RouteState>,
  job: number,
  weight: (j: number) => number,
  maxEject: number,
  maxWeight: number,
): number[] | null {
  const inst = sol.inst;
  const V = inst.vehicleCount;
  let best: Ejection | null = null;
  // Only the routes that serve one of the job's nearest stops are tried.
  const near = new Set<number>();
  const list = nearestOf(inst, inst.jobFirst[job] ?? 0);
  for (let k = 0; k < list.length && k < NEAR; k++) {
    const s = list[k] ?? 0;
    for (const r of sol.routes) if (r.stops.includes(s)) near.add(r.v);
  }
  const better = (w: number, d: number): boolean =>
    w < maxWeight && (!best || w < best.weight || (w === best.weight && d < best.delta));
  for (const r of sol.routes) {
    if (r.stops.length === 0 || !near.has(r.v) || !inst.jobVehicleOk[job * V + r.v]) continue;
    const jobs: number[] = [];
    for (let k = r.locked; k < r.stops.length; k++) {
      const s = r.stops[k] ?? 0;
      const j = inst.stopJob[s] ?? 0;
      if (!inst.stopFixed[s] && !jobs.includes(j)) jobs.push(j);
    }
    const w = jobs.map(weight);
    const tmp = scratch.get(r.v) ?? new RouteState(r.v, [], r.locked);
    scratch.set(r.v, tmp);
    const attempt = (ejected: number[], wsum: number): void => {
      tmp.stops = r.stops.filter(
        (s) => inst.stopFixed[s] || !ejected.includes(inst.stopJob[s] ?? 0),
      );
      refresh(inst, tmp);
      // At the best's weight only a cheaper insertion counts: the insertion search may stop above it
      // (with a margin for rounding, so \`better\` alone still decides).
      const prev: Ejection | null = best;
      const bound =
        prev && prev.weight === wsum ? prev.delta - (tmp.cost - r.cost) + 1e-6 : Infinity;
      const c = bestInsertion(inst, tmp, job, bound, null, 0);
      if (!c) return;
      const delta = c.delta + tmp.cost - r.cost;
      if (!better(wsum, delta)) return;
      best = {
        v: r.v,
        stops: applied(inst, tmp.stops, job, c.i, c.j),
        ejected,
        weight: wsum,
        delta,
      };
    };
    for (let a = 0; a < jobs.length; a++) {
      const wa = w[a] ?? 0;
      if (better(wa, -Infinity)) attempt([jobs[a] ?? 0], wa);
    }
    if (maxEject < 2) continue;
    // Pairs by increasing weight (then position), at most PAIRS of them per route: on long routes the
    // full enumeration costs more than the rest of the move, and the light pairs come first anyway.
    const pairs: [number, number, number][] = [];
    for (let a = 0; a < jobs.length; a++) {
      for (let b = a + 1; b < jobs.length; b++) {
        const wab = (w[a] ?? 0) + (w[b] ?? 0);
        if (wab < maxWeight) pairs.push([wab, a, b]);
      }
    }
    pairs.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
    for (let k = 0; k < pairs.length && k < PAIRS; k++) {
      const [wab, a, b] = pairs[k] as [number, number, number];
      // Two ejections only when they weigh strictly less than the best found so far.
      if (best && wab >= (best as Ejection).weight) break;
      attempt([jobs[a] ?? 0, jobs[b] ?? 0], wab);
    }
  }
  const e = best as Ejection | null;
  if (!e) return null;
  const r = sol.touch(e.v);
  r.stops = e.stops;
  refresh(inst, r);
  return e.ejected;
}
