import { zonedInstant } from '../consignments/validation.js';
import { REST_BREAK } from './breaks.js';
import type { RoutePoint } from './routePoints.js';
import type { SlotState } from './slots.js';
import { DEFAULT_ROAD_FACTOR, DEFAULT_SPEEDS_KMH, greatCircleMetres } from './travel.js';
import type { UnitRow } from './units.js';

/**
 * Estimated arrivals of a running slot's remaining stops from its courier's latest position.
 *
 * The live view and the public tracking page both estimate with it (docs/decisions/0028). The rule
 * is the planning schedule's (query-service/src/planning/schedule.ts, docs/decisions/
 * 0021-planning.md "Arrival and end times are computed when read"), started at the courier's
 * position instead of the unit's start:
 *
 * - the courier leaves its latest position at the later of the report's time and now;
 * - from one place to the next it drives the great-circle distance × DEFAULT_ROAD_FACTOR at the
 *   vehicle type's DEFAULT_SPEEDS_KMH (a van when the slot has no unit) × the unit's speed factor;
 *   a stop without coordinates (a break) adds no driving;
 * - it waits at a stop until its time window opens (local times on the slot's date in the
 *   department's zone) and is late when it arrives after the window's end;
 * - it serves each stop for the time the schedule gives it: the order's duration or the default
 *   (DEFAULT_PICKUP_SECONDS, DEFAULT_DELIVERY_SECONDS) × the unit's service-time factor, or the
 *   break's length. The schedule does not send that duration, so it is read back from the planned
 *   stop: its end minus the later of its arrival and its window's start;
 * - the remaining stops are those not done, in route order; a break counts as done once a stop
 *   after it is done (the courier went past it).
 */

/** A courier's latest position: where, and when it was measured (epoch ms). */
export interface TimedPosition {
  lat: number;
  lng: number;
  at: number;
}

/** A stop still to drive to, with its window as instants (epoch ms) and its service time. */
export interface RemainingStop {
  key: string;
  lat: number | null;
  lng: number | null;
  earliest: number | null;
  latest: number | null;
  serviceMs: number;
}

export interface ArrivalEstimate {
  key: string;
  /** Epoch ms. */
  arrival: number;
  late: boolean;
}

/** The unit's speed as the schedule drives it: the vehicle type's speed × its speed factor. */
export const speedKmh = (unit: Pick<UnitRow, 'vehicleType' | 'speedFactor'> | null | undefined) =>
  (DEFAULT_SPEEDS_KMH[unit?.vehicleType ?? 'van'] ?? 30) * (unit?.speedFactor ?? 1);

/** Slots whose courier is out driving: their arrivals follow the courier's position. */
export const isDriving = (state: SlotState): boolean =>
  state === 'IN_PROGRESS' || state === 'PAUSED';

/**
 * The stops a courier still has to drive to, in route order, from the slot's planned stops:
 * window times as instants on the slot's date in `timeZone`, service time read back from the plan.
 */
export function remainingStops(
  points: readonly RoutePoint[],
  date: string,
  timeZone: string,
): RemainingStop[] {
  const instants = new Map<string, number>();
  const at = (hhmm: string | null): number | null => {
    if (!hhmm) return null;
    let t = instants.get(hhmm);
    if (t === undefined) instants.set(hhmm, (t = zonedInstant(date, hhmm, timeZone).getTime()));
    return t;
  };
  const lastDone = points.reduce((last, p, i) => (p.done ? i : last), -1);
  return points.flatMap((p, i): RemainingStop[] => {
    if (p.done || (p.type === REST_BREAK && i < lastDone)) return [];
    const earliest = at(p.timeEarliest);
    const planned = Date.parse(p.arrival);
    const start = Math.max(planned, earliest ?? planned);
    const serviceMs = Math.max(0, Date.parse(p.endTime) - start) || 0;
    return [{ key: p.key, lat: p.lat, lng: p.lng, earliest, latest: at(p.timeLatest), serviceMs }];
  });
}

/** The arrival at each remaining stop, driving from `from` at `kmh` (see the rule above). */
export function estimateArrivals(
  from: TimedPosition,
  stops: readonly RemainingStop[],
  kmh: number,
  now: number,
): ArrivalEstimate[] {
  let t = Math.max(from.at, now);
  let here = { lat: from.lat, lng: from.lng };
  return stops.map((stop) => {
    const place = stop.lat !== null && stop.lng !== null ? { lat: stop.lat, lng: stop.lng } : null;
    const km = place ? (greatCircleMetres(here, place) * DEFAULT_ROAD_FACTOR) / 1000 : 0;
    const arrival = t + (km / kmh) * 3_600_000;
    if (place) here = place;
    t = Math.max(arrival, stop.earliest ?? arrival) + stop.serviceMs;
    return { key: stop.key, arrival, late: stop.latest !== null && arrival > stop.latest };
  });
}

/**
 * The estimates of a slot's remaining stops by stop key, or an empty map when its courier is not
 * driving it or has reported no position (the planned arrivals stand).
 */
export function slotEstimates(
  slot: { state: SlotState; date: string; routePoints?: RoutePoint[] },
  unit: Pick<UnitRow, 'vehicleType' | 'speedFactor'> | null | undefined,
  position: TimedPosition | null,
  timeZone: string,
  now: number,
): Map<string, ArrivalEstimate> {
  if (!position || !isDriving(slot.state)) return new Map();
  const stops = remainingStops(slot.routePoints ?? [], slot.date, timeZone);
  return new Map(estimateArrivals(position, stops, speedKmh(unit), now).map((e) => [e.key, e]));
}
