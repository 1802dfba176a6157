import { z } from 'zod';
import { postalCodeOf } from '../addresses/postalAddress.js';
import { entityId, nonEmptyText } from '../common.js';
import { crossFieldRules, evenWithFieldIssues, type Issue } from '../crossFieldRules.js';
import { inRange, rangeIssues, repeatedServiceIssues } from '../matrix/ranges.js';
import type { TextLanguage } from '../texts/index.js';
import { updateShape } from '../updates.js';

/**
 * Upsales rules (spec §1 "administrators manage … upsales rules", §4/§7 enable and disable,
 * §7 `upsalesRules`, `upsalesRuleById`; docs/decisions/0087-upsales-rules.md). The spec names
 * them and no field: the fields are ours. A rule offers an extra (a value-added service: a
 * SERVICE article of the catalogue) to whoever books, when the booking matches its conditions:
 * whose it is (one customer, one customer group, or everyone), the service booked, and
 * optionally the goods' weight and the delivery postal code. The booking form shows the
 * matching enabled rules' extras as suggestions, by priority.
 */
export const UPSALES_RULES_TABLE = 'rm_upsales_rules';
export const UPSALES_RULES_ENTITY = 'upsalesRules';
export const upsalesRuleStream = (id: string) => `upsales-rule-${id}`;

/** The heaviest goods a weight condition may name (kg). */
export const MAX_UPSALES_WEIGHT_KG = 100_000;
/** The most suggestions the booking form shows at once (the highest priorities). */
export const MAX_UPSALES_SUGGESTIONS = 3;

/** A postal code as typed ("114 55", "0150"): kept as its digits, 4 or 5 of them. */
const postalCode = z
  .string()
  .trim()
  .max(10)
  .transform(postalCodeOf)
  .pipe(z.string().regex(/^\d{4,5}$/, 'validation.zipCode'));
const weightKg = z.number().min(0).max(MAX_UPSALES_WEIGHT_KG);
const serviceCode = z.string().trim().min(1, 'required').max(30);
const textKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,60}$/, 'validation.textKey');

const ruleFields = {
  /** The operator's name of the rule ("Evening delivery for private recipients in Oslo"). */
  name: nonEmptyText.max(100),
  /** The extra offered: a value-added service (SERVICE article) of the catalogue, by id. */
  articleId: entityId,
  /**
   * Whose bookings: these customers' and those of the members of these customer groups (either
   * matches); both empty: everyone's.
   */
  customerIds: z.array(entityId).max(200, 'validation.tooMany').default([]),
  customerGroupIds: z.array(entityId).max(50, 'validation.tooMany').default([]),
  /** The services (transport article codes) booked that the rule applies to; empty: any. */
  serviceCodes: z.array(serviceCode).max(50, 'validation.tooMany').default([]),
  /** The goods' total weight from (inclusive, kg); null: no lower limit. */
  weightFromKg: weightKg.nullable().default(null),
  /** The goods' total weight to (inclusive, kg); null: no upper limit. */
  weightToKg: weightKg.nullable().default(null),
  /** The delivery postal codes from–to (inclusive); both null: everywhere. */
  postalCodeFrom: postalCode.nullable().default(null),
  postalCodeTo: postalCode.nullable().default(null),
  /**
   * The wording of the suggestion: the key of a BOOKING text (0081), in the booker's language;
   * null (or a key with no text): "Add {the extra's name}?".
   */
  textKey: textKey.nullable().default(null),
  /** Lower first: the booking form shows the few matching rules of the lowest numbers. */
  priority: z.number().int().min(1).max(999).default(10),
  /** A disabled rule is kept and listed, and suggests nothing. */
  enabled: z.boolean().default(true),
};

type Conditions = {
  serviceCodes: readonly string[];
  weightFromKg: number | null;
  weightToKg: number | null;
  postalCodeFrom: string | null;
  postalCodeTo: string | null;
};

/** A rule's rules across fields, shared by the form, the command's schema and the decider. */
export function upsalesRuleIssues(r: Conditions): Issue[] {
  const issues: Issue[] = [];
  if (r.weightFromKg !== null && r.weightToKg !== null && r.weightToKg < r.weightFromKg)
    issues.push({ path: ['weightToKg'], message: 'validation.weightRange' });
  if ((r.postalCodeFrom === null) !== (r.postalCodeTo === null))
    issues.push({
      path: [r.postalCodeFrom === null ? 'postalCodeFrom' : 'postalCodeTo'],
      message: 'validation.required',
    });
  else if (r.postalCodeFrom !== null && r.postalCodeTo !== null)
    issues.push(...rangeIssues({ postalCodeFrom: r.postalCodeFrom, postalCodeTo: r.postalCodeTo }));
  issues.push(...repeatedServiceIssues(r.serviceCodes));
  return issues;
}

export const createUpsalesRuleSchema = z
  .object(ruleFields)
  .superRefine(crossFieldRules(upsalesRuleIssues), evenWithFieldIssues);

/** Fields left out keep theirs; the merged rule meets the same rules (the decider checks it). */
const { enabled: _enabled, ...editable } = ruleFields;
export const updateUpsalesRuleSchema = z.object({ id: entityId, ...updateShape(editable) });
const byId = z.object({ id: entityId });

