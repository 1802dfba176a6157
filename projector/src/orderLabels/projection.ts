import {
  ORDER_LABELS_ENTITY,
  ORDER_LABELS_TABLE,
  labelStream,
  parseSubject,
  type OrderLabelRow,
} from '@nordlog/contracts';
import { preparedQuery } from '@nordlog/platform';
import type { Projection } from '../framework/projection.js';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

/** Label documents (docs/decisions/0020): one row each, written once, found by id or by order. */
const rows = rowProjection<OrderLabelRow>({
  name: 'orderLabels',
  table: ORDER_LABELS_TABLE,
  entity: ORDER_LABELS_ENTITY,
  migrations: [
    {
      name: '0001_rm_order_labels',
      async up(knex) {
        await knex.raw(`create table ${ORDER_LABELS_TABLE} (
          id bigint primary key, revision integer not null, order_ids text[] not null,
          department_ids text[] not null, customer_id bigint, data jsonb not null);
          create index ${ORDER_LABELS_TABLE}_orders on ${ORDER_LABELS_TABLE} using gin (order_ids);`);
      },
    },
  ],
  ...referenceRows<OrderLabelRow>('LabelCreated', null),
  columns: (row) => ({
    order_ids: row.orderIds,
    department_ids: row.departmentIds,
    customer_id: row.customerId,
  }),
});

export const orderLabelsProjection: Projection = {
  ...rows,
  // A label's pages print its orders' parties: an order's erasure folds its labels again (0050).
  async subjectStreams(knex, subject) {
    const parsed = parseSubject(subject);
    if (parsed?.kind !== 'order') return [];
    const found = await preparedQuery<{ id: string }>(
      knex,
      `select id::text from ${ORDER_LABELS_TABLE} where order_ids @> array[$1::text]`,
      [parsed.id],
    );
    return found.map((r) => labelStream(r.id));
  },
};
