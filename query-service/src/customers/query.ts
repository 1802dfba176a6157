import { CUSTOMERS_TABLE, type CustomerRow } from '@nordlog/contracts';
import { allowedDepartments, searchWords, type QueryHandler } from '../framework.js';

/** Query `searchCustomers`: customers whose name or identifiers contain every word. */
export const searchCustomers: QueryHandler<'searchCustomers'> = async (
  params,
  { knex, identity },
) => {
  const q = knex(CUSTOMERS_TABLE).select('data').orderBy('name').limit(params.limit);
  for (const word of searchWords(params.searchPhrase)) q.where('search_text', 'like', `%${word}%`);
  const allowed = allowedDepartments(identity, params.departmentIds);
  if (allowed !== '*')
    q.where((w) => void w.whereIn('department_id', allowed).orWhereNull('department_id'));
  if (identity.customerId) q.where('id', identity.customerId);
  return ((await q) as { data: CustomerRow }[]).map((r) => r.data);
};
