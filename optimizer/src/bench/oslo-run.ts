// `--set oslo`: the department day, with the time to the first feasible plan and the cost curve.
import { checkSolution } from '../checker.js';
import type { Progress } from '../model.js';
import { solve } from '../solve.js';
import { osloDay } from './oslo.js';

export function runOslo(seconds: number, seed: number): void {
  const problem = osloDay(seed);
  const t0 = performance.now();
  const curve: Progress[] = [];
  let firstMs = NaN;
  const sol = solve(
    problem,
    { seconds, seed },
    {
      now: () => performance.now(),
      onProgress: (p) => {
        if (Number.isNaN(firstMs)) firstMs = performance.now() - t0;
        const last = curve[curve.length - 1];
        if (
          !last ||
          last.cost.unassigned !== p.cost.unassigned ||
          last.cost.vehicles !== p.cost.vehicles ||
          last.cost.distance !== p.cost.distance
        )
          curve.push(p);
      },
    },
  );
  const errors = checkSolution(problem, sol);
  console.log(
    `oslo day: ${problem.jobs.length} jobs, ${problem.vehicles.length} vehicles, ${seconds}s budget`,
  );
  console.log(
    `first feasible plan after ${firstMs.toFixed(0)} ms (including compiling the problem)`,
  );
  console.log('   ms  unassigned  vehicles   distance km   iterations');
  for (const p of curve) {
    console.log(
      `${p.elapsedMs.toFixed(0).padStart(5)}  ${String(p.cost.unassigned).padStart(10)}  ${String(p.cost.vehicles).padStart(8)}  ${(p.cost.distance / 1000).toFixed(2).padStart(12)}  ${String(p.iterations).padStart(11)}`,
    );
  }
  console.log(
    `final: ${sol.cost.unassigned} unassigned, ${sol.cost.vehicles} vehicles, ${(sol.cost.distance / 1000).toFixed(2)} km, ${sol.iterations} iterations; feasible: ${errors.length === 0 ? 'yes' : errors.slice(0, 3).join('; ')}`,
  );
  const reasons = sol.unassigned.reduce<Record<string, number>>(
    (acc, u) => ({ ...acc, [u.reason]: (acc[u.reason] ?? 0) + 1 }),
    {},
  );
  if (sol.unassigned.length > 0) console.log(`unassigned reasons: ${JSON.stringify(reasons)}`);
}
