// Variants of the random problems for the solver's property tests: matrices on hills (asymmetric,
// still metric), route totals on every other vehicle, staggered pickup windows, the duration
// objective.
import type { Problem } from '../model.js';
import { richProblem, type RichSpec } from './rich.js';

export interface VariantSpec extends RichSpec {
  /** Matrices on hills (hilly). */
  readonly oneWay: boolean;
  readonly duration: boolean;
  /** Route totals (routeLimited): 0 none, 1 at the capacity, 2 at twice the capacity. */
  readonly capped: number;
}

/** A rich problem (testing/rich.ts) with the variants the spec asks for. */
export function variant(s: VariantSpec): Problem {
  const rich = routeLimited(richProblem(s), s.capped);
  const problem = s.oneWay ? hilly(rich) : rich;
  return s.duration ? { ...problem, objective: 'duration' } : problem;
}

/**
 * The problem on hills: climbing costs extra, so every arc's cost depends on its direction
 * (d(a,b) + max(0, h(b) - h(a)), in distance and duration with different heights) and the
 * transposed matrices the insertion reads differ from the matrices. The triangle inequality still
 * holds, as it does for shortest paths on a road network (the insertion relies on it: a detour is
 * never negative).
 */
export function hilly(problem: Problem): Problem {
  const matrices = Object.fromEntries(
    Object.entries(problem.matrices).map(([name, mat]) => {
      const n = mat.size;
      const climb = (matrix: ArrayLike<number>, salt: number): Float64Array => {
        const from = Float64Array.from(matrix);
        const top = from.reduce((x, y) => Math.max(x, y), 0) * 0.2;
        const h = (i: number): number => (((i * 37 + salt) % 11) / 10) * top;
        return from.map((d, k) => d + Math.max(0, h(k % n) - h(Math.floor(k / n))));
      };
      return [
        name,
        { size: n, distance: climb(mat.distance, 1), duration: climb(mat.duration, 5) },
      ];
    }),
  );
  return { ...problem, matrices };
}

/**
 * Route totals (0021) on every other vehicle: 1, the limit is the capacity (the product's slots,
 * where no load is read: the total bounds them); 2, a limit above the capacity (loads still read).
 */
export function routeLimited(problem: Problem, how: number): Problem {
  if (how === 0) return problem;
  const vehicles = problem.vehicles.map((v, k) =>
    k % 2 === 0 ? { ...v, routeCapacity: v.capacity.map((c) => (how === 1 ? c : c * 2)) } : v,
  );
  return { ...problem, vehicles };
}

/** A shipper's consignments with pickup windows ending at different hours (08:00 to 13:00). */
export function staggered(problem: Problem): Problem {
  const jobs = problem.jobs.map((job, k) =>
    job.pickup ? { ...job, pickup: { ...job.pickup, latest: (8 + (k % 6)) * 3600 } } : job,
  );
  return { ...problem, jobs };
}
