// A realistic department day for the benchmark and tests: 200 stops around Oslo (deliveries from the
// terminal, pickups back to it, and direct pickup-and-delivery pairs), 15 vehicles of three types with
// slots, both break kinds, several capacity dimensions and dangerous goods. Seeded, so reproducible.
import type { Break, Job, Problem, Stop, Vehicle } from '../model.js';
import { DEFAULT_SPEEDS_KMH, greatCircleMatrix, type LatLng } from '../matrix/greatCircle.js';
import { Rng } from '../solver/rng.js';

const TERMINAL: LatLng = { lat: 59.9289, lng: 10.8372 }; // Alnabru freight terminal
const HOUR = 3600;
const TYPES = ['van', 'car', 'cargobike'] as const;

export function osloDay(seed = 1): Problem {
  const rng = new Rng(seed);
  const points: LatLng[] = [TERMINAL];
  const stop = (from: number, to: number): Stop => {
    // Mostly within the ring road, some out to ~15 km.
    const r = (rng.next() < 0.8 ? 6 : 15) * Math.sqrt(rng.next());
    const a = rng.next() * 2 * Math.PI;
    points.push({
      lat: 59.915 + (r / 111.2) * Math.sin(a),
      lng: 10.75 + (r / (111.2 * Math.cos((59.915 * Math.PI) / 180))) * Math.cos(a),
    });
    const wide = rng.next() < 0.5;
    const early = wide ? from : from + rng.int(0, to - from - 2 * HOUR);
    return {
      location: points.length - 1,
      earliest: early,
      latest: wide ? to : early + 2 * HOUR,
      service: 120 + rng.int(0, 180),
    };
  };
  const demand = (): number[] => [rng.int(1, 40), rng.int(5, 120), rng.int(1, 4)];
  const adr = (): Partial<Job> => (rng.next() < 0.05 ? { goods: ['adr'] } : {});
  const jobs: Job[] = [];
  for (let k = 0; k < 120; k++)
    jobs.push({ id: `d${k}`, delivery: stop(8 * HOUR, 16 * HOUR), demand: demand(), ...adr() });
  for (let k = 0; k < 40; k++)
    jobs.push({ id: `p${k}`, pickup: stop(12 * HOUR, 17 * HOUR), demand: demand(), ...adr() });
  for (let k = 0; k < 20; k++) {
    jobs.push({
      id: `x${k}`,
      pickup: stop(8 * HOUR, 13 * HOUR),
      delivery: stop(10 * HOUR, 17 * HOUR),
      demand: demand(),
      priority: k < 5 ? 'high' : 'normal',
    });
  }
  const vehicles: Vehicle[] = Array.from({ length: 15 }, (_, k) => {
    const type = k < 9 ? TYPES[0] : k < 13 ? TYPES[1] : TYPES[2];
    const capacity =
      type === 'van' ? [800, 6000, 60] : type === 'car' ? [300, 1500, 25] : [100, 400, 10];
    const breaks: Break[] =
      k % 2 === 0
        ? [{ kind: 'timeWindow', earliest: 11 * HOUR, latest: 13 * HOUR, duration: 1800 }]
        : [{ kind: 'workingTime', maxWorkingTime: 5 * HOUR, duration: 1800 }];
    return {
      id: `unit-${k + 1}`,
      profile: type,
      type,
      start: 0,
      ...(k % 5 === 4 ? {} : { end: 0 }),
      earliest: 7.5 * HOUR,
      latest: 17.5 * HOUR,
      capacity,
      breaks,
      ...(type === 'cargobike' ? { maxDistance: 60_000 } : {}),
      ...(k % 3 === 0 ? {} : { forbiddenGoods: ['adr'] }),
    };
  });
  const matrices = Object.fromEntries(
    TYPES.map((t) => [t, greatCircleMatrix(points, DEFAULT_SPEEDS_KMH[t] ?? 30)]),
  );
  return { matrices, vehicles, jobs };
}
