import {
  ORDER_HISTORY_ENTITY,
  ORDER_HISTORY_TABLE,
  consignmentEventTypes,
  type OrderHistoryRow,
  type RecordedEvent,
} from '@nordlog/contracts';
import { copyRows, preparedQuery, type Change } from '@nordlog/platform';
import type { Projection } from '../framework/projection.js';

const T = ORDER_HISTORY_TABLE;

/** Every event of every order with who and when: the base of the audit replay. */
const historyRows = (events: RecordedEvent[]) =>
  events.map((e) => ({
    order_id: e.streamId.slice('order-'.length),
    stream_revision: e.streamRevision,
    position: e.global.position,
    event_type: e.type,
    data: e.data,
    user_id: e.metadata.userId,
    command_id: e.metadata.commandId,
    occurred_at: e.metadata.occurredAt,
  }));

export const orderHistoryProjection: Projection = {
  name: 'orderHistory',
  tables: [T],
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
  ],
  handles: (e) =>
    e.streamId.startsWith('order-') &&
    (consignmentEventTypes as readonly string[]).includes(e.type),
  async apply(trx, events) {
    const rows = historyRows(events);
    // Idempotent: an event delivered twice hits the primary key and is not inserted again.
    const inserted = await preparedQuery<{ order_id: string; stream_revision: number }>(
      trx,
      `insert into ${T} select * from jsonb_populate_recordset(null::${T}, $1::jsonb)
       on conflict (order_id, stream_revision) do nothing returning order_id::text, stream_revision`,
      [JSON.stringify(rows)],
    );
    const byKey = new Map(events.map((e) => [`${e.streamId.slice(6)}:${e.streamRevision}`, e]));
    return inserted.map(({ order_id, stream_revision }): Change => {
      const e = byKey.get(`${order_id}:${stream_revision}`)!;
      const data: OrderHistoryRow = {
        orderId: String(order_id),
        streamRevision: stream_revision,
        eventType: e.type,
        data: e.data,
        userId: e.metadata.userId,
        commandId: e.metadata.commandId,
        occurredAt: e.metadata.occurredAt,
        position: e.global.position,
      };
      return {
        entity: ORDER_HISTORY_ENTITY,
        op: 'upsert',
        id: `${order_id}:${stream_revision}`,
        revision: stream_revision,
        data,
        scope: { departmentId: null, customerId: null, date: null, state: null },
      };
    });
  },
  // A rebuild takes each event once (its checkpoint moves by compare-and-set with the batch), so
  // the rows go in by COPY without the conflict check.
  async applyBulk(trx, events) {
    await copyRows(trx, T, historyRows(events));
  },
};
