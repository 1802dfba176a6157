import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { scaleDay } from '../bench/scaleDay.js';
import type { Problem } from '../model.js';
import { bruteForce } from '../testing/bruteForce.js';
import { tinyProblem } from '../testing/tiny.js';
import { bestInsertion } from './insertion.js';
import { compile } from './instance.js';
import { insertJob, recreate } from './recreate.js';
import { Rng } from './rng.js';
import { ruin } from './ruin.js';
import { vehicleLowerBound } from './search.js';
import { SolutionState } from './solution.js';

/** Every vehicle's route total set to its capacity (the product's slots, 0021). */
const routeCapped = (p: Problem): Problem => ({
  ...p,
  vehicles: p.vehicles.map((v) => ({ ...v, routeCapacity: v.capacity })),
});

describe('vehicle lower bound', () => {
  it('counts every job once per route under a route total, pairs included', () => {
    const problem = scaleDay(50, 1000);
    const packages = problem.jobs.reduce((n, j) => n + (j.demand[0] ?? 0), 0);
    expect(vehicleLowerBound(compile(problem))).toBe(Math.ceil(packages / 60));
    // Without the route total, pairs bound nothing (a van may carry them one after the other).
    const free = { ...problem, vehicles: problem.vehicles.map(({ routeCapacity: _, ...v }) => v) };
    expect(vehicleLowerBound(compile(free))).toBe(1);
  });

  it('leaves the largest demands out when a complete plan may leave jobs out', () => {
    const inst = compile(scaleDay(50, 1000));
    let before = vehicleLowerBound(inst);
    for (const out of [1, 10, 100, 500, 1000]) {
      const lb = vehicleLowerBound(inst, out);
      expect(lb).toBeLessThanOrEqual(before);
      before = lb;
    }
    expect(vehicleLowerBound(inst, 1000)).toBe(0);
  });

  it('is never above the optimum of tiny instances (exhaustive search)', () => {
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer({ min: 1, max: 100_000 }),
          pairs: fc.boolean(),
          capped: fc.boolean(),
        }),
        ({ seed, pairs, capped }) => {
          const tiny = tinyProblem({ seed, jobs: pairs ? 3 : 5, vehicles: 3, pairs });
          const problem = capped ? routeCapped(tiny) : tiny;
          const optimum = bruteForce(problem);
          if (optimum)
            expect(vehicleLowerBound(compile(problem))).toBeLessThanOrEqual(optimum.vehicles);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('near routes first', () => {
  it('places a job at the cheapest insertion over every route, as a scan in vehicle order does', () => {
    for (const seed of [1, 2, 3]) {
      const inst = compile(scaleDay(12, 240, seed, 20));
      const rng = new Rng(seed);
      const sol = SolutionState.empty(inst);
      recreate(sol, rng, { blink: 0, allowNewRoutes: true });
      ruin(sol, rng, { avgRemoved: 10, maxString: 10 });
      expect(sol.unassigned.length).toBeGreaterThan(0);
      // recreate keeps the stop-to-route map and offers near routes first; insertJob without it
      // scans in vehicle order. Both must reach the same cost for each job (no blinks, so only a
      // tie may pick another position).
      for (const job of sol.unassigned) {
        const cheapest = Math.min(
          ...sol.routes
            .filter((r) => r.stops.length > 0)
            .map((r) => bestInsertion(inst, r, job, Infinity, null, 0)?.delta ?? Infinity),
        );
        const near = sol.clone();
        near.unassigned = [job];
        recreate(near, null, { blink: 0, allowNewRoutes: false });
        const plain = sol.clone();
        const placed = insertJob(plain, job, null, { blink: 0, allowNewRoutes: false });
        expect(near.unassigned.length === 0).toBe(placed !== 0);
        expect(near.unassigned.length === 0).toBe(cheapest < Infinity);
        if (cheapest === Infinity) continue;
        const cost = (s: SolutionState): number => s.score().cost;
        expect(cost(near) - cost(sol)).toBeCloseTo(cheapest, 6);
        expect(cost(plain) - cost(sol)).toBeCloseTo(cheapest, 6);
      }
    }
  });
});
