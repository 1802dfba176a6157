import type { JobKey } from '@nordlog/contracts';
import type { JobControl } from '../jobs/control.js';

/**
 * A job the product runs by itself every so often (the retention of personal data, the recurring
 * orders' bookings): one pass at a time, a pass asked while one runs joins it, nothing after
 * `stop` (which waits for the pass under way). Passes keep nothing between them, so a restart
 * loses nothing; each job's own pass is safe with two processes running it. Governed by a
 * `JobControl` (`governedBy`), a pass first asks the job's shared switch (none when the job is
 * disabled) and records its start and outcome (docs/decisions/0076-admin-jobs.md).
 */
export abstract class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  /** Set by `stop`: a pass under way may end early when it sees it. */
  protected stopped = false;

  protected constructor(
    private readonly intervalMs: number,
    private readonly clock: () => Date,
  ) {}

  /** One pass at `now`: what it did, counted (erased orders, executions run). */
  protected abstract run(now: Date): Promise<number>;

  private gate: { job: JobKey; control: JobControl } | null = null;

  /** Runs under the admin's switch of `job`, recording each pass for `jobsStatus`. */
  governedBy(job: JobKey, control: JobControl): this {
    this.gate = { job, control };
    return this;
  }

  start(): void {
    if (this.gate)
      void this.gate.control.register(this.gate.job, this.intervalMs).catch(() => undefined);
    this.timer = setInterval(() => void this.pass().catch(() => undefined), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass now (tests and the admin run one themselves); joins a pass under way. */
  pass(now = this.clock()): Promise<number> {
    if (this.running || this.stopped) return this.running ?? Promise.resolve(0);
    const gate = this.gate;
    const pass = gate
      ? gate.control
          .governed(gate.job, now, this.intervalMs, () => this.run(now))
          .then((n) => n ?? 0)
      : this.run(now);
    this.running = pass.finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        setImmediate(() => this.wake());
      }
    });
    return this.running;
  }

  private again = false;

  /**
   * Something to do has come (a wake-up signal): a pass now, or right after the one under way,
   * which may have looked before it came. Signals during a pass make one more pass, not one each.
   */
  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else void this.pass().catch(() => undefined);
  }
}
