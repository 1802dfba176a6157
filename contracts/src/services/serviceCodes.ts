import { countryTimeZones } from '../common.js';
import { normaliseUnit } from '../consignments/units.js';
import { zoneOffsetMinutes, zonedInstant } from '../consignments/validation.js';

/**
 * Service codes with placeholders (spec §5 "Service codes", §4 time-of-day variants;
 * docs/decisions/0093-service-codes.md). A service's mapping may name a code template such as
 * `HD{W}{E}`; an order booked with the service carries the concrete code its weight and delivery
 * window give (`HD150-E`).
 */

/** Spec §5: the weight brackets a `{W}` placeholder expands to, in kilograms. */
export const serviceWeightBrackets = [25, 50, 150, 500, 1000, 1500, 3000, 5000, 8000] as const;

const LARGEST_BRACKET = 8000;

/** Spec §4: the service time-of-day variants. */
export const serviceTimeVariants = ['DAY', 'EVENING', 'WEEKEND', 'WEEKEND_EVENING'] as const;
export type ServiceTimeVariant = (typeof serviceTimeVariants)[number];

/** A delivery window starting at or after this local time (delivery country) is an evening one. */
export const EVENING_FROM = '17:00';

/**
 * The placeholders a template may name: `{W}` the weight bracket, `{E}` the evening suffix (spec:
 * "-E" evening, "-D" day), `{V}` the variant's short code (D, E, W, WE).
 */
export const serviceCodePlaceholders = ['W', 'E', 'V'] as const;
export type ServiceCodePlaceholder = (typeof serviceCodePlaceholders)[number];

const variantShort: Record<ServiceTimeVariant, string> = {
  DAY: 'D',
  EVENING: 'E',
  WEEKEND: 'W',
  WEEKEND_EVENING: 'WE',
};
const isEvening = (v: ServiceTimeVariant) => v === 'EVENING' || v === 'WEEKEND_EVENING';

/** The longest template and the longest code it may give (an order's `serviceId` is ≤ 50). */
export const SERVICE_CODE_TEMPLATE_MAX = 40;
const LITERAL = /^[A-Z0-9_-]*$/;
const PLACEHOLDER = /\{([^{}]*)\}/g;

export type ServiceCodeTemplateIssue =
  'validation.serviceCodePlaceholder' | 'validation.serviceCode';

/**
 * Why a template is refused, or null: an unknown `{X}` (or a stray brace) is
 * `validation.unknownPlaceholder`; other characters than A–Z 0–9 - _ between placeholders, an
 * empty or over-long template are `validation.serviceCode`.
 */
export function serviceCodeTemplateIssue(template: string): ServiceCodeTemplateIssue | null {
  if (template.length === 0 || template.length > SERVICE_CODE_TEMPLATE_MAX)
    return 'validation.serviceCode';
  for (const m of template.matchAll(PLACEHOLDER))
    if (!(serviceCodePlaceholders as readonly string[]).includes(m[1]!))
      return 'validation.serviceCodePlaceholder';
  const literal = template.replace(PLACEHOLDER, '');
  if (/[{}]/.test(literal)) return 'validation.serviceCodePlaceholder';
  return LITERAL.test(literal) ? null : 'validation.serviceCode';
}

/** The placeholders a (valid) template names, each once, in the order of first use. */
export const templatePlaceholders = (template: string): ServiceCodePlaceholder[] => [
  ...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1] as ServiceCodePlaceholder)),
];

export interface ServiceCodeInput {
  /** Kilograms (the order's total). */
  weightKg: number;
  variant: ServiceTimeVariant;
}

/** The smallest bracket at or above the weight, or null above the largest. */
export function weightBracket(weightKg: number): number | null {
  return serviceWeightBrackets.find((b) => weightKg <= b) ?? null;
}

/** A template filled for one bracket and variant. */
export function fillServiceCode(
  template: string,
  bracket: number,
  variant: ServiceTimeVariant,
): string {
  return template.replace(PLACEHOLDER, (_, name: string) =>
    name === 'W'
      ? String(bracket)
      : name === 'E'
        ? isEvening(variant)
          ? '-E'
          : '-D'
        : variantShort[variant],
  );
}

/**
 * Every concrete code a template can give (spec §5 "weight placeholders expand to …"), without
 * duplicates, brackets first then variants: `HD{W}` gives 9 codes, `HD{W}{E}` 18.
 */
export function expandServiceCode(template: string): string[] {
  const names = templatePlaceholders(template);
  const brackets = names.includes('W') ? serviceWeightBrackets : [serviceWeightBrackets[0]];
  const variants =
    names.includes('V') || names.includes('E') ? serviceTimeVariants : (['DAY'] as const);
  const codes = brackets.flatMap((b) => variants.map((v) => fillServiceCode(template, b, v)));
  return [...new Set(codes)];
}

export type ResolvedServiceCode =
  | { ok: true; code: string; bracket: number; variant: ServiceTimeVariant }
  | { ok: false; reason: 'overweight' };

/** The concrete code of a template for an order's weight and variant. */
export function resolveServiceCode(template: string, input: ServiceCodeInput): ResolvedServiceCode {
  const uses = templatePlaceholders(template);
  const bracket = weightBracket(input.weightKg);
  if (bracket === null && uses.includes('W')) return { ok: false, reason: 'overweight' };
  const b: number = bracket ?? LARGEST_BRACKET;
  return {
    ok: true,
    code: fillServiceCode(template, b, input.variant),
    bracket: b,
    variant: input.variant,
  };
}

/** An order's total weight in kilograms: each line's weight (normalised) times its quantity. */
export function orderWeightKg(
  lines: readonly { weight: number; weightUnit?: string | undefined; quantity?: number }[],
): number {
  const total = lines.reduce(
    (sum, l) => sum + normaliseUnit('weight', l.weight, l.weightUnit).value * (l.quantity ?? 1),
    0,
  );
  return Math.round(total * 1000) / 1000;
}

export interface DeliveryWindowInput {
  /** yyyy-MM-dd, the delivery date as booked. */
  deliveryDate: string;
  deliveryTimeEarliest?: string | undefined;
  deliveryTimeLatest?: string | undefined;
  /** The zone the order's times are written in (the pickup's or department's country). */
  orderTimeZone: string;
  /** The delivery address's country. */
  deliveryCountry: string;
}

/** The local date (yyyy-MM-dd) and time (HH:mm) of an instant in a zone. */
function localParts(at: Date, timeZone: string): { date: string; time: string } {
  const local = new Date(at.getTime() + zoneOffsetMinutes(timeZone, at) * 60_000).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/**
 * The window's time-of-day variant, in the delivery country's time zone: the window's start (its
 * end where it has no start; noon where it has neither) is evening at or after {@link EVENING_FROM};
 * a Saturday or Sunday (of that local date) is a weekend.
 */
export function serviceTimeVariant(input: DeliveryWindowInput): ServiceTimeVariant {
  const zone = countryTimeZones[input.deliveryCountry] ?? input.orderTimeZone;
  const time = input.deliveryTimeEarliest || input.deliveryTimeLatest || '12:00';
  const local = localParts(zonedInstant(input.deliveryDate, time, input.orderTimeZone), zone);
  const day = new Date(`${local.date}T00:00:00Z`).getUTCDay();
  const weekend = day === 0 || day === 6;
  const evening = local.time >= EVENING_FROM;
  if (weekend) return evening ? 'WEEKEND_EVENING' : 'WEEKEND';
  return evening ? 'EVENING' : 'DAY';
}
