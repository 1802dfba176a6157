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
  /**
   * The read-model table whose `data` column, at this change's id, is the row to publish, as this
   * transaction wrote it (a row updated in place, docs/decisions/0048): the outbox copies it
   * there, so the whole row never travels through the writer. `data` is then not used. Absent on
   * what readers get: the outbox holds the whole row either way.
   */
  dataFrom?: string;
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
  // Runs of changes with their data inline, or copied from one table, each in commit order.
  for (let start = 0; start < changes.length;) {
    const from = changes[start]!.dataFrom;
    let end = start + 1;
    while (end < changes.length && changes[end]!.dataFrom === from) end++;
    const rows = changes.slice(start, end).map(changeRecord);
    // One prepared statement whatever the number of rows: they travel as one JSON parameter.
    const statement = from === undefined ? INSERT_CHANGES : insertChangesFrom(from);
    for (let i = 0; i < rows.length; i += 2000)
      await preparedQuery(trx, statement, [JSON.stringify(rows.slice(i, i + 2000))]);
    start = end;
  }
}

/** A change as the outbox's row (its data only where it is not copied from a table). */
export const changeRecord = (c: Change) => ({
  entity: c.entity,
  op: c.op,
  entity_id: c.id,
  revision: c.revision,
  data: c.dataFrom === undefined ? (c.data ?? null) : null,
  department_id: c.scope.departmentId,
  customer_id: c.scope.customerId,
  date: c.scope.date,
  state: c.scope.state,
  department_ids: c.scope.departmentIds,
  courier_id: c.scope.courierId ?? null,
});

/** The outbox's columns a change fills. */
export const CHANGE_COLUMNS =
  'entity, op, entity_id, revision, data, department_id, customer_id, date, state, department_ids, courier_id';
const INSERT_CHANGES = `insert into ${CHANGES_TABLE} (${CHANGE_COLUMNS})
  select ${CHANGE_COLUMNS} from jsonb_populate_recordset(null::${CHANGES_TABLE}, $1::jsonb)`;

/**
 * The same, each change's data taken from `table`'s row of its id (`Change.dataFrom`). The id is
 * cast to the table's own id type (through a record of the table), so each row is one look-up of
 * its primary key; the changes keep their order.
 */
const insertChangesFrom = (table: string) => {
  const other = CHANGE_COLUMNS.split(', ')
    .filter((c) => c !== 'data')
    .map((c) => `c.${c}`);
  return `insert into ${CHANGES_TABLE} (${CHANGE_COLUMNS})
  select ${other.slice(0, 4).join(', ')}, r.data, ${other.slice(4).join(', ')}
  from jsonb_populate_recordset(null::${CHANGES_TABLE}, $1::jsonb) with ordinality as c
  cross join lateral (
    select t.data from ${table} t
    where t.id = (jsonb_populate_record(null::${table}, jsonb_build_object('id', c.entity_id))).id
  ) r
  order by c.ordinality`;
};

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
            read: (position, limit) => readChangesLazily(this.knex, position, limit),
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

const DATA_JSON = Symbol('dataJson');

/**
 * A change read with its data as JSON text, which is parsed only when something reads `data`: the
 * socket hub sends the text as it is (`dataJsonOf`), and a change no socket follows is never
 * parsed at all.
 */
export function lazyChangeRecord({ dataJson, ...rest }: ChangeRecordJson): ChangeRecord {
  let parsed: { value: unknown } | null = null;
  const record = { ...rest } as ChangeRecord;
  Object.defineProperty(record, 'data', {
    enumerable: true,
    get: () => (parsed ??= { value: JSON.parse(dataJson) as unknown }).value,
  });
  Object.defineProperty(record, DATA_JSON, { value: dataJson, enumerable: false });
  return record;
}

/** The change's data as the outbox's JSON text, when it was read so (`lazyChangeRecord`). */
export const dataJsonOf = (change: ChangeRecord): string | undefined =>
  (change as ChangeRecord & { [DATA_JSON]?: string })[DATA_JSON];

/** The outbox's changes after `from` in commit-safe order. */
export async function readChanges(
  knex: Knex,
  from: GlobalPosition,
  limit: number,
): Promise<ChangeRecord[]> {
  const rows = await readGapless<ChangeRow>(knex, CHANGES_TABLE, COLUMNS, from, limit);
  return keepHeldBack(rows, rows.map(toRecord));
}

/** `readChanges` with each change's data parsed on first read (the socket hub's read). */
export async function readChangesLazily(
  knex: Knex,
  from: GlobalPosition,
  limit: number,
): Promise<ChangeRecord[]> {
  const records = await readChangesJson(knex, from, limit);
  return keepHeldBack(records, records.map(lazyChangeRecord));
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
