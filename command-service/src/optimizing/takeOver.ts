import { PeriodicJob } from '../framework/periodicJob.js';
import type { OptimizingRunner } from './runner.js';

/**
 * The optimiser's take-over of dead runs as a scheduled job (docs/decisions/0076-admin-jobs.md):
 * the runner takes over at its start; this looks again every minute, so the runs of a process of
 * this host that died meanwhile (a sibling replica) are failed and their departments' locks freed
 * without waiting for the heartbeat to expire.
 */
export class OptimizingTakeOverJob extends PeriodicJob {
  constructor(
    private readonly runner: OptimizingRunner,
    intervalMs = 60_000,
    clock: () => Date = () => new Date(),
  ) {
    super(intervalMs, clock);
  }

  protected run(): Promise<number> {
    return this.runner.takeOverDead();
  }
}
