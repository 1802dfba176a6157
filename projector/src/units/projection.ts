import {
  readUnitEvent,
  UNITS_ENTITY,
  UNITS_TABLE,
  type RecordedEvent,
  type UnitRow,
} from '@nordlog/contracts';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

const rows = referenceRows<UnitRow>('UnitCreated', 'UnitUpdated');
/** The unit an event concerns (null: not a unit's event). */
export const unitRowId = rows.rowId;
/** A unit's row after one of its events, read with its depots normalised (0041-depot). Pure. */
export const evolveUnitRow = (row: UnitRow | null, e: RecordedEvent) =>
  rows.evolve(row, readUnitEvent(e));

/**
 * Units and vehicles (one entity, `isUnit` tells them apart; docs/decisions/0021-planning.md).
 * Never deleted: a unit taken out of use is inactive.
 */
export const unitsProjection = rowProjection<UnitRow>({
  name: 'units',
  table: UNITS_TABLE,
  entity: UNITS_ENTITY,
  migrations: [
    {
      name: '0001_rm_units',
      async up(knex) {
        await knex.raw(`create table ${UNITS_TABLE} (
          id bigint primary key, revision integer not null, name text not null,
          department_id bigint not null, assigned_department_id bigint, is_unit boolean not null,
          is_active boolean not null, data jsonb not null);
          create index ${UNITS_TABLE}_department on ${UNITS_TABLE} (department_id);
          create index ${UNITS_TABLE}_assigned on ${UNITS_TABLE} (assigned_department_id)
            where assigned_department_id is not null;`);
      },
    },
    {
      // Units stored before issue 36: a depot of 0,0 is none, a point without an address has the
      // empty one (what `depotOf` reads, so a rebuild gives these rows again).
      name: '0002_rm_units_depots',
      async up(knex) {
        const depot = (key: string) => `case
            when jsonb_typeof(data->'${key}') <> 'object' then 'null'::jsonb
            when (data->'${key}'->>'lat')::float8 = 0 and (data->'${key}'->>'lng')::float8 = 0
              then 'null'::jsonb
            else '{"address": ""}'::jsonb || (data->'${key}') end`;
        await knex.raw(`update ${UNITS_TABLE} set data = data || jsonb_build_object(
          'startLocation', ${depot('startLocation')}, 'endLocation', ${depot('endLocation')})`);
      },
    },
  ],
  ...rows,
  // Events read with their depots normalised (0,0 is no depot, docs/decisions/0041-depot.md).
  evolve: evolveUnitRow,
  columns: (row) => ({
    name: row.name,
    department_id: row.departmentId,
    assigned_department_id: row.assignedDepartmentId,
    is_unit: row.isUnit,
    is_active: row.isActive,
  }),
});
