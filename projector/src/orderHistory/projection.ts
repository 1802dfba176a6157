import {
  ORDER_HISTORY_ENTITY,
  ORDER_HISTORY_SCOPE_TABLE,
  ORDER_HISTORY_TABLE,
  consignmentEventTypes,
  isDeviationEventType,
  isInvoicingEventType,
  PERSONAL_DATA_ERASED,
  scopeOf,
  type ConsignmentEvent,
  type OrderHistoryRow,
  type RecordedEvent,
} from '@nordlog/contracts';
import { copyRows, preparedQuery, type Change, type Knex } from '@nordlog/platform';
import type { Projection } from '../framework/projection.js';
import { purgeChanges } from '../framework/rowProjection.js';
import type { BatchWrites } from '../framework/batchWrites.js';

const T = ORDER_HISTORY_TABLE;
const ORDER_SCOPE_TABLE = ORDER_HISTORY_SCOPE_TABLE;

interface OrderScope {
  departmentId: string;
  customerId: string;
  date: string;
}

type HistoryRecord = {
  order_id: string;
  stream_revision: number;
  position: string;
  event_type: string;
  data: unknown;
  user_id: string;
  command_id: string;
  occurred_at: string;
  command_type: string | null;
};

const orderIdOf = (e: RecordedEvent) => e.streamId.slice('order-'.length);

/** The order's scope after an event (who may read its history is decided on it). */
function nextScope(current: OrderScope | undefined, e: RecordedEvent): OrderScope | undefined {
  const event = e as unknown as ConsignmentEvent;
  if (event.type === 'OrderCreated' || event.type === 'OrderUpdated') {
    const { order } = event.data;
    return {
      departmentId: order.departmentId ?? current?.departmentId,
      customerId: order.customerId,
      date: order.pickupDate,
    };
  }
  if (event.type === 'OrderMoved')
    return current && { ...current, departmentId: event.data.departmentId };
  return current;
}

const sameScope = (a: OrderScope, b: OrderScope) =>
  a.departmentId === b.departmentId && a.customerId === b.customerId && a.date === b.date;

const historyRecord = (e: RecordedEvent): HistoryRecord => ({
  order_id: orderIdOf(e),
  stream_revision: e.streamRevision,
  position: e.global.position,
  event_type: e.type,
  data: e.data,
  user_id: e.metadata.userId,
  command_id: e.metadata.commandId,
  occurred_at: e.metadata.occurredAt,
  command_type: e.metadata.commandType ?? null,
});

/** A history row as readers see it: with the order's scope. */
const historyRow = (r: HistoryRecord, scope: OrderScope): OrderHistoryRow => ({
  orderId: String(r.order_id),
  streamRevision: r.stream_revision,
  eventType: r.event_type,
  data: r.data,
  userId: r.user_id,
  commandId: r.command_id,
  commandType: r.command_type,
  occurredAt:
    typeof r.occurred_at === 'string' ? r.occurred_at : new Date(r.occurred_at).toISOString(),
  position: String(r.position),
  ...scope,
});

/**
 * Loads the scopes of the batch's orders, folds the batch, stores the new scopes (with `writes`,
 * with the batch's other writes).
 */
