import {
  AppError,
  CUSTOMER_GROUPS_TABLE,
  CUSTOMERS_TABLE,
  type CustomerGroupRow,
  type CustomerRow,
  type Identity,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import type { QueryHandler } from '../framework.js';
import { scopeCustomers } from '../scopes.js';

/** Groups with their members limited to the customers the caller sees. */
export async function withVisibleMembers(
  knex: Knex,
  identity: Identity,
  groups: CustomerGroupRow[],
): Promise<CustomerGroupRow[]> {
  if (identity.departmentIds === '*' && identity.customerId === null) return groups;
  const ids = [...new Set(groups.flatMap((g) => g.customerIds))];
  if (ids.length === 0) return groups;
  const visible = new Set(
    (
      (await scopeCustomers(knex(CUSTOMERS_TABLE).whereIn('id', ids).select('id'), identity)) as {
        id: string | number;
      }[]
    ).map((r) => String(r.id)),
  );
  return groups.map((g) => ({ ...g, customerIds: g.customerIds.filter((id) => visible.has(id)) }));
}

/** Query `customerGroups` (spec §7): every group, by name, members in the caller's scope. */
export const customerGroups: QueryHandler<'customerGroups'> = async (
  params,
  { knex, identity },
) => {
  const q = knex(CUSTOMER_GROUPS_TABLE)
    .where('deleted', false)
    .select('data')
    .orderBy([{ column: 'name' }, { column: 'id' }]);
  if (params.ids && params.ids.length > 0) q.whereIn('id', params.ids);
  const rows = ((await q) as { data: CustomerGroupRow }[]).map((r) => r.data);
  return withVisibleMembers(knex, identity, rows);
};

/** Query `customerGroupMembers {groupId}` (spec §7): the group's customers the caller sees. */
export const customerGroupMembers: QueryHandler<'customerGroupMembers'> = async (
  params,
  { knex, identity },
) => {
  const group = await knex(CUSTOMER_GROUPS_TABLE)
    .where({ id: params.groupId, deleted: false })
    .first<{ data: CustomerGroupRow } | undefined>('data');
  if (!group) throw new AppError('NOT_FOUND', `Customer group ${params.groupId} not found`);
  if (group.data.customerIds.length === 0) return [];
  const q = scopeCustomers(
    knex(CUSTOMERS_TABLE).whereIn('id', group.data.customerIds).select('data'),
    identity,
  ).orderBy([{ column: 'name' }, { column: 'id' }]);
  return ((await q) as { data: CustomerRow }[]).map((r) => r.data);
};
