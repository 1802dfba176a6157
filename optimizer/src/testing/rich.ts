// Random problems using every constraint of the model, for the property tests: several capacity
// dimensions, pairs and one-stop jobs both ways, time windows, both break kinds, range, open routes,
// vehicle types and forbidden goods, planner locks and a locked prefix, speed and service factors.
import type { Break, Job, Problem, Stop, Vehicle } from '../model.js';
import { Rng } from '../solver/rng.js';
import { euclidMatrix } from './tiny.js';

export interface RichSpec {
  readonly seed: number;
  readonly jobs: number;
  readonly vehicles: number;
  readonly breaks: boolean;
  readonly locked: boolean;
}

export function richProblem(spec: RichSpec): Problem {
  const rng = new Rng(spec.seed);
  const points: [number, number][] = [
    [50, 50],
    [10, 90],
  ];
  const stop = (wide = false): Stop => {
    points.push([rng.int(0, 100), rng.int(0, 100)]);
    const early = wide ? 0 : rng.int(0, 300);
    return {
      location: points.length - 1,
      earliest: early,
      latest: wide ? 600 : early + rng.int(10, 200),
      service: rng.int(0, 15),
    };
  };
  const jobs: Job[] = Array.from({ length: spec.jobs }, (_, k) => {
    const demand = [rng.int(0, 8), rng.int(0, 4)];
    const kind = rng.int(0, 3);
    const extra = {
      ...(rng.next() < 0.15 ? { goods: ['adr'] } : {}),
      ...(rng.next() < 0.1 ? { vehicleTypes: ['van'] } : {}),
      ...(rng.next() < 0.2 ? { priority: 'high' as const } : {}),
      ...(rng.next() < 0.05 ? { lockedVehicle: `v${rng.int(0, spec.vehicles)}` } : {}),
    };
    if (kind === 0) return { id: `j${k}`, pickup: stop(), delivery: stop(), demand, ...extra };
    return kind === 1
      ? { id: `j${k}`, delivery: stop(), demand, ...extra }
      : { id: `j${k}`, pickup: stop(), demand, ...extra };
  });
  const lockedJob: Job = { id: 'locked', delivery: stop(true), demand: [1, 0] };
  const vehicles: Vehicle[] = Array.from({ length: spec.vehicles }, (_, k) => {
    const breaks: Break[] = !spec.breaks
      ? []
      : k % 2 === 0
        ? [{ kind: 'timeWindow', earliest: 150, latest: 250, duration: 30 }]
        : [{ kind: 'workingTime', maxWorkingTime: 200, duration: 20 }];
    return {
      id: `v${k}`,
      profile: 'grid',
      start: k % 2,
      ...(k % 3 === 2 ? {} : { end: 0 }),
      earliest: 0,
      latest: 500 + rng.int(0, 200),
      capacity: [rng.int(8, 20), rng.int(3, 8)],
      speedFactor: 0.5 + rng.int(0, 16) / 10,
      serviceTimeFactor: 0.5 + rng.int(0, 16) / 10,
      ...(rng.next() < 0.3 ? { maxDistance: rng.int(100, 400) } : {}),
      type: k % 2 === 0 ? 'van' : 'car',
      ...(k % 2 === 1 ? { forbiddenGoods: ['adr'] } : {}),
      breaks,
      ...(spec.locked && k === 0
        ? { lockedStops: [{ jobId: 'locked', type: 'delivery' as const }] }
        : {}),
    };
  });
  // A locked stop cannot be moved, so the generated range must allow it: the instance stays feasible.
  const first = vehicles[0];
  if (spec.locked && first?.maxDistance !== undefined) {
    const at = (i: number) => points[i]!;
    const d = (a: number, b: number) => Math.hypot(at(a)[0] - at(b)[0], at(a)[1] - at(b)[1]);
    const lockedAt = lockedJob.delivery!.location;
    const needed =
      d(first.start, lockedAt) + (first.end !== undefined ? d(lockedAt, first.end) : 0);
    vehicles[0] = { ...first, maxDistance: Math.max(first.maxDistance, Math.ceil(needed) + 1) };
  }
  return {
    matrices: { grid: euclidMatrix(points) },
    vehicles,
    jobs: spec.locked ? [lockedJob, ...jobs] : jobs,
  };
}
