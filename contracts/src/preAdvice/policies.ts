import { z } from 'zod';
import { entityId, nonEmptyText } from '../common.js';

/**
 * Pre-advice policies (spec §1, §7; docs/decisions/0062-pre-advice.md): whom a recipient is told
 * of a coming delivery, when, how and in which words. A policy belongs to exactly one customer,
 * customer group or department, optionally for one service; the most specific one applies
 * (`resolvePolicy`).
 */
export const PRE_ADVICE_POLICIES_TABLE = 'rm_pre_advice_policies';
export const PRE_ADVICE_POLICIES_ENTITY = 'preAdvicePolicies';
export const preAdvicePolicyStream = (id: string) => `pre-advice-policy-${id}`;

/**
 * When a message goes out: on booking, the day before the delivery date, when the order's slot is
 * dispatched (its planning completed or the route started), when the courier on the route is the
 * policy's `stopsAway` stops or fewer from the order's delivery (STOPS_AWAY, stopsAway.ts);
 * PRE_PICKUP is the sender's SMS that the courier comes for the goods (SEND_PRE_PICKUP_SMS).
 * These are also the `smsType`s.
 */
export const preAdviceTriggers = [
  'BOOKED',
  'DAY_BEFORE',
  'DISPATCHED',
  'STOPS_AWAY',
  'PRE_PICKUP',
] as const;
export type PreAdviceTrigger = (typeof preAdviceTriggers)[number];
export const preAdviceChannels = ['SMS', 'EMAIL', 'SMS_AND_EMAIL'] as const;
export type PreAdviceChannel = (typeof preAdviceChannels)[number];
/** The languages of the web app (ui/src/i18n); a recipient gets its country's, else English. */
export const preAdviceLanguages = ['en', 'nb', 'sv', 'da', 'fi', 'fr'] as const;
export type PreAdviceLanguage = (typeof preAdviceLanguages)[number];

/** The words a text may hold in braces; every other `{…}` is refused on save. */
export const preAdvicePlaceholders = ['trackingLink', 'window', 'senderName'] as const;
export type PreAdvicePlaceholder = (typeof preAdvicePlaceholders)[number];
const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The placeholders of a text that do not exist (each once, in order). */
export function unknownPlaceholders(text: string): string[] {
  const unknown = [...text.matchAll(PLACEHOLDER)]
    .map((m) => m[1]!)
    .filter((name) => !(preAdvicePlaceholders as readonly string[]).includes(name));
  return [...new Set(unknown)];
}

/** Whether a text names this placeholder. */
export const usesPlaceholder = (text: string, name: PreAdvicePlaceholder) =>
  text.includes(`{${name}}`);

/** A text with its placeholders filled in. */
export const renderPreAdviceText = (
  text: string,
  values: Readonly<Record<PreAdvicePlaceholder, string>>,
): string =>
  text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as PreAdvicePlaceholder] : whole,
  );

const placeholderText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .superRefine((text, ctx) => {
      const unknown = unknownPlaceholders(text);
      if (unknown.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `unknown placeholder ${unknown.map((u) => `{${u}}`).join(', ')}; the placeholders are ${preAdvicePlaceholders.map((p) => `{${p}}`).join(', ')}`,
        });
    });

/** Spec §9 has no SMS length: four concatenated segments (4 × 160) is what providers take. */
export const PRE_ADVICE_SMS_MAX = 640;

export const preAdviceTextSchema = z.object({
  language: z.enum(preAdviceLanguages),
  /**
   * The trigger this text is for (the booking's confirmation reads otherwise than "the courier is
   * three stops away"); null: every trigger without a text of its own in this language.
   */
  trigger: z.enum(preAdviceTriggers).nullable().default(null),
  smsText: placeholderText(PRE_ADVICE_SMS_MAX).nullable().default(null),
  emailSubject: placeholderText(200).nullable().default(null),
  emailBody: placeholderText(5000).nullable().default(null),
});
export type PreAdviceText = z.output<typeof preAdviceTextSchema>;

const oneOwner = (p: {
  customerId?: string | null;
  customerGroupId?: string | null;
  departmentId?: string | null;
}) => [p.customerId, p.customerGroupId, p.departmentId].filter((v) => v != null).length === 1;

/**
 * Each language once per trigger (and once for every trigger), a trigger's own text only beside
 * its language's text for every trigger and for one of the policy's triggers, and the texts the
 * channel needs in every text given.
 */
