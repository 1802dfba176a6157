import {
  REPORT_CELLS_TABLE,
  REPORT_DEPARTMENT_DAYS_TABLE,
  REPORT_ORDERS_TABLE,
  consignmentEventTypes,
  type RecordedEvent,
} from '@nordlog/contracts';
import { preparedQuery, type Knex } from '@nordlog/platform';
import type { BatchWrites } from '../framework/batchWrites.js';
import type { Projection } from '../framework/projection.js';
import { contribution, foldReport, keyOf, type CellDeltas, type ReportOrder } from './fold.js';

const O = REPORT_ORDERS_TABLE;
const C = REPORT_CELLS_TABLE;
const D = REPORT_DEPARTMENT_DAYS_TABLE;
const orderEvents = new Set<string>(consignmentEventTypes);
const onOrder = (e: RecordedEvent) => e.streamId.startsWith('order-') && orderEvents.has(e.type);
const orderIdOf = (e: RecordedEvent) => e.streamId.slice('order-'.length);

/** The counts as columns (ReportCounts' fields, snake case), in the cells' column order. */
const COUNTS = [
  ['booked', 'booked'],
  ['planned', 'planned'],
  ['collected', 'collected'],
  ['delivered', 'delivered'],
  ['deviated', 'deviated'],
  ['returned', 'returned'],
  ['onTime', 'on_time'],
  ['late', 'late'],
  ['stops', 'stops'],
] as const;
const KEYS = 'department_id, date, slot_id, customer_id';
const counted = COUNTS.map(([, c]) => c);

/** Each key's reasons summed (a reason at zero stays: which keys a cell has never depends on batching). */
const MERGE_REASONS = `(select coalesce(jsonb_object_agg(k, n), '{}'::jsonb)
  from (select k, sum(v::int) as n from (select * from jsonb_each_text(t.reasons)
    union all select * from jsonb_each_text(excluded.reasons)) x(k, v) group by k) y)`;

const record = (param: string) => `jsonb_to_recordset(${param}::jsonb) as r(id bigint,
  department_id bigint, date date, slot_id bigint, customer_id bigint,
  ${counted.map((c) => `${c} integer`).join(', ')}, reasons jsonb)`;
const addCounted = counted.map((c) => `${c} = t.${c} + excluded.${c}`).join(', ');
const summed = counted.map((c) => `sum(${c})::integer`).join(', ');

/**
 * The cells' upsert: each row of the JSON parameter `param` (one per cell) added to its cell.
 * `gate`: the name of an earlier write answering `id`, whose orders alone are counted (a creation
 * applied already adds nothing); then the parameter's rows are orders, summed per cell here.
 */
function cellsSql(gate?: string, param = '$1'): string {
  const select = gate
    ? `select ${KEYS}, ${summed}, '{}'::jsonb
       from ${record(param)} where r.id in (select id from ${gate}) group by ${KEYS}`
    : `select ${KEYS}, ${counted.join(', ')}, reasons from ${record(param)}`;
  return `insert into ${C} as t (${KEYS}, ${counted.join(', ')}, reasons)
    ${select}
    on conflict (${KEYS}) do update set ${addCounted}, reasons = ${MERGE_REASONS}`;
}

/**
 * The rollup made from the cells (the migration; the reports bench after filling the cells in
 * bulk): each department's day, its counts and its reasons per key summed.
 */
export const DAYS_FROM_CELLS = `insert into ${D} (department_id, date, ${counted.join(', ')}, reasons)
  select c.department_id, c.date, ${counted.map((c) => `sum(c.${c})::integer`).join(', ')},
    coalesce((select jsonb_object_agg(k, n) from (select e.key as k, sum(e.value::int) as n
      from ${C} x, jsonb_each_text(x.reasons) e
      where x.department_id = c.department_id and x.date = c.date group by e.key) y), '{}'::jsonb)
  from ${C} c group by c.department_id, c.date`;

