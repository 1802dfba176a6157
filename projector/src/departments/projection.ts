import {
  DEPARTMENTS_ENTITY,
  DEPARTMENTS_TABLE,
  type DepartmentEvent,
  type DepartmentRow,
  type RecordedEvent,
} from '@nordlog/contracts';
import { rowProjection } from '../framework/rowProjection.js';

const isDepartmentEvent = (e: RecordedEvent): e is RecordedEvent & DepartmentEvent =>
  e.type === 'DepartmentCreated' || e.type === 'DepartmentUpdated';

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
  rowId: (e) => (isDepartmentEvent(e) ? e.data.id : null),
  evolve(row, e) {
    if (!isDepartmentEvent(e)) return row;
    const meta = { revision: e.streamRevision, updatedAtEpoch: Date.parse(e.metadata.occurredAt) };
    if (e.type === 'DepartmentCreated') return { ...e.data, ...meta };
    return row ? { ...row, ...e.data.changes, ...meta } : row;
  },
  columns: (row) => ({ name: row.name, country: row.country }),
  scope: (row) => ({ departmentId: row.id, customerId: null, date: null, state: null }),
});
