import { z } from 'zod';
import { calendarDate, entityId, idList, nonEmptyText } from '../common.js';
import { updateShape } from '../updates.js';

/**
 * Prices (issue 18 §1; docs/decisions/0030-prices.md): articles and price lists, as a Nordic
 * courier firm prices. Money is always an integer number of minor units (øre, öre, cent) with its
 * currency; no sum is ever made of floating-point amounts.
 */
export const ARTICLES_TABLE = 'rm_articles';
export const ARTICLES_ENTITY = 'articles';
export const PRICE_LISTS_TABLE = 'rm_price_lists';
export const PRICE_LISTS_ENTITY = 'priceLists';

export const currencies = ['NOK', 'SEK', 'DKK', 'EUR'] as const;
export type Currency = (typeof currencies)[number];
/** The currency of each market. */
export const countryCurrency: Readonly<Record<string, Currency>> = {
  NO: 'NOK',
  SE: 'SEK',
  DK: 'DKK',
  FI: 'EUR',
};
/**
 * Standard VAT in basis points (1/100 of a per cent) per market: 25 % in Norway, Sweden and
 * Denmark, 25.5 % in Finland (since 1 September 2024). Transport of goods is at the standard rate.
 */
export const VAT_BASIS_POINTS: Readonly<Record<string, number>> = {
  NO: 2500,
  SE: 2500,
  DK: 2500,
  FI: 2550,
};

/**
 * What an article charges for, and so what its quantity is on an order:
 * - FREIGHT: the transport, once per order; its brackets are by chargeable weight (kg);
 * - WEIGHT: per kg of chargeable weight; VOLUME: per dm³; PACKAGE: per package;
 * - STOP: per stop beyond the first when orders are driven as one trip (multi-stop);
 * - SERVICE: per booked additional service with the article's VAS code (its quantity);
 * - WAITING_TIME, LOADING_TIME: per minute, at the pickup and the delivery together;
 * - DANGEROUS_GOODS: once per order with dangerous goods (ADR lines);
 * - CREDIT: a credit or discount, never computed: only set by hand (price correction, billing
 *   order); the only article whose amounts may be negative.
 */
export const articleKinds = [
  'FREIGHT',
  'WEIGHT',
  'VOLUME',
  'PACKAGE',
  'STOP',
  'SERVICE',
  'WAITING_TIME',
  'LOADING_TIME',
  'DANGEROUS_GOODS',
  'CREDIT',
] as const;
export type ArticleKind = (typeof articleKinds)[number];

const articleCode = z
  .string()
  .trim()
  .min(1, 'required')
  .max(30)
  .regex(/^[A-Z0-9_-]+$/, 'capital letters, digits, - and _ only');

const articleFields = {
  code: articleCode,
  label: nonEmptyText.max(200),
  kind: z.enum(articleKinds),
  /** The additional service (spec §3 VAS code) a SERVICE article prices. */
  vasCode: z.string().trim().max(20).nullable().default(null),
  /** The article group (`articlesInArticleGroup`): e.g. TRANSPORT, SERVICES, TIME, ADR. */
  group: nonEmptyText.max(50),
  active: z.boolean().default(true),
};
export const createArticleSchema = z
  .object(articleFields)
  .refine((a) => (a.kind === 'SERVICE') === (a.vasCode !== null && a.vasCode !== ''), {
    message: 'a SERVICE article names a VAS code; other articles none',
    path: ['vasCode'],
  });
/** UPDATE_ARTICLE: the code stays (order lines and price lists name it). */
export const updateArticleSchema = z.object({
  id: entityId,
  ...updateShape({
    label: articleFields.label,
    vasCode: articleFields.vasCode,
    group: articleFields.group,
    active: articleFields.active,
  }),
});
export const deleteArticleSchema = z.object({ id: entityId });
export type ArticleFields = z.output<typeof createArticleSchema>;
export interface Article extends ArticleFields {
  id: string;
}
export interface ArticleRow extends Article {
  revision: number;
  updatedAtEpoch: number;
  deleted: boolean;
}

/** A postal-code range of a price list's zone (codes compared as numbers, one country). */
export const zoneSchema = z.object({
  code: z.string().trim().min(1).max(20),
  country: z.enum(['NO', 'SE', 'DK', 'FI']),
  fromZip: z
    .string()
    .trim()
    .regex(/^\d{3,5}$/, 'a postal code'),
  toZip: z
    .string()
    .trim()
    .regex(/^\d{3,5}$/, 'a postal code'),
});
export type PriceZone = z.output<typeof zoneSchema>;

/** Minor units: whole øre, öre or cent, never negative on a price list. */
const minor = z.number().int().min(0).max(1_000_000_000);

