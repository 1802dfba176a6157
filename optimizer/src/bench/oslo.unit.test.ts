import { describe, expect, it } from '@jest/globals';
import { checkSolution } from '../checker.js';
import { solve } from '../solve.js';
import { osloDay } from './oslo.js';

describe('Oslo department day', () => {
  it('is planned feasibly with every stop routed, breaks included', () => {
    const problem = osloDay(1);
    expect(problem.jobs.reduce((n, j) => n + (j.pickup ? 1 : 0) + (j.delivery ? 1 : 0), 0)).toBe(
      200,
    );
    const sol = solve(problem, { seconds: 60, seed: 1, maxIterations: 200 }, { now: () => 0 });
    expect(checkSolution(problem, sol)).toEqual([]);
    expect(sol.unassigned).toEqual([]);
    expect(sol.routes.some((r) => r.breaks.length > 0)).toBe(true);
  });
});
