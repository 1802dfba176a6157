// The search: a construction, then SISR fleet minimisation (remove a route, ruin and recreate with the
// fleet fixed, guided by absence counters), then SISR with simulated annealing on distance. The clock
// and the stop signal come in as hooks so the search itself stays pure and reproducible.
import type { Instance } from './instance.js';
import { ejectionInsert } from './eject.js';
import { construct } from './construct.js';
import { insertJob, NOT_INSERTED, recreate } from './recreate.js';
import { Rng } from './rng.js';
import { remove, ruin, type RuinParams } from './ruin.js';
import type { RouteState } from './route.js';
import type { SolutionState } from './solution.js';
import { compareScore, type Score } from './solution.js';

export interface SearchOptions {
  readonly seconds: number;
  readonly seed: number;
  readonly maxIterations: number;
  readonly fleetShare: number;
  readonly temperatures: readonly [number, number];
}

export interface SearchHooks {
  now(): number;
  onProgress?(elapsedMs: number, iterations: number, best: SolutionState): void;
  shouldStop?(): boolean;
}

/** About 10 stops per move, twice as many on long routes (see ruin.ts). */
const RUIN: RuinParams = { avgRemoved: 10, maxString: 10, longFactor: 2 };
const BLINK = 0.01;
const PROGRESS_MS = 100;
/**
 * Fleet phase: moves without fewer absent jobs before the plan is reshaped (or this share of the
 * budget, whichever comes first), and the reshape's length.
 */
const STALL = 2000;
const STALL_SHARE = 0.08;
const RESHAPE = 1000;
/** Fleet phase: ends when this many jobs are still out after a stall (a route's worth on long routes). */
const GIVE_UP = 10;
/**
 * Distance phase: an extra vehicle costs this many mean arcs while the search is on an excursion; an
 * excursion that has not emptied a route after EXCURSION moves goes back to the best plan, and after
 * MAX_FAILURES such excursions in a row there are no more.
 */
const VEHICLE_PENALTY = 2;
const EXCURSION = 600;
const MAX_FAILURES = 3;

export function search(
  inst: Instance,
  opts: SearchOptions,
  hooks: SearchHooks,
): { best: SolutionState; iterations: number } {
  const rng = new Rng(opts.seed);
  const t0 = hooks.now();
  const budget = opts.seconds * 1000;
  let iterations = 0;
  let lastReport = -Infinity;
  const frac = (): number => Math.max((hooks.now() - t0) / budget, iterations / opts.maxIterations);
  const stop = (): boolean =>
    frac() >= 1 || (iterations % 16 === 0 && (hooks.shouldStop?.() ?? false));
  const report = (best: SolutionState, force = false): void => {
    const elapsed = hooks.now() - t0;
    if (!force && elapsed - lastReport < PROGRESS_MS) return;
    lastReport = elapsed;
    hooks.onProgress?.(elapsed, iterations, best);
  };
  let best = construct(inst, rng);
  report(best, true);
  // Nothing to move: no free job at all, so the budget is not spent spinning.
  if (best.unassigned.length === 0 && best.routes.every((r) => r.stops.length === r.locked))
    return { best, iterations };
  const lb = vehicleLowerBound(inst, best.unassigned.length);
  const temps = temperatures(inst, opts.temperatures);
  const fleet = {
    rng,
    stop,
    report,
    lb,
    share: opts.fleetShare,
    frac,
    tick: () => iterations++,
    reshapeTemp: temps[1] * 10,
  };
  best = minimiseFleet(inst, best, fleet);
  best = minimiseCost(inst, best, {
    ...fleet,
    temperatures: temps,
    vehPenalty: VEHICLE_PENALTY * meanArc(inst),
  });
  report(best, true);
  return { best, iterations };
}

interface PhaseCtx {
  rng: Rng;
  stop(): boolean;
  report(best: SolutionState): void;
  lb: number;
  share: number;
  frac(): number;
  tick(): void;
  reshapeTemp: number;
}

