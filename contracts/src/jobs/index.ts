import { z } from 'zod';

/**
 * The jobs the product runs by itself (spec §1 "jobs", §2 `/admin/jobs`, §4 "enable or disable
 * jobs"; docs/decisions/0076-admin-jobs.md). The catalogue is fixed by the code that runs them:
 * a job is not created or deleted, only enabled and disabled. Every process that runs a job asks
 * the shared read model before each pass, so a switch reaches every replica.
 */
export const jobKeys = [
  'RECURRING_ORDERS',
  'PRE_ADVICE',
  'WEBHOOK_DELIVERY',
  'RETENTION',
  'OPTIMIZING_TAKE_OVER',
  'INVOICING_RUNS',
  'PROOF_SWEEP',
] as const;
export type JobKey = (typeof jobKeys)[number];
export const isJobKey = (s: string): s is JobKey => (jobKeys as readonly string[]).includes(s);

/** How a pass ended: OK (what it did is `lastCount`), FAILED (its error in `lastError`). */
export const jobOutcomes = ['OK', 'FAILED'] as const;
export type JobOutcome = (typeof jobOutcomes)[number];

export const JOBS_TABLE = 'rm_jobs';
export const JOBS_ENTITY = 'jobs';
/**
 * The passes of the jobs (platform table, written by the processes that run them; not events:
 * a pass every few seconds is operational state, not business history).
 */
export const JOB_RUNS_TABLE = 'job_runs';

export const jobStream = (job: JobKey) => `job-${job}`;

/** ENABLE_JOB and DISABLE_JOB (spec §7 "jobs enable and disable"). */
export const jobSwitchSchema = z.object({ job: z.enum(jobKeys) }).strict();

export const jobCommandSchemas = {
  ENABLE_JOB: jobSwitchSchema,
  DISABLE_JOB: jobSwitchSchema,
} as const;

/** Query `jobsStatus` (spec §7): every job, no parameters. */
export const jobsStatusQuerySchema = z.object({}).strict();

/** The switch of a job as events keep it (rm_jobs): a job never switched is enabled. */
export interface JobSwitchRow {
  id: JobKey;
  enabled: boolean;
  /** Who switched it last (user id) and when. */
  changedBy: string | null;
  changedAt: string | null;
  revision: number;
  updatedAtEpoch: number;
}

/** One row of `jobsStatus`: the switch, and the last pass of any process. */
export interface JobStatus extends JobSwitchRow {
  /** How often a process runs it, in seconds (0: not scheduled in this installation). */
  intervalSeconds: number;
  /** A pass is under way (started and not finished, its process alive within the interval). */
  running: boolean;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastOutcome: JobOutcome | null;
  lastCount: number | null;
  lastError: string | null;
  /** When the next pass is due (null: disabled, or never run). */
  nextRunAt: string | null;
}

export type JobEvent =
  | { type: 'JobEnabled'; data: { id: JobKey; changedBy: string; changedAt: string } }
  | { type: 'JobDisabled'; data: { id: JobKey; changedBy: string; changedAt: string } };
