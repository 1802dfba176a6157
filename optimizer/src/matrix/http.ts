// What the HTTP matrix adapters share: an injected fetch (the package itself opens no connections),
// and the conversion of row arrays to a flat matrix, with unreachable pairs made prohibitively long.
import type { TravelMatrix } from '../model.js';
import type { LatLng } from './greatCircle.js';

export type FetchLike = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

export interface MatrixService {
  matrix(points: readonly LatLng[], profile: string): Promise<TravelMatrix>;
}

/** Stands in for a missing (unreachable) entry: no route will use it. */
export const UNREACHABLE = 1e9;

export function flatten(rows: unknown, n: number, scale = 1): Float64Array {
  if (!Array.isArray(rows) || rows.length !== n) throw new Error(`matrix: expected ${n} rows`);
  const out = new Float64Array(n * n);
  rows.forEach((row: unknown, i) => {
    if (!Array.isArray(row) || row.length !== n)
      throw new Error(`matrix: row ${i} has the wrong length`);
    row.forEach(
      (x: unknown, j) => (out[i * n + j] = typeof x === 'number' ? x * scale : UNREACHABLE),
    );
  });
  return out;
}

export async function fetchJson(fetchFn: FetchLike, url: string, body?: unknown): Promise<unknown> {
  const init =
    body === undefined
      ? undefined
      : {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        };
  const res = await fetchFn(url, init);
  if (!res.ok) throw new Error(`matrix service answered ${res.status}`);
  return res.json();
}

export function record(x: unknown): Record<string, unknown> {
  if (typeof x !== 'object' || x === null) throw new Error('matrix: answer is not an object');
  return x as Record<string, unknown>;
}
