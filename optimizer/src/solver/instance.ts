// The compiled, array-based form of a Problem that the search works on: every stop and job gets a dense
// index so the hot loop reads typed arrays instead of objects.
import type { Break, Problem } from '../model.js';
import { compatible } from './compat.js';

/** What a stop does to the load: pair halves, a delivery loaded at the start, a pickup kept to the end. */
export const PAIR_PICKUP = 0;
export const PAIR_DELIVERY = 1;
export const START_DELIVERY = 2;
export const END_PICKUP = 3;

export interface Instance {
  readonly problem: Problem;
  readonly dims: number;
  readonly stopCount: number;
  readonly stopLoc: Int32Array;
  readonly stopEarly: Float64Array;
  readonly stopLate: Float64Array;
  readonly stopService: Float64Array;
  readonly stopJob: Int32Array;
  readonly stopKind: Int8Array;
  /** Load change when leaving the stop, stopCount × dims. */
  readonly stopDelta: Float64Array;
  /** 1 for a stop in a vehicle's locked prefix: never removed nor moved. */
  readonly stopFixed: Uint8Array;
  readonly jobCount: number;
  /** First and second stop of each job; second is -1 for a single-stop job. */
  readonly jobFirst: Int32Array;
  readonly jobSecond: Int32Array;
  readonly jobDemand: Float64Array;
  readonly jobHigh: Uint8Array;
  /** jobCount × vehicleCount: 1 when the vehicle may serve the job. */
  readonly jobVehicleOk: Uint8Array;
  readonly vehicleCount: number;
  readonly vehProfile: Int32Array;
  readonly vehStart: Int32Array;
  /** -1 for an open route. */
  readonly vehEnd: Int32Array;
  readonly vehEarly: Float64Array;
  readonly vehLate: Float64Array;
  readonly vehCap: Float64Array;
  /** Per vehicle and dimension, the route's total demand limit (Infinity: none); `vehRouteCapped` 1 when any. */
  readonly vehRouteCap: Float64Array;
  readonly vehRouteCapped: Uint8Array;
  readonly vehInvSpeed: Float64Array;
  readonly vehServiceFactor: Float64Array;
  readonly vehMaxDist: Float64Array;
  readonly vehBreaks: readonly (readonly Break[])[];
  /** Stop indices of each vehicle's locked prefix. */
  readonly vehLocked: readonly (readonly number[])[];
  /** Per profile: size and the matrices as Float64Array. */
  readonly size: Int32Array;
  readonly dist: readonly Float64Array[];
  readonly dur: readonly Float64Array[];
  /** The matrices the third objective level sums (distance or duration). */
  readonly cost: readonly Float64Array[];
  /**
   * `dur` and `cost` transposed (the same array when a matrix is symmetric): the insertion reads
   * the arcs into a stop from its row, so a job's scan over every route reads four rows of the
   * matrices, which stay in the processor's cache, instead of a column spread over all of them.
   */
  readonly durT: readonly Float64Array[];
  readonly costT: readonly Float64Array[];
  /**
   * For each stop, the other stops sorted by distance (for string removal): read through
   * `neighboursOf`, which sorts a stop's list the first time it is asked for.
   */
  readonly neighbours: (Int32Array | undefined)[];
  /** Where the lists are computed from: the first profile's matrix. */
  readonly neighbourDist: Float64Array;
  /** For each stop, its NEAREST nearest other stops: read through `nearestOf`, computed on first use. */
  readonly nearest: (Int32Array | undefined)[];
  /** Vehicles with the same class are interchangeable when empty: only one of them is tried. */
  readonly vehClass: Int32Array;
  /**
   * jobCount × vehicleCount: the route version (RouteState.version) at which the job was proven to
   * fit nowhere in that vehicle's route, 0 for none. Written and read by `bestInsertion` only.
   */
  readonly noFit: Float64Array;
}

