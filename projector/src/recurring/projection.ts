import {
  RECURRING_EXECUTIONS_ENTITY,
  RECURRING_EXECUTIONS_TABLE,
  RECURRING_ORDERS_ENTITY,
  RECURRING_ORDERS_TABLE,
  RECURRING_RUNS_ENTITY,
  RECURRING_RUNS_TABLE,
  type RecordedEvent,
  type RecurringExecutionRow,
  type RecurringOccurrenceEvent,
  type RecurringOrderEvent,
  type RecurringOrderRow,
  type RecurringRunRow,
  parseSubject,
  recurringOrderStream,
} from '@nordlog/contracts';
import { preparedQuery } from '@nordlog/platform';
import type { Projection } from '../framework/projection.js';
import { rowProjection } from '../framework/rowProjection.js';

/** Recurring orders (docs/decisions/0058-recurring-orders.md): the three read models. */

const orderEvents = new Set<string>([
  'RecurringOrderSaved',
  'RecurringOrderOrdersAdded',
  'RecurringOrderOrdersRemoved',
  'RecurringOrderPaused',
  'RecurringOrderDeleted',
]);

const stamp = (e: RecordedEvent) => ({
  revision: e.streamRevision,
  updatedAtEpoch: Date.parse(e.metadata.occurredAt),
});

/** A department's recurring orders with their templates; a deleted one is a tombstone. */
const recurringOrderRows = rowProjection<RecurringOrderRow>({
  name: 'recurringOrders',
  table: RECURRING_ORDERS_TABLE,
  entity: RECURRING_ORDERS_ENTITY,
  migrations: [
    {
      name: '0001_rm_recurring_orders',
      async up(knex) {
        await knex.raw(`create table ${RECURRING_ORDERS_TABLE} (
          id bigint primary key, revision integer not null, department_id bigint not null,
          deleted boolean not null, data jsonb not null);
          create index ${RECURRING_ORDERS_TABLE}_department on ${RECURRING_ORDERS_TABLE} (department_id)
            where not deleted;`);
      },
    },
  ],
  rowId: (e) => (orderEvents.has(e.type) ? (e.data as { id: string }).id : null),
  tombstone: (row) => row.deleted,
  evolve(row, recorded) {
    const event = recorded as unknown as RecurringOrderEvent;
    const meta = stamp(recorded);
    switch (event.type) {
      case 'RecurringOrderSaved':
        return row
          ? { ...row, ...event.data, ...meta }
          : { ...event.data, paused: false, orders: [], deleted: false, ...meta };
      case 'RecurringOrderOrdersAdded':
        return row && { ...row, orders: [...row.orders, ...event.data.orders], ...meta };
      case 'RecurringOrderOrdersRemoved': {
        const gone = new Set(event.data.orderIds);
        return row && { ...row, orders: row.orders.filter((t) => !gone.has(t.orderId)), ...meta };
      }
      case 'RecurringOrderPaused':
        return row && { ...row, paused: event.data.paused, ...meta };
      case 'RecurringOrderDeleted':
        return row && { ...row, deleted: true, ...meta };
      default:
        return row;
    }
  },
  columns: (row) => ({ department_id: row.departmentId, deleted: row.deleted }),
});

/**
 * A template is a copy of its source order's booking, sealed under that order's subject: when the
 * order's person is erased, the recurring orders that hold the order are folded again from their
 * events as they now read (docs/decisions/0050, 0058), so no plain copy stays in the read model.
 */
export const recurringOrdersProjection: Projection = {
  ...recurringOrderRows,
  async subjectStreams(knex, subject) {
    const parsed = parseSubject(subject);
    if (parsed?.kind !== 'order') return [];
    const found = await preparedQuery<{ id: string }>(
      knex,
      `select id::text from ${RECURRING_ORDERS_TABLE} where data->'orders' @> $1::jsonb`,
      [JSON.stringify([{ orderId: parsed.id }])],
    );
    return found.map((r) => recurringOrderStream(r.id));
  },
};

const occurrenceEvents = new Set<string>(['RecurringOrderBooked', 'RecurringOrderSkipped']);

/** What executing each occurrence did: its last outcome (booked is final). */
export const recurringExecutionsProjection = rowProjection<RecurringExecutionRow>({
  name: 'recurringOrderExecutions',
  table: RECURRING_EXECUTIONS_TABLE,
  entity: RECURRING_EXECUTIONS_ENTITY,
  migrations: [
    {
      name: '0001_rm_recurring_order_executions',
      async up(knex) {
        const T = RECURRING_EXECUTIONS_TABLE;
        await knex.raw(`create table ${T} (
          id text primary key, revision integer not null, department_id bigint not null,
          recurring_order_id bigint not null, occurrence date not null, date date not null,
          data jsonb not null);
          create index ${T}_department_date on ${T} (department_id, date);
          create index ${T}_department_occurrence on ${T} (department_id, occurrence);
          create index ${T}_recurring on ${T} (recurring_order_id, occurrence);`);
      },
    },
  ],
  rowId: (e) => (occurrenceEvents.has(e.type) ? (e.data as { id: string }).id : null),
  evolve(_row, recorded) {
    const event = recorded as unknown as RecurringOccurrenceEvent;
    const meta = stamp(recorded);
    const { id, recurringOrderId, departmentId, occurrence, date } = event.data;
    const base = { id, recurringOrderId, departmentId, occurrence, date, ...meta };
    if (event.type === 'RecurringOrderBooked')
      return {
        ...base,
        status: 'BOOKED',
        orderIds: event.data.orderIds,
        movedTo: null,
        message: null,
      };
    return {
      ...base,
      status: event.data.reason,
      orderIds: [],
      movedTo: event.data.movedTo,
      message: event.data.message,
    };
  },
  columns: (row) => ({
    department_id: row.departmentId,
    recurring_order_id: row.recurringOrderId,
    occurrence: row.occurrence,
    date: row.date,
  }),
});

/** The dates executed per department. */
export const recurringRunsProjection = rowProjection<RecurringRunRow>({
  name: 'recurringOrderRuns',
  table: RECURRING_RUNS_TABLE,
  entity: RECURRING_RUNS_ENTITY,
  migrations: [
    {
      name: '0001_rm_recurring_order_runs',
      async up(knex) {
        const T = RECURRING_RUNS_TABLE;
        await knex.raw(`create table ${T} (
          id text primary key, revision integer not null, department_id bigint not null,
          date date not null, data jsonb not null);
          create index ${T}_department_date on ${T} (department_id, date);`);
      },
    },
  ],
  rowId: (e) => (e.type === 'RecurringOrdersExecuted' ? (e.data as { id: string }).id : null),
  evolve(_row, recorded) {
    const data = recorded.data as { id: string; departmentId: string; date: string };
    return { ...data, executedAt: recorded.metadata.occurredAt, ...stamp(recorded) };
  },
  columns: (row) => ({ department_id: row.departmentId, date: row.date }),
});
