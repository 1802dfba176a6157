import {
  CONSIGNMENT_GRID_ENTITY,
  CONSIGNMENT_GRID_TABLE,
  CUSTOMERS_TABLE,
  ORDERS_TABLE,
  CUSTOMER_NAMES_TABLE,
  consignmentEventTypes,
  isConsignmentState,
  PERSONAL_DATA_ERASED,
  erasureStamp,
  rowFlags,
  type ConsignmentEvent,
  type ConsignmentRow,
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
import { scopeOf } from '@nordlog/contracts';
import { trigramIndexSql } from '../framework/trigram.js';
import { evolveRow, rowFromOrder, searchText } from './row.js';

const isConsignmentEvent = (e: RecordedEvent): e is RecordedEvent & ConsignmentEvent =>
  (consignmentEventTypes as readonly string[]).includes(e.type);

const T = CONSIGNMENT_GRID_TABLE;
/** The customers' names as this projection last saw them (its own table: rebuilt with it). */
const NAMES = CUSTOMER_NAMES_TABLE;
const STORE_NAMES_SQL = `insert into ${NAMES} (id, name)
  select * from unnest($1::bigint[], $2::text[])
  on conflict (id) do update set name = excluded.name`;

/** A customer's name as an event states it (created, or renamed), else null. */
function namedCustomer(e: RecordedEvent): { id: string; name: string } | null {
  if (e.type === 'CustomerCreated') {
    const data = e.data as { id: string; name: string };
    return { id: String(data.id), name: data.name };
  }
  if (e.type === 'CustomerUpdated') {
    const data = e.data as { id: string; changes: { name?: string } };
    return typeof data.changes.name === 'string'
      ? { id: String(data.id), name: data.changes.name }
      : null;
  }
  return null;
}

/** The names of the customers a batch's orders belong to (the table is written first). */
async function customerNames(
  trx: Knex.Transaction,
  events: RecordedEvent[],
): Promise<Map<string, string>> {
  const ids = [
    ...new Set(
      events
        .filter(isConsignmentEvent)
        .map((e) => (e.data as { order?: { customerId?: string } }).order?.customerId)
        .filter((id): id is string => typeof id === 'string'),
    ),
  ];
  if (ids.length === 0) return new Map();
  // Prepared, one array parameter: every batch of bookings passes here.
  const rows = await preparedQuery<{ id: string; name: string }>(
    trx,
    `select id::text as id, name from ${NAMES} where id = any($1::bigint[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** `searchConsignments` finds words anywhere in `search_text` (framework/trigram). */
export const consignmentSearchIndexSql = trigramIndexSql(T, 'search_text', `${T}_search`);

const spec: RowProjectionSpec<ConsignmentRow, Map<string, string>> = {
  name: 'consignmentGrid',
  table: T,
  entity: CONSIGNMENT_GRID_ENTITY,
  migrations: [
    {
      name: '0001_rm_consignment_grid',
      async up(knex) {
        await knex.raw(`
          create table ${T} (
            id bigint primary key,
            revision integer not null,
            department_id bigint not null,
            customer_id bigint not null,
            date date not null,
            state text not null,
            slot_id bigint,
            updated_at_epoch bigint not null,
            search_text text not null,
            data jsonb not null
          );
          create index ${T}_department_date on ${T} (department_id, date, id);
          create index ${T}_customer_date on ${T} (customer_id, date);
          create index ${T}_slot on ${T} (slot_id) where slot_id is not null;`);
      },
    },
    {
      name: '0002_rm_consignment_grid_search',
      async up(knex) {
        await knex.raw(consignmentSearchIndexSql);
      },
    },
    {
      // Package ids (SSCCs) joined the search words (issue 13): rows stored before get them too.
      name: '0003_rm_consignment_grid_search_packages',
      async up(knex) {
        await knex.raw(`
          update ${T} set search_text = search_text || ' ' || p.ids
            from (select id, string_agg(value, ' ') as ids
                    from ${T}, jsonb_array_elements_text(data->'packageIds') as value
                   group by id) p
           where p.id = ${T}.id`);
      },
    },
  ],
  rowId: (e) =>
    isConsignmentEvent(e) || (e.type === PERSONAL_DATA_ERASED && e.streamId.startsWith('order-'))
      ? e.streamId.slice('order-'.length)
      : null,
  prepare: customerNames,
  evolve(row, e, names) {
    // The events before it read as erased (docs/decisions/0050): the row is folded again from
    // them (`refold`); the erasure itself is one more revision.
    if (e.type === PERSONAL_DATA_ERASED) return row && { ...row, ...erasureStamp(e) };
    if (!isConsignmentEvent(e)) return row;
    // A state the product does not know is not applied (projections never reject an event).
    if (!isConsignmentState(e.data.state)) return row;
    if (e.type === 'OrderCreated') {
      const created = rowFromOrder(
        e.data.order,
        e.data.state,
        e.streamRevision,
        e.metadata.occurredAt,
      );
      return { ...created, customerName: names.get(created.customerId) ?? null };
    }
    if (!row) return row;
    const next = evolveRow(row, e);
    return {
      ...next,
      // An edit may book the order for another customer: its name comes with it.
      customerName:
        next.customerId === row.customerId
          ? next.customerName
          : (names.get(next.customerId) ?? null),
      ...rowFlags(next.state, next.loadCarrierId),
      revision: e.streamRevision,
      updatedAtEpoch: Date.parse(e.metadata.occurredAt),
    };
  },
  columns: (row) => ({
    department_id: row.departmentId,
    customer_id: row.customerId,
    date: row.date,
    state: row.state,
    slot_id: row.slotId,
    updated_at_epoch: row.updatedAtEpoch,
    search_text: searchText(row),
  }),
};

const rows = rowProjection(spec);

/**
 * The fields of `map_data` as migration 0005 made it (MAP_ROW_FIELDS then). Kept here as they
 * were: when MAP_ROW_FIELDS changes, a new migration makes the function again and has every row
 * computed anew (a test compares the column with the contract).
 */
const MAP_DATA_FIELDS_0005 = [
  'id',
  'revision',
  'updatedAtEpoch',
  'departmentId',
  'customerId',
  'date',
  'state',
  'shipmentId',
  'slotId',
  'isAssignable',
  'pickupName',
  'pickupAddress',
  'pickupLat',
  'pickupLng',
  'pickupTimeEarliest',
  'pickupTimeLatest',
  'deliveryName',
  'deliveryAddress',
  'deliveryZipCode',
  'deliveryZipArea',
  'deliveryLat',
  'deliveryLng',
  'deliveryTimeEarliest',
  'deliveryTimeLatest',
] as const;

/** The fields of `map_data` as migration 0006 made it: each side's precision added (issue 36). */
const MAP_DATA_FIELDS_0006 = [
  ...MAP_DATA_FIELDS_0005,
  'pickupPrecision',
  'deliveryPrecision',
] as const;

/**
 * `map_data`: the row's map fields (MAP_ROW_FIELDS), computed by PostgreSQL from `data` whenever
 * a row is written, whoever writes it (the projection's upsert, a rebuild's COPY, a migration),
 * so it never disagrees with the row. The map reads it, a third of a row's size, instead of
 * reading whole rows and picking their fields (docs/decisions/0027-maps.md). A field the row
 * lacks is null, as `consignments {fields}` answers it. `jsonb_build_object` is only stable (it
 * may call a type's output function); on jsonb values it depends on its input alone, hence the
 * immutable wrapper a generated column needs.
 */
function mapDataSql(fields: readonly string[]): string {
  const pairs = fields.map((f) => `'${f}', d->'${f}'`).join(', ');
  return `
    create or replace function ${T}_map_fields(d jsonb) returns jsonb
      language sql immutable parallel safe
      as $$ select jsonb_build_object(${pairs}) $$;
    alter table ${T} add column map_data jsonb
      generated always as (${T}_map_fields(data)) stored;`;
}

/** The customer names a batch states (the last of each customer wins); stored at once. */
async function storeNames(
  trx: Knex.Transaction,
  events: RecordedEvent[],
): Promise<Map<string, string>> {
  const named = new Map<string, string>();
  const renamed = new Set<string>();
  for (const e of events) {
    const customer = namedCustomer(e);
    if (!customer) continue;
    if (e.type === 'CustomerUpdated' || named.has(customer.id)) renamed.add(customer.id);
    named.set(customer.id, customer.name);
  }
  // Prepared: every customer created or renamed passes here, often one a batch.
  if (named.size > 0)
    await preparedQuery(trx, STORE_NAMES_SQL, [[...named.keys()], [...named.values()]]);
  return new Map([...renamed].map((id) => [id, named.get(id)!]));
}

/**
 * Every stored row of a renamed customer takes the new name (published, so open grids show it).
 * The row's own revision and time stay: a rename is the customer's change, and a rebuild (which
 * meets the name before the rows) must give the same rows.
 */
async function renameRows(
  trx: Knex.Transaction,
  renamed: Map<string, string>,
  publish: boolean,
): Promise<Change[]> {
  if (renamed.size === 0) return [];
  const stored = await trx(T)
    .whereIn('customer_id', [...renamed.keys()])
    .select<{ data: ConsignmentRow }[]>('data');
  const changed = stored
    .map((r) => r.data)
    .filter((row) => row.customerName !== renamed.get(row.customerId))
    .map((row) => ({ ...row, customerName: renamed.get(row.customerId)! }));
  if (changed.length === 0) return [];
  await storeRows(trx, spec, changed, []);
  if (!publish) return [];
  const scoped = { ...spec, scope: (row: ConsignmentRow) => scopeOf(spec.entity, row) };
  return changed.flatMap((row) => rowChanges(scoped, row, row));
}

/**
 * The grid rows (one per consignment) with their customer's current name: the projection keeps
 * the names it has seen in a table of its own, gives a new row its customer's name, and carries
 * a rename to every row of the customer, whatever department it is in (issue 13).
 */
export const consignmentGridProjection: Projection = {
  ...rows,
  tables: [T, NAMES],
  migrations: [
    ...spec.migrations,
    {
      name: '0004_rm_consignment_grid_customer_names',
      async up(knex) {
        await knex.raw(`create table ${NAMES} (id bigint primary key, name text not null)`);
        // A read model that exists already learns the names from the customers' read model, and
        // its rows get their names and search words again (a rebuild gives the same).
        const customers = await knex.raw<{ rows: { exists: boolean }[] }>(
          `select to_regclass('${CUSTOMERS_TABLE}') is not null as exists`,
        );
        if (!customers.rows[0]?.exists) return;
        await knex.raw(
          `insert into ${NAMES} (id, name) select id, data->>'name' from ${CUSTOMERS_TABLE}
           on conflict (id) do nothing`,
        );
        const names = new Map(
          (await knex(NAMES).select<{ id: string; name: string }[]>('id', 'name')).map((r) => [
            String(r.id),
            r.name,
          ]),
        );
        let after = '0';
        for (;;) {
          const batch = await knex(T)
            .where('id', '>', after)
            .orderBy('id')
            .limit(1000)
            .select<{ id: string; data: ConsignmentRow }[]>('id', 'data');
          if (batch.length === 0) break;
          const named = batch.map((r) => ({
            ...r.data,
            customerName: names.get(String(r.data.customerId)) ?? null,
          }));
          await storeRows(knex, spec, named, []);
          after = String(batch[batch.length - 1]!.id);
        }
      },
    },
    {
      name: '0005_rm_consignment_grid_map_data',
      async up(knex) {
        await knex.raw(mapDataSql(MAP_DATA_FIELDS_0005));
      },
    },
    {
      // Issue 36: the map marks an approximate point, so `map_data` carries each side's precision.
      name: '0006_rm_consignment_grid_map_data_precision',
      async up(knex) {
        await knex.raw(`alter table ${T} drop column map_data`);
        await knex.raw(mapDataSql(MAP_DATA_FIELDS_0006));
      },
    },
    {
      // consignmentsInSameLoadCarrier finds a load carrier's rows (docs/decisions/0052); the
      // deleted orders' search reads the few deleted rows, not every row of its range.
      name: '0007_rm_consignment_grid_load_carrier_deleted',
      async up(knex) {
        await knex.raw(`
          create index ${T}_load_carrier on ${T} ((data->>'loadCarrierId'))
            where data->>'loadCarrierId' is not null;
          create index ${T}_deleted on ${T} (department_id, date) where state = 'DELETED';`);
      },
    },
    {
      // The optimiser serves an order only by a unit of its vehicle type (docs/decisions/0094):
      // rows stored before the row carried it learn it from the orders' read model (a rebuild
      // gives the same; an order without one is null, as a new row's).
      name: '0008_rm_consignment_grid_vehicle_type',
      async up(knex) {
        const orders = await knex.raw<{ rows: { exists: boolean }[] }>(
          `select to_regclass('${ORDERS_TABLE}') is not null as exists`,
        );
        const typeOf = orders.rows[0]?.exists
          ? `(select o.data->'order'->'vehicleType' from ${ORDERS_TABLE} o where o.id = ${T}.id)`
          : 'null';
        await knex.raw(`
          update ${T} set data = data || jsonb_build_object('vehicleType', ${typeOf})
           where data->'vehicleType' is null`);
      },
    },
    {
      // The grid shows the order's concrete service code (docs/decisions/0093, 0097): stored rows
      // learn it from the orders' read model, the service's own code where it has no template.
      name: '0009_rm_consignment_grid_service_code',
      async up(knex) {
        const orders = await knex.raw<{ rows: { exists: boolean }[] }>(
          `select to_regclass('${ORDERS_TABLE}') is not null as exists`,
        );
        const codeOf = orders.rows[0]?.exists
          ? `(select coalesce(nullif(o.data->'order'->>'serviceCode', ''),
                nullif(o.data->'order'->>'serviceId', '')) from ${ORDERS_TABLE} o where o.id = ${T}.id)`
          : 'null';
        await knex.raw(`
          update ${T} set data = data || jsonb_build_object('serviceCode', ${codeOf})
           where data->'serviceCode' is null`);
      },
    },
  ],
  handles: (e) => rows.handles(e) || namedCustomer(e) !== null,
  // Names first: a row created in the batch then finds its customer's name (prepare).
  async apply(trx, events, writes) {
    const renamed = await storeNames(trx, events);
    // A rename reads the rows back: then they are written at once, not with the batch's writes.
    const changes = await rows.apply(trx, events, renamed.size === 0 ? writes : undefined);
    return [...changes, ...(await renameRows(trx, renamed, true))];
  },
  async applyBulk(trx, events) {
    const renamed = await storeNames(trx, events);
    await rows.applyBulk!(trx, events);
    await renameRows(trx, renamed, false);
  },
  refold: (trx, events) =>
    rows.refold!(
      trx,
      events.filter((e) => rows.handles(e)),
    ),
};