async function foldScopes(trx: Knex.Transaction, events: RecordedEvent[], writes?: BatchWrites) {
  const ids = [...new Set(events.map(orderIdOf))];
  const loaded = await preparedQuery<{
    order_id: string;
    department_id: string;
    customer_id: string;
    date: string;
    revision: number;
  }>(
    trx,
    `select order_id::text, department_id, customer_id, date, revision from ${ORDER_SCOPE_TABLE}
     where order_id = any($1::bigint[])`,
    [ids],
  );
  const before = new Map<string, OrderScope>(
    loaded.map((r) => [
      r.order_id,
      { departmentId: r.department_id, customerId: r.customer_id, date: r.date },
    ]),
  );
  const after = new Map(before);
  // The revision of the event that set each scope: an event of that revision or older (delivered
  // again) sets nothing; a newer one delivered again holds the scope as it is now.
  const setAt = new Map(loaded.map((r) => [r.order_id, r.revision]));
  const revisions = new Map<string, number>();
  for (const e of events) {
    const id = orderIdOf(e);
    if (e.streamRevision <= (setAt.get(id) ?? -1)) continue;
    const current = after.get(id);
    const scope = nextScope(current, e);
    if (scope && !(current && sameScope(current, scope))) {
      after.set(id, scope);
      setAt.set(id, e.streamRevision);
      revisions.set(id, e.streamRevision);
    }
  }
  // Only the scopes the batch changed are written (most events leave an order's scope as it is).
  const changed = [...after].filter(([id, s]) => {
    const was = before.get(id);
    return !was || !sameScope(was, s);
  });
  if (changed.length === 0) return { before, after };
  const params = [
    JSON.stringify(
      changed.map(([orderId, s]) => ({
        order_id: orderId,
        department_id: s.departmentId,
        customer_id: s.customerId,
        date: s.date,
        revision: revisions.get(orderId),
      })),
    ),
  ];
  if (writes) writes.add(STORE_SCOPES_SQL, params);
  else await preparedQuery(trx, STORE_SCOPES_SQL, params);
  return { before, after };
}

/**
 * Every event of every order with who and when: the base of the audit replay. Who may read an
 * order's history follows the order: its department, customer and date as they are now
 * (docs/decisions/0018). When they change, the rows published before are published again: a
 * delete under the old scope and the row under the new one, as the row projections do.
 */
export const orderHistoryProjection: Projection = {
  name: 'orderHistory',
  tables: [T, ORDER_SCOPE_TABLE],
  entities: [ORDER_HISTORY_ENTITY],
  migrations: [
    {
      name: '0001_rm_order_history',
      async up(knex) {
        await knex.raw(`
          create table ${T} (
            order_id bigint not null,
            stream_revision integer not null,
            position bigint not null,
            event_type text not null,
            data jsonb not null,
            user_id text not null,
            command_id text not null,
            occurred_at timestamptz not null,
            primary key (order_id, stream_revision)
          )`);
      },
    },
    {
      // Each order's current scope (docs/decisions/0018), filled from the orders read model
      // where one exists already; a rebuild fills it from the events.
      name: '0002_order_history_scope',
      async up(knex) {
        await knex.raw(`
          create table ${ORDER_SCOPE_TABLE} (
            order_id bigint primary key,
            department_id text not null,
            customer_id text not null,
            date text not null
          );
          do $$ begin
            if to_regclass('rm_orders') is not null then
              insert into ${ORDER_SCOPE_TABLE}
                select id, department_id::text, customer_id::text, date::text from rm_orders;
            end if;
          end $$`);
      },
    },
    {
      // The command that caused each event, for the audit replay (docs/decisions/0029); events
      // stored before commands were recorded in their metadata have none.
      name: '0003_order_history_command_type',
      async up(knex) {
        await knex.raw(`alter table ${T} add column command_type text`);
      },
    },
    {
      // The revision of the event that set each order's scope, so an older event delivered again
      // does not set it back; the scopes kept before it count as set by no event yet.
      name: '0004_order_history_scope_revision',
      async up(knex) {
        await knex.raw(
          `alter table ${ORDER_SCOPE_TABLE} add column revision integer not null default -1`,
        );
      },
    },
  ],
  handles: (e) =>
    e.streamId.startsWith('order-') &&
    ((consignmentEventTypes as readonly string[]).includes(e.type) ||
      isInvoicingEventType(e.type) ||
      isDeviationEventType(e.type) ||
      e.type === PERSONAL_DATA_ERASED ||
      // A delivery's proof (0068): the audit replay shows it.
      e.type === 'DeliveryProofRecorded' ||
      // The recipient's net promoter answer (0083): the audit replay shows it.
      e.type === 'DeliveryRated'),
  apply: (trx, events, writes) => applyHistory(trx, events, writes),
  // A rebuild takes each event once (its checkpoint moves by compare-and-set with the batch), so
  // the rows go in by COPY without the conflict check.
  async applyBulk(trx, events) {
    await foldScopes(trx, events);
    await copyRows(trx, T, events.map(historyRecord));
  },
  // After an erasure: the order's history again from its events as they read now (0050).
  async refold(trx, events) {
    const ids = [...new Set(events.map(orderIdOf))];
    const gone = await preparedQuery<{ id: string }>(
      trx,
      `delete from ${T} where order_id = any($1::bigint[])
       returning order_id::text || ':' || stream_revision as id`,
      [ids],
    );
    await preparedQuery(
      trx,
      `delete from ${ORDER_SCOPE_TABLE} where order_id = any($1::bigint[])`,
      [ids],
    );
    await purgeChanges(
      trx,
      ORDER_HISTORY_ENTITY,
      gone.map((r) => r.id),
    );
    return applyHistory(trx, events);
  },
};

