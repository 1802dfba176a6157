import {
  JOBS_TABLE,
  JOB_RUNS_TABLE,
  jobKeys,
  type JobKey,
  type JobOutcome,
  type JobStatus,
  type JobSwitchRow,
} from '@nordlog/contracts';
import type { QueryHandler } from '../framework.js';

/**
 * A pass counts as running while its start is younger than this: a process that died mid-pass
 * leaves its start behind, and no pass of these jobs takes an hour.
 */
const RUNNING_AT_MOST = "interval '1 hour'";

interface RunRow {
  job: string;
  interval_seconds: number;
  running: boolean;
  last_started_at: Date | null;
  last_finished_at: Date | null;
  last_outcome: JobOutcome | null;
  last_count: number | null;
  last_error: string | null;
  next_run_at: Date | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Query `jobsStatus` (spec §7; docs/decisions/0076-admin-jobs.md): every job of the catalogue with
 * its switch (rm_jobs; never switched: enabled) and its last pass by any process (job_runs): its
 * start, end, outcome and count, whether one is under way, and when the next is due (none while
 * the job is disabled).
 */
export const jobsStatus: QueryHandler<'jobsStatus'> = async (_params, { knex }) => {
  const [switches, runs] = await Promise.all([
    knex(JOBS_TABLE).select<{ data: JobSwitchRow }[]>('data'),
    knex(JOB_RUNS_TABLE).select<RunRow[]>(
      'job',
      'interval_seconds',
      knex.raw(
        `(running_since is not null and running_since > now() - ${RUNNING_AT_MOST}) as running`,
      ),
      'last_started_at',
      'last_finished_at',
      'last_outcome',
      'last_count',
      'last_error',
      'next_run_at',
    ),
  ]);
  const switchOf = new Map(switches.map((s) => [s.data.id, s.data]));
  const runOf = new Map(runs.map((r) => [r.job, r]));
  return jobKeys.map((id: JobKey): JobStatus => {
    const s = switchOf.get(id);
    const r = runOf.get(id);
    const enabled = s?.enabled ?? true;
    return {
      id,
      enabled,
      changedBy: s?.changedBy ?? null,
      changedAt: s?.changedAt ?? null,
      revision: s?.revision ?? -1,
      updatedAtEpoch: s?.updatedAtEpoch ?? 0,
      intervalSeconds: r?.interval_seconds ?? 0,
      running: r?.running ?? false,
      lastStartedAt: iso(r?.last_started_at ?? null),
      lastFinishedAt: iso(r?.last_finished_at ?? null),
      lastOutcome: r?.last_outcome ?? null,
      lastCount: r?.last_count ?? null,
      lastError: r?.last_error ?? null,
      nextRunAt: enabled ? iso(r?.next_run_at ?? null) : null,
    };
  });
};
