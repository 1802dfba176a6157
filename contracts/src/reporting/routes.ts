import { greatCircleMetres } from '../planning/travel.js';

/**
 * Route figures of the reports (issue 45, docs/decisions/0090-route-reports.md): kilometres and
 * driving time planned (the planning schedule of each slot's route) and driven (the courier's
 * positions while the slot is IN_PROGRESS), working time (the slot's start to its completion),
 * stops per hour and load factor. The driven and worked figures are kept per slot by the
 * `routeReports` projection (rm_report_routes).
 */
export const ROUTE_REPORTS_TABLE = 'rm_report_routes';
/**
 * The route figures' rollup per department and day (docs/decisions/0101, addendum), kept by
 * `routeReports` with rm_report_routes: the slots counted (not deleted, not cancelled), their
 * driven metres and driving seconds, and of those started and completed the working seconds and
 * route stops. Exact sums (numeric): a day is always the sum of its slots, however it was folded.
 */
export const ROUTE_DAYS_TABLE = 'rm_report_route_days';
/**
 * The routes' planned figures (docs/decisions/0105), kept by the `routePlans` projection: per slot
 * its route and the planned kilometres, driving minutes, load and capacity (`routePlan`, the
 * planning schedule's totals), computed again whenever the slot, its unit or a consignment on it
 * changes; with the points and loads of every consignment and the units it computes them from.
 */
export const ROUTE_PLANS_TABLE = 'rm_route_plans';
export const ROUTE_PLAN_POINTS_TABLE = 'rm_route_plan_points';
export const ROUTE_PLAN_UNITS_TABLE = 'rm_route_plan_units';

/** A leg between two positions faster than this is GPS noise: left out, its end point too. */
export const MAX_DRIVEN_SPEED_KMH = 200;
/** A leg at least this fast counts as driving time (slower: standing, walking to a door). */
export const MIN_DRIVING_SPEED_KMH = 5;

export interface TrackPoint {
  lat: number;
  lng: number;
  /** When the device measured it (ISO). */
  at: string;
}

/**
 * One position after `anchor` (the last accepted one): what it adds to the slot's driven metres
 * and driving seconds, and the new anchor. A leg implying more than MAX_DRIVEN_SPEED_KMH (or no
 * time) adds nothing and the anchor stays: a single jump away and back is one noisy point.
 */
export function drivenLeg(
  anchor: TrackPoint | null,
  next: TrackPoint,
): { metres: number; seconds: number; anchor: TrackPoint } {
  if (!anchor) return { metres: 0, seconds: 0, anchor: next };
  const seconds = (Date.parse(next.at) - Date.parse(anchor.at)) / 1000;
  if (!(seconds > 0)) return { metres: 0, seconds: 0, anchor };
  const metres = greatCircleMetres(anchor, next);
  const kmh = metres / 1000 / (seconds / 3600);
  if (kmh > MAX_DRIVEN_SPEED_KMH) return { metres: 0, seconds: 0, anchor };
  return { metres, seconds: kmh >= MIN_DRIVING_SPEED_KMH ? seconds : 0, anchor: next };
}

/**
 * A group's route figures (a day, a courier or a unit), summed over its slots:
 * - `plannedKm`, `plannedDrivingMinutes`: the planning schedule of the slots' routes now;
 * - `drivenKm`, `drivenMinutes`: the couriers' positions while the slots were IN_PROGRESS;
 * - `workingMinutes`: completed slots, from the start (IN_PROGRESS) to the completion;
 *   `workedStops`: their route stops (pickups and deliveries); `stopsPerHour` of those;
 * - `loadWeight`/`capacityWeight` (kg) and `loadVolume`/`capacityVolume` (dm³): the slots with a
 *   unit, the planned load against the unit's capacity; the factors are their ratios.
 */
export interface RouteReportFigures {
  slots: number;
  plannedKm: number;
  plannedDrivingMinutes: number;
  drivenKm: number;
  drivenMinutes: number;
  workingMinutes: number;
  workedStops: number;
  stopsPerHour: number | null;
  loadWeight: number;
  capacityWeight: number;
  loadVolume: number;
  capacityVolume: number;
  loadFactorWeight: number | null;
  loadFactorVolume: number | null;
}
export const routeSumFields = [
  'slots',
  'plannedKm',
  'plannedDrivingMinutes',
  'drivenKm',
  'drivenMinutes',
  'workingMinutes',
  'workedStops',
  'loadWeight',
  'capacityWeight',
  'loadVolume',
  'capacityVolume',
] as const satisfies readonly (keyof RouteReportFigures)[];
type RouteSums = Pick<RouteReportFigures, (typeof routeSumFields)[number]>;

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The figures of sums: rounded (km to 0.1, minutes whole, loads to 0.001), with their ratios. */
export function routeReportFigures(s: RouteSums): RouteReportFigures {
  const r: RouteSums = {
    ...s,
    plannedKm: round(s.plannedKm, 1),
    drivenKm: round(s.drivenKm, 1),
    plannedDrivingMinutes: Math.round(s.plannedDrivingMinutes),
    drivenMinutes: Math.round(s.drivenMinutes),
    workingMinutes: Math.round(s.workingMinutes),
    loadWeight: round(s.loadWeight, 3),
    capacityWeight: round(s.capacityWeight, 3),
    loadVolume: round(s.loadVolume, 3),
    capacityVolume: round(s.capacityVolume, 3),
  };
  return {
    ...r,
    stopsPerHour: s.workingMinutes > 0 ? round(s.workedStops / (s.workingMinutes / 60), 2) : null,
    loadFactorWeight: s.capacityWeight > 0 ? round(s.loadWeight / s.capacityWeight, 3) : null,
    loadFactorVolume: s.capacityVolume > 0 ? round(s.loadVolume / s.capacityVolume, 3) : null,
  };
}

export const emptyRouteSums = (): RouteSums =>
  Object.fromEntries(routeSumFields.map((f) => [f, 0])) as RouteSums;

/** The sum of figures (unrounded sums in, as the rows were summed). */
export function addRouteSums(a: RouteSums, b: RouteSums): RouteSums {
  const sum = { ...a };
  for (const f of routeSumFields) sum[f] = a[f] + b[f];
  return sum;
}

/** One row of the route figures: the group (a date, a courier or a unit; null: none). */
export interface RouteRow extends RouteReportFigures {
  key: string | null;
  label: string | null;
}
export interface RouteReport {
  rows: RouteRow[];
  totals: RouteReportFigures;
}
