import {
  ARTICLES_TABLE,
  CUSTOMER_GROUPS_TABLE,
  DEPARTMENTS_TABLE,
  PRICE_LISTS_TABLE,
  applicableList,
  basisOf,
  countryCurrency,
  invoicingBasis,
  invoicingOf,
  priceOf,
  tripBasis,
  type Article,
  type ArticleRow,
  type OrderPrice,
  type OrderRow,
  type PriceList,
  type PriceListRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import type { QueryHandler } from '../framework.js';
import { assertOneCustomer, readableOrders } from '../orders/readable.js';

/** The catalogue's articles that are not deleted (the active ones unless asked), by code. */
async function catalogue(knex: Knex, includeInactive = false): Promise<ArticleRow[]> {
  const rows = await knex(ARTICLES_TABLE)
    .where('deleted', false)
    .select<{ data: ArticleRow }[]>('data')
    .orderBy([{ column: 'code' }]);
  return rows.map((r) => r.data).filter((a) => includeInactive || a.active);
}

/** What pricing an order needs besides the order: its department's country, lists and groups. */
async function pricingContext(knex: Knex, order: OrderRow) {
  const [department, groups] = await Promise.all([
    knex(DEPARTMENTS_TABLE)
      .where('id', order.departmentId)
      .first<{ data: { country: string } } | undefined>('data'),
    knex(CUSTOMER_GROUPS_TABLE)
      .where('deleted', false)
      .whereRaw(`data->'customerIds' \\? ?`, [String(order.customerId)])
      .select<{ id: string }[]>(knex.raw('id::text as id')),
  ]);
  const lists = await knex(PRICE_LISTS_TABLE)
    .where('deleted', false)
    .where((q) => {
      void q
        .where('customer_id', order.customerId)
        .orWhere('department_id', order.departmentId)
        .orWhereIn(
          'customer_group_id',
          groups.map((g) => g.id),
        );
    })
    .select<{ data: PriceListRow }[]>('data');
  const country = department?.data.country ?? 'NO';
  const date = order.order.deliveryDate ?? order.order.pickupDate;
  const list = applicableList(
    lists.map((l) => l.data as PriceList),
    { customerId: String(order.customerId), departmentId: String(order.departmentId), date },
    groups.map((g) => g.id),
  );
  return { country, list };
}

/**
 * Query `orderPrice {orderId}` (spec §7; docs/decisions/0030-prices.md): the order's article
 * lines, computed from its current state on the price list that applies to it, with its price
 * corrections in place of the computed lines, totals and VAT. Missing prices are listed in
 * `errors`, never thrown: an order without a price is still an order.
 */
export const orderPrice: QueryHandler<'orderPrice'> = async ({ orderId }, { knex, identity }) => {
  const [order] = await readableOrders(knex, identity, [orderId]);
  return priceOrder(knex, order!);
};

export async function priceOrder(knex: Knex, order: OrderRow): Promise<OrderPrice> {
  const [{ country, list }, articles] = await Promise.all([
    pricingContext(knex, order),
    catalogue(knex),
  ]);
  return priceOf({
    orderIds: [String(order.id)],
    basis: invoicingBasis(order.order, invoicingOf(order)),
    list,
    articles,
    country,
    currency: countryCurrency[country] ?? 'NOK',
    deliveryZip: order.order.delivery.zipCode,
    corrections: order.order.correctedArticlePrices,
  });
}

/**
 * Query `multiStopOrderPrice {orderIds}`: orders of one customer driven as one trip, priced as
 * one: their weights, volumes, packages and services added, a STOP line for each stop beyond the
 * first, on the first order's list and delivery zone. Corrections of single orders do not apply.
 */
export const multiStopOrderPrice: QueryHandler<'multiStopOrderPrice'> = async (
  { orderIds },
  { knex, identity },
) => {
  const orders = await readableOrders(knex, identity, orderIds);
  assertOneCustomer(orders, 'a multi-stop price is of orders');
  const first = orders[0]!;
  const [{ country, list }, articles] = await Promise.all([
    pricingContext(knex, first),
    catalogue(knex),
  ]);
  return priceOf({
    orderIds: orders.map((o) => String(o.id)),
    basis: tripBasis(orders.map((o) => basisOf(o.order))),
    list,
    articles,
    country,
    currency: countryCurrency[country] ?? 'NOK',
    deliveryZip: first.order.delivery.zipCode,
  });
};

/**
 * Query `articles {orderId?, includeInactive?}` (spec §7): the catalogue; for an order, the
 * articles its price list prices (what the order form may correct).
 */
export const articles: QueryHandler<'articles'> = async (params, { knex, identity }) => {
  const all = await catalogue(knex, params.includeInactive);
  if (!params.orderId) return all;
  const [order] = await readableOrders(knex, identity, [params.orderId]);
  const { list } = await pricingContext(knex, order!);
  const priced = new Set(list?.lines.map((l) => l.articleCode) ?? []);
  return all.filter((a: Article) => priced.has(a.code) || a.kind === 'CREDIT');
};

/** Query `articlesInArticleGroup {group}` (spec §7): the group's active articles. */
export const articlesInArticleGroup: QueryHandler<'articlesInArticleGroup'> = async (
  { group },
  { knex },
) => (await catalogue(knex)).filter((a) => a.group === group);

/** Query `priceLists`: of a customer, a customer group or a department, or every list. */
export const priceLists: QueryHandler<'priceLists'> = async (params, { knex }) => {
  const q = knex(PRICE_LISTS_TABLE)
    .where('deleted', false)
    .select('data')
    .orderBy([{ column: 'valid_from', order: 'desc' }, { column: 'id' }]);
  if (params.customerId) q.where('customer_id', params.customerId);
  if (params.customerGroupId) q.where('customer_group_id', params.customerGroupId);
  if (params.departmentId) q.where('department_id', params.departmentId);
  if (params.ids && params.ids.length > 0) q.whereIn('id', params.ids);
  return ((await q) as { data: PriceListRow }[]).map((r) => r.data);
};