/**
 * A price of an article: for a zone (null: any zone) and from a quantity up (the bracket's lower
 * bound, in the article's unit: kg for FREIGHT and WEIGHT). The bracket with the greatest `from`
 * not above the quantity applies. `per` ORDER is the amount once; UNIT is the amount × quantity.
 */
export const priceLineSchema = z.object({
  articleCode,
  zone: z.string().trim().min(1).max(20).nullable().default(null),
  from: z.number().min(0).max(1_000_000).default(0),
  per: z.enum(['ORDER', 'UNIT']).default('ORDER'),
  customerPrice: minor,
  /** What the carrier (resource) is paid. */
  resourcePrice: minor.default(0),
});
export type PriceLine = z.output<typeof priceLineSchema>;

const priceListFields = {
  name: nonEmptyText.max(200),
  /** Whose prices these are: exactly one of a customer, a customer group or a department. */
  customerId: entityId.nullable().default(null),
  customerGroupId: entityId.nullable().default(null),
  departmentId: entityId.nullable().default(null),
  currency: z.enum(currencies),
  validFrom: calendarDate,
  validTo: calendarDate.nullable().default(null),
  zones: z.array(zoneSchema).max(500).default([]),
  lines: z.array(priceLineSchema).max(5000).default([]),
};
const oneOwner = (l: {
  customerId?: string | null;
  customerGroupId?: string | null;
  departmentId?: string | null;
}) => [l.customerId, l.customerGroupId, l.departmentId].filter((v) => v != null).length === 1;
const validPeriod = (l: { validFrom?: string; validTo?: string | null }) =>
  !l.validFrom || !l.validTo || l.validTo >= l.validFrom;
export const createPriceListSchema = z
  .object(priceListFields)
  .refine(oneOwner, {
    message: 'a price list belongs to exactly one customer, customer group or department',
    path: ['customerId'],
  })
  .refine(validPeriod, { message: 'validTo is before validFrom', path: ['validTo'] });
/** UPDATE_PRICE_LIST: its prices and period; its owner stays (a new owner is a new list). */
export const updatePriceListSchema = z.object({
  id: entityId,
  ...updateShape({
    name: priceListFields.name,
    currency: priceListFields.currency,
    validFrom: priceListFields.validFrom,
    validTo: priceListFields.validTo,
    zones: priceListFields.zones,
    lines: priceListFields.lines,
  }),
});
export const deletePriceListSchema = z.object({ id: entityId });
export type PriceListFields = z.output<typeof createPriceListSchema>;
export interface PriceList extends PriceListFields {
  id: string;
}
export interface PriceListRow extends PriceList {
  revision: number;
  updatedAtEpoch: number;
  deleted: boolean;
}

export type ArticleEvent =
  | { type: 'ArticleCreated'; data: Article }
  | { type: 'ArticleUpdated'; data: { id: string; changes: Partial<ArticleFields> } }
  | { type: 'ArticleDeleted'; data: { id: string } };
export type PriceListEvent =
  | { type: 'PriceListCreated'; data: PriceList }
  | { type: 'PriceListUpdated'; data: { id: string; changes: Partial<PriceListFields> } }
  | { type: 'PriceListDeleted'; data: { id: string } };

export const articleStream = (id: string) => `article-${id}`;
export const priceListStream = (id: string) => `price-list-${id}`;

export const pricingCommandSchemas = {
  CREATE_ARTICLE: createArticleSchema,
  UPDATE_ARTICLE: updateArticleSchema,
  DELETE_ARTICLE: deleteArticleSchema,
  CREATE_PRICE_LIST: createPriceListSchema,
  UPDATE_PRICE_LIST: updatePriceListSchema,
  DELETE_PRICE_LIST: deletePriceListSchema,
} as const;

/** Query `articles {orderId?}` (spec §7): the active articles; for an order, its price's. */
export const articlesQuerySchema = z.object({
  orderId: entityId.optional(),
  includeInactive: z.boolean().default(false),
});
/** Query `articlesInArticleGroup {group}` (spec §7). */
export const articlesInGroupQuerySchema = z.object({ group: nonEmptyText.max(50) });
/** Query `priceLists`: of a customer, group or department, or all. */
export const priceListsQuerySchema = z.object({
  customerId: entityId.optional(),
  customerGroupId: entityId.optional(),
  departmentId: entityId.optional(),
  ids: z.array(entityId).max(1000).optional(),
});
/** Query `orderPrice {orderId}` (spec §7): the order's article lines from its current state. */
export const orderPriceQuerySchema = z.object({ orderId: entityId });
/** Query `multiStopOrderPrice {orderIds}`: orders of one customer driven as one trip. */
export const multiStopOrderPriceQuerySchema = z.object({ orderIds: idList.max(100) });
