import {
  AppError,
  DEPARTMENTS_TABLE,
  hasAdminLevelAccess,
  type DepartmentRow,
} from '@nordlog/contracts';
import { allowedDepartments, assertDepartment, type QueryHandler } from '../framework.js';

/** Query `departments`: the departments the caller may see, by name. */
export const departments: QueryHandler<'departments'> = async (params, { knex, identity }) => {
  const allowed = allowedDepartments(identity, params.ids);
  const q = knex(DEPARTMENTS_TABLE).select('data').orderBy('name');
  if (allowed !== '*') q.whereIn('id', allowed);
  return ((await q) as { data: DepartmentRow }[]).map((r) => r.data);
};

/**
 * Query `allDepartmentsWithAdminLevelAccess` (docs/decisions/0091): the departments the caller
 * administers (contracts' `hasAdminLevelAccess`), by name; none for a caller without that level.
 */
export const allDepartmentsWithAdminLevelAccess: QueryHandler<
  'allDepartmentsWithAdminLevelAccess'
> = async (_params, { knex, identity }) => {
  if (!hasAdminLevelAccess(identity) || identity.customerId !== null) return [];
  const allowed = allowedDepartments(identity, undefined);
  const q = knex(DEPARTMENTS_TABLE).select('data').orderBy('name');
  if (allowed !== '*') q.whereIn('id', allowed);
  return ((await q) as { data: DepartmentRow }[]).map((r) => r.data);
};

/**
 * Query `departmentsInSameCountry {departmentId}`: the departments in the caller's access in the
 * country of that department (itself included), by name. A department outside the caller's
 * access is refused (NO_ACCESS), one that does not exist is NOT_FOUND.
 */
export const departmentsInSameCountry: QueryHandler<'departmentsInSameCountry'> = async (
  { departmentId },
  { knex, identity },
) => {
  assertDepartment(identity, departmentId);
  const own = await knex(DEPARTMENTS_TABLE)
    .where('id', departmentId)
    .first<{ data: DepartmentRow } | undefined>('data');
  if (!own) throw new AppError('NOT_FOUND', `Department ${departmentId} not found`);
  const allowed = allowedDepartments(identity, undefined);
  const q = knex(DEPARTMENTS_TABLE)
    .where('country', own.data.country)
    .select('data')
    .orderBy('name');
  if (allowed !== '*') q.whereIn('id', allowed);
  return ((await q) as { data: DepartmentRow }[]).map((r) => r.data);
};

/** The department queries, spread into the service's table. */
export const departmentQueries = {
  departments,
  allDepartmentsWithAdminLevelAccess,
  departmentsInSameCountry,
};
