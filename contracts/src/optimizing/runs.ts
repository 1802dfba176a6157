import { z } from 'zod';
import { calendarDate, entityId } from '../common.js';

export const OPTIMIZING_RUNS_TABLE = 'rm_optimizing_runs';
export const OPTIMIZING_RUNS_ENTITY = 'optimizingRuns';

/** Spec §4: the route optimiser types a department is set up with. */
export const optimizerTypes = ['PTV', 'PTV_CLOUD', 'GRAPHHOPPER'] as const;
export type OptimizerType = (typeof optimizerTypes)[number];

/**
 * Where an optimising run takes its distances and times from (docs/decisions/0026): a road
 * network service when one is configured, else the embedded great-circle matrix.
 */
export const matrixSources = ['greatCircle', 'osrm', 'valhalla', 'graphhopper'] as const;
export type MatrixSource = (typeof matrixSources)[number];

/** The road service each optimiser type stands for in this product (docs/decisions/0026). */
export const optimizerMatrix: Record<OptimizerType, Exclude<MatrixSource, 'greatCircle'>> = {
  PTV: 'osrm',
  PTV_CLOUD: 'valhalla',
  GRAPHHOPPER: 'graphhopper',
};

/** Spec §4: PTV_CLOUD falls back to PTV or GRAPHHOPPER by market, or by the feature that forces it. */
export function cloudFallback(country: string, features: readonly string[] = []): OptimizerType {
  if (features.includes('graphhopperFallback')) return 'GRAPHHOPPER';
  return country === 'DK' || country === 'FI' ? 'GRAPHHOPPER' : 'PTV';
}

/**
 * The matrix a run uses: its optimiser type's service when configured; PTV_CLOUD without its own
 * service falls back as spec §4 says; without any the great-circle matrix.
 */
export function chooseMatrix(
  type: OptimizerType,
  configured: ReadonlySet<MatrixSource>,
  country: string,
  features: readonly string[] = [],
): { source: MatrixSource; optimizerType: OptimizerType } {
  const own = optimizerMatrix[type];
  if (configured.has(own)) return { source: own, optimizerType: type };
  if (type === 'PTV_CLOUD') {
    const fallback = cloudFallback(country, features);
    const source = optimizerMatrix[fallback];
    if (configured.has(source)) return { source, optimizerType: fallback };
  }
  return { source: 'greatCircle', optimizerType: type };
}

