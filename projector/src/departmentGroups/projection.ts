import {
  DEPARTMENT_GROUPS_ENTITY,
  DEPARTMENT_GROUPS_TABLE,
  type DepartmentGroupRow,
} from '@nordlog/contracts';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

/** Department groups; a deleted group stays as a tombstone (its `group_{n}` expands to nothing). */
export const departmentGroupsProjection = rowProjection<DepartmentGroupRow>({
  name: 'departmentGroups',
  table: DEPARTMENT_GROUPS_TABLE,
  entity: DEPARTMENT_GROUPS_ENTITY,
  migrations: [
    {
      name: '0001_rm_department_groups',
      async up(knex) {
        await knex.raw(`create table ${DEPARTMENT_GROUPS_TABLE} (
          id bigint primary key, revision integer not null, name text not null, deleted boolean not null,
          data jsonb not null)`);
      },
    },
  ],
  ...referenceRows<DepartmentGroupRow>(
    'DepartmentGroupCreated',
    'DepartmentGroupUpdated',
    'DepartmentGroupDeleted',
  ),
  columns: (row) => ({ name: row.name, deleted: row.deleted }),
  // A group spans departments: its changes carry none, and reach every socket that asks for them.
});
