import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { checkSolution } from './checker.js';
import { solve } from './solve.js';
import { richProblem } from './testing/rich.js';

const hooks = { now: () => 0 };
const spec = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  jobs: fc.integer({ min: 0, max: 25 }),
  vehicles: fc.integer({ min: 1, max: 4 }),
  breaks: fc.boolean(),
  locked: fc.boolean(),
});

describe('solver properties (fast-check)', () => {
  it('never returns a solution that violates a constraint', () => {
    fc.assert(
      fc.property(spec, (s) => {
        const problem = richProblem(s);
        const sol = solve(problem, { seconds: 60, seed: s.seed, maxIterations: 60 }, hooks);
        expect(checkSolution(problem, sol)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('routes every job or lists it with a reason', () => {
    fc.assert(
      fc.property(spec, (s) => {
        const problem = richProblem(s);
        const sol = solve(problem, { seconds: 60, seed: s.seed, maxIterations: 30 }, hooks);
        const routed = new Set(sol.routes.flatMap((r) => r.stops.map((x) => x.jobId)));
        for (const u of sol.unassigned)
          expect(['capacity', 'timeWindow', 'range', 'vehicleType', 'noVehicle']).toContain(
            u.reason,
          );
        const listed = new Set(sol.unassigned.map((u) => u.jobId));
        for (const job of problem.jobs)
          expect(routed.has(job.id) !== listed.has(job.id)).toBe(true);
        expect(sol.cost.unassigned).toBe(sol.unassigned.length);
      }),
      { numRuns: 60 },
    );
  });
});