function minimiseFleet(inst: Instance, start: SolutionState, c: PhaseCtx): SolutionState {
  let best = start;
  const target = best.score();
  const absence = new Float64Array(inst.jobCount);
  const scratch = new Map<number, RouteState>();
  const absent = (s: SolutionState): number =>
    s.unassigned.reduce((n, j) => n + (absence[j] ?? 0), 0);
  const complete = (sc: Score): boolean =>
    sc.unassignedHigh <= target.unassignedHigh && sc.unassigned <= target.unassigned;
  let cur = best;
  let fewest = Infinity;
  let stalled = 0;
  let progressAt = c.frac();
  let attemptAt = c.frac();
  let removed = 0;
  let hopeless = 0;
  while (!c.stop() && c.frac() < c.share) {
    const sc = cur.score();
    if (complete(sc)) {
      if (compareScore(sc, best.score()) < 0) [best, hopeless] = [cur, 0];
      if (sc.vehicles <= c.lb) break;
      cur = withoutSmallestRoute(cur, c.rng);
      removed = cur.unassigned.length - sc.unassigned;
      [fewest, stalled, progressAt, attemptAt] = [Infinity, 0, c.frac(), c.frac()];
    } else if (fewest - target.unassigned >= GIVE_UP && c.frac() - attemptAt >= STALL_SHARE) {
      break;
    } else if (stalled >= STALL || c.frac() - progressAt >= STALL_SHARE) {
      // Many jobs still out after a long stall (long routes: a whole route's worth of stops does not
      // fit elsewhere): the fleet cannot shrink further in this budget, so the time goes to distance.
      const missing = fewest - target.unassigned;
      if (missing >= GIVE_UP) break;
      // Twice in a row no better than right after the removal: give up too.
      hopeless = missing >= removed ? hopeless + 1 : 0;
      if (hopeless >= 2) break;
      // No progress on this route: reshape the best plan by annealing on distance (which also empties
      // routes now and then), then remove a route of the reshaped plan.
      best = reshape(best, c);
      cur = best;
      continue;
    }
    const cand = cur.clone();
    ruin(cand, c.rng, RUIN);
    recreate(cand, c.rng, { blink: BLINK, allowNewRoutes: false });
    if (cand.unassigned.length > 0) ejectHardest(cand, absence, scratch, c.rng);
    if (cand.unassigned.length < cur.unassigned.length || absent(cand) < absent(cur)) {
      if (cur !== best) cur.discard(cand, best);
      cur = cand;
    } else cand.discard(cur, best);
    for (const j of cur.unassigned) absence[j] = (absence[j] ?? 0) + 1;
    if (cur.unassigned.length < fewest)
      [fewest, stalled, progressAt] = [cur.unassigned.length, 0, c.frac()];
    else stalled++;
    c.tick();
    c.report(best);
  }
  const sc = cur.score();
  return complete(sc) && compareScore(sc, best.score()) < 0 ? cur : best;
}

/** A short annealing run on distance from the given plan (vehicles never increase); returns its best. */
function reshape(start: SolutionState, c: PhaseCtx): SolutionState {
  let best = start;
  let bestScore = best.score();
  let cur = start;
  let curScore = bestScore;
  for (let k = 0; k < RESHAPE && !c.stop(); k++) {
    const cand = cur.clone();
    ruin(cand, c.rng, RUIN);
    recreate(cand, c.rng, { blink: BLINK, allowNewRoutes: false });
    const sc = cand.score();
    if (accept(sc, curScore, c.reshapeTemp, c.rng)) [cur, curScore] = [cand, sc];
    if (compareScore(sc, bestScore) < 0) [best, bestScore] = [cand, sc];
    if (cur !== cand && best !== cand) cand.discard(cur, best);
    c.tick();
    c.report(best);
  }
  return best;
}

/**
 * Puts the most often absent job back by ejecting one or two jobs that were absent less often, then
 * tries to place the ejected jobs in other routes.
 */
function ejectHardest(
  sol: SolutionState,
  absence: Float64Array,
  scratch: Map<number, RouteState>,
  rng: Rng,
): void {
  let job = sol.unassigned[0] ?? 0;
  for (const j of sol.unassigned) if ((absence[j] ?? 0) > (absence[job] ?? 0)) job = j;
  const weight = (j: number): number => absence[j] ?? 0;
  const ejected = ejectionInsert(sol, scratch, job, weight, 2, weight(job));
  if (!ejected) return;
  sol.unassigned = sol.unassigned.filter((j) => j !== job);
  for (const j of ejected) {
    if (insertJob(sol, j, rng, { blink: 0, allowNewRoutes: false }) === NOT_INSERTED)
      sol.unassigned.push(j);
  }
}

function withoutSmallestRoute(sol: SolutionState, rng: Rng): SolutionState {
  const used = sol.routes.filter((r) => r.stops.length > 0 && r.locked === 0);
  if (used.length === 0) return sol;
  const min = Math.min(...used.map((r) => r.stops.length));
  const smallest = used.filter((r) => r.stops.length === min);
  const r = smallest[rng.int(0, smallest.length)] ?? smallest[0];
  const next = sol.clone();
  if (r) remove(next, new Set(r.stops.map((s) => sol.inst.stopJob[s] ?? 0)));
  return next;
}

