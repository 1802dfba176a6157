import { DEPARTMENT_GROUPS_TABLE, type DepartmentGroupRow } from '@nordlog/contracts';
import type { QueryHandler } from '../framework.js';
import { scopeDepartmentGroups } from '../scopes.js';

/** Query `departmentGroups {excludeEmpty}` (spec §7): the groups the caller sees, by name. */
export const departmentGroups: QueryHandler<'departmentGroups'> = async (
  params,
  { knex, identity },
) => {
  const q = scopeDepartmentGroups(
    knex(DEPARTMENT_GROUPS_TABLE).where('deleted', false).select('data'),
    identity,
  );
  if (params.excludeEmpty) q.whereRaw(`jsonb_array_length(data->'departmentIds') > 0`);
  if (params.ids && params.ids.length > 0) q.whereIn('id', params.ids);
  q.orderBy([{ column: 'name' }, { column: 'id' }]);
  return ((await q) as { data: DepartmentGroupRow }[]).map((r) => r.data);
};
