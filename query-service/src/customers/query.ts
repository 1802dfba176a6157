import { customerScope, CUSTOMERS_TABLE, type CustomerRow } from '@nordlog/contracts';
import { allowedDepartments, searchWords, whereWord, type QueryHandler } from '../framework.js';
import { scopeCustomers } from '../scopes.js';

/** Query `searchCustomers`: customers whose name or identifiers contain every word. */
export const searchCustomers: QueryHandler<'searchCustomers'> = async (
  params,
  { knex, identity },
) => {
  const q = knex(CUSTOMERS_TABLE).select('data').orderBy('name').limit(params.limit);
  for (const word of searchWords(params.searchPhrase))
    q.where((one) => whereWord(one, 'search_text', word));
  const allowed = allowedDepartments(identity, params.departmentIds);
  if (allowed !== '*')
    q.where((w) => void w.whereIn('department_id', allowed).orWhereNull('department_id'));
  const customers = customerScope(identity);
  if (customers) q.whereIn('id', customers);
  return ((await q) as { data: CustomerRow }[]).map((r) => r.data);
};

/** Query `subcustomersForAlystraId`: the sub-customers of a customer number, within the caller's scope. */
export const subcustomersForAlystraId: QueryHandler<'subcustomersForAlystraId'> = async (
  { alystraId },
  { knex, identity },
) => {
  const q = knex(CUSTOMERS_TABLE)
    .select('data')
    .whereRaw(`data->>'alystraId' = ?`, [alystraId])
    .andWhereRaw(`data->>'alystraSubcustomer' <> ''`)
    .orderByRaw(`data->>'alystraSubcustomer'`);
  scopeCustomers(q, identity);
  return ((await q) as { data: CustomerRow }[]).map((r) => r.data);
};
