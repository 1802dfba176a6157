import { serviceErrors, type OrderPrice, type ServiceErrors } from '@nordlog/contracts';

/**
 * Spec §3 "Pricing and services state" of the booking form, after a price lookup (query
 * `orderPrice` of the order being edited). The readings are the product's (docs/decisions/0102).
 */
export interface PricingState {
  /** Services booked at the pickup: none in this product (services are done at the delivery). */
  pickupServices: string[];
  /** The order's additional services (VAS codes), done at the delivery. */
  deliveryServices: string[];
  /** The department's articles the price charges besides the services (freight, weight, ...). */
  departmentServices: string[];
  price: OrderPrice | null;
  /** Why the price is missing or incomplete, by pickup, delivery and department services (§8). */
  errors: ServiceErrors;
  /** The price's zone is the recipient's: found from the delivery postal code. */
  useRecipientRouting: boolean;
}

/** Before a lookup, or when it failed: nothing known. */
export const noPricing: PricingState = {
  pickupServices: [],
  deliveryServices: [],
  departmentServices: [],
  price: null,
  errors: { pickupServices: [], deliveryServices: [], departmentServices: [] },
  useRecipientRouting: false,
};

/** The state after a price lookup of an order with these additional services. */
export function pricingState(
  services: readonly { vasCode: string }[],
  price: OrderPrice | null,
): PricingState {
  if (!price) return noPricing;
  return {
    pickupServices: [],
    deliveryServices: [...new Set(services.map((s) => s.vasCode))],
    departmentServices: [
      ...new Set(price.lines.filter((l) => l.kind !== 'SERVICE').map((l) => l.articleCode)),
    ],
    price,
    errors: serviceErrors(price.errors),
    useRecipientRouting: price.zone !== null,
  };
}