export type UpsalesRuleFields = z.output<typeof createUpsalesRuleSchema>;
export type UpsalesRuleChanges = Omit<z.output<typeof updateUpsalesRuleSchema>, 'id'>;
export interface UpsalesRule extends UpsalesRuleFields {
  id: string;
}
export interface UpsalesRuleRow extends UpsalesRule {
  revision: number;
  updatedAtEpoch: number;
  deleted: boolean;
}

/**
 * A rule as `upsalesRules` answers it: with the wordings of its BOOKING text (0081) in the six
 * languages, null when it names none or no such text exists (the form says "Add <extra>?").
 */
export interface UpsalesOffer extends UpsalesRuleRow {
  wording: Record<TextLanguage, string> | null;
}

/**
 * A rule as `upsalesOffers` answers it (docs/decisions/0100): the rule's conditions, extra and
 * wordings; its name and its customers and groups left out (the reader's bookings are what it
 * was chosen for; the others are other customers' business).
 */
export type UpsalesOfferForBooking = Omit<
  UpsalesOffer,
  'name' | 'customerIds' | 'customerGroupIds'
> & {
  name: '';
  customerIds: [];
  customerGroupIds: [];
};

/** The switch is a change of `enabled` (docs/decisions/0087): one update event, one history. */
export type UpsalesRuleEvent =
  | { type: 'UpsalesRuleCreated'; data: UpsalesRule }
  | {
      type: 'UpsalesRuleUpdated';
      data: { id: string; changes: Partial<UpsalesRuleFields> };
    }
  | { type: 'UpsalesRuleDeleted'; data: { id: string } };

/** What the booking form knows when it asks for suggestions. */
export interface UpsalesBooking {
  serviceCode: string | null;
  /** The goods' total weight (kg); null: not known yet (a weight condition does not match). */
  weightKg: number | null;
  /** The delivery postal code as typed; null: not known yet (a range does not match). */
  postalCode: string | null;
}

/**
 * Whether a rule is for this customer's bookings: one of its customers, a member of one of its
 * groups (`groupIds`: the groups the customer is a member of), or a rule for everyone.
 */
export function upsalesRuleForCustomer(
  rule: Pick<UpsalesRule, 'customerIds' | 'customerGroupIds'>,
  customerId: string,
  groupIds: readonly string[],
): boolean {
  if (rule.customerIds.length === 0 && rule.customerGroupIds.length === 0) return true;
  return (
    rule.customerIds.includes(customerId) || rule.customerGroupIds.some((g) => groupIds.includes(g))
  );
}

/** Whether an enabled rule's conditions on the booking (service, weight, postal code) hold. */
export function upsalesRuleFits(
  rule: Omit<UpsalesRule, 'id' | 'name'>,
  b: UpsalesBooking,
): boolean {
  if (!rule.enabled) return false;
  if (
    rule.serviceCodes.length > 0 &&
    (b.serviceCode === null || !rule.serviceCodes.includes(b.serviceCode))
  )
    return false;
  if (rule.weightFromKg !== null && (b.weightKg === null || b.weightKg < rule.weightFromKg))
    return false;
  if (rule.weightToKg !== null && (b.weightKg === null || b.weightKg > rule.weightToKg))
    return false;
  if (rule.postalCodeFrom !== null && rule.postalCodeTo !== null) {
    const code = b.postalCode === null ? null : postalCodeOf(b.postalCode);
    const range = { postalCodeFrom: rule.postalCodeFrom, postalCodeTo: rule.postalCodeTo };
    if (code === null || !inRange(range, code)) return false;
  }
  return true;
}

/**
 * The rules a booking is offered (of those for its customer: the query's `customerId`), lowest
 * priority number first (then by name), one per extra, at most `MAX_UPSALES_SUGGESTIONS`; the
 * extras already booked are left out.
 */
export function upsalesSuggestions<R extends UpsalesRule>(
  rules: readonly R[],
  booking: UpsalesBooking,
  booked: (articleId: string) => boolean = () => false,
): R[] {
  const seen = new Set<string>();
  return rules
    .filter((r) => upsalesRuleFits(r, booking) && !booked(r.articleId))
    .sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name))
    .filter((r) => (seen.has(r.articleId) ? false : (seen.add(r.articleId), true)))
    .slice(0, MAX_UPSALES_SUGGESTIONS);
}

export const upsalesCommandSchemas = {
  CREATE_UPSALES_RULE: createUpsalesRuleSchema,
  UPDATE_UPSALES_RULE: updateUpsalesRuleSchema,
  DELETE_UPSALES_RULE: byId,
  ENABLE_UPSALES_RULE: byId,
  DISABLE_UPSALES_RULE: byId,
} as const;

export const upsalesQuerySchemas = {
  /**
   * Spec §7: the rules (deleted ones left out), of one state when `enabled` is named, and those
   * for one customer's bookings when `customerId` is (the booking form's suggestions).
   */
  upsalesRules: z
    .object({ enabled: z.boolean().optional(), customerId: entityId.optional() })
    .strict(),
  /** Spec §7: one rule; NOT_FOUND for none or a deleted one. */
  upsalesRuleById: z.object({ id: entityId }).strict(),
  /**
   * The booking form's suggestions for one customer's bookings (docs/decisions/0100): the enabled
   * rules for it, without whom else they are for nor their names, so customers read them too.
   */
  upsalesOffers: z.object({ customerId: entityId }).strict(),
} as const;
