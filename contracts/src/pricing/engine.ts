import type { BookedOrder } from '../consignments/events.js';
import { measurementTotals } from '../consignments/units.js';
import {
  VAT_BASIS_POINTS,
  type Article,
  type ArticleKind,
  type Currency,
  type PriceLine,
  type PriceList,
  type PriceZone,
} from './catalogue.js';

/**
 * The price engine (docs/decisions/0030-prices.md): pure, integer money. An order's price is made
 * from its current state, the price list that applies to it and the article catalogue.
 */

/** Chargeable weight: the greater of the weight and the volume at 280 kg per m³ (0.28 kg/dm³). */
export const VOLUMETRIC_KG_PER_DMQ = 0.28;

/** Minutes of waiting and loading an order was corrected with (order corrections, §3). */
export interface TimeExtras {
  waitingMinutes: number;
  loadingMinutes: number;
}
export const NO_EXTRAS: TimeExtras = { waitingMinutes: 0, loadingMinutes: 0 };

/** What an order is priced on. */
export interface PricingBasis {
  chargeableKg: number;
  weightKg: number;
  volumeDmq: number;
  packages: number;
  /** Stops beyond the first (multi-stop trips). */
  extraStops: number;
  waitingMinutes: number;
  loadingMinutes: number;
  dangerousGoods: boolean;
  /** Booked additional services: VAS code → quantity. */
  services: ReadonlyMap<string, number>;
  /**
   * VAS codes of `services` charged only where the price list prices them: without an article of
   * the code, or a line of the list for it, they are not an error (a sent pre-advice SMS, contracts
   * invoicing/sms.ts).
   */
  optionalServices?: ReadonlySet<string>;
}

export interface PriceLineResult {
  articleCode: string;
  label: string;
  kind: ArticleKind;
  quantity: number;
  /** The price per unit (UNIT lines) or per order, minor units. */
  customerUnitPrice: number;
  customerAmount: number;
  resourceAmount: number;
  /** Set by hand (a price correction), not computed. */
  corrected: boolean;
}

export const priceErrors = [
  'NO_PRICE_LIST',
  'NO_ZONE',
  'NO_FREIGHT_PRICE',
  'NO_SERVICE_PRICE',
  'UNKNOWN_ARTICLE',
] as const;
export type PriceErrorCode = (typeof priceErrors)[number];
export interface PriceError {
  code: PriceErrorCode;
  /** The article or VAS code it concerns, when one. */
  subject: string | null;
}

export interface OrderPrice {
  orderIds: string[];
  currency: Currency;
  priceListId: string | null;
  zone: string | null;
  lines: PriceLineResult[];
  customerNet: number;
  resourceNet: number;
  vatBasisPoints: number;
  vat: number;
  customerGross: number;
  /** Why the price is missing or incomplete; empty when complete. */
  errors: PriceError[];
}

/** A correction of one article line (spec §3 price correction), amounts in major units. */
export interface PriceCorrection {
  articleCode: string;
  articleLabel?: string;
  customerPrice: number;
  resourcePrice?: number;
}

/** Major units (kroner, kronor, euro) as written in a form → minor units, half away from zero. */
export const toMinor = (major: number): number =>
  Math.sign(major) * Math.round(Math.abs(major) * 100);

/** The basis of one order. */
export function basisOf(order: BookedOrder, extras: TimeExtras = NO_EXTRAS): PricingBasis {
  const totals = measurementTotals(order.measurements);
  const services = new Map<string, number>();
  for (const s of order.additionalServices ?? [])
    services.set(s.vasCode, (services.get(s.vasCode) ?? 0) + s.quantity);
  return {
    chargeableKg: Math.max(totals.weight, round3(totals.volume * VOLUMETRIC_KG_PER_DMQ)),
    weightKg: totals.weight,
    volumeDmq: totals.volume,
    packages: totals.count,
    extraStops: 0,
    waitingMinutes: extras.waitingMinutes,
    loadingMinutes: extras.loadingMinutes,
    dangerousGoods: (order.adrGoods ?? []).length > 0,
    services,
  };
}

