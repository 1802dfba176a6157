import { ADDRESSES_TABLE, type AddressRow } from '@nordlog/contracts';
import { allowedDepartments, searchWords, whereWord, type QueryHandler } from '../framework.js';
import { scopeCustomerColumn } from '../scopes.js';

/**
 * Query `addresses` (docs/decisions/0061-address-book.md): the saved addresses of the caller's
 * departments (a customer user: of its own customers), by name, narrowed by what is asked. Every
 * word of the phrase is found in the name, street, postal code, town, code or contact.
 */
export const addresses: QueryHandler<'addresses'> = async (params, { knex, identity }) => {
  const departments = allowedDepartments(identity, params.departmentIds);
  if (departments !== '*' && departments.length === 0) return [];
  const q = knex(ADDRESSES_TABLE)
    .where('deleted', false)
    .select('data')
    .orderBy([{ column: 'name' }, { column: 'id' }])
    .limit(params.limit);
  if (departments !== '*') q.whereIn('department_id', departments);
  scopeCustomerColumn(q, identity, 'customer_id');
  if (params.customerIds && params.customerIds.length > 0)
    q.whereIn('customer_id', params.customerIds);
  if (params.ids && params.ids.length > 0) q.whereIn('id', params.ids);
  if (params.usage) q.whereIn('usage', [params.usage, 'BOTH']);
  for (const word of searchWords(params.searchPhrase ?? '')) whereWord(q, 'search', word);
  return ((await q) as { data: AddressRow }[]).map((r) => r.data);
};
