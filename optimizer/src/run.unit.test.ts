import { describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkSolution } from './checker.js';
import type { Progress } from './model.js';
import { startOptimization } from './run.js';
import { tinyProblem } from './testing/tiny.js';

// The worker runs compiled code: `npx tsc -b optimizer` (which `npm test` runs first) builds it.
const workerUrl = new URL('../dist/worker.js', import.meta.url);

describe('optimising run in a worker thread', () => {
  it('has a built worker', () => {
    expect(existsSync(fileURLToPath(workerUrl))).toBe(true);
  });

  it('reports progress and stops with the best plan so far when cancelled', async () => {
    const problem = tinyProblem({ seed: 5, jobs: 60, vehicles: 12, pairs: true, horizon: 400 });
    const progress: Progress[] = [];
    let cancelledAt = 0;
    const run = startOptimization(problem, {
      seconds: 60,
      seed: 1,
      workerUrl,
      onProgress: (p) => {
        progress.push(p);
        if (progress.length === 3) {
          cancelledAt = Date.now();
          run.cancel();
        }
      },
    });
    const result = await run.result;
    expect(Date.now() - cancelledAt).toBeLessThan(2000);
    expect(result.cancelled).toBe(true);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress[2]!.iterations).toBeGreaterThan(0);
    expect(progress[0]!.cost.vehicles).toBeGreaterThan(0);
    expect(checkSolution(problem, result)).toEqual([]);
  }, 20000);

  it('finishes on its own within the time budget', async () => {
    const problem = tinyProblem({ seed: 6, jobs: 15, vehicles: 4, pairs: false });
    const run = startOptimization(problem, { seconds: 0.3, seed: 2, workerUrl });
    const result = await run.result;
    expect(result.cancelled).toBe(false);
    expect(checkSolution(problem, result)).toEqual([]);
  }, 20000);
});
