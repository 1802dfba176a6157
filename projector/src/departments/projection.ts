import { DEPARTMENTS_ENTITY, DEPARTMENTS_TABLE, type DepartmentRow } from '@nordlog/contracts';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

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
  ],
  ...referenceRows<DepartmentRow>('DepartmentCreated', 'DepartmentUpdated'),
  columns: (row) => ({ name: row.name, country: row.country }),
});
