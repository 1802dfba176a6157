import {
  AppError,
  CUSTOMER_GROUPS_TABLE,
  CUSTOMERS_TABLE,
  type CustomerGroupRow,
  type CustomerRow,
} from '@nordlog/contracts';
import type { QueryHandler } from '../framework.js';
import { scopeCustomers } from '../scopes.js';

/**
 * Query `customerGroups` (spec §7): every group, by name. Only users who see every department read
 * them (contracts permissions), so every member is theirs to see.
 */
export const customerGroups: QueryHandler<'customerGroups'> = async (params, { knex }) => {
  const q = knex(CUSTOMER_GROUPS_TABLE)
    .where('deleted', false)
    .select('data')
    .orderBy([{ column: 'name' }, { column: 'id' }]);
  if (params.ids && params.ids.length > 0) q.whereIn('id', params.ids);
  return ((await q) as { data: CustomerGroupRow }[]).map((r) => r.data);
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