export function compile(problem: Problem): Instance {
  const profiles = Object.keys(problem.matrices);
  const dims = Math.max(
    1,
    ...problem.vehicles.map((v) => v.capacity.length),
    ...problem.jobs.map((j) => j.demand.length),
  );
  const jobs = problem.jobs;
  const stopCount = jobs.reduce((n, j) => n + (j.pickup ? 1 : 0) + (j.delivery ? 1 : 0), 0);
  const s = {
    loc: new Int32Array(stopCount),
    early: new Float64Array(stopCount),
    late: new Float64Array(stopCount),
    service: new Float64Array(stopCount),
    job: new Int32Array(stopCount),
    kind: new Int8Array(stopCount),
    delta: new Float64Array(stopCount * dims),
  };
  const jobFirst = new Int32Array(jobs.length);
  const jobSecond = new Int32Array(jobs.length).fill(-1);
  const jobDemand = new Float64Array(jobs.length * dims);
  const jobHigh = new Uint8Array(jobs.length);
  let next = 0;
  jobs.forEach((job, j) => {
    jobHigh[j] = job.priority === 'high' ? 1 : 0;
    job.demand.forEach((d, k) => (jobDemand[j * dims + k] = d));
    const add = (stop: NonNullable<Job['pickup']>, kind: number, sign: number): number => {
      const i = next++;
      s.loc[i] = stop.location;
      s.early[i] = stop.earliest;
      s.late[i] = stop.latest;
      s.service[i] = stop.service;
      s.job[i] = j;
      s.kind[i] = kind;
      job.demand.forEach((d, k) => (s.delta[i * dims + k] = sign * d));
      return i;
    };
    if (job.pickup && job.delivery) {
      jobFirst[j] = add(job.pickup, PAIR_PICKUP, 1);
      jobSecond[j] = add(job.delivery, PAIR_DELIVERY, -1);
    } else if (job.delivery) jobFirst[j] = add(job.delivery, START_DELIVERY, -1);
    else if (job.pickup) jobFirst[j] = add(job.pickup, END_PICKUP, 1);
    else throw new Error(`job ${job.id} has neither pickup nor delivery`);
  });
  const vehicles = problem.vehicles;
  const V = vehicles.length;
  const vehCap = new Float64Array(V * dims);
  vehicles.forEach((v, i) => {
    for (let k = 0; k < dims; k++) vehCap[i * dims + k] = v.capacity[k] ?? Infinity;
  });
  const vehRouteCap = new Float64Array(V * dims).fill(Infinity);
  vehicles.forEach((v, i) => v.routeCapacity?.forEach((c, k) => (vehRouteCap[i * dims + k] = c)));
  const jobVehicleOk = new Uint8Array(jobs.length * V);
  jobs.forEach((job, j) =>
    vehicles.forEach((v, i) => (jobVehicleOk[j * V + i] = compatible(job, v) ? 1 : 0)),
  );
  const profileIndex = (name: string): number => {
    const p = profiles.indexOf(name);
    if (p < 0) throw new Error(`no matrix for profile ${name}`);
    return p;
  };
  const dist = profiles.map((p) => Float64Array.from(problem.matrices[p]?.distance ?? []));
  const dur = profiles.map((p) => Float64Array.from(problem.matrices[p]?.duration ?? []));
  const size = Int32Array.from(profiles.map((p) => problem.matrices[p]?.size ?? 0));
  const durT = dur.map((mat, p) => transposed(mat, size[p] ?? 0));
  const costT =
    problem.objective === 'duration' ? durT : dist.map((mat, p) => transposed(mat, size[p] ?? 0));
  const stopIndex = stopLookup(problem, jobFirst, jobSecond);
  const vehLocked = vehicles.map((v) => (v.lockedStops ?? []).map(stopIndex));
  const stopFixed = new Uint8Array(stopCount);
  vehLocked.forEach((stops, v) =>
    stops.forEach((st) => {
      stopFixed[st] = 1;
      // A job with a stop on a route in progress stays on that vehicle.
      const j = s.job[st] ?? 0;
      for (let o = 0; o < V; o++) if (o !== v) jobVehicleOk[j * V + o] = 0;
    }),
  );
  return {
    problem,
    dims,
    stopCount,
    stopLoc: s.loc,
    stopEarly: s.early,
    stopLate: s.late,
    stopService: s.service,
    stopJob: s.job,
    stopKind: s.kind,
    stopDelta: s.delta,
    jobCount: jobs.length,
    jobFirst,
    jobSecond,
    jobDemand,
    jobHigh,
    jobVehicleOk,
    vehicleCount: V,
    vehProfile: Int32Array.from(vehicles.map((v) => profileIndex(v.profile))),
    vehStart: Int32Array.from(vehicles.map((v) => v.start)),
    vehEnd: Int32Array.from(vehicles.map((v) => v.end ?? -1)),
    vehEarly: Float64Array.from(vehicles.map((v) => v.earliest)),
    vehLate: Float64Array.from(vehicles.map((v) => v.latest)),
    vehCap,
    vehRouteCap,
    vehRouteCapped: Uint8Array.from(vehicles.map((v) => (v.routeCapacity ? 1 : 0))),
    vehInvSpeed: Float64Array.from(vehicles.map((v) => 1 / (v.speedFactor ?? 1))),
    vehServiceFactor: Float64Array.from(vehicles.map((v) => v.serviceTimeFactor ?? 1)),
    vehMaxDist: Float64Array.from(vehicles.map((v) => v.maxDistance ?? Infinity)),
    vehBreaks: vehicles.map((v) => v.breaks ?? []),
    vehLocked,
    stopFixed,
    vehClass: vehicleClasses(problem),
    noFit: new Float64Array(jobs.length * V),
    size,
    dist,
    dur,
    cost: problem.objective === 'duration' ? dur : dist,
    durT,
    costT,
    neighbours: new Array<Int32Array | undefined>(stopCount),
    nearest: new Array<Int32Array | undefined>(stopCount),
    neighbourDist: dist[0] ?? new Float64Array(0),
  };
}

