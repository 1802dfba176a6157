/**
 * Distances and speeds of the embedded default (no road network): great-circle distance × a road
 * factor, time from a speed per vehicle type. The optimizer's default matrix and the planning
 * schedules (arrival times) use the same figures.
 */
export interface LatLng {
  readonly lat: number;
  readonly lng: number;
}

/** Average road speeds in km/h by vehicle type (spec §3 vehicle types); tuned per market if needed. */
export const DEFAULT_SPEEDS_KMH: Readonly<Record<string, number>> = {
  bicycle: 15,
  cargobike: 13,
  motorcycle: 35,
  car: 32,
  van: 30,
  truck: 25,
};

export const DEFAULT_ROAD_FACTOR = 1.3;
const EARTH_RADIUS_M = 6_371_008.8;

export function greatCircleMetres(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
