import {
  REPORT_INVOICING_CELLS_TABLE,
  REPORT_INVOICING_ORDERS_TABLE,
  type RecordedEvent,
} from '@nordlog/contracts';
import { preparedQuery, type Knex } from '@nordlog/platform';
import type { BatchWrites } from '../framework/batchWrites.js';
import type { Projection } from '../framework/projection.js';
import { foldInvoicing, handlesInvoicingReport, type InvoicingOrder } from './invoicingFold.js';

const O = REPORT_INVOICING_ORDERS_TABLE;
const C = REPORT_INVOICING_CELLS_TABLE;
const KEYS = 'department_id, date, slot_id, customer_id';

const UPSERT_ORDERS = `insert into ${O} (id, revision, data)
  select (r->>'id')::bigint, (r->>'revision')::integer, r->'data' from jsonb_array_elements($1::jsonb) r
  on conflict (id) do update set revision = excluded.revision, data = excluded.data`;

/** Each cell's amounts summed per key (a key at zero stays: as the counts' reasons). */
const UPSERT_CELLS = `insert into ${C} as t (${KEYS}, invoiced, unpriced, to_invoice, amounts)
  select ${KEYS}, invoiced, unpriced, to_invoice, amounts from jsonb_to_recordset($1::jsonb)
    as r(department_id bigint, date date, slot_id bigint, customer_id bigint, invoiced integer,
      unpriced integer, to_invoice integer, amounts jsonb)
  on conflict (${KEYS}) do update set invoiced = t.invoiced + excluded.invoiced,
    unpriced = t.unpriced + excluded.unpriced, to_invoice = t.to_invoice + excluded.to_invoice,
    amounts = (select coalesce(jsonb_object_agg(k, n), '{}'::jsonb)
      from (select k, sum(v::bigint) as n from (select * from jsonb_each_text(t.amounts)
        union all select * from jsonb_each_text(excluded.amounts)) x(k, v) group by k) y)`;

/** Each handled order's first event, each order once: a batch of bookings. */
const creationsOnly = (events: RecordedEvent[]) => {
  const seen = new Set<string>();
  for (const e of events) {
    if (e.streamRevision !== 0 || e.type !== 'OrderCreated' || seen.has(e.streamId)) return false;
    seen.add(e.streamId);
  }
  return true;
};

const INSERT_ORDERS = `insert into ${O} (id, revision, data)
  select (r->>'id')::bigint, (r->>'revision')::integer, r->'data' from jsonb_array_elements($1::jsonb) r
  on conflict (id) do nothing`;

async function applyEvents(
  trx: Knex.Transaction,
  events: RecordedEvent[],
  writes?: BatchWrites,
): Promise<void> {
  if (events.length === 0) return;
  if (creationsOnly(events)) {
    // A booking counts nowhere yet (neither delivered nor invoiced): the orders are inserted
    // where absent, without reading them, and no cell is written.
    const fresh = new Map<string, InvoicingOrder>();
    const { deltas, changed } = foldInvoicing(fresh, events);
    if (deltas.cells.size === 0) {
      const rows = [...changed].map((id) => ({ id, revision: 0, data: fresh.get(id) }));
      if (rows.length === 0) return;
      // With the batch's other writes, in its one statement, where the runner gives them.
      if (writes) writes.add(INSERT_ORDERS, [JSON.stringify(rows)]);
      else await preparedQuery(trx, INSERT_ORDERS, [JSON.stringify(rows)]);
      return;
    }
  }
  const loaded = await preparedQuery<{ id: string; data: InvoicingOrder }>(
    trx,
    `select id::text as id, data from ${O} where id = any($1)`,
    [[...new Set(events.map((e) => e.streamId.slice('order-'.length)))]],
  );
  const orders = new Map(loaded.map((r) => [r.id, r.data]));
  const { deltas, changed } = foldInvoicing(orders, events);
  if (changed.size === 0) return;
  const rows = [...changed].map((id) => ({
    id,
    revision: orders.get(id)!.revision,
    data: orders.get(id),
  }));
  await preparedQuery(trx, UPSERT_ORDERS, [JSON.stringify(rows)]);
  const cells = [...deltas.cells.values()].map(({ key, counts }) => ({
    department_id: key.departmentId,
    date: key.date,
    slot_id: key.slotId || '0',
    customer_id: key.customerId,
    invoiced: counts.invoiced,
    unpriced: counts.unpriced,
    to_invoice: counts.toInvoice,
    amounts: counts.amounts,
  }));
  if (cells.length > 0) await preparedQuery(trx, UPSERT_CELLS, [JSON.stringify(cells)]);
}

/**
 * The invoiced amounts of the reports (docs/decisions/0096): per order, where it counts (the
 * counts' own cell: department, pickup date, slot, customer) and its invoicing status and price
 * as its events leave them; per cell, the invoiced orders, those without a price on record, those
 * still to invoice and the amounts per currency (`CUR:net`, `CUR:vat`, `CUR:gross`, `CUR:orders`,
 * `CUR:stops`). No socket entity: the report screens ask again.
 */
export const reportInvoicingProjection: Projection = {
  name: 'reportInvoicing',
  tables: [O, C],
  entities: [],
  migrations: [
    {
      name: '0001_rm_report_invoicing',
      async up(knex) {
        await knex.raw(`create table ${O} (
            id bigint primary key, revision integer not null, data jsonb not null);
          create table ${C} (
            department_id bigint not null, date date not null, slot_id bigint not null,
            customer_id bigint not null, invoiced integer not null default 0,
            unpriced integer not null default 0, to_invoice integer not null default 0,
            amounts jsonb not null default '{}', primary key (${KEYS}));
          create index ${C}_date on ${C} (date);`);
      },
    },
  ],
  handles: handlesInvoicingReport,
  async apply(trx, events, writes) {
    await applyEvents(trx, events, writes);
    return [];
  },
};