/**
 * The same rows added to their department's day (docs/decisions/0096): summed per department and
 * date here (a row is written once per statement), their reasons per key. With the cells' upsert
 * in one statement and one transaction, a day is always the sum of its cells.
 */
function daysSql(gate?: string, param = '$1'): string {
  const where = gate ? `where r.id in (select id from ${gate})` : '';
  const reasons = gate
    ? `'{}'::jsonb`
    : `coalesce((select jsonb_object_agg(k, n) from (select e.key as k, sum(e.value::int) as n
        from ${record(param)}, jsonb_each_text(r.reasons) e
        where r.department_id = s.department_id and r.date = s.date group by e.key) x), '{}'::jsonb)`;
  return `insert into ${D} as t (department_id, date, ${counted.join(', ')}, reasons)
    select s.*, ${reasons} from (
      select department_id, date, ${summed} from ${record(param)} ${where} group by 1, 2) s
    on conflict (department_id, date) do update set ${addCounted}, reasons = ${MERGE_REASONS}`;
}

const INSERT_ORDERS = `insert into ${O} (id, revision, data)
  select (r->>'id')::bigint, (r->>'revision')::integer, r->'data' from jsonb_array_elements($1::jsonb) r
  on conflict (id) do nothing returning id`;
const UPSERT_ORDERS = `insert into ${O} (id, revision, data)
  select (r->>'id')::bigint, (r->>'revision')::integer, r->'data' from jsonb_array_elements($1::jsonb) r
  on conflict (id) do update set revision = excluded.revision, data = excluded.data`;

type Send = (sql: string, params: unknown[]) => Promise<string | undefined>;

/** The statements go with the batch's others where the runner gives `writes`, else one by one. */
function sender(trx: Knex.Transaction, writes?: BatchWrites): Send {
  return async (sql, params) => {
    if (writes) return writes.add(sql, params);
    await preparedQuery(trx, sql, params);
    return undefined;
  };
}

const cellRow = (o: ReportOrder, id?: string) => {
  const k = keyOf(o);
  const c = contribution(o);
  return {
    id,
    department_id: k.departmentId,
    date: k.date,
    slot_id: k.slotId || '0',
    customer_id: k.customerId,
    ...Object.fromEntries(COUNTS.map(([f, col]) => [col, c[f]])),
    reasons: c.reasons,
  };
};

const deltaRows = (deltas: CellDeltas) =>
  [...deltas.cells.values()].map(({ key, counts }) => ({
    department_id: key.departmentId,
    date: key.date,
    slot_id: key.slotId || '0',
    customer_id: key.customerId,
    ...Object.fromEntries(COUNTS.map(([f, col]) => [col, counts[f]])),
    reasons: counts.reasons,
  }));

/**
 * A batch of bookings (each order's first event, once): no read. The orders are inserted where
 * absent and only those inserted are added to their cells, in one statement with the batch's
 * others (a CREATE_ORDER costs its share of one upsert per cell).
 */
async function applyCreations(
  trx: Knex.Transaction,
  events: RecordedEvent[],
  writes?: BatchWrites,
): Promise<void> {
  const orders = new Map<string, ReportOrder>();
  const { changed } = foldReport(orders, events);
  const rows = [...changed].map((id) => ({ id, revision: 0, data: orders.get(id)! }));
  const cells = JSON.stringify(rows.map((r) => cellRow(r.data, r.id)));
  if (writes) {
    const gate = writes.add(INSERT_ORDERS, [JSON.stringify(rows)]);
    writes.add(cellsSql(gate), [cells]);
    writes.add(daysSql(gate), [cells]);
  } else
    await preparedQuery(
      trx,
      `with o as (${INSERT_ORDERS}), c as (${cellsSql('o', '$2')}) ${daysSql('o', '$2')}`,
      [JSON.stringify(rows), cells],
    );
}