type Job = Problem['jobs'][number];

/** The matrix with rows and columns swapped, or the matrix itself when that changes nothing. */
export function transposed(mat: Float64Array, m: number): Float64Array {
  let symmetric = true;
  for (let a = 0; a < m && symmetric; a++)
    for (let b = a + 1; b < m; b++)
      if (mat[a * m + b] !== mat[b * m + a]) {
        symmetric = false;
        break;
      }
  if (symmetric) return mat;
  const out = new Float64Array(mat.length);
  for (let a = 0; a < m; a++) for (let b = 0; b < m; b++) out[b * m + a] = mat[a * m + b] as number;
  return out;
}

function stopLookup(problem: Problem, first: Int32Array, second: Int32Array) {
  const byId = new Map(problem.jobs.map((j, i) => [j.id, i]));
  return (ref: { jobId: string; type: string }): number => {
    const j = byId.get(ref.jobId);
    if (j === undefined) throw new Error(`locked stop of unknown job ${ref.jobId}`);
    const job = problem.jobs[j];
    const isSecond =
      job?.pickup !== undefined && job.delivery !== undefined && ref.type === 'delivery';
    return isSecond ? (second[j] ?? -1) : (first[j] ?? -1);
  };
}

/**
 * The other stops of a stop by distance in the first profile, ties broken by index so the order is
 * deterministic. Sorted the first time a stop is asked for: with thousands of stops, sorting every
 * list up front took longer than building the first plan (a list is read only when the stop seeds a
 * ruin or an ejection, so most runs never sort most of them before their first plan).
 */