function minimiseCost(
  inst: Instance,
  start: SolutionState,
  c: PhaseCtx & { temperatures: [number, number]; vehPenalty: number },
): SolutionState {
  let best = start;
  let bestScore = best.score();
  let cur = start;
  let curScore = bestScore;
  const [t0, tf] = c.temperatures;
  const from = c.frac();
  let penalty = c.vehPenalty;
  let away = 0;
  let failures = 0;
  while (!c.stop()) {
    const f = Math.min(1, Math.max(0, (c.frac() - from) / Math.max(1e-9, 1 - from)));
    const temp = t0 * Math.pow(tf / t0, f);
    // On an excursion with an extra vehicle, every other move tries to empty the smallest route.
    const back = away > 0 && c.rng.next() < 0.5;
    const cand = back ? withoutSmallestRoute(cur, c.rng) : cur.clone();
    if (!back) ruin(cand, c.rng, RUIN);
    // With every job routed, a plan with more routes than an excursion allows would be rejected:
    // stop rebuilding it as soon as it opens one route too many.
    const maxRoutes =
      bestScore.unassigned > 0 ? Infinity : bestScore.vehicles + (penalty < Infinity ? 1 : 0);
    if (recreate(cand, c.rng, { blink: BLINK, allowNewRoutes: !back, maxRoutes })) {
      const sc = cand.score();
      if (acceptDist(sc, curScore, temp, c.rng, penalty, bestScore.vehicles)) {
        if (cur !== best) cur.discard(cand, best);
        [cur, curScore] = [cand, sc];
      }
      if (compareScore(sc, bestScore) < 0) [best, bestScore] = [cand, sc];
    }
    if (cur !== cand && best !== cand) cand.discard(cur, best);
    if (away > 0 && curScore.vehicles <= bestScore.vehicles) failures = 0;
    away = curScore.vehicles > bestScore.vehicles ? away + 1 : 0;
    if (away > EXCURSION) {
      [cur, curScore, away] = [best, bestScore, 0];
      if (++failures >= MAX_FAILURES) penalty = Infinity;
    }
    c.tick();
    c.report(best);
  }
  return best;
}

function acceptDist(
  sc: Score,
  cur: Score,
  temp: number,
  rng: Rng,
  penalty: number,
  bestVehicles: number,
): boolean {
  const levels = sc.unassignedHigh - cur.unassignedHigh || sc.unassigned - cur.unassigned;
  if (levels !== 0) return levels < 0;
  if (sc.vehicles < bestVehicles) return true;
  if (sc.vehicles > bestVehicles + 1) return false;
  const f = (x: Score): number =>
    x.vehicles > bestVehicles ? x.cost + penalty * (x.vehicles - bestVehicles) : x.cost;
  return f(sc) < f(cur) - temp * Math.log(rng.next());
}

function accept(sc: Score, cur: Score, temp: number, rng: Rng): boolean {
  const levels =
    sc.unassignedHigh - cur.unassignedHigh ||
    sc.unassigned - cur.unassigned ||
    sc.vehicles - cur.vehicles;
  if (levels !== 0) return levels < 0;
  return sc.cost < cur.cost - temp * Math.log(rng.next());
}

/** Annealing temperatures scaled to the instance: SISR's 100 → 1 suits Solomon's mean arc of about 45. */
function temperatures(inst: Instance, [hot, cold]: readonly [number, number]): [number, number] {
  const scale = meanArc(inst) / 45;
  return [hot * scale, cold * scale];
}

/** The mean cost of an arc between stops (sampled on large instances); 45 when there is none. */
function meanArc(inst: Instance): number {
  const m = inst.size[0] ?? 0;
  const cost = inst.cost[0];
  let sum = 0;
  let n = 0;
  const step = Math.max(1, Math.floor(inst.stopCount / 50));
  for (let a = 0; a < inst.stopCount; a += step) {
    for (let b = 0; b < inst.stopCount; b += step) {
      sum += cost?.[(inst.stopLoc[a] ?? 0) * m + (inst.stopLoc[b] ?? 0)] ?? 0;
      n++;
    }
  }
  return n > 0 && sum > 0 ? sum / n : 45;
}

/**
 * No fewer vehicles than the demand a complete plan must carry over the largest vehicle's limit, in
 * every dimension. A complete plan (the fleet phase's aim) leaves at most `unassigned` jobs out, so
 * it carries at least the smallest jobCount - unassigned demands. The limit is the route total
 * (0021: every job counted once per route) when the vehicle has one, and for single-stop jobs only
 * also the capacity (all of them are on board at once, at the start or at the end).
 */
export function vehicleLowerBound(inst: Instance, unassigned = 0): number {
  const J = inst.jobCount;
  const D = inst.dims;
  const singles = inst.jobSecond.every((s) => s < 0);
  let lb = J > unassigned ? 1 : 0;
  for (let d = 0; d < D; d++) {
    let cap = 0;
    for (let v = 0; v < inst.vehicleCount; v++) {
      const route = inst.vehRouteCap[v * D + d] ?? Infinity;
      const load = inst.vehCap[v * D + d] ?? Infinity;
      cap = Math.max(cap, singles ? Math.min(route, load) : route);
    }
    if (!(cap > 0) || !Number.isFinite(cap)) continue;
    const demands: number[] = [];
    for (let j = 0; j < J; j++) demands.push(inst.jobDemand[j * D + d] ?? 0);
    demands.sort((a, b) => a - b);
    let total = 0;
    for (let k = 0; k < J - unassigned; k++) total += demands[k] ?? 0;
    lb = Math.max(lb, Math.ceil(total / cap - 1e-9));
  }
  return lb;
}
