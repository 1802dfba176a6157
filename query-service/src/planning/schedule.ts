import {
  DEFAULT_DELIVERY_SECONDS,
  depotPlace,
  type LatLng,
  DEFAULT_PICKUP_SECONDS,
  roadKmBetween,
  routePlan,
  unitSpeedKmh,
  planPointOf,
  REST_BREAK,
  isoToMinutes,
  outlierStops,
  stopKey,
  zonedInstant,
  type ConsignmentRow,
  type Load,
  type RoutePoint,
  type RouteStop,
  type RouteTotals,
  type Slot,
  type SlotProgress,
  type Unit,
} from '@nordlog/contracts';

/** The parts of a unit a schedule needs. */
export type ScheduleUnit = Pick<
  Unit,
  | 'startLocation'
  | 'endLocation'
  | 'speedFactor'
  | 'serviceTimeFactor'
  | 'vehicleType'
  | 'break'
  | 'capacity'
  | 'weightCapacity'
  | 'volumeCapacity'
>;

const DONE_PICKUP = new Set(['COLLECTED', 'DELIVERED', 'DEVIATED', 'RETURNED']);
const DONE_DELIVERY = new Set(['DELIVERED', 'DEVIATED', 'RETURNED']);

/** A unit's depot as a point, or null for none (an old 0,0 is none: `depotOf`, 0041-depot). */
const kmBetween = roadKmBetween;

const round1 = (n: number) => Math.round(n * 10) / 10;

export interface Schedule {
  routePoints: RoutePoint[];
  load: Load;
  capacity: Load | null;
  progress: SlotProgress;
  totals: RouteTotals;
}

function stopPlace(stop: RouteStop, row: ConsignmentRow | undefined): LatLng | null {
  if (stop.kind === REST_BREAK || !row) return null;
  const lat = stop.kind === 'pickup' ? row.pickupLat : row.deliveryLat;
  const lng = stop.kind === 'pickup' ? row.pickupLng : row.deliveryLng;
  return lat === null || lng === null ? null : { lat, lng };
}

/**
 * The schedule of a slot's route: when the courier arrives at and leaves each stop, driving from
 * the unit's start over the great-circle distance × the road factor at the vehicle type's speed ×
 * the unit's speed factor, waiting for a window's start, serving each stop for its duration (the
 * order's, else the default) × the unit's service time factor. A break is taken where it stands in
 * the route, not before its window opens. Time windows are local to `timeZone` on the slot's date.
 *
 * Waiting (issue 36): the minutes between arriving at a stop and its window opening, per stop and
 * summed for the route. The time before a break that no stop follows (an empty slot's break, or a
 * break at the route's end) is not waiting: the courier has nothing left to wait for. Overtime:
 * the minutes the route's last stop ends after the slot's end (0 without an end).
 */
