// The run's travel matrices: great-circle by default (computed in the worker), or from a road
// network service (OSRM, Valhalla, GraphHopper) fetched on the calling thread and cached.
import {
  DEFAULT_ROAD_FACTOR,
  DEFAULT_SPEEDS_KMH,
  greatCircleMetres,
  type LatLng,
  type MatrixSource,
} from '@nordlog/contracts';
import type { TravelMatrix } from '../model.js';
import type { MatrixService } from '../matrix/http.js';

/** Each vehicle type as the road services name their profiles. */
const serviceProfile: Record<Exclude<MatrixSource, 'greatCircle'>, (type: string) => string> = {
  osrm: (t) => (t === 'bicycle' || t === 'cargobike' ? 'bike' : 'car'),
  valhalla: (t) =>
    t === 'bicycle' || t === 'cargobike' ? 'bicycle' : t === 'truck' ? 'truck' : 'auto',
  graphhopper: (t) => (t === 'bicycle' || t === 'cargobike' ? 'bike' : 'car'),
};

/** A matrix in shared memory, so the worker reads it without a copy. */
function shared(n: number): Float64Array {
  return new Float64Array(new SharedArrayBuffer(n * n * 8));
}

/**
 * Great-circle distance × the road factor for every pair (computed once for all profiles), time
 * at each profile's speed. `free` is a place at no distance from any other (a vehicle without a
 * start of its own begins at its first stop).
 */
export function greatCircleMatrices(
  points: readonly LatLng[],
  free: number | null,
  profiles: readonly string[],
): Record<string, TravelMatrix> {
  const n = points.length;
  const distance = shared(n);
  for (let i = 0; i < n; i++) {
    if (i === free) continue;
    for (let j = i + 1; j < n; j++) {
      if (j === free) continue;
      const d = greatCircleMetres(points[i]!, points[j]!) * DEFAULT_ROAD_FACTOR;
      distance[i * n + j] = d;
      distance[j * n + i] = d;
    }
  }
  return Object.fromEntries(
    profiles.map((p) => {
      const metresPerSecond = ((DEFAULT_SPEEDS_KMH[p] ?? 30) * 1000) / 3600;
      const duration = shared(n);
      for (let k = 0; k < n * n; k++) duration[k] = distance[k]! / metresPerSecond;
      return [p, { size: n, distance, duration }];
    }),
  );
}

/** A road service's matrix over the real places, with the free place's row and column added as zeros. */
function withFree(m: TravelMatrix, free: number | null): TravelMatrix {
  const size = free === null ? m.size : m.size + 1;
  const distance = shared(size);
  const duration = shared(size);
  const from = (i: number) => (free !== null && i > free ? i - 1 : i);
  for (let i = 0; i < size; i++)
    for (let j = 0; j < size; j++) {
      if (i === free || j === free) continue;
      distance[i * size + j] = m.distance[from(i) * m.size + from(j)] ?? 0;
      duration[i * size + j] = m.duration[from(i) * m.size + from(j)] ?? 0;
    }
  return { size, distance, duration };
}

/** Road matrices by profile, least recently used out first. */
export class MatrixCache {
  private readonly entries = new Map<string, TravelMatrix>();
  constructor(private readonly capacity = 8) {}

  async get(
    source: Exclude<MatrixSource, 'greatCircle'>,
    service: MatrixService,
    points: readonly LatLng[],
    free: number | null,
    vehicleType: string,
  ): Promise<TravelMatrix> {
    const real = points.filter((_, i) => i !== free);
    const profile = serviceProfile[source](vehicleType);
    const key = `${source}|${profile}|${free}|${real.map((p) => `${p.lat},${p.lng}`).join(';')}`;
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const m = withFree(await service.matrix(real, profile), free);
    this.entries.set(key, m);
    while (this.entries.size > this.capacity)
      this.entries.delete(this.entries.keys().next().value!);
    return m;
  }
}
