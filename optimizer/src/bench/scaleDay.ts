// The product's scale in-process (issue 37 §6): the day `npm run bench:optimizing` books, built
// straight as the solver's problem the way product/problem.ts builds it. N vans (default 50) from one
// depot with 60 packages, 1,500 kg and 12 m³ each, counted over the whole route (the slot's rule,
// 0021), a slot from 07:00 to 17:00; M consignments (default 1,000) picked up at 20 shippers between
// 07:00 and 13:00 and delivered within 25 km of Oslo's centre, a third of them in two-hour windows.
// The product's bench places them at the gazetteer's postal points, which the optimizer package
// cannot read: here they are seeded points of the same disc, their distances from the centre drawn
// from the gazetteer's (822 Norwegian postal points within 25 km: deciles below).
import type { Job, Problem, Vehicle } from '../model.js';
import { DEFAULT_SPEEDS_KMH, greatCircleMatrix, type LatLng } from '../matrix/greatCircle.js';
import { Rng } from '../solver/rng.js';

const CENTRE: LatLng = { lat: 59.9139, lng: 10.7522 };
const DEPOT: LatLng = { lat: 59.929, lng: 10.837 };
const HOUR = 3600;

/** `packages` per van: 60 in the product's bench; fewer give more routes on a smaller day (tests). */
/** Distance from the centre (km) at each quantile of the gazetteer's Oslo postal points. */
const QUANTILES: readonly [number, number][] = [
  [0, 0],
  [0.1, 1.2],
  [0.25, 2.6],
  [0.5, 5.6],
  [0.75, 9.8],
  [0.9, 15.8],
  [1, 25],
];

function radius(u: number): number {
  for (let k = 1; k < QUANTILES.length; k++) {
    const [q1, r1] = QUANTILES[k] as [number, number];
    const [q0, r0] = QUANTILES[k - 1] as [number, number];
    if (u <= q1) return r0 + ((u - q0) / (q1 - q0)) * (r1 - r0);
  }
  return 25;
}

export function scaleDay(units = 50, consignments = 1000, seed = 16, packages = 60): Problem {
  const capacity = [packages, 1500, 12_000];
  const rng = new Rng(seed);
  const points: LatLng[] = [DEPOT];
  const place = (): LatLng => {
    const r = radius(rng.next());
    const a = rng.next() * 2 * Math.PI;
    return {
      lat: CENTRE.lat + (r / 111.2) * Math.sin(a),
      lng: CENTRE.lng + (r / (111.2 * Math.cos((CENTRE.lat * Math.PI) / 180))) * Math.cos(a),
    };
  };
  const at = (p: LatLng): number => points.push(p) - 1;
  const shippers = Array.from({ length: 20 }, () => at(place()));
  const jobs: Job[] = [];
  for (let i = 0; i < consignments; i++) {
    const to = place();
    const windowStart = 9 + rng.int(0, 6);
    const narrow = rng.next() < 1 / 3;
    jobs.push({
      id: `c${i}`,
      pickup: {
        location: shippers[i % shippers.length] ?? 0,
        earliest: 7 * HOUR,
        latest: 13 * HOUR,
        service: 120,
      },
      delivery: {
        location: at({
          lat: to.lat + (rng.next() - 0.5) / 400,
          lng: to.lng + (rng.next() - 0.5) / 200,
        }),
        earliest: narrow ? windowStart * HOUR : 8 * HOUR,
        latest: narrow ? (windowStart + 2) * HOUR : 17 * HOUR,
        service: 180,
      },
      demand: [1 + (i % 3), 2 + (i % 10), 0],
    });
  }
  const vehicles: Vehicle[] = Array.from({ length: units }, (_, k) => ({
    id: `slot-${k + 1}`,
    profile: 'van',
    type: 'van',
    start: 0,
    end: 0,
    earliest: 7 * HOUR,
    latest: 17 * HOUR,
    capacity,
    routeCapacity: capacity,
    breaks: [],
  }));
  return {
    matrices: { van: greatCircleMatrix(points, DEFAULT_SPEEDS_KMH.van ?? 30) },
    vehicles,
    jobs,
    objective: 'distance',
  };
}