const STORE_SCOPES_SQL = `insert into ${ORDER_SCOPE_TABLE} (order_id, department_id, customer_id, date, revision)
  select order_id, department_id, customer_id, date, revision
    from jsonb_populate_recordset(null::${ORDER_SCOPE_TABLE}, $1::jsonb)
  on conflict (order_id) do update set department_id = excluded.department_id,
    customer_id = excluded.customer_id, date = excluded.date, revision = excluded.revision`;

// Idempotent: an event delivered twice hits the primary key and is not inserted again.
const INSERT_HISTORY_SQL = `insert into ${T} select * from jsonb_populate_recordset(null::${T}, $1::jsonb)
  on conflict (order_id, stream_revision) do nothing
  returning order_id::text || ':' || stream_revision as id`;

/**
 * Appends the events to their orders' histories and publishes the rows (see the projection). With
 * `writes`, the scopes and the rows are written with the batch's other writes: nothing here reads
 * either table after writing it.
 */
async function applyHistory(
  trx: Knex.Transaction,
  events: RecordedEvent[],
  writes?: BatchWrites,
): Promise<Change[]> {
  const moved = new Set<string>();
  const { before, after } = await foldScopes(trx, events, writes);
  for (const [id, scope] of before) if (!sameScope(scope, after.get(id)!)) moved.add(id);
  // The rows readers of the old scope have: published again under the new one.
  const previous =
    moved.size === 0
      ? []
      : await preparedQuery<HistoryRecord>(
          trx,
          `select order_id::text, stream_revision, position::text, event_type, data, user_id,
             command_id, occurred_at, command_type from ${T} where order_id = any($1::bigint[])
           order by order_id, stream_revision`,
          [[...moved]],
        );
  const records = events.map(historyRecord);
  const params = [JSON.stringify(records)];
  const publish = (r: HistoryRecord, op: 'upsert' | 'delete', scope: OrderScope): Change => {
    const row = historyRow(r, scope);
    return {
      entity: ORDER_HISTORY_ENTITY,
      op,
      id: `${r.order_id}:${r.stream_revision}`,
      revision: r.stream_revision,
      data: op === 'upsert' ? row : null,
      scope: scopeOf(ORDER_HISTORY_ENTITY, row),
    };
  };
  const changes: Change[] = [];
  for (const r of previous) {
    changes.push(publish(r, 'delete', before.get(r.order_id)!));
    changes.push(publish(r, 'upsert', after.get(r.order_id)!));
  }
  const upserts = (rows: HistoryRecord[]) =>
    rows.flatMap((r) => {
      const scope = after.get(String(r.order_id));
      return scope ? [publish(r, 'upsert', scope)] : [];
    });
  // Only the rows inserted are published (a redelivered event is not).
  if (writes) return [...changes, ...writes.addGated(INSERT_HISTORY_SQL, params, upserts(records))];
  const inserted = new Set(
    (await preparedQuery<{ id: string }>(trx, INSERT_HISTORY_SQL, params)).map((r) => r.id),
  );
  return [
    ...changes,
    ...upserts(records.filter((r) => inserted.has(`${r.order_id}:${r.stream_revision}`))),
  ];
}