export function scheduleSlot(
  slot: Pick<Slot, 'id' | 'date' | 'timeFrom' | 'stops' | 'shouldDriverNotReturn'> & {
    timeTo?: string | null;
  },
  unit: ScheduleUnit | null,
  rows: ReadonlyMap<string, ConsignmentRow>,
  timeZone: string,
): Schedule {
  const speedKmh = unitSpeedKmh(unit);
  const serviceFactor = unit?.serviceTimeFactor ?? 1;
  let t = Date.parse(slot.timeFrom);
  let here = depotPlace(unit?.startLocation);
  let late = 0;
  let waitingMs = 0;
  const progress: SlotProgress = { done: 0, left: 0 };
  const instants = new Map<string, number>();
  const at = (hhmm: string | null) => {
    if (!hhmm) return null;
    let t = instants.get(hhmm);
    if (t === undefined)
      instants.set(hhmm, (t = zonedInstant(slot.date, hhmm, timeZone).getTime()));
    return t;
  };
  // The index of the last stop that is not a break: a break after it waits for nothing.
  const lastWork = slot.stops.reduce((last, s, i) => (s.kind === REST_BREAK ? last : i), -1);
  const routePoints = slot.stops.map((stop, i): RoutePoint => {
    const row = stop.kind === REST_BREAK ? undefined : rows.get(stop.consignmentId);
    const place = stopPlace(stop, row);
    const km = place ? kmBetween(here, place) : 0;
    const driveMs = (km / speedKmh) * 3_600_000;
    const arrival = t + driveMs;
    if (place) here = place;
    let earliest: string | null = null;
    let latest: string | null = null;
    let serviceMs = 0;
    if (stop.kind === REST_BREAK) {
      const b = unit?.break;
      if (b && b.type !== 'NoBreakTime') {
        serviceMs = (isoToMinutes(b.duration) ?? 0) * 60_000;
        if (b.type === 'TimeWindow') {
          earliest = b.earliest;
          latest = b.latest;
        }
      }
    } else if (row) {
      const pickup = stop.kind === 'pickup';
      earliest = pickup ? row.pickupTimeEarliest : row.deliveryTimeEarliest;
      latest = pickup ? row.pickupTimeLatest : row.deliveryTimeLatest;
      const seconds = pickup
        ? (row.pickupDurationSeconds ?? DEFAULT_PICKUP_SECONDS)
        : (row.deliveryDurationSeconds ?? DEFAULT_DELIVERY_SECONDS);
      serviceMs = seconds * 1000 * serviceFactor;
    }
    const start = Math.max(arrival, at(earliest) ?? arrival);
    const end = start + serviceMs;
    const waitMs = stop.kind === REST_BREAK && i > lastWork ? 0 : start - arrival;
    waitingMs += waitMs;
    const isLate = latest !== null && arrival > (at(latest) ?? Infinity);
    if (isLate) late++;
    t = end;
    const done =
      stop.kind !== REST_BREAK &&
      !!row &&
      (stop.kind === 'pickup' ? DONE_PICKUP : DONE_DELIVERY).has(row.state);
    if (stop.kind !== REST_BREAK) {
      if (done) progress.done++;
      else progress.left++;
    }
    const pickup = stop.kind === 'pickup';
    return {
      key: stopKey(stop),
      slotId: slot.id,
      sequence: i + 1,
      type: stop.kind,
      consignmentId: stop.kind === REST_BREAK ? null : stop.consignmentId,
      shipmentId: row?.shipmentId ?? null,
      customerId: row?.customerId ?? null,
      name: row ? (pickup ? row.pickupName : row.deliveryName) : '',
      address: row ? (pickup ? row.pickupAddress : row.deliveryAddress) : '',
      zipCode: row ? (pickup ? row.pickupZipCode : row.deliveryZipCode) : '',
      zipArea: row ? (pickup ? row.pickupZipArea : row.deliveryZipArea) : '',
      lat: place?.lat ?? null,
      lng: place?.lng ?? null,
      ...(row && stop.kind !== REST_BREAK
        ? { precision: (pickup ? row.pickupPrecision : row.deliveryPrecision) ?? null }
        : {}),
      outlier: false,
      timeEarliest: earliest,
      timeLatest: latest,
      arrival: new Date(arrival).toISOString(),
      start: new Date(start).toISOString(),
      endTime: new Date(end).toISOString(),
      waitingMinutes: Math.round(waitMs / 60_000),
      late: isLate,
      distanceKm: round1(km),
      state: row?.state ?? null,
      done,
      packageCount: row && stop.kind !== REST_BREAK ? row.packageCount : 0,
      weight: row && stop.kind !== REST_BREAK ? row.weightValue : 0,
      volume: row && stop.kind !== REST_BREAK ? row.volumeValue : 0,
    };
  });
  const outliers = outlierStops(
    routePoints.map((p) => (p.lat === null || p.lng === null ? null : { lat: p.lat, lng: p.lng })),
  );
  routePoints.forEach((p, i) => (p.outlier = outliers[i]!));
  // The totals, load and capacity: the route's plan, as the reports' read model has it (0105).
  const plan = routePlan(slot, unit, (id) => planPointOf(rows.get(id)));
  const endTime = routePoints.length > 0 ? routePoints[routePoints.length - 1]!.endTime : null;
  const slotEnd = slot.timeTo ? Date.parse(slot.timeTo) : null;
  const overtimeMs = endTime && slotEnd !== null ? Math.max(0, Date.parse(endTime) - slotEnd) : 0;
  return {
    routePoints,
    load: plan.load,
    capacity: plan.capacity,
    progress,
    totals: {
      distanceKm: plan.distanceKm,
      drivingMinutes: plan.drivingMinutes,
      endTime,
      late,
      waitingMinutes: Math.round(waitingMs / 60_000),
      overtimeMinutes: Math.ceil(overtimeMs / 60_000),
    },
  };
}

/** How many kilometres longer a route gets with one more stop at its cheapest place. */
export function insertionKm(
  route: readonly (LatLng | null)[],
  start: LatLng | null,
  point: LatLng,
): number {
  const places = [start, ...route].filter((p): p is LatLng => p !== null);
  if (places.length === 0) return 0;
  let best = kmBetween(places[places.length - 1]!, point);
  for (let i = 0; i < places.length - 1; i++) {
    const extra =
      kmBetween(places[i]!, point) +
      kmBetween(point, places[i + 1]!) -
      kmBetween(places[i]!, places[i + 1]!);
    if (extra < best) best = extra;
  }
  return round1(best);
}
