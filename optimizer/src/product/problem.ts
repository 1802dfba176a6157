// A department's day as the solver's problem (docs/decisions/0026): each slot a vehicle with what
// its unit declares, each consignment a job (a pickup-and-delivery pair, or a delivery from the
// vehicle's start when it is collected at the department), times in seconds from the day's
// midnight in the department's zone, places as indices of a list of coordinates.
import {
  depotOf,
  REST_BREAK,
  isoToMinutes,
  runScope,
  zonedInstant,
  type ConsignmentRow,
  type LatLng,
  type OptimizingDay,
  type RouteStop,
  type RunScope,
  type ScopedSlot,
  type UnitRow,
} from '@nordlog/contracts';
import type { Break, Job, Problem, Stop, StopRef, Vehicle } from '../model.js';

/** The end of a slot's day when it names none: 30 hours after midnight (a night's work). */
export const DAY_END = 30 * 3600;
/** Capacity of a slot without a unit: unlimited. */
const UNLIMITED = 1e9;
const DEFAULT_PICKUP_SECONDS = 120;
const DEFAULT_DELIVERY_SECONDS = 180;

export interface BuiltProblem {
  problem: Omit<Problem, 'matrices'>;
  /** The coordinates of each location index; `free` (when not null) is a place at no distance from any other. */
  points: LatLng[];
  free: number | null;
  profiles: string[];
  scope: RunScope;
  /** Midnight of the run's date in the department's zone (epoch ms). */
  origin: number;
  /** The consignments each job stands for (more than one when a shipment's stops are merged). */
  members: Map<string, string[]>;
  /** Job of each consignment. */
  jobOf: Map<string, string>;
  rows: Map<string, ConsignmentRow>;
  /** Consignments that have a pickup stop of their own. */
  pickupStops: Set<string>;
}

/** A unit's depot as a point, or null for none (an old 0,0 is none: `depotOf`, 0041-depot). */
const placeOf = (p: unknown): LatLng | null => {
  const depot = depotOf(p);
  return depot && { lat: depot.lat, lng: depot.lng };
};

function breaksOf(unit: UnitRow | null, at: (hhmm: string) => number): Break[] {
  const b = unit?.break;
  if (!b || b.type === 'NoBreakTime') return [];
  const duration = (isoToMinutes(b.duration) ?? 0) * 60;
  if (b.type === 'TimeWindow')
    return [{ kind: 'timeWindow', earliest: at(b.earliest), latest: at(b.latest), duration }];
  return [
    {
      kind: 'workingTime',
      maxWorkingTime: (isoToMinutes(b.maxWorkingTime) ?? 0) * 60,
      duration,
    },
  ];
}

/** The shipment-level key: consignments of one group, or to one address from one place, share a stop. */
function shipmentKey(row: ConsignmentRow, pickupStop: boolean): string {
  const from = pickupStop ? `${row.pickupLat},${row.pickupLng}` : 'department';
  // Orders for different vehicle types never share a stop: each is served by its own type.
  return `${row.groupId ?? ''}|${from}|${row.deliveryLat},${row.deliveryLng}|${row.vehicleType ?? ''}`;
}

