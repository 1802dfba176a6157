import {
  ORDER_DEVIATIONS_ENTITY,
  ORDER_DEVIATIONS_TABLE,
  isDeviationEventType,
  scopeOf,
  type ConsignmentEvent,
  type DeviationEvent,
  type DeviationOrderScope,
  type OrderDeviationRow,
  type RecordedEvent,
} from '@nordlog/contracts';
import { preparedQuery, type Change, type Knex } from '@nordlog/platform';
import type { Projection } from '../framework/projection.js';
import {
  rowChanges,
  rowProjection,
  storeRows,
  type RowProjectionSpec,
} from '../framework/rowProjection.js';

const T = ORDER_DEVIATIONS_TABLE;

/** A row as stored: a deleted deviation stays as a tombstone (a redelivered event finds it). */
type StoredRow = OrderDeviationRow & { deleted?: true };

const orderIdOf = (e: RecordedEvent) => e.streamId.slice('order-'.length);
const onOrder = (e: RecordedEvent) => e.streamId.startsWith('order-');

function evolve(row: StoredRow | null, e: RecordedEvent): StoredRow | null {
  const event = e as unknown as DeviationEvent;
  const stamp = { revision: e.streamRevision };
  switch (event.type) {
    case 'DeviationRecorded': {
      if (row) return row;
      const { order, ...fields } = event.data;
      return {
        ...fields,
        ...order,
        orderId: orderIdOf(e),
        reportedBy: e.metadata.userId,
        reportedAt: e.metadata.occurredAt,
        updatedBy: null,
        updatedAt: null,
        scopeRevision: e.streamRevision,
        ...stamp,
      };
    }
    case 'DeviationUpdated':
      return row && !row.deleted
        ? {
            ...row,
            ...event.data.changes,
            updatedBy: e.metadata.userId,
            updatedAt: e.metadata.occurredAt,
            ...stamp,
          }
        : row;
    case 'DeviationDeleted':
      return row && { ...row, deleted: true, ...stamp };
    default:
      return row;
  }
}

const spec: RowProjectionSpec<StoredRow> = {
  name: 'orderDeviations',
  table: T,
  entity: ORDER_DEVIATIONS_ENTITY,
  migrations: [
    {
      name: '0001_rm_order_deviations',
      async up(knex) {
        await knex.raw(`
          create table ${T} (
            id bigint primary key,
            revision integer not null,
            order_id bigint not null,
            department_id text not null,
            customer_id text not null,
            date text not null,
            deleted boolean not null default false,
            data jsonb not null
          );
          create index ${T}_order on ${T} (order_id);
          create index ${T}_customer on ${T} (customer_id, date)`);
      },
    },
  ],
  rowId: (e) =>
    onOrder(e) && isDeviationEventType(e.type) ? String((e.data as { id: string }).id) : null,
  evolve,
  columns: (row) => ({
    order_id: row.orderId,
    department_id: row.departmentId,
    customer_id: row.customerId,
    date: row.date,
    deleted: row.deleted === true,
  }),
  tombstone: (row) => row.deleted === true,
};

/** The order's department, customer and date after an event that may change them. */
function scopeAfter(e: RecordedEvent): Partial<DeviationOrderScope> | null {
  const event = e as unknown as ConsignmentEvent;
  if (event.type === 'OrderMoved') return { departmentId: event.data.departmentId };
  if (event.type === 'OrderUpdated') {
    const { order } = event.data;
    return {
      ...(order.departmentId ? { departmentId: order.departmentId } : {}),
      customerId: order.customerId,
      date: order.pickupDate,
    };
  }
  return null;
}

/**
 * A deviation is read by who may read its order: when the order moves to another department,
 * changes customer or date, its deviations follow (published again under the new scope, as the
 * row projections publish a row that left its scope).
 */
async function followOrders(trx: Knex.Transaction, events: RecordedEvent[]): Promise<Change[]> {
  const latest = new Map<string, { scope: Partial<DeviationOrderScope>; revision: number }>();
  for (const e of events) {
    const scope = onOrder(e) ? scopeAfter(e) : null;
    if (!scope) continue;
    const id = orderIdOf(e);
    latest.set(id, { scope: { ...latest.get(id)?.scope, ...scope }, revision: e.streamRevision });
  }
  if (latest.size === 0) return [];
  const rows = await preparedQuery<{ data: StoredRow }>(
    trx,
    `select data from ${T} where order_id = any($1::bigint[])`,
    [[...latest.keys()]],
  );
  const moved: [StoredRow, StoredRow][] = [];
  for (const { data: row } of rows) {
    const next = latest.get(String(row.orderId))!;
    // A move at or below the revision the row's scope is from was applied already (redelivered).
    if (next.revision <= row.scopeRevision) continue;
    const after = {
      ...row,
      ...next.scope,
      scopeRevision: next.revision,
      revision: Math.max(row.revision, next.revision),
    };
    if (JSON.stringify(scopeOf(spec.entity, after)) !== JSON.stringify(scopeOf(spec.entity, row)))
      moved.push([after, row]);
  }
  if (moved.length === 0) return [];
  await storeRows(
    trx,
    spec,
    moved.map(([after]) => after),
    [],
  );
  const publish = { ...spec, scope: (row: StoredRow) => scopeOf(spec.entity, row) };
  return moved.flatMap(([after, before]) => rowChanges(publish, after, before));
}

const rows = rowProjection(spec);

/**
 * One row per deviation (docs/decisions/0051-deviations.md), with the department, customer and
 * date of its order: the query `orderDeviations` and the socket entity of the same name.
 */
export const orderDeviationsProjection: Projection = {
  ...rows,
  handles: (e) => onOrder(e) && (isDeviationEventType(e.type) || scopeAfter(e) !== null),
  async apply(trx, events) {
    return [...(await rows.apply(trx, events)), ...(await followOrders(trx, events))];
  },
  async applyBulk(trx, events) {
    await rows.applyBulk!(trx, events);
    await followOrders(trx, events);
  },
  async refold(trx, events) {
    return [...(await rows.refold!(trx, events)), ...(await followOrders(trx, events))];
  },
};
