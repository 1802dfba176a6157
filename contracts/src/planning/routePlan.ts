import { REST_BREAK } from './breaks.js';
import type { Load, RouteStop } from './slots.js';
import {
  DEFAULT_ROAD_FACTOR,
  DEFAULT_SPEEDS_KMH,
  greatCircleMetres,
  type LatLng,
} from './travel.js';
import { depotOf, type Unit } from './units.js';
import type { ConsignmentRow } from '../consignments/gridRow.js';

/** The parts of a unit a route's plan needs (its depots, speed and capacity). */
export type PlanUnit = Pick<
  Unit,
  | 'startLocation'
  | 'endLocation'
  | 'speedFactor'
  | 'vehicleType'
  | 'capacity'
  | 'weightCapacity'
  | 'volumeCapacity'
>;

/** What a route's plan needs of a consignment on it: its two points and its load. */
export interface PlanPoint {
  pickup: LatLng | null;
  delivery: LatLng | null;
  packageCount: number;
  weight: number;
  volume: number;
}

/** What a route's plan needs of a consignment row (its points and its load). */
export const planPointOf = (
  row:
    | Pick<
        ConsignmentRow,
        | 'pickupLat'
        | 'pickupLng'
        | 'deliveryLat'
        | 'deliveryLng'
        | 'packageCount'
        | 'weightValue'
        | 'volumeValue'
      >
    | undefined,
): PlanPoint | undefined =>
  row && {
    pickup:
      row.pickupLat === null || row.pickupLng === null
        ? null
        : { lat: row.pickupLat, lng: row.pickupLng },
    delivery:
      row.deliveryLat === null || row.deliveryLng === null
        ? null
        : { lat: row.deliveryLat, lng: row.deliveryLng },
    packageCount: row.packageCount,
    weight: row.weightValue,
    volume: row.volumeValue,
  };

/** A route's planned figures (the planning schedule's totals, docs/decisions/0090, 0105). */
export interface RoutePlan {
  distanceKm: number;
  drivingMinutes: number;
  load: Load;
  capacity: Load | null;
}

/** A unit's depot as a point, or null for none (an old 0,0 is none: `depotOf`, 0041-depot). */
export const depotPlace = (p: unknown): LatLng | null => {
  const depot = depotOf(p);
  return depot && { lat: depot.lat, lng: depot.lng };
};

/** Kilometres by road between two points (great circle × the road factor); 0 without both. */
export const roadKmBetween = (a: LatLng | null, b: LatLng | null): number =>
  a && b ? (greatCircleMetres(a, b) * DEFAULT_ROAD_FACTOR) / 1000 : 0;

/** The unit's speed: its vehicle type's × its speed factor (a van without a unit). */
export const unitSpeedKmh = (unit: Pick<PlanUnit, 'vehicleType' | 'speedFactor'> | null): number =>
  (DEFAULT_SPEEDS_KMH[unit?.vehicleType ?? 'van'] ?? 30) * (unit?.speedFactor ?? 1);

/** A consignment's point at a stop: the pickup's or the delivery's (none without coordinates). */
export const stopPlace = (kind: 'pickup' | 'delivery', point: PlanPoint | undefined) =>
  (kind === 'pickup' ? point?.pickup : point?.delivery) ?? null;

/**
 * A route's planned figures: the kilometres from the unit's start through its stops in order and
 * back to its end (its start without one; not back when the driver does not return), the driving
 * minutes at the unit's speed, the load of its consignments (each counted once) and the unit's
 * capacity. The one definition of them: the planning schedule (`scheduleSlot`) takes its totals
 * from here, and so does the reports' read model (`routePlans`), so both show the same figures.
 */
export function routePlan(
  route: { stops: readonly RouteStop[]; shouldDriverNotReturn?: boolean | null },
  unit: PlanUnit | null,
  pointOf: (consignmentId: string) => PlanPoint | undefined,
): RoutePlan {
  const speedKmh = unitSpeedKmh(unit);
  let here = depotPlace(unit?.startLocation);
  let distanceKm = 0;
  let drivingMs = 0;
  const load: Load = { count: 0, weight: 0, volume: 0 };
  const counted = new Set<string>();
  const drive = (to: LatLng | null) => {
    const km = roadKmBetween(here, to);
    distanceKm += km;
    drivingMs += (km / speedKmh) * 3_600_000;
  };
  for (const stop of route.stops) {
    if (stop.kind === REST_BREAK) continue;
    const point = pointOf(stop.consignmentId);
    const place = stopPlace(stop.kind, point);
    if (place) {
      drive(place);
      here = place;
    }
    if (point && !counted.has(stop.consignmentId)) {
      counted.add(stop.consignmentId);
      load.count += point.packageCount;
      load.weight += point.weight;
      load.volume += point.volume;
    }
  }
  if (!route.shouldDriverNotReturn)
    drive(depotPlace(unit?.endLocation) ?? depotPlace(unit?.startLocation));
  return {
    distanceKm: Math.round(distanceKm * 10) / 10,
    drivingMinutes: Math.round(drivingMs / 60_000),
    load: {
      count: load.count,
      weight: Math.round(load.weight * 1000) / 1000,
      volume: Math.round(load.volume * 1000) / 1000,
    },
    capacity: unit
      ? { count: unit.capacity, weight: unit.weightCapacity, volume: unit.volumeCapacity * 1000 }
      : null,
  };
}
