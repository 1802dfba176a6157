import {
  CUSTOMERS_ENTITY,
  CUSTOMERS_TABLE,
  type CustomerEvent,
  type CustomerRow,
  type RecordedEvent,
} from '@nordlog/contracts';
import { rowProjection } from '../framework/rowProjection.js';

const isCustomerEvent = (e: RecordedEvent): e is RecordedEvent & CustomerEvent =>
  e.type === 'CustomerCreated' || e.type === 'CustomerUpdated';

/** Text a customer is found by: name and every identifier, lower-cased. */
const searchText = (row: CustomerRow) =>
  [
    row.name,
    row.alystraId,
    row.alystraSubcustomer,
    row.orgNumber,
    row.customerCode,
    ...Object.values(row.otherIdentifiers),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();

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
  ],
  rowId: (e) => (isCustomerEvent(e) ? e.data.id : null),
  evolve(row, e) {
    if (!isCustomerEvent(e)) return row;
    const meta = { revision: e.streamRevision, updatedAtEpoch: Date.parse(e.metadata.occurredAt) };
    if (e.type === 'CustomerCreated') return { ...e.data, ...meta };
    return row ? { ...row, ...e.data.changes, ...meta } : row;
  },
  columns: (row) => ({
    name: row.name,
    department_id: row.departmentId,
    search_text: searchText(row),
  }),
  scope: (row) => ({ departmentId: row.departmentId, customerId: row.id, date: null, state: null }),
});
