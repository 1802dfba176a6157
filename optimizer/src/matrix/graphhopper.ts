// GraphHopper matrix API: POST /matrix with points [lng, lat] and out_arrays ["times", "distances"].
// Answer: { times: [[s]], distances: [[m]] }, null where a pair is not connected.
import type { TravelMatrix } from '../model.js';
import type { LatLng } from './greatCircle.js';
import { fetchJson, flatten, record, type FetchLike, type MatrixService } from './http.js';

export function graphHopperRequest(points: readonly LatLng[], profile: string): unknown {
  return {
    points: points.map((p) => [p.lng, p.lat]),
    profile,
    out_arrays: ['times', 'distances'],
    fail_fast: false,
  };
}

export function parseGraphHopperMatrix(answer: unknown, n: number): TravelMatrix {
  const a = record(answer);
  if (a.message !== undefined && a.times === undefined)
    throw new Error(`GraphHopper matrix failed: ${JSON.stringify(a.message)}`);
  return { size: n, duration: flatten(a.times, n), distance: flatten(a.distances, n) };
}

export function graphHopperMatrixService(
  baseUrl: string,
  fetchFn: FetchLike,
  apiKey?: string,
): MatrixService {
  const url = `${baseUrl.replace(/\/$/, '')}/matrix${apiKey ? `?key=${encodeURIComponent(apiKey)}` : ''}`;
  return {
    matrix: async (points, profile) =>
      parseGraphHopperMatrix(
        await fetchJson(fetchFn, url, graphHopperRequest(points, profile)),
        points.length,
      ),
  };
}
