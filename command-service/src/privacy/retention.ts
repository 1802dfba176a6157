import {
  CUSTOMERS_TABLE,
  DEFAULT_RETENTION_DAYS,
  DEPARTMENTS_TABLE,
  ORDERS_TABLE,
  RETENTION_STATES,
  PERSONAL_DATA_ERASED,
  orderStream,
  type EventMetadata,
} from '@nordlog/contracts';
import { preparedQuery, type EventStore, type Knex, type Logger } from '@nordlog/platform';
import { orderDecider } from '../consignments/decider.js';
import { target } from '../framework/decider.js';
import { executeTargets } from '../framework/execute.js';

export interface RetentionJobDeps {
  store: EventStore;
  knex: Knex;
  logger: Logger;
  /** How often the job looks (default hourly). */
  intervalMs?: number;
  clock?: () => Date;
}

/** Orders one pass erases at most; the next pass takes the rest. */
const BATCH = 200;
const DAY_MS = 86_400_000;

/**
 * The orders whose work ended longer ago than their retention (the customer's, else the
 * department's, else the country's) and whose parties' data is not erased yet, oldest first.
 */
const EXPIRED_SQL = `
  select o.id::text as id from ${ORDERS_TABLE} o
    join ${DEPARTMENTS_TABLE} d on d.id = o.department_id
    left join ${CUSTOMERS_TABLE} c on c.id = o.customer_id
  where o.state = any($1::text[])
    and o.data->>'personalDataErasedAt' is null
    and o.updated_at_epoch < $2::bigint - ${DAY_MS}::bigint * coalesce(
      (c.data->>'personalDataRetentionDays')::int,
      (d.data->>'personalDataRetentionDays')::int,
      ($3::jsonb->>(d.data->>'country'))::int)
  order by o.updated_at_epoch limit ${BATCH}`;

/**
 * Erases the personal data of orders whose retention ran out (docs/decisions/0050-personal-data.md)
 * with `PersonalDataErased {reason: retention}`, as the system. Restart-safe: it keeps nothing
 * between passes and reads what is due from the read models each time; erasing an erased order
 * appends nothing, so two processes running it at once erase each order once (the other's append
 * is refused or finds it erased).
 */
export class RetentionJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(private readonly deps: RetentionJobDeps) {}

  start(): void {
    this.timer = setInterval(
      () => void this.pass().catch(() => undefined),
      this.deps.intervalMs ?? 3_600_000,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass: erases what is due now, up to BATCH orders; how many it erased. */
  pass(now = (this.deps.clock ?? (() => new Date()))()): Promise<number> {
    if (this.running || this.stopped) return this.running ?? Promise.resolve(0);
    this.running = this.erase(now).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async erase(now: Date): Promise<number> {
    const due = await preparedQuery<{ id: string }>(this.deps.knex, EXPIRED_SQL, [
      RETENTION_STATES,
      now.getTime(),
      JSON.stringify(DEFAULT_RETENTION_DAYS),
    ]);
    if (due.length === 0) return 0;
    const metadata: EventMetadata = {
      commandId: crypto.randomUUID(),
      correlationId: crypto.randomUUID(),
      causationId: 'retention',
      userId: 'system',
      occurredAt: now.toISOString(),
      commandType: 'ERASE_PERSONAL_DATA',
    };
    const result = await executeTargets(
      this.deps.store,
      due.map(({ id }) =>
        target({
          id,
          streamId: orderStream(id),
          decider: orderDecider,
          command: { type: 'ERASE', reason: 'retention' },
        }),
      ),
      metadata,
      false,
    );
    // Refused orders (another process erased them, or appended meanwhile) are due again next time.
    const { body } = result;
    const erased = Array.isArray(body)
      ? 0
      : body.events.filter((type) => type === PERSONAL_DATA_ERASED).length;
    const failed = Array.isArray(body) ? due.length : body.failed.length;
    this.deps.logger.info({ due: due.length, erased, failed }, 'retention: personal data erased');
    return erased;
  }
}
