import {
  ROLES_TABLE,
  USERS_TABLE,
  effectiveAccess,
  type RoleRow,
  type UserRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { searchWords, whereWord, type QueryHandler } from '../framework.js';
import { scopeUsers } from '../scopes.js';

/** Query `roles` (spec §7): every role entity with its access list, by name. */
export const roles: QueryHandler<'roles'> = async (_params, { knex }) =>
  ((await knex(ROLES_TABLE).select('data').orderBy('name')) as { data: RoleRow }[]).map(
    (r) => r.data,
  );

/**
 * Query `users`: users that are not deleted, with `effectiveAccess` = their own flags and the flags
 * of the role entities given to them.
 */
export const users: QueryHandler<'users'> = async (params, { knex, identity }) => {
  const q = scopeUsers(knex(USERS_TABLE), identity)
    .where('deleted', false)
    .select('data')
    .orderBy('name')
    .limit(params.limit);
  if (params.role) q.where('role', params.role);
  if (params.ids && params.ids.length > 0) q.whereIn('id', params.ids);
  for (const word of params.searchPhrase ? searchWords(params.searchPhrase) : [])
    q.where((one) => whereWord(one, 'search_text', word));
  return withEffectiveAccess(
    knex,
    ((await q) as { data: UserRow }[]).map((r) => r.data),
  );
};

/** Users with `effectiveAccess`: their own flags and those of the role entities given to them. */
export async function withEffectiveAccess(knex: Knex, rows: UserRow[]) {
  const roleIds = [...new Set(rows.flatMap((u) => u.roleIds))];
  const roleRows =
    roleIds.length > 0
      ? await knex(ROLES_TABLE).whereIn('id', roleIds).select<{ data: RoleRow }[]>('data')
      : [];
  return rows.map((u) => ({
    ...u,
    effectiveAccess: effectiveAccess(
      u,
      roleRows.map((r) => r.data),
    ),
  }));
}
