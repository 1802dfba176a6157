import {
  AppError,
  customerScope,
  CUSTOMERS_TABLE,
  countryTimeZones,
  dayIn,
  DEPARTMENTS_TABLE,
  externalCustomerNumbers,
  migrationState,
  ORDERS_TABLE,
  type CustomerMigrationStatus,
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

/**
 * Query `customerMigrationStatus {customerId}` (docs/decisions/0071): where the customer is in its
 * move from the system it came from, by its HD invoicing from date against today in its
 * department's country, with its orders in the product and those invoiced before the move.
 */
export const customerMigrationStatus: QueryHandler<'customerMigrationStatus'> = async (
  { customerId },
  { knex, identity, clock },
) => {
  const [customer] = await rowsOf(
    scopeCustomers(knex(CUSTOMERS_TABLE).select('data').where('id', customerId), identity),
  );
  if (!customer) throw new AppError('NOT_FOUND', `Customer ${customerId} not found`);
  const from = customer.hdInvoicingFromDate ?? null;
  const department = customer.departmentId
    ? await knex(DEPARTMENTS_TABLE)
        .where('id', customer.departmentId)
        .first<{ country: string | null } | undefined>(knex.raw(`data->>'country' as country`))
    : undefined;
  const zone = countryTimeZones[department?.country ?? ''] ?? 'Europe/Oslo';
  const counts = await knex(`${ORDERS_TABLE} as o`)
    .where('o.customer_id', customerId)
    .whereNot('o.state', 'DELETED')
    .first<{ orders: string; elsewhere: string; first: string | null; last: string | null }>(
      knex.raw('count(*) as orders'),
      knex.raw(
        `count(*) filter (where ?::date is not null and o.invoicing_date < ?::date and exists (
           select 1 from ${DEPARTMENTS_TABLE} d
           where d.id = o.department_id and d.data->>'departmentType' = 'hd')) as elsewhere`,
        [from, from],
      ),
      knex.raw('min(o.invoicing_date)::text as first'),
      knex.raw('max(o.invoicing_date)::text as last'),
    );
  const answer: CustomerMigrationStatus = {
    customerId: String(customer.id),
    status: migrationState(from, dayIn(zone, clock().toISOString())),
    hdInvoicingFromDate: from,
    orders: Number(counts.orders),
    ordersInvoicedElsewhere: Number(counts.elsewhere),
    firstOrderDate: counts.first,
    lastOrderDate: counts.last,
  };
  return answer;
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