export function buildProblem(day: OptimizingDay): BuiltProblem {
  const scope = runScope(day);
  const { run } = day;
  const origin = zonedInstant(run.date, '00:00', day.timeZone).getTime();
  const times = new Map<string, number>();
  const at = (hhmm: string): number => {
    let t = times.get(hhmm);
    if (t === undefined) {
      t = (zonedInstant(run.date, hhmm, day.timeZone).getTime() - origin) / 1000;
      times.set(hhmm, t);
    }
    return t;
  };
  const rows = new Map(day.consignments.map((c) => [c.id, c]));
  const points: LatLng[] = [];
  const index = new Map<string, number>();
  const loc = (p: LatLng): number => {
    const key = `${p.lat},${p.lng}`;
    let i = index.get(key);
    if (i === undefined) {
      i = points.push(p) - 1;
      index.set(key, i);
    }
    return i;
  };
  let free: number | null = null;
  const freeLoc = (): number => (free ??= points.push({ lat: NaN, lng: NaN }) - 1);
  const atDepartment = new Set(day.departmentPickups);
  const pickupStops = new Set(scope.consignmentIds.filter((id) => !atDepartment.has(id)));
  const locked = new Set(scope.slots.flatMap((s) => s.lockedStops.map(stopConsignment)));

  // Jobs: one per consignment, or one per shipment at shipment level.
  const members = new Map<string, string[]>();
  const jobOf = new Map<string, string>();
  const groups = new Map<string, string[]>();
  for (const id of scope.consignmentIds) {
    const row = rows.get(id)!;
    const key =
      run.kind === 'shipmentLevel' && !locked.has(id)
        ? shipmentKey(row, pickupStops.has(id))
        : `#${id}`;
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  // A stop without a time of its own is planned inside the department's open hours of the date
  // (its calendar, 0098); a department without hours leaves the whole day.
  const window = (
    early: string | null,
    late: string | null,
    relaxed: boolean,
    open: { start: string; end: string } | null | undefined,
  ) => {
    if (relaxed) return { earliest: 0, latest: DAY_END };
    const own = { earliest: early ? at(early) : null, latest: late ? at(late) : null };
    // The hours fill in only a bound the order leaves open, and never against the order's own
    // other bound (a window booked for the evening keeps its evening).
    const opens = open ? at(open.start) : 0;
    const closes = open ? at(open.end) : DAY_END;
    const earliest = own.earliest ?? (own.latest === null || opens < own.latest ? opens : 0);
    const latest = own.latest ?? (closes > earliest ? closes : DAY_END);
    return { earliest, latest: Math.max(earliest, latest) };
  };
  const jobs: Job[] = [];
  for (const ids of groups.values()) {
    const sorted = [...ids].sort(
      (a, b) => (rows.get(a)!.groupOrder ?? 0) - (rows.get(b)!.groupOrder ?? 0),
    );
    const first = rows.get(sorted[0]!)!;
    const relaxed = sorted.some((id) => locked.has(id));
    const stop = (kind: 'pickup' | 'delivery'): Stop => {
      const pickup = kind === 'pickup';
      let earliest = 0;
      let latest = DAY_END;
      let service = 0;
      for (const id of sorted) {
        const r = rows.get(id)!;
        const w = pickup
          ? window(r.pickupTimeEarliest, r.pickupTimeLatest, relaxed, day.hours?.pickup)
          : window(r.deliveryTimeEarliest, r.deliveryTimeLatest, relaxed, day.hours?.delivery);
        earliest = Math.max(earliest, w.earliest);
        latest = Math.min(latest, w.latest);
        service += pickup
          ? (r.pickupDurationSeconds ?? DEFAULT_PICKUP_SECONDS)
          : (r.deliveryDurationSeconds ?? DEFAULT_DELIVERY_SECONDS);
      }
      const place = pickup
        ? { lat: first.pickupLat!, lng: first.pickupLng! }
        : { lat: first.deliveryLat!, lng: first.deliveryLng! };
      return { location: loc(place), earliest, latest: Math.max(earliest, latest), service };
    };
    const demand = [0, 0, 0];
    for (const id of sorted) {
      const r = rows.get(id)!;
      demand[0]! += r.packageCount;
      demand[1]! += r.weightValue;
      demand[2]! += r.volumeValue;
    }
    const jobId = sorted[0]!;
    members.set(jobId, sorted);
    for (const id of sorted) jobOf.set(id, jobId);
    jobs.push({
      id: jobId,
      ...(pickupStops.has(jobId) ? { pickup: stop('pickup') } : {}),
      delivery: stop('delivery'),
      demand,
      priority: sorted.some((id) => rows.get(id)!.priority === 'high') ? 'high' : 'normal',
      // Booked for a vehicle type: only a unit of that type serves it (0094).
      ...(first.vehicleType ? { vehicleTypes: [first.vehicleType] } : {}),
    });
  }

  const profiles = new Set<string>();
  const vehicles = scope.slots.map((s): Vehicle => {
    const unit = s.unit;
    const home = placeOf(unit?.startLocation) ?? day.departmentLocation;
    const away = placeOf(unit?.endLocation) ?? home;
    let start = home ? loc(home) : freeLoc();
    let end: number | undefined = s.slot.shouldDriverNotReturn
      ? undefined
      : away
        ? loc(away)
        : freeLoc();
    if (run.kind === 'reversed') {
      // Planned from where the route would end, back to the depot it must finish at.
      start = away ? loc(away) : start;
      end = home ? loc(home) : freeLoc();
    }
    const profile = unit?.vehicleType ?? 'van';
    profiles.add(profile);
    const from = (Date.parse(s.slot.timeFrom) - origin) / 1000;
    const to = s.slot.timeTo ? (Date.parse(s.slot.timeTo) - origin) / 1000 : DAY_END;
    return {
      id: s.slot.id,
      profile,
      // The unit's type; a slot without a unit has none, so it serves no order booked for one.
      ...(unit ? { type: unit.vehicleType } : {}),
      start,
      ...(end === undefined ? {} : { end }),
      earliest: from,
      latest: Math.max(from, to),
      capacity: unit
        ? [unit.capacity, unit.weightCapacity, unit.volumeCapacity * 1000]
        : [UNLIMITED, UNLIMITED, UNLIMITED],
      // A slot's capacity counts every consignment on its route (docs/decisions/0021).
      ...(unit
        ? { routeCapacity: [unit.capacity, unit.weightCapacity, unit.volumeCapacity * 1000] }
        : {}),
      speedFactor: unit?.speedFactor ?? 1,
      serviceTimeFactor: unit?.serviceTimeFactor ?? 1,
      ...(unit?.maxRangeKm ? { maxDistance: unit.maxRangeKm * 1000 } : {}),
      breaks: breaksOf(unit, at),
      lockedStops: lockedRefs(s, jobOf, pickupStops),
    };
  });
  return {
    problem: { vehicles, jobs, objective: 'distance' },
    points,
    free,
    profiles: [...profiles],
    scope,
    origin,
    members,
    jobOf,
    rows,
    pickupStops,
  };
}

const stopConsignment = (s: RouteStop): string => (s.kind === REST_BREAK ? '' : s.consignmentId);

/** The locked stops as the solver's references (each job's stops once). */
function lockedRefs(
  s: ScopedSlot,
  jobOf: ReadonlyMap<string, string>,
  pickupStops: ReadonlySet<string>,
): StopRef[] {
  const refs: StopRef[] = [];
  const seen = new Set<string>();
  for (const stop of s.lockedStops) {
    if (stop.kind === REST_BREAK) continue;
    const jobId = jobOf.get(stop.consignmentId);
    if (!jobId || (stop.kind === 'pickup' && !pickupStops.has(stop.consignmentId))) continue;
    const key = `${jobId}:${stop.kind}`;
    if (seen.has(key)) continue;
    seen.add(key);
    refs.push({ jobId, type: stop.kind });
  }
  return refs;
}
