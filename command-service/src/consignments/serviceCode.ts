import {
  articleStream,
  orderWeightKg,
  resolveServiceCode,
  serviceTimeVariant,
  type MeasurementLine,
} from '@nordlog/contracts';
import type { HandlerContext } from '../framework/handler.js';
import { refusedField } from '../framework/refusals.js';
import { articleIdOfCode } from '../pricing/articleCodes.js';
import { serviceMappingDecider } from '../texts/mapping.js';

export interface ServiceCodeOrder {
  serviceId?: string | undefined;
  measurements: readonly MeasurementLine[];
  deliveryDate?: string | undefined;
  pickupDate: string;
  deliveryTimeEarliest?: string | undefined;
  deliveryTimeLatest?: string | undefined;
  delivery: { countryCode: string };
}

/**
 * The concrete service code an order carries (docs/decisions/0093): its service's code template
 * (the mapping's `serviceCode`) filled with the order's weight bracket and the delivery window's
 * time-of-day variant. Undefined where the order has no service, the code is no article's, or the
 * service has no template: the order's `serviceId` is then its code. An order heavier than the
 * largest bracket of a `{W}` template is refused (400 on `measurements`), nothing written.
 */
export async function resolvedServiceCode(
  ctx: HandlerContext,
  order: ServiceCodeOrder,
  orderTimeZone: string,
): Promise<string | undefined> {
  if (!order.serviceId) return undefined;
  const id = await articleIdOfCode(ctx, order.serviceId);
  if (id === null) return undefined;
  const mapping = await ctx.load(articleStream(id), serviceMappingDecider);
  if (mapping.status !== 'exists' || !mapping.serviceCode) return undefined;
  const variant = serviceTimeVariant({
    deliveryDate: order.deliveryDate ?? order.pickupDate,
    deliveryTimeEarliest: order.deliveryTimeEarliest,
    deliveryTimeLatest: order.deliveryTimeLatest,
    orderTimeZone,
    deliveryCountry: order.delivery.countryCode,
  });
  const resolved = resolveServiceCode(mapping.serviceCode, {
    weightKg: orderWeightKg(order.measurements),
    variant,
  });
  if (!resolved.ok) throw refusedField('measurements', 'validation.serviceWeightBracket');
  return resolved.code;
}
