// Small random problems on a grid for the unit and property tests (seeded, so a failure reproduces).
import type { Job, Problem, Vehicle } from '../model.js';
import { Rng } from '../solver/rng.js';

export interface TinySpec {
  readonly seed: number;
  readonly jobs: number;
  readonly vehicles: number;
  readonly pairs: boolean;
  readonly horizon?: number;
}

export function euclidMatrix(points: readonly [number, number][]): Problem['matrices'][string] {
  const n = points.length;
  const distance = new Float64Array(n * n);
  points.forEach(([ax, ay], i) =>
    points.forEach(([bx, by], j) => (distance[i * n + j] = Math.hypot(ax - bx, ay - by))),
  );
  return { size: n, distance, duration: distance };
}

export function tinyProblem(spec: TinySpec): Problem {
  const rng = new Rng(spec.seed);
  const horizon = spec.horizon ?? 200;
  const points: [number, number][] = [[50, 50]];
  const stop = (): NonNullable<Job['pickup']> => {
    points.push([rng.int(0, 100), rng.int(0, 100)]);
    const early = rng.int(0, horizon - 60);
    return {
      location: points.length - 1,
      earliest: early,
      latest: early + rng.int(20, 120),
      service: rng.int(0, 10),
    };
  };
  const jobs: Job[] = Array.from({ length: spec.jobs }, (_, k) => {
    const demand = [rng.int(1, 6)];
    if (spec.pairs) {
      const pickup = stop();
      const delivery = stop();
      const fixed = {
        ...delivery,
        earliest: Math.min(delivery.earliest, pickup.earliest),
        latest: Math.max(delivery.latest, pickup.latest + 80),
      };
      return { id: `j${k}`, pickup, delivery: fixed, demand };
    }
    return { id: `j${k}`, delivery: stop(), demand };
  });
  const vehicles: Vehicle[] = Array.from({ length: spec.vehicles }, (_, k) => ({
    id: `v${k}`,
    profile: 'grid',
    start: 0,
    end: 0,
    earliest: 0,
    latest: horizon + 100,
    capacity: [10],
  }));
  return { matrices: { grid: euclidMatrix(points) }, vehicles, jobs };
}
