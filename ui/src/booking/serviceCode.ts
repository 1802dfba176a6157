import {
  countryTimeZones,
  orderWeightKg,
  resolveServiceCode,
  serviceTimeVariant,
  toNumber,
  type ServiceText,
} from '@nordlog/contracts';
import type { FormValues } from './formModel';

export type FormServiceCode = { code: string } | { overweight: true } | null;

const num = (v: string) => {
  const n = toNumber(v);
  return Number.isFinite(n) ? n : 0;
};

/**
 * The concrete service code the order will carry (docs/decisions/0093), worked out as the server
 * does: the service's code template, the lines' total weight and the delivery window's variant in
 * the delivery country. Null where the service has no template (or the form has no date yet).
 */
export function formServiceCode(
  services: readonly ServiceText[],
  v: Pick<
    FormValues,
    | 'serviceId'
    | 'measurements'
    | 'pickupDate'
    | 'deliveryDate'
    | 'deliveryTimeEarliest'
    | 'deliveryTimeLatest'
    | 'pickup'
    | 'delivery'
  >,
): FormServiceCode {
  const template = services.find(
    (s) => s.group === 'SERVICE' && s.articleCode === v.serviceId,
  )?.serviceCode;
  const date = v.deliveryDate || v.pickupDate;
  if (!template || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const variant = serviceTimeVariant({
    deliveryDate: date,
    deliveryTimeEarliest: v.deliveryTimeEarliest || undefined,
    deliveryTimeLatest: v.deliveryTimeLatest || undefined,
    orderTimeZone: countryTimeZones[v.pickup.countryCode] ?? 'Europe/Oslo',
    deliveryCountry: v.delivery.countryCode,
  });
  const weightKg = orderWeightKg(
    v.measurements.map((l) => ({
      weight: num(l.weight),
      quantity: Math.max(0, Math.trunc(num(l.quantity))),
    })),
  );
  const resolved = resolveServiceCode(template, { weightKg, variant });
  return resolved.ok ? { code: resolved.code } : { overweight: true };
}
