import type { ChangeScope, GlobalPosition } from '@nordlog/contracts';
import type { Knex } from 'knex';
import { gaplessHead, keepHeldBack, readGapless } from '../db/gaplessLog.js';
import { preparedQuery } from '../db/prepared.js';
import type { Notifier } from '../db/notifier.js';
import type { Logger } from '../logger.js';
import { runCatchUp, sleep, UNAVAILABLE_RETRY_MS } from '../eventStore/subscription.js';

export const CHANGES_CHANNEL = 'rm_changes';
export const CHANGES_TABLE = 'rm_changes';

/** One changed read-model row, as a projection writes it to the outbox. */
export interface Change {
  entity: string;
  op: 'upsert' | 'delete';
  id: string;
  revision: number;
  data: unknown;
  scope: ChangeScope;
}

export interface ChangeRecord extends Change {
  global: GlobalPosition;
  createdAt: string;
}

/**
 * Writes changes to the outbox inside the projection's transaction, so a change is published
 * if and only if the read model changed.
 */
export async function writeChanges(trx: Knex.Transaction, changes: Change[]): Promise<void> {
  if (changes.length === 0) return;
  const rows = changes.map((c) => ({
    entity: c.entity,
    op: c.op,
    entity_id: c.id,
    revision: c.revision,
    data: c.data ?? null,
    department_id: c.scope.departmentId,
    customer_id: c.scope.customerId,
    date: c.scope.date,
    state: c.scope.state,
    department_ids: c.scope.departmentIds,
    courier_id: c.scope.courierId ?? null,
  }));
  // One prepared statement whatever the number of rows: they travel as one JSON parameter.
  for (let i = 0; i < rows.length; i += 2000)
    await preparedQuery(trx, INSERT_CHANGES, [JSON.stringify(rows.slice(i, i + 2000))]);
}

const CHANGE_COLUMNS =
  'entity, op, entity_id, revision, data, department_id, customer_id, date, state, department_ids, courier_id';
const INSERT_CHANGES = `insert into ${CHANGES_TABLE} (${CHANGE_COLUMNS})
  select ${CHANGE_COLUMNS} from jsonb_populate_recordset(null::${CHANGES_TABLE}, $1::jsonb)`;

/** The change bus port: the gateway subscribes to changes from now on (at least once, in order). */
export interface ChangeBus {
  subscribe(handler: (changes: ChangeRecord[]) => void | Promise<void>): () => void;
  close(): Promise<void>;
}

interface ChangeRow {
  entity: string;
  op: 'upsert' | 'delete';
  entity_id: string;
  revision: number;
  data: unknown;
  department_id: string | null;
  customer_id: string | null;
  date: string | null;
  state: string | null;
  department_ids: string[] | null;
  courier_id: string | null;
  created_at: Date;
}

/** The embedded change bus: the outbox table read in commit-safe order, woken by NOTIFY. */
export class PostgresChangeBus implements ChangeBus {
  private readonly abort = new AbortController();
  private readonly running: Promise<void>[] = [];

  constructor(
    private readonly knex: Knex,
    private readonly notifier: Notifier,
    private readonly logger: Logger,
  ) {}

  subscribe(handler: (changes: ChangeRecord[]) => void | Promise<void>): () => void {
    const local = new AbortController();
    const signal = AbortSignal.any([this.abort.signal, local.signal]);
    const run = (async () => {
      const from = await this.head(signal);
      if (!from) return;
      const unlisten = await this.notifier.listen(CHANGES_CHANNEL, () => undefined);
      const waiter = this.notifier.createWaiter(CHANGES_CHANNEL);
      try {
        await runCatchUp<ChangeRecord>(
          {
            read: (position, limit) => readChanges(this.knex, position, limit),
            wait: (ms, s) => waiter.wait(ms, s),
            positionOf: (record) => record.global,
          },
          from,
          async (batch) => handler(batch),
          { signal, logger: this.logger, pollMs: 1000 },
        );
      } finally {
        waiter.close();
        unlisten();
      }
    })();
    this.running.push(
      run.catch((err: unknown) => this.logger.error({ err }, 'change subscription stopped')),
    );
    return () => local.abort();
  }