/** Several orders driven as one trip: their quantities added, a stop for each beyond the first. */
export function tripBasis(bases: readonly PricingBasis[]): PricingBasis {
  const services = new Map<string, number>();
  for (const b of bases)
    for (const [code, n] of b.services) services.set(code, (services.get(code) ?? 0) + n);
  const sum = (f: (b: PricingBasis) => number) => round3(bases.reduce((n, b) => n + f(b), 0));
  return {
    chargeableKg: sum((b) => b.chargeableKg),
    weightKg: sum((b) => b.weightKg),
    volumeDmq: sum((b) => b.volumeDmq),
    packages: sum((b) => b.packages),
    extraStops: Math.max(0, bases.length - 1) + sum((b) => b.extraStops),
    waitingMinutes: sum((b) => b.waitingMinutes),
    loadingMinutes: sum((b) => b.loadingMinutes),
    dangerousGoods: bases.some((b) => b.dangerousGoods),
    services,
  };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The zone of a postal code in a list's zones (null: none). */
export function zoneOf(
  zones: readonly PriceZone[],
  country: string,
  zipCode: string,
): string | null {
  const zip = Number(zipCode.replace(/\s+/g, ''));
  if (!Number.isFinite(zip)) return null;
  const found = zones.find(
    (z) => z.country === country && Number(z.fromZip) <= zip && zip <= Number(z.toZip),
  );
  return found?.code ?? null;
}

/** The quantity of an article on a basis (0: the article does not apply). */
export function quantityOf(article: Article, basis: PricingBasis): number {
  switch (article.kind) {
    case 'FREIGHT':
      return 1;
    case 'WEIGHT':
      return basis.chargeableKg;
    case 'VOLUME':
      return basis.volumeDmq;
    case 'PACKAGE':
      return basis.packages;
    case 'STOP':
      return basis.extraStops;
    case 'SERVICE':
      return article.vasCode ? (basis.services.get(article.vasCode) ?? 0) : 0;
    case 'WAITING_TIME':
      return basis.waitingMinutes;
    case 'LOADING_TIME':
      return basis.loadingMinutes;
    case 'DANGEROUS_GOODS':
      return basis.dangerousGoods ? 1 : 0;
    case 'CREDIT':
      return 0;
  }
}

/** What the bracket of an article is measured in: FREIGHT by chargeable weight, others by quantity. */
const bracketMeasure = (article: Article, basis: PricingBasis, quantity: number) =>
  article.kind === 'FREIGHT' ? basis.chargeableKg : quantity;

/**
 * The line of a list for an article in a zone: the zone's own lines before the lines for any zone;
 * among them the bracket with the greatest `from` not above the measure.
 */
export function bracketOf(
  lines: readonly PriceLine[],
  articleCode: string,
  zone: string | null,
  measure: number,
): PriceLine | null {
  const pick = (candidates: PriceLine[]) =>
    candidates
      .filter((l) => l.from <= measure)
      .reduce<PriceLine | null>(
        (best, l) => (best === null || l.from > best.from ? l : best),
        null,
      );
  const ofArticle = lines.filter((l) => l.articleCode === articleCode);
  return (
    (zone === null ? null : pick(ofArticle.filter((l) => l.zone === zone))) ??
    pick(ofArticle.filter((l) => l.zone === null))
  );
}

const amountOf = (line: PriceLine, price: number, quantity: number) =>
  line.per === 'ORDER' ? price : Math.round(price * quantity);

/**
 * The price of a basis on a list: a line for every article that applies and has a price, the
 * corrections put in place of (or beside) the computed lines, totals and VAT of the country.
 * Without a list, only the corrections are priced and NO_PRICE_LIST says why.
 */
export function priceOf(input: {
  orderIds: string[];
  basis: PricingBasis;
  list: PriceList | null;
  articles: readonly Article[];
  country: string;
  currency: Currency;
  deliveryZip: string;
  corrections?: readonly PriceCorrection[];
}): OrderPrice {
  const { basis, list, country } = input;
  const errors: PriceError[] = [];
  const lines: PriceLineResult[] = [];
  const byCode = new Map(input.articles.map((a) => [a.code, a]));
  const zone = list ? zoneOf(list.zones, country, input.deliveryZip) : null;
  if (!list) errors.push({ code: 'NO_PRICE_LIST', subject: null });
  else {
    if (list.zones.length > 0 && zone === null) errors.push({ code: 'NO_ZONE', subject: null });
    for (const article of input.articles) {
      if (!article.active) continue;
      const quantity = quantityOf(article, basis);
      if (quantity <= 0) continue;
      const line = bracketOf(
        list.lines,
        article.code,
        zone,
        bracketMeasure(article, basis, quantity),
      );
      if (!line) {
        if (article.kind === 'SERVICE' && !basis.optionalServices?.has(article.vasCode ?? ''))
          errors.push({ code: 'NO_SERVICE_PRICE', subject: article.vasCode });
        continue;
      }
      lines.push({
        articleCode: article.code,
        label: article.label,
        kind: article.kind,
        quantity: line.per === 'ORDER' ? 1 : quantity,
        customerUnitPrice: line.customerPrice,
        customerAmount: amountOf(line, line.customerPrice, quantity),
        resourceAmount: amountOf(line, line.resourcePrice, quantity),
        corrected: false,
      });
    }
    // A booked service no article prices.
    for (const vas of basis.services.keys())
      if (
        !basis.optionalServices?.has(vas) &&
        !input.articles.some((a) => a.kind === 'SERVICE' && a.vasCode === vas && a.active)
      )
        errors.push({ code: 'NO_SERVICE_PRICE', subject: vas });
    // Every order is transport: a price without freight is incomplete.
    if (!lines.some((l) => l.kind === 'FREIGHT'))
      errors.push({ code: 'NO_FREIGHT_PRICE', subject: null });
  }
  for (const c of input.corrections ?? []) {
    const article = byCode.get(c.articleCode);
    if (!article) {
      errors.push({ code: 'UNKNOWN_ARTICLE', subject: c.articleCode });
      continue;
    }
    const customerAmount = toMinor(c.customerPrice);
    const resourceAmount = toMinor(c.resourcePrice ?? 0);
    // Only a credit may be negative: anything else below zero counts as zero.
    const credit = article.kind === 'CREDIT';
    const corrected: PriceLineResult = {
      articleCode: article.code,
      label: c.articleLabel || article.label,
      kind: article.kind,
      quantity: 1,
      customerUnitPrice: credit ? customerAmount : Math.max(0, customerAmount),
      customerAmount: credit ? customerAmount : Math.max(0, customerAmount),
      resourceAmount: credit ? resourceAmount : Math.max(0, resourceAmount),
      corrected: true,
    };
    const at = lines.findIndex((l) => l.articleCode === article.code && !l.corrected);
    if (at >= 0) lines[at] = corrected;
    else lines.push(corrected);
    // A corrected freight line answers a missing freight price.
    if (article.kind === 'FREIGHT')
      for (let i = errors.length - 1; i >= 0; i--)
        if (errors[i]!.code === 'NO_FREIGHT_PRICE') errors.splice(i, 1);
  }
  const customerNet = lines.reduce((n, l) => n + l.customerAmount, 0);
  const resourceNet = lines.reduce((n, l) => n + l.resourceAmount, 0);
  const vatBasisPoints = VAT_BASIS_POINTS[country] ?? 2500;
  const vat = Math.round((customerNet * vatBasisPoints) / 10_000);
  return {
    orderIds: input.orderIds,
    currency: list?.currency ?? input.currency,
    priceListId: list?.id ?? null,
    zone,
    lines,
    customerNet,
    resourceNet,
    vatBasisPoints,
    vat,
    customerGross: customerNet + vat,
    errors,
  };
}

/**
 * The list that applies to an order on a date: the customer's own, else one of its customer
 * groups', else its department's; among several valid on the date, the one valid from the latest.
 */
export function applicableList(
  lists: readonly PriceList[],
  order: { customerId: string; departmentId: string; date: string },
  customerGroupIds: readonly string[],
): PriceList | null {
  const valid = lists.filter(
    (l) => l.validFrom <= order.date && (l.validTo === null || order.date <= l.validTo),
  );
  const latest = (found: PriceList[]) =>
    found.reduce<PriceList | null>(
      (best, l) => (best === null || l.validFrom > best.validFrom ? l : best),
      null,
    );
  return (
    latest(valid.filter((l) => l.customerId === order.customerId)) ??
    latest(
      valid.filter(
        (l) => l.customerGroupId !== null && customerGroupIds.includes(l.customerGroupId),
      ),
    ) ??
    latest(valid.filter((l) => l.departmentId === order.departmentId))
  );
}