function textsFit(
  p: { channel: PreAdviceChannel; triggers: PreAdviceTrigger[]; texts: PreAdviceText[] },
  ctx: z.RefinementCtx,
): void {
  const seen = new Set<string>();
  p.texts.forEach((t, i) => {
    const key = `${t.language} ${t.trigger ?? ''}`;
    if (seen.has(key))
      ctx.addIssue({
        code: 'custom',
        path: ['texts', i, 'language'],
        message: t.trigger
          ? `${t.language} is given twice for ${t.trigger}`
          : `${t.language} is given twice`,
      });
    seen.add(key);
    if (t.trigger && !p.texts.some((g) => g.language === t.language && !g.trigger))
      ctx.addIssue({
        code: 'custom',
        path: ['texts', i, 'trigger'],
        message: `${t.language} needs its text for every trigger besides those of its own`,
      });
    else if (t.trigger && !p.triggers.includes(t.trigger))
      ctx.addIssue({
        code: 'custom',
        path: ['texts', i, 'trigger'],
        message: `${t.trigger} is not one of the policy's triggers`,
      });
    if (p.channel !== 'EMAIL' && !t.smsText)
      ctx.addIssue({
        code: 'custom',
        path: ['texts', i, 'smsText'],
        message: `an SMS text is needed for ${t.language} (channel ${p.channel})`,
      });
    if (p.channel !== 'SMS' && (!t.emailSubject || !t.emailBody))
      ctx.addIssue({
        code: 'custom',
        path: ['texts', i, t.emailSubject ? 'emailBody' : 'emailSubject'],
        message: `an e-mail subject and body are needed for ${t.language} (channel ${p.channel})`,
      });
  });
}

/** The most stops away a STOPS_AWAY policy may send at (a route's stops are an hour or so). */
export const PRE_ADVICE_MAX_STOPS_AWAY = 20;

/** CREATE_PRE_ADVICE_POLICY (spec §7 "pre-advice policy create"). */
export const createPreAdvicePolicySchema = z
  .object({
    name: nonEmptyText.max(200),
    /** Whose orders it covers: exactly one of a customer, a customer group or a department. */
    customerId: entityId.nullable().default(null),
    customerGroupId: entityId.nullable().default(null),
    departmentId: entityId.nullable().default(null),
    /** The service code (an order's `serviceId`) it is for; null: every service. */
    serviceId: z.string().trim().min(1).max(50).nullable().default(null),
    triggers: z
      .array(z.enum(preAdviceTriggers))
      .min(1)
      .max(preAdviceTriggers.length)
      .refine((t) => new Set(t).size === t.length, 'each trigger once'),
    channel: z.enum(preAdviceChannels),
    /**
     * The policy's own words; none, or none in a language: the texts admin's PRE_ADVICE texts
     * (docs/decisions/0100), so the company's wording is kept in one place.
     */
    texts: z
      .array(preAdviceTextSchema)
      .max(preAdviceLanguages.length * (preAdviceTriggers.length + 1)),
    /**
     * The additional service (vas code) a sent SMS is invoiced as; null: spec §9's default for a
     * delivery SMS, DEFAULT_SMS_VAS_CODE.
     */
    smsVasCode: z.string().trim().min(1).max(20).nullable().default(null),
    /**
     * STOPS_AWAY: the message goes when this many stops or fewer of the route are left before the
     * order's delivery (0: when it is the courier's next stop); given exactly with that trigger.
     */
    stopsAway: z.number().int().min(0).max(PRE_ADVICE_MAX_STOPS_AWAY).nullable().default(null),
  })
  .refine(oneOwner, {
    message: 'a policy belongs to exactly one customer, customer group or department',
    path: ['customerId'],
  })
  .refine((p) => p.triggers.includes('STOPS_AWAY') === (p.stopsAway !== null), {
    message: 'stopsAway is given exactly when the triggers include STOPS_AWAY',
    path: ['stopsAway'],
  })
  .superRefine(textsFit);
export const deletePreAdvicePolicySchema = z.object({ id: entityId });

