// Valhalla matrix service: POST /sources_to_targets with sources, targets and costing.
// Answer (verbose, the default): sources_to_targets is rows of { distance (km), time (s), from_index,
// to_index }; with verbose=false (Valhalla 3.5+) it is { durations: [[s]], distances: [[km]] }.
import type { TravelMatrix } from '../model.js';
import type { LatLng } from './greatCircle.js';
import {
  fetchJson,
  flatten,
  record,
  UNREACHABLE,
  type FetchLike,
  type MatrixService,
} from './http.js';

export function valhallaRequest(points: readonly LatLng[], costing: string): unknown {
  const locations = points.map((p) => ({ lat: p.lat, lon: p.lng }));
  return { sources: locations, targets: locations, costing, units: 'kilometers' };
}

export function parseValhallaMatrix(answer: unknown, n: number): TravelMatrix {
  const m = record(answer).sources_to_targets;
  if (!Array.isArray(m)) {
    const concise = record(m);
    return {
      size: n,
      duration: flatten(concise.durations, n),
      distance: flatten(concise.distances, n, 1000),
    };
  }
  const duration = new Float64Array(n * n).fill(UNREACHABLE);
  const distance = new Float64Array(n * n).fill(UNREACHABLE);
  for (const row of m as unknown[]) {
    if (!Array.isArray(row)) throw new Error('Valhalla: a row is not an array');
    for (const cell of row as unknown[]) {
      const c = record(cell);
      const [i, j] = [Number(c.from_index), Number(c.to_index)];
      if (!(i >= 0 && i < n && j >= 0 && j < n)) throw new Error('Valhalla: index out of range');
      if (typeof c.time === 'number') duration[i * n + j] = c.time;
      if (typeof c.distance === 'number') distance[i * n + j] = c.distance * 1000;
    }
  }
  return { size: n, duration, distance };
}

export function valhallaMatrixService(baseUrl: string, fetchFn: FetchLike): MatrixService {
  return {
    matrix: async (points, costing) =>
      parseValhallaMatrix(
        await fetchJson(
          fetchFn,
          `${baseUrl.replace(/\/$/, '')}/sources_to_targets`,
          valhallaRequest(points, costing),
        ),
        points.length,
      ),
  };
}
