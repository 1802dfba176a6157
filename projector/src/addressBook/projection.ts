import { ADDRESSES_ENTITY, ADDRESSES_TABLE, type AddressRow } from '@nordlog/contracts';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

/**
 * The address book (docs/decisions/0061-address-book.md): one row per saved address, with the
 * columns its query filters and sorts by; `search` is the lower-cased text a phrase is matched
 * against. A deleted address stays as a tombstone, its people erased (folded again after the
 * erasure its deletion appends).
 */
export const addressesProjection = rowProjection<AddressRow>({
  name: 'addresses',
  table: ADDRESSES_TABLE,
  entity: ADDRESSES_ENTITY,
  migrations: [
    {
      name: '0001_rm_addresses',
      async up(knex) {
        await knex.raw(`create table ${ADDRESSES_TABLE} (
          id bigint primary key, revision integer not null, department_id bigint not null,
          customer_id bigint not null, usage text not null, code text not null, name text not null,
          search text not null, deleted boolean not null, data jsonb not null);
          create index rm_addresses_customer on ${ADDRESSES_TABLE} (customer_id, name) where not deleted;
          create index rm_addresses_department on ${ADDRESSES_TABLE} (department_id, name) where not deleted`);
      },
    },
  ],
  ...referenceRows<AddressRow>('AddressCreated', 'AddressUpdated', 'AddressDeleted'),
  columns: (row) => ({
    department_id: row.departmentId,
    customer_id: row.customerId,
    usage: row.usage,
    code: row.code,
    name: row.block.name,
    search: [
      row.block.name,
      row.block.address,
      row.block.zipCode,
      row.block.zipArea,
      row.code,
      row.block.contactPerson,
    ]
      .join(' ')
      .toLowerCase(),
    deleted: row.deleted,
  }),
});
