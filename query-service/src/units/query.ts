import {
  COURIERS_TABLE,
  UNITS_TABLE,
  type CourierRow,
  type Identity,
  type UnitRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { allowedDepartments, type QueryHandler } from '../framework.js';

/**
 * Units (isUnit) or vehicle records of the departments asked for (all the caller sees when none):
 * their own, and those lent to one of them (ASSIGN_VEHICLE_TO_DEPARTMENT); active ones unless
 * asked. The same departments as the entity's row rule (`anyDepartment` of own and lent-to).
 */
async function unitRows(
  knex: Knex,
  identity: Identity,
  params: { departmentIds?: string[] | undefined; includeInactive: boolean },
  isUnit: boolean,
): Promise<UnitRow[]> {
  const allowed = allowedDepartments(identity, params.departmentIds);
  if (allowed !== '*' && allowed.length === 0) return [];
  const q = knex(UNITS_TABLE)
    .where('is_unit', isUnit)
    .select('data')
    .orderBy([{ column: 'name' }, { column: 'id' }]);
  if (allowed !== '*')
    q.where(
      (w) => void w.whereIn('department_id', allowed).orWhereIn('assigned_department_id', allowed),
    );
  if (!params.includeInactive) q.where('is_active', true);
  return ((await q) as { data: UnitRow }[]).map((r) => r.data);
}

/** Query `units` (spec §7): the units of the departments. */
export const units: QueryHandler<'units'> = (params, { knex, identity }) =>
  unitRows(knex, identity, params, true);

/** Query `vehicles {departmentIds}` (spec §7): the vehicle records of, or lent to, the departments. */
export const vehicles: QueryHandler<'vehicles'> = (params, { knex, identity }) =>
  unitRows(knex, identity, params, false);

/** Query `couriers`: the courier users of the departments (all the caller sees when none asked). */
export const couriers: QueryHandler<'couriers'> = async (params, { knex, identity }) => {
  const allowed = allowedDepartments(identity, params.departmentIds);
  if (allowed !== '*' && allowed.length === 0) return [];
  const q = knex(COURIERS_TABLE)
    .where('deleted', false)
    .select('data')
    .orderBy([{ column: 'name' }, { column: 'id' }]);
  if (allowed !== '*') q.whereIn('department_id', allowed);
  return ((await q) as { data: CourierRow }[]).map((r) => r.data);
};
