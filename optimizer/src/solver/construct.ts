// The first plan: the better of the search's own drawn order, farthest-first, and a plan seeded with
// as many routes as the vehicles' lower bound, each opened by one job far from the others.
import { bestInsertion, applied } from './insertion.js';
import type { Instance } from './instance.js';
import { FARTHEST_FIRST, recreate } from './recreate.js';
import { refresh } from './route.js';
import { Rng } from './rng.js';
import { compareScore, SolutionState } from './solution.js';

const FARTHEST_SEED = 7;

/**
 * The better of three first plans. The drawn one takes a random order key, as SISR draws it; the
 * farthest-first one keeps a shipper's consignments together (the same pickup, the same distance)
 * and lets far stops open the routes. The seeded one opens `seeds` routes at once, each with the job
 * farthest from the start and from the seeds before it, and only then inserts the rest, so the
 * routes fill up instead of closing early (at 1,000 consignments on 50 vans, farthest-first used 42
 * vans where 34 suffice, and the fleet phase spent a quarter of a 10 s budget removing eight).
 * Only the drawn plan reads the search's random sequence, so when it is kept the search goes on
 * exactly as before.
 */
export function construct(inst: Instance, rng: Rng, seeds: number): SolutionState {
  const drawn = SolutionState.empty(inst);
  recreate(drawn, rng, { blink: 0, allowNewRoutes: true });
  let best = drawn;
  const far = SolutionState.empty(inst);
  recreate(far, new Rng(FARTHEST_SEED), { blink: 0, allowNewRoutes: true, order: FARTHEST_FIRST });
  if (compareScore(far.score(), best.score()) < 0) best = far;
  if (seeds > 1) {
    const seeded = seededPlan(inst, seeds);
    if (compareScore(seeded.score(), best.score()) < 0) best = seeded;
  }
  return best;
}

/** The job's stop farthest from the first vehicle's start (its location). */
function farLoc(inst: Instance, j: number, m: number, d: Float64Array, from: number): number {
  const a = inst.stopLoc[inst.jobFirst[j] ?? 0] ?? 0;
  const s2 = inst.jobSecond[j] ?? -1;
  if (s2 < 0) return a;
  const b = inst.stopLoc[s2] ?? 0;
  return (d[from * m + b] ?? 0) > (d[from * m + a] ?? 0) ? b : a;
}

export function seededPlan(inst: Instance, seeds: number): SolutionState {
  const sol = SolutionState.empty(inst);
  const m = inst.size[0] ?? 0;
  const d = inst.dist[0] ?? new Float64Array(0);
  const depot = inst.vehStart[0] ?? 0;
  const open = sol.unassigned;
  const loc = open.map((j) => farLoc(inst, j, m, d, depot));
  // Farthest-point sampling: each seed is the job whose far stop is farthest from the start and
  // from every seed so far (O(seeds × jobs)).
  const gap = loc.map((l) => d[depot * m + l] ?? 0);
  const taken = new Uint8Array(open.length);
  const V = inst.vehicleCount;
  const vehicles = sol.routes.filter((r) => r.stops.length === 0).map((r) => r.v);
  let opened = 0;
  for (let k = 0; k < seeds && opened < vehicles.length; k++) {
    let pick = -1;
    for (let i = 0; i < open.length; i++)
      if (!taken[i] && (pick < 0 || (gap[i] ?? 0) > (gap[pick] ?? 0))) pick = i;
    if (pick < 0) break;
    taken[pick] = 1;
    const job = open[pick] ?? 0;
    const from = loc[pick] ?? 0;
    for (let i = 0; i < open.length; i++) {
      const g = d[from * m + (loc[i] ?? 0)] ?? 0;
      if (g < (gap[i] ?? 0)) gap[i] = g;
    }
    // The job opens the first empty vehicle that may serve it and can take it alone.
    for (const v of vehicles) {
      const r = sol.routes[v];
      if (!r || r.stops.length > 0 || !inst.jobVehicleOk[job * V + v]) continue;
      const c = bestInsertion(inst, r, job, Infinity, null, 0);
      if (!c) continue;
      const t = sol.touch(v);
      t.stops = applied(inst, t.stops, job, c.i, c.j);
      refresh(inst, t);
      opened++;
      taken[pick] = 2;
      break;
    }
  }
  sol.unassigned = open.filter((_, i) => taken[i] !== 2);
  const rng = new Rng(FARTHEST_SEED);
  recreate(sol, rng, { blink: 0, allowNewRoutes: false, order: FARTHEST_FIRST });
  recreate(sol, rng, { blink: 0, allowNewRoutes: true, order: FARTHEST_FIRST });
  return sol;
}
