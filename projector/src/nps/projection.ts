import { NPS_ANSWERS_TABLE, type DeliveryRatedEvent, type RecordedEvent } from '@nordlog/contracts';
import { preparedQuery } from '@nordlog/platform';
import type { Projection } from '../framework/projection.js';

const T = NPS_ANSWERS_TABLE;

const INSERT = `insert into ${T} (order_id, department_id, customer_id, delivered_on, score, answered_at)
  select (r->>'order_id')::bigint, (r->>'department_id')::bigint, (r->>'customer_id')::bigint,
    (r->>'delivered_on')::date, (r->>'score')::smallint, (r->>'answered_at')::timestamptz
  from jsonb_array_elements($1::jsonb) r
  on conflict (order_id) do nothing`;

/**
 * The net promoter answers (docs/decisions/0083-nps.md): one row per rated order, its score, its
 * customer and department when rated and the delivery's date, for `npsScores`. The comment is
 * not kept here (it is the recipient's personal data; the order's history shows it): the table
 * holds no personal data, so an erasure leaves it as it is. No socket entity: the report asks
 * again.
 */
export const npsProjection: Projection = {
  name: 'nps',
  tables: [T],
  entities: [],
  migrations: [
    {
      name: '0001_rm_nps_answers',
      async up(knex) {
        await knex.raw(`create table ${T} (
            order_id bigint primary key, department_id bigint not null,
            customer_id bigint not null, delivered_on date not null,
            score smallint not null, answered_at timestamptz not null);
          create index ${T}_department_date on ${T} (department_id, delivered_on)`);
      },
    },
  ],
  handles: (e: RecordedEvent) => e.type === 'DeliveryRated' && e.streamId.startsWith('order-'),
  async apply(trx, events) {
    // One answer per order (the decider takes no second): a repeated delivery changes nothing.
    const rows = events.map((e) => {
      const d = e.data as DeliveryRatedEvent['data'];
      return {
        order_id: e.streamId.slice('order-'.length),
        department_id: d.departmentId,
        customer_id: d.customerId,
        delivered_on: d.deliveredOn,
        score: d.score,
        answered_at: d.at,
      };
    });
    if (rows.length > 0) await preparedQuery(trx, INSERT, [JSON.stringify(rows)]);
    return [];
  },
};
