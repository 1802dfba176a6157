import {
  CONSIGNMENT_GRID_ENTITY,
  CONSIGNMENT_GRID_TABLE,
  consignmentEventTypes,
  isConsignmentState,
  rowFlags,
  type ConsignmentEvent,
  type ConsignmentRow,
  type RecordedEvent,
} from '@nordlog/contracts';
import { rowProjection } from '../framework/rowProjection.js';
import { evolveRow, rowFromOrder, searchText } from './row.js';

const isConsignmentEvent = (e: RecordedEvent): e is RecordedEvent & ConsignmentEvent =>
  (consignmentEventTypes as readonly string[]).includes(e.type);

const T = CONSIGNMENT_GRID_TABLE;

/**
 * `searchConsignments` finds words anywhere in `search_text` (LIKE '%word%'), which no b-tree can
 * serve: a trigram GIN index can (docs/decisions/0016-shipments-grid.md, measured by
 * `npm run bench:grid`). pg_trgm ships with PostgreSQL's contrib and is a trusted extension, so
 * the database owner may create it; where it cannot be had, search still works, without the index.
 */
export const consignmentSearchIndexSql = `
  do $$
  declare
    trgm_schema text;
  begin
    if not exists (select 1 from pg_extension where extname = 'pg_trgm') then
      begin
        create extension pg_trgm;
      exception when others then
        raise notice 'pg_trgm is not available (%): searchConsignments runs without its index', sqlerrm;
      end;
    end if;
    select n.nspname into trgm_schema
      from pg_extension e join pg_namespace n on n.oid = e.extnamespace
     where e.extname = 'pg_trgm';
    if trgm_schema is not null then
      execute format(
        'create index if not exists ${T}_search on ${T} using gin (search_text %I.gin_trgm_ops)',
        trgm_schema);
    end if;
  end $$;`;

export const consignmentGridProjection = rowProjection<ConsignmentRow>({
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
  rowId: (e) => (isConsignmentEvent(e) ? e.streamId.slice('order-'.length) : null),
  evolve(row, e) {
    if (!isConsignmentEvent(e)) return row;
    // A state the product does not know is not applied (projections never reject an event).
    if (!isConsignmentState(e.data.state)) return row;
    if (e.type === 'OrderCreated')
      return rowFromOrder(e.data.order, e.data.state, e.streamRevision, e.metadata.occurredAt);
    if (!row) return row;
    const next = evolveRow(row, e);
    return {
      ...next,
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
});
