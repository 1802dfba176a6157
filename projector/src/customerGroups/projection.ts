import {
  CUSTOMER_GROUPS_ENTITY,
  CUSTOMER_GROUPS_TABLE,
  type CustomerGroupRow,
} from '@nordlog/contracts';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

/** Customer groups; a deleted group stays as a tombstone. */
export const customerGroupsProjection = rowProjection<CustomerGroupRow>({
  name: 'customerGroups',
  table: CUSTOMER_GROUPS_TABLE,
  entity: CUSTOMER_GROUPS_ENTITY,
  migrations: [
    {
      name: '0001_rm_customer_groups',
      async up(knex) {
        await knex.raw(`create table ${CUSTOMER_GROUPS_TABLE} (
          id bigint primary key, revision integer not null, name text not null, deleted boolean not null,
          data jsonb not null)`);
      },
    },
  ],
  ...referenceRows<CustomerGroupRow>(
    'CustomerGroupCreated',
    'CustomerGroupUpdated',
    'CustomerGroupDeleted',
  ),
  columns: (row) => ({ name: row.name, deleted: row.deleted }),
});
