import {
  DEPARTMENT_TIME_WINDOWS_ENTITY,
  DEPARTMENT_TIME_WINDOWS_TABLE,
  PRODUCTION_TIME_WINDOWS_ENTITY,
  PRODUCTION_TIME_WINDOWS_TABLE,
  type DepartmentTimeWindowRow,
  type ProductionTimeWindowRow,
} from '@nordlog/contracts';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

/** A department's week (docs/decisions/0078): one row per department, replaced as a whole. */
export const departmentTimeWindowsProjection = rowProjection<DepartmentTimeWindowRow>({
  name: 'departmentTimeWindows',
  table: DEPARTMENT_TIME_WINDOWS_TABLE,
  entity: DEPARTMENT_TIME_WINDOWS_ENTITY,
  migrations: [
    {
      name: '0001_rm_department_time_windows',
      async up(knex) {
        await knex.raw(`create table ${DEPARTMENT_TIME_WINDOWS_TABLE} (
          id bigint primary key, revision integer not null, data jsonb not null)`);
      },
    },
  ],
  ...referenceRows<DepartmentTimeWindowRow>('DepartmentTimeWindowSet', null),
  columns: () => ({}),
});

/**
 * Production time windows: every department's on one stream, so a row's revision is that
 * stream's (it only grows); a deleted window stays as a tombstone.
 */
export const productionTimeWindowsProjection = rowProjection<ProductionTimeWindowRow>({
  name: 'productionTimeWindows',
  table: PRODUCTION_TIME_WINDOWS_TABLE,
  entity: PRODUCTION_TIME_WINDOWS_ENTITY,
  migrations: [
    {
      name: '0001_rm_production_time_windows',
      async up(knex) {
        await knex.raw(`create table ${PRODUCTION_TIME_WINDOWS_TABLE} (
          id bigint primary key, revision integer not null, department_id bigint not null,
          from_date text not null, to_date text not null, deleted boolean not null,
          data jsonb not null);
          create index ${PRODUCTION_TIME_WINDOWS_TABLE}_department
            on ${PRODUCTION_TIME_WINDOWS_TABLE} (department_id, from_date);`);
      },
    },
  ],
  ...referenceRows<ProductionTimeWindowRow>(
    'ProductionTimeWindowAdded',
    'ProductionTimeWindowEdited',
    'ProductionTimeWindowDeleted',
  ),
  columns: (row) => ({
    department_id: row.departmentId,
    from_date: row.fromDate,
    to_date: row.toDate,
    deleted: row.deleted,
  }),
});