  async close(): Promise<void> {
    this.abort.abort();
    await Promise.all(this.running);
  }

  /**
   * Where a new subscription starts: the outbox's head, read again after a pause while the
   * database cannot be reached (a subscription made during an outage starts when it is over).
   * Null when the subscription ended first.
   */
  private async head(signal: AbortSignal): Promise<GlobalPosition | null> {
    for (let failures = 1; !signal.aborted; failures++) {
      try {
        return await gaplessHead(this.knex, CHANGES_TABLE);
      } catch (err) {
        if (signal.aborted) break;
        this.logger.warn(
          { err, failures },
          'change subscription: the outbox head cannot be read; retrying',
        );
        await sleep(UNAVAILABLE_RETRY_MS, signal);
      }
    }
    return null;
  }
}

const SCOPE_AND_TIME_COLUMNS =
  'department_id, customer_id, date, state, department_ids, courier_id, created_at';
const COLUMNS = `entity, op, entity_id, revision, data, ${SCOPE_AND_TIME_COLUMNS}`;
/** The same with the row's data as the JSON text the outbox keeps (readChangesJson). */
const JSON_COLUMNS = `entity, op, entity_id, revision, data::text as data, ${SCOPE_AND_TIME_COLUMNS}`;

type PositionedRow<R> = R & { transaction_id: string; position: string };

/** A change without its data (the relay takes the data as text, readChangesJson). */
const recordOf = (row: PositionedRow<Omit<ChangeRow, 'data'>>): Omit<ChangeRecord, 'data'> => ({
  entity: row.entity,
  op: row.op,
  id: row.entity_id,
  revision: row.revision,
  scope: {
    departmentId: row.department_id,
    customerId: row.customer_id,
    date: row.date,
    state: row.state,
    departmentIds: row.department_ids,
    courierId: row.courier_id,
  },
  global: { transactionId: row.transaction_id, position: row.position },
  createdAt: row.created_at.toISOString(),
});

const toRecord = (row: PositionedRow<ChangeRow>): ChangeRecord => ({
  ...recordOf(row),
  data: row.data,
});

/** The outbox's changes after `from` in commit-safe order (the change bus's and the relay's read). */
export async function readChanges(
  knex: Knex,
  from: GlobalPosition,
  limit: number,
): Promise<ChangeRecord[]> {
  const rows = await readGapless<ChangeRow>(knex, CHANGES_TABLE, COLUMNS, from, limit);
  return keepHeldBack(rows, rows.map(toRecord));
}

/**
 * A change as the relay passes it on: its row data as the JSON text the outbox keeps ('null' for
 * a delete), so it is never parsed only to be serialised again.
 */
export interface ChangeRecordJson extends Omit<ChangeRecord, 'data'> {
  dataJson: string;
}

/** `readChanges` with each row's data as JSON text (the Kafka relay's read). */
export async function readChangesJson(
  knex: Knex,
  from: GlobalPosition,
  limit: number,
): Promise<ChangeRecordJson[]> {
  const rows = await readGapless<Omit<ChangeRow, 'data'> & { data: string | null }>(
    knex,
    CHANGES_TABLE,
    JSON_COLUMNS,
    from,
    limit,
  );
  return keepHeldBack(
    rows,
    rows.map((row) => ({ ...recordOf(row), dataJson: row.data ?? 'null' })),
  );
}

/** Drops outbox rows older than `retentionMs`; every live reader is far past them. */
export async function pruneChanges(knex: Knex, retentionMs: number): Promise<number> {
  return knex(CHANGES_TABLE)
    .where('created_at', '<', new Date(Date.now() - retentionMs))
    .delete();
}