/** A run's life: requested, taken by a worker, and ended one of three ways. */
export const runStates = ['REQUESTED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
export type RunState = (typeof runStates)[number];
export const finishedRunStates: readonly RunState[] = ['COMPLETED', 'FAILED', 'CANCELLED'];
export const isRunFinished = (s: RunState) => finishedRunStates.includes(s);

/**
 * What a run optimises (docs/decisions/0026): a department's day; one slot's route (CREATE_SUGGESTED_ROUTE);
 * one slot with given consignments; one slot driven from its end back to its start
 * (REVERSED_OPTIMIZE_SLOT); one slot with each shipment's stops kept together
 * (OPTIMIZE_SLOT_ON_SHIPMENT_LEVEL).
 */
export const runKinds = ['day', 'slot', 'consignments', 'reversed', 'shipmentLevel'] as const;
export type RunKind = (typeof runKinds)[number];

/** The budget of a run, seconds: what a planner may choose, and the default of each kind. */
export const RUN_SECONDS = { min: 1, max: 120, day: 10, slot: 2 } as const;
/** A run that stopped reporting for this long is taken as abandoned (its process died). */
export const RUN_ABANDONED_MS = 60_000;
/** A requested run no worker took for this long is taken as abandoned. */
export const RUN_QUEUE_ABANDONED_MS = 10 * 60_000;
/** How often a running run reports its progress (spec §4 run flow; the socket pushes each). */
export const RUN_PROGRESS_MS = 500;

/** The figures of a plan: vehicles used, consignments left out, kilometres and driving time. */
export interface PlanFigures {
  vehicles: number;
  unassigned: number;
  distanceKm: number;
  drivingMinutes: number;
}

export interface RunProgress extends Omit<PlanFigures, 'drivingMinutes'> {
  elapsedMs: number;
  iterations: number;
}

/** Why a slot or consignment stayed out of a run. */
export interface Excluded {
  id: string;
  reason: string;
}

/** What a run was given: how many vehicles and consignments, what was locked and left out. */
export interface RunProblem {
  vehicles: number;
  consignments: number;
  lockedStops: number;
  excludedSlots: Excluded[];
  excludedConsignments: Excluded[];
  /** The optimiser type the run stood for, and the distances it used (docs/decisions/0026). */
  optimizerType: OptimizerType;
  matrix: MatrixSource;
}

export interface RunResult extends PlanFigures {
  /** The plan before the run, in the same figures. */
  before: PlanFigures;
  /** Consignments the run could not place, with the optimiser's reason. */
  unplaced: Excluded[];
  /** Slots that got a suggested route (their route would change). */
  suggestedSlotIds: string[];
  iterations: number;
}

export interface OptimizingRun {
  id: string;
  departmentId: string;
  date: string;
  kind: RunKind;
  slotIds: string[];
  /** Only for `consignments`: exactly these go on the slot. */
  consignmentIds: string[] | null;
  allowSortingErrors: boolean;
  /** A day run also plans the day's unplanned consignments. */
  includeUnassigned: boolean;
  seconds: number;
  state: RunState;
  requestedBy: string;
  requestedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Last sign of life of the worker (started or progress). */
  beatAt: string | null;
  /** The process that took the run (absent on runs started before leases were recorded). */
  runner?: RunLease | null;
  problem: RunProblem | null;
  progress: RunProgress | null;
  result: RunResult | null;
  /** Errors from the optimiser (spec §8: shown under the optimiser-error label). */
  errors: string[];
  cancelledBy: string | null;
}
export interface OptimizingRunRow extends OptimizingRun {
  revision: number;
  updatedAtEpoch: number;
}

/** The fields a request names; a new run has not started and holds nothing else yet. */
export type RunRequest = Pick<
  OptimizingRun,
  | 'id'
  | 'departmentId'
  | 'date'
  | 'kind'
  | 'slotIds'
  | 'consignmentIds'
  | 'allowSortingErrors'
  | 'includeUnassigned'
  | 'seconds'
  | 'requestedBy'
  | 'requestedAt'
>;

export const requestedRun = (request: RunRequest): OptimizingRun => ({
  ...request,
  state: 'REQUESTED',
  startedAt: null,
  finishedAt: null,
  beatAt: null,
  problem: null,
  progress: null,
  result: null,
  errors: [],
  cancelledBy: null,
});

export type OptimizingEvent =
  | { type: 'OptimizingRequested'; data: OptimizingRun }
  | {
      type: 'OptimizingStarted';
      data: { id: string; at: string; problem: RunProblem; runner?: RunLease };
    }
  | { type: 'OptimizingProgressed'; data: { id: string; at: string; progress: RunProgress } }
  | { type: 'OptimizingCompleted'; data: { id: string; at: string; result: RunResult } }
  | { type: 'OptimizingFailed'; data: { id: string; at: string; errors: string[] } }
  | { type: 'OptimizingCancelled'; data: { id: string; at: string; by: string } };

/**
 * Who carries a started run: its host and process. A runner starting on a host knows that a run
 * held by the same host and a process that is no longer alive (or has its own pid: a container
 * restarted as pid 1) lost its worker, and takes it over at once instead of waiting for the
 * heartbeat to expire (issue 36, docs/decisions/0039).
 */
export interface RunLease {
  host: string;
  pid: number;
}

/** The one fold of a run the command side and the read model share. */
export function applyOptimizingEvent(
  run: OptimizingRun | null,
  event: OptimizingEvent,
): OptimizingRun | null {
  if (event.type === 'OptimizingRequested') return event.data;
  if (!run) return null;
  const d = event.data;
  const ended = (state: RunState, at: string): OptimizingRun => ({
    ...run,
    state,
    finishedAt: at,
  });
  switch (event.type) {
    case 'OptimizingStarted':
      return {
        ...run,
        state: 'RUNNING',
        startedAt: event.data.at,
        runner: event.data.runner ?? null,
        beatAt: d.at,
        problem: event.data.problem,
      };
    case 'OptimizingProgressed':
      return { ...run, beatAt: d.at, progress: event.data.progress };
    case 'OptimizingCompleted':
      return { ...ended('COMPLETED', d.at), result: event.data.result };
    case 'OptimizingFailed':
      return { ...ended('FAILED', d.at), errors: event.data.errors };
    case 'OptimizingCancelled':
      return { ...ended('CANCELLED', d.at), cancelledBy: event.data.by };
    default: {
      const never: never = event;
      return never;
    }
  }
}

export const optimizingStream = (id: string) => `optimizing-${id}`;
/** One run per department at a time: the department's lock names its running run. */
export const optimizingLockStream = (departmentId: string) =>
  `optimizing-department-${departmentId}`;
export type OptimizingLockEvent =
  | { type: 'OptimizingLockTaken'; data: { departmentId: string; runId: string } }
  | { type: 'OptimizingLockReleased'; data: { departmentId: string; runId: string } };

const seconds = z.number().int().min(RUN_SECONDS.min).max(RUN_SECONDS.max);
const slotRun = z.object({ slot: entityId, seconds: seconds.default(RUN_SECONDS.slot) });

export const optimizingCommandSchemas = {
  /** Optimise a department's day: its slots (all that may change, or those named) and its unplanned consignments. */
  START_OPTIMIZING: z.object({
    departmentId: entityId,
    date: calendarDate,
    slotIds: z.array(entityId).max(1000).optional(),
    includeUnassigned: z.boolean().default(true),
    seconds: seconds.default(RUN_SECONDS.day),
  }),
  CANCEL_RUNNING_OPTIMIZING: z.object({ id: entityId }),
  REVERSED_OPTIMIZE_SLOT: slotRun,
  OPTIMIZE_SLOT_ON_SHIPMENT_LEVEL: slotRun,
} as const;

export const optimizeRequestQuerySchema = z.object({
  department: entityId,
  date: calendarDate.optional(),
  slotIds: z.array(entityId).max(1000).optional(),
});
export const optimizingByIdQuerySchema = z.object({ id: entityId });
export const latestOptimizingIdForSlotQuerySchema = z.object({ slotId: entityId });
export const optimizingRunsQuerySchema = z.object({
  departmentIds: z.array(entityId).max(1000).optional(),
  fromDate: calendarDate,
  toDate: calendarDate,
  limit: z.number().int().min(1).max(1000).default(200),
});
