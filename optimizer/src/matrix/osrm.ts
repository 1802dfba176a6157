// OSRM table service: GET /table/v1/{profile}/{lng,lat;...}?annotations=duration,distance.
// Answer: { code: "Ok", durations: [[s]], distances: [[m]] }, null where no route exists.
import type { TravelMatrix } from '../model.js';
import type { LatLng } from './greatCircle.js';
import { fetchJson, flatten, record, type FetchLike, type MatrixService } from './http.js';

export function osrmTableUrl(baseUrl: string, profile: string, points: readonly LatLng[]): string {
  const coords = points.map((p) => `${p.lng},${p.lat}`).join(';');
  return `${baseUrl.replace(/\/$/, '')}/table/v1/${profile}/${coords}?annotations=duration,distance`;
}

export function parseOsrmTable(answer: unknown, n: number): TravelMatrix {
  const a = record(answer);
  if (a.code !== 'Ok')
    throw new Error(
      `OSRM table failed: ${JSON.stringify(a.code)} ${JSON.stringify(a.message ?? '')}`,
    );
  return { size: n, duration: flatten(a.durations, n), distance: flatten(a.distances, n) };
}

export function osrmMatrixService(baseUrl: string, fetchFn: FetchLike): MatrixService {
  return {
    matrix: async (points, profile) =>
      parseOsrmTable(
        await fetchJson(fetchFn, osrmTableUrl(baseUrl, profile, points)),
        points.length,
      ),
  };
}