/** Any other batch: the orders it names are read (one query), folded, and written with the cells' changes. */
async function applyChanges(
  trx: Knex.Transaction,
  events: RecordedEvent[],
  writes?: BatchWrites,
): Promise<void> {
  const loaded = await preparedQuery<{ id: string; data: ReportOrder }>(
    trx,
    `select id::text as id, data from ${O} where id = any($1)`,
    [[...new Set(events.map(orderIdOf))]],
  );
  const orders = new Map(loaded.map((r) => [r.id, r.data]));
  const { deltas, changed } = foldReport(orders, events);
  if (changed.size === 0) return;
  const rows = [...changed].map((id) => {
    const data = orders.get(id)!;
    return { id, revision: data.revision, data };
  });
  const send = sender(trx, writes);
  await send(UPSERT_ORDERS, [JSON.stringify(rows)]);
  const cells = JSON.stringify(deltaRows(deltas));
  await send(cellsSql(), [cells]);
  await send(daysSql(), [cells]);
}

/** Each handled order's first event, each order once: a batch of bookings. */
const creationsOnly = (events: RecordedEvent[]) => {
  const seen = new Set<string>();
  for (const e of events) {
    if (e.streamRevision !== 0 || e.type !== 'OrderCreated' || seen.has(e.streamId)) return false;
    seen.add(e.streamId);
  }
  return true;
};

async function applyEvents(trx: Knex.Transaction, events: RecordedEvent[], writes?: BatchWrites) {
  if (events.length === 0) return;
  if (creationsOnly(events)) await applyCreations(trx, events, writes);
  else await applyChanges(trx, events, writes);
}

/**
 * The reports' read model (docs/decisions/0080-reporting.md): what each order counts in its cell
 * (rm_report_orders) and the cells (rm_report_cells: per department, date, slot and customer, the
 * counts of ReportCounts). Every event moves its order's contribution from the cell it was in to
 * the one it is in now: one upsert per cell touched, never a scan. No socket entity: the report
 * screens ask again.
 */
export const reportsProjection: Projection = {
  name: 'reports',
  tables: [O, C, D],
  entities: [],
  migrations: [
    {
      name: '0001_rm_report_cells',
      async up(knex) {
        await knex.raw(`create table ${O} (
            id bigint primary key, revision integer not null, data jsonb not null);
          create table ${C} (
            department_id bigint not null, date date not null, slot_id bigint not null,
            customer_id bigint not null,
            ${counted.map((c) => `${c} integer not null default 0`).join(', ')},
            reasons jsonb not null default '{}',
            primary key (department_id, date, slot_id, customer_id))`);
      },
    },
    {
      // The admin report reads every department's cells of its dates (docs/decisions/0082).
      name: '0002_rm_report_cells_date',
      async up(knex) {
        await knex.raw(`create index rm_report_cells_date on ${C} (date)`);
      },
    },
    {
      // A department's report reads its cells from this index alone (an index-only scan), not
      // from a heap page per cell: cells are written as work comes in, every department's
      // interleaved, so a department's month lies on as many pages as it has cells
      // (docs/decisions/0088, `npm run bench:reports`).
      name: '0003_rm_report_cells_department_covering',
      async up(knex) {
        await knex.raw(`create index rm_report_cells_department_counts on ${C}
          (department_id, date) include (slot_id, customer_id, ${counted.join(', ')}, reasons)`);
      },
    },
    {
      // The admin report's rollup (docs/decisions/0096): the cells per department and day, made
      // here from the cells already there, then kept by every write of the cells.
      name: '0004_rm_report_department_days',
      async up(knex) {
        await knex.raw(`create table ${D} (
            department_id bigint not null, date date not null,
            ${counted.map((c) => `${c} integer not null default 0`).join(', ')},
            reasons jsonb not null default '{}', primary key (department_id, date));
          ${DAYS_FROM_CELLS}`);
      },
    },
  ],
  handles: onOrder,
  async apply(trx, events, writes) {
    await applyEvents(trx, events, writes);
    return [];
  },
  async applyBulk(trx, events) {
    await applyEvents(trx, events);
  },
};
