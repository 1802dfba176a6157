import {
  DEPARTMENTS_ENTITY,
  DEPARTMENTS_TABLE,
  sellerDefaults,
  type DepartmentRow,
} from '@nordlog/contracts';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

const rows = referenceRows<DepartmentRow>('DepartmentCreated', 'DepartmentUpdated');

export const departmentsProjection = rowProjection<DepartmentRow>({
  name: 'departments',
  table: DEPARTMENTS_TABLE,
  entity: DEPARTMENTS_ENTITY,
  migrations: [
    {
      name: '0001_rm_departments',
      async up(knex) {
        await knex.raw(`create table ${DEPARTMENTS_TABLE} (
          id bigint primary key, revision integer not null, name text not null, country text not null, data jsonb not null)`);
      },
    },
    {
      // Departments created before the seller fields existed (issue 36) read with them empty.
      name: '0002_rm_departments_seller',
      async up(knex) {
        await knex.raw(`update ${DEPARTMENTS_TABLE} set data = ?::jsonb || data`, [
          JSON.stringify(sellerDefaults),
        ]);
      },
    },
  ],
  rowId: rows.rowId,
  tombstone: rows.tombstone,
  // The same defaults on a rebuild, so replayed rows equal migrated ones.
  evolve: (row, e) => {
    const next = rows.evolve(row, e);
    return next && { ...sellerDefaults, ...next };
  },
  columns: (row) => ({ name: row.name, country: row.country }),
});
