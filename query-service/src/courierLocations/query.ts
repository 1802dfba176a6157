import { COURIER_LOCATIONS_TABLE, type CourierLocationRow } from '@nordlog/contracts';
import { allowedDepartments, type QueryHandler } from '../framework.js';

/** Query `courierLocationsByDepartmentId` (spec §7): the latest position of the department's couriers. */
export const courierLocationsByDepartmentId: QueryHandler<
  'courierLocationsByDepartmentId'
> = async ({ departmentId }, { knex, identity }) => {
  const allowed = allowedDepartments(identity, [departmentId]);
  if (allowed !== '*' && allowed.length === 0) return [];
  const rows = (await knex(COURIER_LOCATIONS_TABLE)
    .whereRaw('? = any(department_ids)', [departmentId])
    .select('data')
    .orderBy('id')) as { data: CourierLocationRow }[];
  return rows.map((r) => r.data);
};
