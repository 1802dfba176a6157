import { orderImportColumns, rowPayload } from '@nordlog/contracts';
import type { Logger } from '@nordlog/platform';
import { JOBS, runJob, type ImportJobDeps } from './jobs.js';

/** How long a finished import's rows are kept for its screen (docs/decisions/0059-import.md). */
export const IMPORT_KEPT_DAYS = 30;

export const orderPayload = (values: Record<string, string>, departmentId: string) =>
  rowPayload(orderImportColumns, values, departmentId);

/**
 * Runs import jobs in the background, one at a time per job (docs/decisions/0059-import.md). On
 * start it takes up the jobs a stop left RUNNING; a job that fails (the database gone) keeps its
 * rows to book and its error, and is taken up again at the next start or upload.
 */
export class ImportRunner {
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;
  private readonly logger: Logger;

  constructor(private readonly deps: ImportJobDeps) {
    this.logger = deps.logger.child({ component: 'import' });
  }

  /**
   * Takes up the jobs left RUNNING (a stop or a crash in the middle), after dropping finished
   * imports older than IMPORT_KEPT_DAYS: their rows hold the file's names and phones as text.
   */
  async start(): Promise<void> {
    this.stopped = false;
    await this.deps
      .knex(JOBS)
      .whereNot({ status: 'RUNNING' })
      .whereRaw(`created_at < now() - make_interval(days => ?)`, [IMPORT_KEPT_DAYS])
      .delete();
    const left = await this.deps
      .knex(JOBS)
      .where({ status: 'RUNNING' })
      .orderBy('created_at')
      .pluck<string[]>('id');
    for (const id of left) void this.kick(id);
  }

  /** Books the job's rows still to book (no second run of a job that runs). */
  kick(importId: string): Promise<void> {
    const now = this.running.get(importId);
    if (now) return now;
    const run = runJob(this.deps, importId, orderPayload, () => this.stopped)
      .catch(async (err: unknown) => {
        this.logger.error({ err, importId }, 'import stopped; its rows left are booked later');
        await this.deps
          .knex(JOBS)
          .where({ id: importId })
          .update({ error: String((err as Error).message ?? err).slice(0, 500) })
          .catch(() => undefined);
      })
      .finally(() => this.running.delete(importId));
    this.running.set(importId, run);
    return run;
  }

  /** Whether the job is being booked now. */
  isRunning(importId: string): boolean {
    return this.running.has(importId);
  }

  /** Stops after the batches under way; their rows are saved first. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.running.values());
  }
}
