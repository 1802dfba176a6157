import {
  DEPARTMENTS_ENTITY,
  DEPARTMENTS_TABLE,
  sellerDefaults,
  type DepartmentRow,
} from '@nordlog/contracts';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

const rows = referenceRows<DepartmentRow>('DepartmentCreated', 'DepartmentUpdated');
/** Fields added after departments existed, as their events from before read (0058). */
const added: Pick<DepartmentRow, 'planningHorizonDays'> = { planningHorizonDays: null };

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
    {
      // Departments from before the planning horizon (0058) read as having none of their own.
      name: '0003_rm_departments_horizon',
      async up(knex) {
        await knex.raw(
          `update ${DEPARTMENTS_TABLE} set data = '{"planningHorizonDays": null}'::jsonb || data`,
        );
      },
    },
  ],
  rowId: rows.rowId,
  tombstone: rows.tombstone,
  // The same defaults on a rebuild, so replayed rows equal migrated ones.
  evolve: (row, e) => {
    const next = rows.evolve(row, e);
    return next && { ...sellerDefaults, ...added, ...next };
  },
  columns: (row) => ({ name: row.name, country: row.country }),
});