export function neighboursOf(inst: Instance, a: number): Int32Array {
  let list = inst.neighbours[a];
  if (list) return list;
  const loc = inst.stopLoc;
  const n = inst.size[0] ?? 0;
  const count = inst.stopCount;
  const from = (loc[a] ?? 0) * n;
  const key = new Float64Array(count);
  for (let b = 0; b < count; b++) key[b] = inst.neighbourDist[from + (loc[b] ?? 0)] ?? 0;
  list = new Int32Array(count - 1);
  for (let b = 0, k = 0; b < count; b++) if (b !== a) list[k++] = b;
  list.sort((x, y) => (key[x] as number) - (key[y] as number) || x - y);
  inst.neighbours[a] = list;
  return list;
}

/** How many nearest stops `nearestOf` keeps per stop. */
export const NEAREST = 24;

/**
 * The NEAREST other stops of a stop in the order of `neighboursOf` (distance, then index), found in
 * one pass without sorting the whole list (O(stops) per stop, against O(stops log stops)): the
 * recreate reads them for every job it places, so at a thousand jobs sorting every full list would
 * cost a good part of a ten-second run.
 */
export function nearestOf(inst: Instance, a: number): Int32Array {
  let list = inst.nearest[a];
  if (list) return list;
  const full = inst.neighbours[a];
  const count = inst.stopCount;
  const k = Math.min(NEAREST, count - 1);
  if (full) {
    list = full.slice(0, k);
  } else {
    const loc = inst.stopLoc;
    const row = (loc[a] ?? 0) * (inst.size[0] ?? 0);
    const dist = inst.neighbourDist;
    const key = new Float64Array(k);
    list = new Int32Array(k);
    let have = 0;
    for (let b = 0; b < count; b++) {
      if (b === a) continue;
      const d = dist[row + (loc[b] ?? 0)] ?? 0;
      // Later stops lose ties (b grows), so only a strictly nearer one gets in.
      if (have === k && d >= (key[k - 1] as number)) continue;
      let p = have < k ? have++ : k - 1;
      while (p > 0 && (key[p - 1] as number) > d) {
        key[p] = key[p - 1] as number;
        list[p] = list[p - 1] as number;
        p--;
      }
      key[p] = d;
      list[p] = b;
    }
  }
  inst.nearest[a] = list;
  return list;
}

function vehicleClasses(problem: Problem): Int32Array {
  const keys = problem.vehicles.map((v) => {
    const { id: _id, lockedStops, ...rest } = v;
    return (lockedStops ?? []).length > 0 ? `locked:${v.id}` : JSON.stringify(rest);
  });
  return Int32Array.from(keys.map((k) => keys.indexOf(k)));
}

export function breaksOf(inst: Instance, v: number): readonly Break[] {
  return inst.vehBreaks[v] ?? [];
}

/** Per instance, the vehicles whose loads can never exceed their capacity once the route total fits. */
const boundByTotal = new WeakMap<Instance, Uint8Array>();

/**
 * Whether the vehicle's capacity never binds once its route total fits (checked before any scan):
 * the load on board at any point is at most the demand of every job on the route, which the route
 * total (0021) bounds, so when that limit is no higher than the capacity in every dimension (the
 * product's slots: the same figures) and no demand is negative, no slot needs a load check.
 */
export function loadsBoundByTotal(inst: Instance, v: number): boolean {
  let flags = boundByTotal.get(inst);
  if (!flags) {
    const D = inst.dims;
    const nonNegative = inst.jobDemand.every((x) => x >= 0);
    flags = new Uint8Array(inst.vehicleCount);
    for (let w = 0; w < inst.vehicleCount; w++) {
      let ok = nonNegative && inst.vehRouteCapped[w] === 1;
      for (let d = 0; d < D && ok; d++)
        ok = (inst.vehRouteCap[w * D + d] ?? Infinity) <= (inst.vehCap[w * D + d] ?? 0);
      flags[w] = ok ? 1 : 0;
    }
    boundByTotal.set(inst, flags);
  }
  return flags[v] === 1;
}
