import { DEPARTMENTS_TABLE, type DepartmentRow } from '@nordlog/contracts';
import { allowedDepartments, type QueryHandler } from '../framework.js';

/** Query `departments`: the departments the caller may see, by name. */
export const departments: QueryHandler<'departments'> = async (params, { knex, identity }) => {
  const allowed = allowedDepartments(identity, params.ids);
  const q = knex(DEPARTMENTS_TABLE).select('data').orderBy('name');
  if (allowed !== '*') q.whereIn('id', allowed);
  return ((await q) as { data: DepartmentRow }[]).map((r) => r.data);
};
