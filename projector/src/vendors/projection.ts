import { VENDORS_ENTITY, VENDORS_TABLE, type VendorRow } from '@nordlog/contracts';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

/**
 * Vendors (docs/decisions/0091-vendors.md): every vendor on one stream, so a row's revision is
 * that stream's (it only grows); a connection is an update of `units`; a deleted vendor stays as
 * a tombstone.
 */
export const vendorsProjection = rowProjection<VendorRow>({
  name: 'vendors',
  table: VENDORS_TABLE,
  entity: VENDORS_ENTITY,
  migrations: [
    {
      name: '0001_rm_vendors',
      async up(knex) {
        await knex.raw(`create table ${VENDORS_TABLE} (
          id bigint primary key, revision integer not null, department_id bigint not null,
          deleted boolean not null, data jsonb not null);
          create index ${VENDORS_TABLE}_department on ${VENDORS_TABLE} (department_id);`);
      },
    },
  ],
  ...referenceRows<VendorRow>('VendorCreated', 'VendorUpdated', 'VendorDeleted'),
  columns: (row) => ({ department_id: row.departmentId, deleted: row.deleted }),
});
