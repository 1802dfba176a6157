import {
  RECURRING_HORIZON_DAYS,
  RECURRING_ORDERS_TABLE,
  DEPARTMENTS_TABLE,
  addDays,
  countryTimeZones,
  dayIn,
} from '@nordlog/contracts';
import type { Knex, Logger } from '@nordlog/platform';
import { PeriodicJob } from '../framework/periodicJob.js';

export interface RecurringSchedulerDeps {
  /** Runs a command in process as the system (deploy's `commandParts().run`). */
  run: (name: string, payload: unknown) => Promise<{ status: number; body: unknown }>;
  knex: Knex;
  logger: Logger;
  /** How often it looks (default every five minutes). */
  intervalMs?: number;
  /**
   * The days ahead it books, today included, for a department that names none of its own
   * (`planningHorizonDays`; default RECURRING_HORIZON_DAYS).
   */
  horizonDays?: number;
  clock?: () => Date;
}

/**
 * Books recurring orders by itself (docs/decisions/0058-recurring-orders.md): every few minutes,
 * for each department with recurring orders, EXECUTE_RECURRING_ORDERS for today and the days
 * ahead of its horizon (today in the department's country). Restart-safe, and safe with two
 * processes running it: it keeps nothing between passes, and executing a date again books no
 * occurrence twice (the occurrence's stream decides, deterministic order ids lose the race).
 */
export class RecurringScheduler extends PeriodicJob {
  constructor(private readonly deps: RecurringSchedulerDeps) {
    super(deps.intervalMs ?? 300_000, deps.clock ?? (() => new Date()));
  }

  /** One pass over every department's coming dates; how many executions it ran. */
  protected run(now: Date): Promise<number> {
    return this.execute(now);
  }

  private async execute(now: Date): Promise<number> {
    const departments = (await this.deps
      .knex(DEPARTMENTS_TABLE)
      .whereIn(
        'id',
        this.deps.knex(RECURRING_ORDERS_TABLE).where('deleted', false).distinct('department_id'),
      )
      .select<{ id: string; country: string | null; horizon: number | null }[]>(
        'id',
        this.deps.knex.raw(`data->>'country' as country`),
        this.deps.knex.raw(`(data->>'planningHorizonDays')::int as horizon`),
      )) as { id: string; country: string | null; horizon: number | null }[];
    let runs = 0;
    for (const d of departments) {
      const today = dayIn(countryTimeZones[d.country ?? ''] ?? 'Europe/Oslo', now.toISOString());
      const horizon = d.horizon ?? this.deps.horizonDays ?? RECURRING_HORIZON_DAYS;
      for (let i = 0; i < horizon; i++) {
        if (this.stopped) return runs;
        const date = addDays(today, i);
        try {
          const res = await this.deps.run('EXECUTE_RECURRING_ORDERS', {
            date,
            department: String(d.id),
          });
          runs++;
          if (res.status !== 200)
            this.deps.logger.warn(
              { department: d.id, date, status: res.status, body: res.body },
              'recurring orders not executed',
            );
        } catch (err) {
          this.deps.logger.error({ err, department: d.id, date }, 'recurring orders failed');
        }
      }
    }
    return runs;
  }
}
