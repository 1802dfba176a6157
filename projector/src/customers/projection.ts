import { CUSTOMERS_ENTITY, CUSTOMERS_TABLE, type CustomerRow } from '@nordlog/contracts';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

/** Text a customer is found by: name and every identifier, lower-cased. */
const searchText = (row: CustomerRow) =>
  [
    row.name,
    row.alystraId,
    row.alystraSubcustomer,
    row.orgNumber,
    row.customerCode,
    row.address?.street,
    row.address?.postalCode,
    row.address?.town,
    ...Object.values(row.otherIdentifiers),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();

const rows = referenceRows<CustomerRow>('CustomerCreated', 'CustomerUpdated');

export const customersProjection = rowProjection<CustomerRow>({
  name: 'customers',
  table: CUSTOMERS_TABLE,
  entity: CUSTOMERS_ENTITY,
  migrations: [
    {
      name: '0001_rm_customers',
      async up(knex) {
        await knex.raw(`create table ${CUSTOMERS_TABLE} (
          id bigint primary key, revision integer not null, name text not null, department_id bigint,
          search_text text not null, data jsonb not null)`);
      },
    },
    {
      // Customers created before addresses existed (issue 36) read as having none.
      name: '0002_rm_customers_address',
      async up(knex) {
        await knex.raw(`update ${CUSTOMERS_TABLE} set data = '{"address": null}'::jsonb || data`);
      },
    },
    {
      // Customers created before returns (docs/decisions/0057) send them back to the sender.
      name: '0003_rm_customers_returns',
      async up(knex) {
        await knex.raw(
          `update ${CUSTOMERS_TABLE} set data = '{"returnAddress": null, "returnLastLeg": true}'::jsonb || data`,
        );
      },
    },
  ],
  rowId: (e) => (e.type === 'CustomerDeleted' ? (e.data as { id: string }).id : rows.rowId(e)),
  tombstone: rows.tombstone,
  evolve(row, e) {
    // A deleted customer's row goes (docs/decisions/0099): every reader of the table keeps it.
    if (e.type === 'CustomerDeleted') return null;
    const next = rows.evolve(row, e);
    return (
      next && {
        ...next,
        address: next.address ?? null,
        returnAddress: next.returnAddress ?? null,
        returnLastLeg: next.returnLastLeg ?? true,
      }
    );
  },
  columns: (row) => ({
    name: row.name,
    department_id: row.departmentId,
    search_text: searchText(row),
  }),
});
