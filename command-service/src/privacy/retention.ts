import {
  COURIER_LOCATIONS_TABLE,
  COURIER_POSITION_RETENTION_DAYS,
  CUSTOMERS_TABLE,
  DEFAULT_RETENTION_DAYS,
  DEPARTMENTS_TABLE,
  ORDERS_TABLE,
  RETENTION_STATES,
  PERSONAL_DATA_ERASED,
  courierLocationStream,
  orderStream,
  type EventMetadata,
} from '@nordlog/contracts';
import {
  preparedQuery,
  type EventStore,
  type Knex,
  type Logger,
  type SubjectKeys,
} from '@nordlog/platform';
import { orderDecider } from '../consignments/decider.js';
import { target } from '../framework/decider.js';
import { executeTargets } from '../framework/execute.js';
import { PeriodicJob } from '../framework/periodicJob.js';

export interface RetentionJobDeps {
  store: EventStore;
  /** The key store, so this process forgets the keys the job deletes at once. */
  keys: SubjectKeys;
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
 * The courier-days whose positions are past their retention and still have a key (subjects
 * `courier:{id}:{date}`, contracts privacy/subjects.ts), oldest first.
 */
const EXPIRED_POSITIONS_SQL = `
  select subject from privacy_subject_keys
  where subject like 'courier:%' and wrapped is not null and split_part(subject, ':', 3) < $1
  order by split_part(subject, ':', 3) limit ${BATCH * 5}`;

/** Of those, the ones a courier's live row (its latest position) is of. */
const LATEST_POSITIONS_SQL = `
  select 'courier:' || l.id || ':' || left(l.data->>'at', 10) as subject, l.id::text as id
  from ${COURIER_LOCATIONS_TABLE} l
  where 'courier:' || l.id || ':' || left(l.data->>'at', 10) = any($1::text[])`;

/** Where the retention records the erasures of the courier-days no read model holds. */
const retentionStream = (cutoff: string) => `privacy-retention-${cutoff}`;

const systemMetadata = (now: Date, commandType: string): EventMetadata => ({
  commandId: crypto.randomUUID(),
  correlationId: crypto.randomUUID(),
  causationId: 'retention',
  userId: 'system',
  occurredAt: now.toISOString(),
  commandType,
});

/**
 * Erases the personal data of orders whose retention ran out (docs/decisions/0050-personal-data.md)
 * with `PersonalDataErased {reason: retention}`, as the system. Restart-safe: it keeps nothing
 * between passes and reads what is due from the read models each time; erasing an erased order
 * appends nothing, so two processes running it at once erase each order once (the other's append
 * is refused or finds it erased).
 */
export class RetentionJob extends PeriodicJob {
  constructor(private readonly deps: RetentionJobDeps) {
    super(deps.intervalMs ?? 3_600_000, deps.clock ?? (() => new Date()));
  }

  /** One pass: erases what is due now, up to BATCH orders; how many it erased. */
  protected run(now: Date): Promise<number> {
    return this.erase(now);
  }

  /**
   * A pass over couriers' positions (COURIER_POSITION_RETENTION_DAYS): the keys of the courier-days
   * older than the retention are deleted, up to BATCH × 5 a pass, so those days' positions read as
   * their area everywhere. Each day's erasure is an event (PersonalDataErased, reason retention):
   * where a courier's latest position (its live row) is of the day, on the courier's stream, so the
   * projector folds the row again; the others on the retention's own stream. How many courier-days
   * it expired.
   */
  async expirePositions(now = (this.deps.clock ?? (() => new Date()))()): Promise<number> {
    const cutoff = new Date(now.getTime() - COURIER_POSITION_RETENTION_DAYS * DAY_MS)
      .toISOString()
      .slice(0, 10);
    const due = (
      await preparedQuery<{ subject: string }>(this.deps.knex, EXPIRED_POSITIONS_SQL, [cutoff])
    ).map((r) => r.subject);
    if (due.length === 0) return 0;
    const latest = await preparedQuery<{ subject: string; id: string }>(
      this.deps.knex,
      LATEST_POSITIONS_SQL,
      [due],
    );
    const live = new Set(latest.map((r) => r.subject));
    const metadata = systemMetadata(now, 'ERASE_PERSONAL_DATA');
    for (const { subject, id } of latest)
      await this.deps.store.appendToStream(
        courierLocationStream(id),
        'any',
        [{ type: PERSONAL_DATA_ERASED, data: { subject, reason: 'retention' } }],
        metadata,
      );
    // The other days are recorded too (the audit, and the erasures topic downstream systems
    // follow), on the retention's own stream of the day: no read model holds them, so nothing is
    // folded again. The keys go at once, here, as well as when the projector takes the events.
    const others = due.filter((s) => !live.has(s));
    for (let i = 0; i < others.length; i += BATCH)
      await this.deps.store.appendToStream(
        retentionStream(cutoff),
        'any',
        others.slice(i, i + BATCH).map((subject) => ({
          type: PERSONAL_DATA_ERASED,
          data: { subject, reason: 'retention' },
        })),
        metadata,
      );
    await this.deps.keys.erase(others);
    this.deps.logger.info(
      { days: due.length, live: live.size },
      "retention: couriers' positions expired",
    );
    return due.length;
  }

  private async erase(now: Date): Promise<number> {
    await this.expirePositions(now);
    const due = await preparedQuery<{ id: string }>(this.deps.knex, EXPIRED_SQL, [
      RETENTION_STATES,
      now.getTime(),
      JSON.stringify(DEFAULT_RETENTION_DAYS),
    ]);
    if (due.length === 0) return 0;
    const metadata = systemMetadata(now, 'ERASE_PERSONAL_DATA');
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
