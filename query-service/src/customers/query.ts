import {
  AppError,
  customerScope,
  CUSTOMERS_TABLE,
  externalCustomerNumbers,
  type CustomerRow,
} from '@nordlog/contracts';
import { allowedDepartments, searchWords, whereWord, type QueryHandler } from '../framework.js';
import { scopeCustomers } from '../scopes.js';

type Search = { searchPhrase: string; departmentIds?: string[] | undefined; limit: number };

/**
 * Customers whose name or identifiers contain every word, of the departments `within` names (the
 * caller's own at most; customers of no department are everyone's), in the caller's customer scope.
 */
function search(
  knex: Parameters<QueryHandler<'searchCustomers'>>[1]['knex'],
  identity: Parameters<QueryHandler<'searchCustomers'>>[1]['identity'],
  params: Search,
  within: string[] | undefined,
) {
  const q = knex(CUSTOMERS_TABLE).select('data').limit(params.limit);
  for (const word of searchWords(params.searchPhrase))
    q.where((one) => whereWord(one, 'search_text', word));
  const allowed = allowedDepartments(identity, within);
  if (allowed !== '*')
    q.where((w) => void w.whereIn('department_id', allowed).orWhereNull('department_id'));
  const customers = customerScope(identity);
  if (customers) q.whereIn('id', customers);
  return q;
}

const rowsOf = async (q: PromiseLike<unknown>) =>
  ((await q) as { data: CustomerRow }[]).map((r) => r.data);

/** Query `searchCustomers`: customers whose name or identifiers contain every word. */
export const searchCustomers: QueryHandler<'searchCustomers'> = (params, { knex, identity }) =>
  rowsOf(search(knex, identity, params, params.departmentIds).orderBy('name'));

/** Query `searchCustomersWithoutSubcustomers`: the same, leaving out the sub-customers. */
export const searchCustomersWithoutSubcustomers: QueryHandler<
  'searchCustomersWithoutSubcustomers'
> = (params, { knex, identity }) =>
  rowsOf(
    search(knex, identity, params, params.departmentIds)
      .whereRaw(`coalesce(data->>'alystraSubcustomer', '') = ''`)
      .orderBy('name'),
  );

/**
 * Query `searchCustomerAllCountries` (docs/decisions/0067): the customers of every department the
 * caller may read, whatever its country; those of `departmentIds` first, then by name.
 */
export const searchCustomerAllCountries: QueryHandler<'searchCustomerAllCountries'> = (
  params,
  { knex, identity },
) => {
  const q = search(knex, identity, params, undefined);
  if (params.departmentIds && params.departmentIds.length > 0)
    q.orderByRaw('(department_id = any(?::bigint[])) desc nulls last', [params.departmentIds]);
  return rowsOf(q.orderBy('name'));
};

/** Query `allCustomersByIds {ids}`: those of the customers the caller may read, by name. */
export const allCustomersByIds: QueryHandler<'allCustomersByIds'> = ({ ids }, { knex, identity }) =>
  rowsOf(
    scopeCustomers(knex(CUSTOMERS_TABLE).select('data').whereIn('id', ids), identity).orderBy(
      'name',
    ),
  );

/** Query `customerExternalCustomerNumbers {customerId}`: its numbers in other systems. */
export const customerExternalCustomerNumbers: QueryHandler<
  'customerExternalCustomerNumbers'
> = async ({ customerId }, { knex, identity }) => {
  const [customer] = await rowsOf(
    scopeCustomers(knex(CUSTOMERS_TABLE).select('data').where('id', customerId), identity),
  );
  if (!customer) throw new AppError('NOT_FOUND', `Customer ${customerId} not found`);
  return { customerId: String(customer.id), numbers: externalCustomerNumbers(customer) };
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
