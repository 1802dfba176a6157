import {
  AppError,
  ARTICLES_TABLE,
  CUSTOMER_GROUPS_TABLE,
  CUSTOMERS_TABLE,
  PRICE_LISTS_TABLE,
  applicableList,
  countryTimeZones,
  customerScope,
  inScope,
  zoneOf,
  type ArticleRow,
  type CustomerRow,
  type Identity,
  type IntegrationService,
  type PriceList,
  type PriceListRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { todayIn } from '../framework.js';
import { matrixAt } from '../matrix/query.js';

/**
 * What the integration look-ups answer (docs/decisions/0069-api-keys.md). The product has no
 * service catalogue of its own (issue 44 brings the department matrix): a service is a transport
 * (FREIGHT) article priced on the list that applies to the customer on the day (its own, else its
 * groups', else its department's; the same choice an order's price makes) for the delivery
 * postal code's zone. What a customer can book is what it can be priced for; where its department
 * has a matrix (docs/decisions/0079), only what the matrix offers at the postal code.
 */

const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

/** A customer the caller may read (its own customers for a customer's key), or NOT_FOUND. */
export async function readableCustomer(
  knex: Knex,
  identity: Identity,
  customerId: string,
): Promise<CustomerRow> {
  const row = await knex(CUSTOMERS_TABLE)
    .where('id', customerId)
    .first<{ data: CustomerRow } | undefined>('data');
  const scope = customerScope(identity);
  const customer = row?.data;
  if (
    !customer ||
    (scope && !scope.includes(String(customerId))) ||
    (customer.departmentId !== null && !inScope(identity, customer.departmentId, customer.id))
  )
    throw notFound(`Customer ${customerId}`);
  return customer;
}

/** The customer of a customer number and sub-customer code that the caller may read. */
export async function customerByNumber(
  knex: Knex,
  identity: Identity,
  number: string,
  subcustomer: string | undefined,
): Promise<CustomerRow> {
  const rows = await knex(CUSTOMERS_TABLE)
    .whereRaw(`data->>'alystraId' = ?`, [number])
    .andWhereRaw(`coalesce(data->>'alystraSubcustomer', '') = ?`, [subcustomer ?? ''])
    .select<{ id: string }[]>(knex.raw('id::text as id'));
  for (const { id } of rows) {
    try {
      return await readableCustomer(knex, identity, id);
    } catch {
      // another customer's number: looked at as if it did not exist
    }
  }
  throw notFound(`Customer number ${number}${subcustomer ? `/${subcustomer}` : ''}`);
}

/** Today in a country's zone. */
export const todayOf = (country: string, now: Date) =>
  todayIn(countryTimeZones[country] ?? 'Europe/Oslo', now);

/** The price lists that may apply to a customer (and its groups) or a department. */
async function listsFor(
  knex: Knex,
  owner: { customerId: string | null; departmentId: string | null },
): Promise<{ lists: PriceList[]; groups: string[] }> {
  const groups = owner.customerId
    ? (
        await knex(CUSTOMER_GROUPS_TABLE)
          .where('deleted', false)
          .whereRaw(`data->'customerIds' \\? ?`, [owner.customerId])
          .select<{ id: string }[]>(knex.raw('id::text as id'))
      ).map((g) => g.id)
    : [];
  const rows = await knex(PRICE_LISTS_TABLE)
    .where('deleted', false)
    .where((q) => {
      if (owner.customerId) void q.orWhere('customer_id', owner.customerId);
      if (owner.departmentId) void q.orWhere('department_id', owner.departmentId);
      if (groups.length > 0) void q.orWhereIn('customer_group_id', groups);
    })
    .select<{ data: PriceListRow }[]>('data');
  return { lists: rows.map((r) => r.data as PriceList), groups };
}

/**
 * The services priced for an owner on a date at a delivery postal code: the FREIGHT articles with
 * a line for the code's zone (or for every zone) on the list that applies, by code; of those, when
 * the department has a matrix, the ones its entry for the postal code offers, with the entry's lead
 * time and weekdays (none outside every range).
 */
export async function servicesAt(
  knex: Knex,
  owner: { customerId: string | null; departmentId: string | null },
  delivery: { country: string; postalCode: string },
  date: string,
): Promise<IntegrationService[]> {
  const [{ lists, groups }, matrix] = await Promise.all([
    listsFor(knex, owner),
    matrixAt(knex, owner.departmentId, delivery),
  ]);
  if (matrix?.size === 0) return [];
  const list = applicableList(
    lists,
    { customerId: owner.customerId ?? '', departmentId: owner.departmentId ?? '', date },
    groups,
  );
  if (!list) return [];
  const zone = zoneOf(list.zones, delivery.country, delivery.postalCode);
  const codes = new Set(
    list.lines.filter((l) => l.zone === null || l.zone === zone).map((l) => l.articleCode),
  );
  if (codes.size === 0) return [];
  const articles = await knex(ARTICLES_TABLE)
    .where('deleted', false)
    .select<{ data: ArticleRow }[]>('data')
    .orderBy('code');
  return articles
    .map((a) => a.data)
    .filter((a) => a.active && a.kind === 'FREIGHT' && codes.has(a.code))
    .filter((a) => !matrix || matrix.has(a.code))
    .map((a) => ({
      serviceCode: a.code,
      name: a.label,
      currency: list.currency,
      priceListId: String(list.id),
      zone,
      leadTimeDays: matrix?.get(a.code)?.leadTimeDays ?? 0,
      deliveryWeekdays: matrix?.get(a.code)?.deliveryWeekdays ?? [],
    }));
}
