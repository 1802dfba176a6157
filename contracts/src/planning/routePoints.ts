import type { GeoPrecision } from '../geocoding/index.js';
import type { RouteStop, SlotRow } from './slots.js';
import type { Load } from './slots.js';

/** Service time at a stop when the order names none (docs/decisions/0021-planning.md). */
export const DEFAULT_PICKUP_SECONDS = 120;
export const DEFAULT_DELIVERY_SECONDS = 180;

/**
 * A stop of a slot's route as the planning screens and route lists show it (spec §3 "route point
 * ... arrival (route stop also has endTime)"); a break is a row of type `rest_break` (spec §2).
 */
export interface RoutePoint {
  /** `{consignmentId}:{kind}` or `rest_break`, unique within the slot. */
  key: string;
  slotId: string;
  /** 1-based position in the route. */
  sequence: number;
  type: RouteStop['kind'];
  consignmentId: string | null;
  shipmentId: string | null;
  customerId: string | null;
  name: string;
  address: string;
  zipCode: string;
  zipArea: string;
  lat: number | null;
  lng: number | null;
  /**
   * How precise the point is (contracts/geocoding `geoPrecisions`; null: not known, which counts
   * as approximate). Absent on a break.
   */
  precision?: GeoPrecision | null;
  /** More than 30 km from every other stop of the route (`outlierStops`). */
  outlier?: boolean;
  /** The stop's time window (HH:mm local), when the order has one. */
  timeEarliest: string | null;
  timeLatest: string | null;
  /**
   * When the courier arrives, starts serving (the later of the arrival and the window's start; a
   * break's own start) and leaves (ISO instants), from the schedule.
   */
  arrival: string;
  start: string;
  endTime: string;
  /**
   * Minutes waited between arriving and the window opening (0 before a break that no stop follows:
   * an empty slot's break is a break, not waiting).
   */
  waitingMinutes: number;
  /** Arrives after the window's end. */
  late: boolean;
  /** Kilometres driven from the previous stop. */
  distanceKm: number;
  /** The consignment's state, and whether this stop is done (picked up or delivered). */
  state: string | null;
  done: boolean;
  packageCount: number;
  weight: number;
  volume: number;
}

/** Progress of a slot (query `slots` with includeProgress): stops done and left. */
export interface SlotProgress {
  done: number;
  left: number;
}

/** A slot as query `slots` answers it: the row, and unless shallow its load, capacity and points. */
export interface SlotView extends SlotRow {
  load?: Load;
  capacity?: Load | null;
  routePoints?: RoutePoint[];
  progress?: SlotProgress;
  /** Route totals: kilometres and minutes driven, and the end of the last stop. */
  totals?: RouteTotals;
}

/**
 * A route's totals (the planning schedule): kilometres and minutes driven, the end of the last
 * stop, late stops, minutes waited for windows to open, and minutes past the slot's end.
 */
export interface RouteTotals {
  distanceKm: number;
  drivingMinutes: number;
  endTime: string | null;
  late: number;
  waitingMinutes: number;
  overtimeMinutes: number;
}

/** A unit suggested for a stop: how much its route would grow (kilometres) to take it. */
export interface UnitSuggestion {
  unitId: string;
  slotId: string | null;
  name: string;
  extraKm: number;
}
