// The public problem and solution model of the optimiser (spec §3 units/slots/breaks, §4 optimising runs).
// Times are in seconds (or the benchmark's time unit), distances in the unit of the matrix (metres in the
// product). Locations are indices into the travel matrix of the vehicle's profile.

/** Row-major square matrices: entry [from * size + to]. */
export interface TravelMatrix {
  readonly size: number;
  readonly distance: ArrayLike<number>;
  readonly duration: ArrayLike<number>;
}

/** A break in the spec's two kinds (§3 Break): within a window, or after at most a working time. */
export type Break =
  | {
      readonly kind: 'timeWindow';
      readonly earliest: number;
      readonly latest: number;
      readonly duration: number;
    }
  | { readonly kind: 'workingTime'; readonly maxWorkingTime: number; readonly duration: number };

export type StopType = 'pickup' | 'delivery';

export interface StopRef {
  readonly jobId: string;
  readonly type: StopType;
}

export interface Vehicle {
  readonly id: string;
  /** Key into Problem.matrices (for example the vehicle type). */
  readonly profile: string;
  readonly start: number;
  /** Undefined: an open route, the driver does not return. */
  readonly end?: number;
  /** The working time window of the slot. */
  readonly earliest: number;
  readonly latest: number;
  /** One entry per capacity dimension (weight, volume, pallet footprints, loading metres, packages...). */
  readonly capacity: readonly number[];
  /**
   * Per dimension, the most the whole route may take: every job's demand counted once, whether
   * on board at the same time or not (the product's slot capacity, docs/decisions/0021).
   */
  readonly routeCapacity?: readonly number[];
  /** Travel time is divided by it (spec default 1). */
  readonly speedFactor?: number;
  /** Service time is multiplied by it (spec default 1). */
  readonly serviceTimeFactor?: number;
  /** Maximum route distance, in matrix distance units (maxRangeKm × 1000 with a metre matrix). */
  readonly maxDistance?: number;
  readonly type?: string;
  /** Goods codes the vehicle may not carry (for example 'adr' without approval). */
  readonly forbiddenGoods?: readonly string[];
  readonly breaks?: readonly Break[];
  /** Stops already visited or collected on a route in progress: they stay first and in this order. */
  readonly lockedStops?: readonly StopRef[];
}

export interface Stop {
  readonly location: number;
  readonly earliest: number;
  readonly latest: number;
  readonly service: number;
}

/**
 * A job: a pickup-and-delivery pair (same vehicle, pickup first), a delivery from the vehicle's start
 * (only `delivery`), or a pickup brought to the vehicle's end (only `pickup`).
 */
export interface Job {
  readonly id: string;
  readonly pickup?: Stop;
  readonly delivery?: Stop;
  readonly demand: readonly number[];
  readonly priority?: 'high' | 'normal';
  /** Goods codes carried; a vehicle forbidding any of them cannot take the job. */
  readonly goods?: readonly string[];
  /** Allowed vehicle types; empty or absent means any. */
  readonly vehicleTypes?: readonly string[];
  /** A planner locked the job to this vehicle. */
  readonly lockedVehicle?: string;
}

export interface Problem {
  readonly matrices: Readonly<Record<string, TravelMatrix>>;
  readonly vehicles: readonly Vehicle[];
  readonly jobs: readonly Job[];
  /** What the third objective level minimises; default distance. */
  readonly objective?: 'distance' | 'duration';
}

export type UnassignedReason = 'capacity' | 'timeWindow' | 'range' | 'vehicleType' | 'noVehicle';

export interface ScheduledStop extends StopRef {
  readonly arrival: number;
  readonly start: number;
  readonly end: number;
}

export interface ScheduledBreak {
  /** Taken after this many stops of the route (0: before the first stop). */
  readonly afterStops: number;
  readonly start: number;
  readonly end: number;
}

export interface Route {
  readonly vehicleId: string;
  readonly stops: readonly ScheduledStop[];
  readonly breaks: readonly ScheduledBreak[];
  readonly departure: number;
  readonly arrival: number;
  readonly distance: number;
  readonly duration: number;
}

export interface Cost {
  readonly unassignedHigh: number;
  readonly unassigned: number;
  readonly vehicles: number;
  readonly distance: number;
  readonly duration: number;
}

export interface Solution {
  readonly routes: readonly Route[];
  readonly unassigned: readonly { readonly jobId: string; readonly reason: UnassignedReason }[];
  readonly cost: Cost;
}

export interface SolveOptions {
  readonly seconds: number;
  readonly seed?: number;
  /** Iteration cap, for reproducible tests independent of machine speed. */
  readonly maxIterations?: number;
  /** Share of the budget spent removing vehicles before minimising distance (default 0.5). */
  readonly fleetShare?: number;
  /** Annealing start and end temperatures relative to a mean arc of 45 (default 100 and 1). */
  readonly temperatures?: readonly [number, number];
}

export interface Progress {
  readonly elapsedMs: number;
  readonly iterations: number;
  readonly cost: Cost;
}
