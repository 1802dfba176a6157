import {
  ARTICLES_TABLE,
  CUSTOMER_GROUPS_TABLE,
  DEPARTMENTS_TABLE,
  PRICE_LISTS_TABLE,
  applicableList,
  countryCurrency,
  invoicingBasis,
  invoicingOf,
  priceOf,
  type ArticleRow,
  type OrderPrice,
  type OrderRow,
  type PriceList,
  type PriceListRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';

/**
 * Prices many orders at once (invoicing screens and runs): the catalogue, the price lists, the
 * departments' countries and the customer groups are read once, then every order is priced in
 * memory by the pure engine, on what it was corrected to (docs/decisions/0032-invoicing.md).
 */
export interface Pricer {
  price(order: OrderRow, transportLegIndex?: number): OrderPrice;
  countryOf(departmentId: string): string;
}

export async function loadPricer(knex: Knex, departmentIds: readonly string[]): Promise<Pricer> {
  const [articles, lists, departments, groups] = await Promise.all([
    knex(ARTICLES_TABLE).where('deleted', false).select<{ data: ArticleRow }[]>('data'),
    knex(PRICE_LISTS_TABLE)
      .where('deleted', false)
      .where((q) => {
        void q
          .whereNotNull('customer_id')
          .orWhereNotNull('customer_group_id')
          .orWhereIn('department_id', [...departmentIds]);
      })
      .select<{ data: PriceListRow }[]>('data'),
    knex(DEPARTMENTS_TABLE)
      .whereIn('id', [...departmentIds])
      .select<{ id: string; data: { country: string } }[]>(knex.raw('id::text as id'), 'data'),
    knex(CUSTOMER_GROUPS_TABLE)
      .where('deleted', false)
      .select<{ id: string; data: { customerIds?: string[] } }[]>(
        knex.raw('id::text as id'),
        'data',
      ),
  ]);
  const catalogue = articles
    .map((a) => a.data)
    .sort((a, b) => a.code.localeCompare(b.code))
    .filter((a) => a.active);
  const allLists = lists.map((l) => l.data as PriceList);
  const country = new Map(departments.map((d) => [d.id, d.data.country]));
  const groupsOf = new Map<string, string[]>();
  for (const g of groups)
    for (const c of g.data.customerIds ?? []) groupsOf.set(c, [...(groupsOf.get(c) ?? []), g.id]);
  const countryOf = (departmentId: string) => country.get(String(departmentId)) ?? 'NO';
  return {
    countryOf,
    price(row, transportLegIndex) {
      const order = row.order;
      const date = order.deliveryDate ?? order.pickupDate;
      const customerId = String(row.customerId);
      const list = applicableList(
        allLists,
        { customerId, departmentId: String(row.departmentId), date },
        groupsOf.get(customerId) ?? [],
      );
      const c = countryOf(row.departmentId);
      const corrections = (order.correctedArticlePrices ?? []).filter(
        (p) =>
          transportLegIndex === undefined ||
          p.transportLegIndex === undefined ||
          p.transportLegIndex === transportLegIndex,
      );
      return priceOf({
        orderIds: [String(row.id)],
        basis: invoicingBasis(order, invoicingOf(row)),
        list,
        articles: catalogue,
        country: c,
        currency: countryCurrency[c] ?? 'NOK',
        deliveryZip: order.delivery.zipCode,
        corrections,
      });
    },
  };
}
