import { describe, expect, it } from '@jest/globals';
import { checkSolution } from './checker.js';
import { solve } from './solve.js';
import { bruteForce } from './testing/bruteForce.js';
import { tinyProblem } from './testing/tiny.js';
import { scaleDay } from './bench/scaleDay.js';

// A fake clock: the budget is the iteration cap, so results do not depend on the machine's speed.
const hooks = { now: () => 0 };

describe('solver on tiny instances', () => {
  it('reaches the brute-force optimum on random delivery instances of up to 7 jobs', () => {
    let compared = 0;
    for (let seed = 1; compared < 12 && seed < 60; seed++) {
      const problem = tinyProblem({ seed, jobs: 4 + (seed % 4), vehicles: 2, pairs: false });
      const optimum = bruteForce(problem);
      if (!optimum) continue;
      const sol = solve(problem, { seconds: 60, seed, maxIterations: 1500 }, hooks);
      expect(checkSolution(problem, sol)).toEqual([]);
      expect(sol.unassigned).toEqual([]);
      expect(sol.cost.vehicles).toBe(optimum.vehicles);
      expect(sol.cost.distance).toBeCloseTo(optimum.distance, 6);
      compared++;
    }
    expect(compared).toBe(12);
  });

  it('reaches the brute-force optimum on random pickup-and-delivery instances of 3 pairs', () => {
    let compared = 0;
    for (let seed = 100; compared < 8 && seed < 160; seed++) {
      const problem = tinyProblem({ seed, jobs: 3, vehicles: 2, pairs: true });
      const optimum = bruteForce(problem);
      if (!optimum) continue;
      const sol = solve(problem, { seconds: 60, seed, maxIterations: 1500 }, hooks);
      expect(checkSolution(problem, sol)).toEqual([]);
      expect(sol.cost.vehicles).toBe(optimum.vehicles);
      expect(sol.cost.distance).toBeCloseTo(optimum.distance, 6);
      compared++;
    }
    expect(compared).toBe(8);
  });

  it('gives the same result for the same seed', () => {
    const problem = tinyProblem({ seed: 7, jobs: 20, vehicles: 5, pairs: true });
    const a = solve(problem, { seconds: 60, seed: 3, maxIterations: 300 }, hooks);
    const b = solve(problem, { seconds: 60, seed: 3, maxIterations: 300 }, hooks);
    expect(b.routes).toEqual(a.routes);
  });
});

describe('solver on a large fleet', () => {
  it('returns checked plans with more than 24 routes, the same for the same seed', () => {
    const problem = scaleDay(32, 300, 5, 20);
    const run = () => solve(problem, { seconds: 60, seed: 3, maxIterations: 40 }, { now: () => 0 });
    const a = run();
    expect(a.cost.vehicles).toBeGreaterThan(24);
    expect(checkSolution(problem, a)).toEqual([]);
    expect(run().cost).toEqual(a.cost);
  });
});
