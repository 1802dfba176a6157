import { JOBS_TABLE, JOB_RUNS_TABLE, type JobKey, type JobOutcome } from '@nordlog/contracts';
import { preparedQuery, type Knex } from '@nordlog/platform';
import { hostname } from 'node:os';

/** A pass under way: its job and its own id (so only its own end clears "running"). */
export interface JobPass {
  job: JobKey;
  id: string;
}

/** Whether a job is enabled: its switch in the shared read model; never switched: enabled. */
const ENABLED_SQL = `select coalesce((select enabled from ${JOBS_TABLE} where id = $1), true) as enabled`;

const REGISTER_SQL = `insert into ${JOB_RUNS_TABLE} (job, interval_seconds, next_run_at, updated_at)
  values ($1, $2::int, now() + make_interval(secs => $2::int), now())
  on conflict (job) do update set interval_seconds = excluded.interval_seconds,
    next_run_at = coalesce(${JOB_RUNS_TABLE}.next_run_at, excluded.next_run_at), updated_at = now()`;

const BEGIN_SQL = `insert into ${JOB_RUNS_TABLE}
    (job, interval_seconds, running_since, running_pass, running_by, last_started_at, next_run_at, updated_at)
  values ($1, $2::int, $3::timestamptz, $4::uuid, $5, $3::timestamptz,
    $3::timestamptz + make_interval(secs => $2::int), now())
  on conflict (job) do update set interval_seconds = excluded.interval_seconds,
    running_since = excluded.running_since, running_pass = excluded.running_pass,
    running_by = excluded.running_by, last_started_at = excluded.last_started_at,
    next_run_at = excluded.next_run_at, updated_at = now()`;

const FINISH_SQL = `update ${JOB_RUNS_TABLE} set last_finished_at = now(), last_outcome = $3,
    last_count = $4, last_error = $5, updated_at = now(),
    running_since = case when running_pass = $2::uuid then null else running_since end,
    running_pass = case when running_pass = $2::uuid then null else running_pass end,
    running_by = case when running_pass = $2::uuid then null else running_by end
  where job = $1`;

/**
 * The shared state of the scheduled jobs (docs/decisions/0076-admin-jobs.md): every process that
 * runs a job asks `enabled` before each pass (the switch is an event, projected to rm_jobs, which
 * every replica reads), and records the pass it runs in `job_runs`, which `jobsStatus` reads. A
 * disabled job starts no pass anywhere; a pass under way when it is disabled finishes.
 */
export class JobControl {
  private readonly by = `${hostname()}:${process.pid}`;

  constructor(private readonly knex: Knex) {}

  async enabled(job: JobKey): Promise<boolean> {
    const [row] = await preparedQuery<{ enabled: boolean }>(this.knex, ENABLED_SQL, [job]);
    return row?.enabled !== false;
  }

  /** A process schedules the job every `intervalMs` (shown as its interval and next run). */
  async register(job: JobKey, intervalMs: number): Promise<void> {
    await preparedQuery(this.knex, REGISTER_SQL, [job, Math.round(intervalMs / 1000)]);
  }

  async begin(job: JobKey, now: Date, intervalMs: number): Promise<JobPass> {
    const id = crypto.randomUUID();
    await preparedQuery(this.knex, BEGIN_SQL, [
      job,
      Math.round(intervalMs / 1000),
      now.toISOString(),
      id,
      this.by,
    ]);
    return { job, id };
  }

  async finish(
    pass: JobPass,
    outcome: JobOutcome,
    count: number | null,
    error: string | null,
  ): Promise<void> {
    await preparedQuery(this.knex, FINISH_SQL, [
      pass.job,
      pass.id,
      outcome,
      count,
      error === null ? null : error.slice(0, 500),
    ]);
  }

  /**
   * Runs one pass of `job` under the switch: nothing when the job is disabled (null), else the
   * pass recorded from its start to its outcome (a failure is recorded and thrown on).
   */
  async governed(
    job: JobKey,
    now: Date,
    intervalMs: number,
    run: () => Promise<number>,
  ): Promise<number | null> {
    if (!(await this.enabled(job))) return null;
    const pass = await this.begin(job, now, intervalMs);
    let count: number;
    try {
      count = await run();
    } catch (err) {
      await this.finish(pass, 'FAILED', null, err instanceof Error ? err.message : String(err));
      throw err;
    }
    await this.finish(pass, 'OK', count, null);
    return count;
  }
}