export type PreAdvicePolicyFields = z.output<typeof createPreAdvicePolicySchema>;
export interface PreAdvicePolicy extends Omit<PreAdvicePolicyFields, 'stopsAway'> {
  id: string;
  /** Absent on policies created before STOPS_AWAY existed (read: null). */
  stopsAway?: number | null;
}
export interface PreAdvicePolicyRow extends PreAdvicePolicy {
  revision: number;
  updatedAtEpoch: number;
  deleted: boolean;
}

export type PreAdvicePolicyEvent =
  | { type: 'PreAdvicePolicyCreated'; data: PreAdvicePolicy }
  | { type: 'PreAdvicePolicyDeleted'; data: { id: string } };

/** Spec §9: the vas code of a delivery SMS when the policy names none. */
export const DEFAULT_SMS_VAS_CODE = '1091';

/** Query `preAdvicePolicies`: of a customer, group or department, or all. */
export const preAdvicePoliciesQuerySchema = z.object({
  customerId: entityId.optional(),
  customerGroupId: entityId.optional(),
  departmentId: entityId.optional(),
});
/** Query `preAdviceServicePolicies`: the policies made for a service (one, or every one). */
export const preAdviceServicePoliciesQuerySchema = z.object({
  serviceId: z.string().trim().min(1).max(50).optional(),
});
/** Query `customerSmsText {customerId, smsType}`: the SMS texts a customer's orders get. */
export const customerSmsTextQuerySchema = z.object({
  customerId: entityId,
  smsType: z.enum(preAdviceTriggers),
});
/** Query `customerEventEmail {customerId}`: the e-mail texts a customer's orders get. */
export const customerEventEmailQuerySchema = z.object({ customerId: entityId });

/** What an order is, for choosing its policy. */
export interface PolicySubject {
  departmentId: string;
  customerId: string;
  /** The customer groups the customer is a member of. */
  customerGroupIds: readonly string[];
  serviceId: string | null;
}

const ownerRank = (p: PreAdvicePolicy, s: PolicySubject): number => {
  if (p.customerId !== null) return p.customerId === s.customerId ? 3 : 0;
  if (p.customerGroupId !== null) return s.customerGroupIds.includes(p.customerGroupId) ? 2 : 0;
  return p.departmentId === s.departmentId ? 1 : 0;
};

/**
 * The policy of an order: the customer's before its group's before its department's, and at the
 * same owner the one for the order's service before the one for every service; the oldest (lowest
 * id) of equals. Null: no policy covers the order (outcome NO_RULE).
 */
export function resolvePolicy(
  policies: readonly PreAdvicePolicy[],
  s: PolicySubject,
): PreAdvicePolicy | null {
  let best: { p: PreAdvicePolicy; score: number } | null = null;
  for (const p of policies) {
    const rank = ownerRank(p, s);
    if (rank === 0) continue;
    if (p.serviceId !== null && p.serviceId !== s.serviceId) continue;
    const score = rank * 2 + (p.serviceId !== null ? 1 : 0);
    if (!best || score > best.score || (score === best.score && BigInt(p.id) < BigInt(best.p.id)))
      best = { p, score };
  }
  return best?.p ?? null;
}

/**
 * The text for a trigger in a language: the recipient's language before English before the
 * first given, and in each the trigger's own text before the one for every trigger. A manual
 * attempt (no trigger) takes the one for every trigger.
 */
export function textFor(
  texts: readonly PreAdviceText[],
  language: PreAdviceLanguage,
  trigger: PreAdviceTrigger | null = null,
): PreAdviceText | undefined {
  const of = (pick: (t: PreAdviceText) => boolean) =>
    (trigger ? texts.find((t) => pick(t) && t.trigger === trigger) : undefined) ??
    texts.find((t) => pick(t) && (t.trigger ?? null) === null);
  return of((t) => t.language === language) ?? of((t) => t.language === 'en') ?? of(() => true);
}

/** Whether a cause is one of the triggers (a manual attempt is not). */
export const isPreAdviceTrigger = (cause: string): cause is PreAdviceTrigger =>
  (preAdviceTriggers as readonly string[]).includes(cause);

const countryLanguages: Readonly<Record<string, PreAdviceLanguage>> = {
  NO: 'nb',
  SE: 'sv',
  DK: 'da',
  FI: 'fi',
  FR: 'fr',
};
/** The language of a recipient in a country (its address's country code). */
export const languageOfCountry = (countryCode: string | undefined): PreAdviceLanguage =>
  countryLanguages[countryCode ?? ''] ?? 'en';
