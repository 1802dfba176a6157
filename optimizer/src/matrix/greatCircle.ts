// The default travel matrix: great-circle distance × a road factor, time from a speed per vehicle type.
import { DEFAULT_ROAD_FACTOR, greatCircleMetres, type LatLng } from '@nordlog/contracts';
import type { TravelMatrix } from '../model.js';

export {
  DEFAULT_ROAD_FACTOR,
  DEFAULT_SPEEDS_KMH,
  greatCircleMetres,
  type LatLng,
} from '@nordlog/contracts';

/** Distances in metres, durations in seconds. */
export function greatCircleMatrix(
  points: readonly LatLng[],
  speedKmh: number,
  roadFactor = DEFAULT_ROAD_FACTOR,
): TravelMatrix {
  const n = points.length;
  const distance = new Float64Array(n * n);
  const duration = new Float64Array(n * n);
  const metresPerSecond = (speedKmh * 1000) / 3600;
  points.forEach((a, i) =>
    points.forEach((b, j) => {
      const d = greatCircleMetres(a, b) * roadFactor;
      distance[i * n + j] = d;
      duration[i * n + j] = d / metresPerSecond;
    }),
  );
  return { size: n, distance, duration };
}
