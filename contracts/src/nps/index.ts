import { z } from 'zod';
import { calendarDate, daysBetween, entityId } from '../common.js';
import { trackingIdSchema } from '../tracking/key.js';

/**
 * The net promoter question (issue 43 §2, spec §7 "NPS from date"; docs/decisions/0083-nps.md):
 * after a delivery the tracking page asks the recipient how likely they are to recommend the
 * sender, 0 to 10, with an optional comment. A public command (the tracking key the only
 * credential, as the answers of 0063), once per order, while the delivery is at most
 * NPS_ANSWER_DAYS old, for customers whose NPS from date is on or before the delivery's date.
 */

/** The comment is at most this long. */
export const NPS_COMMENT_MAX = 500;
/** An answer is taken until this many days after the delivery's date (department time zone). */
export const NPS_ANSWER_DAYS = 14;

export const recipientRateDeliverySchema = z
  .object({
    trackingId: trackingIdSchema,
    score: z.number().int().min(0).max(10),
    comment: z.string().trim().max(NPS_COMMENT_MAX, { error: 'validation.tooLong' }).optional(),
  })
  .strict();

export const npsCommandSchemas = { RECIPIENT_RATE_DELIVERY: recipientRateDeliverySchema } as const;

/**
 * The recipient's answer, on the order's stream. `comment` is the recipient's free text (sealed
 * under the order's subject, erased with its parties); null when none was written. The customer
 * and department are the order's when it was rated and `deliveredOn` the delivery's date in the
 * department's time zone: the scores' read model counts by them.
 */
export interface DeliveryRatedEvent {
  type: 'DeliveryRated';
  data: {
    score: number;
    comment: string | null;
    at: string;
    deliveredOn: string;
    customerId: string;
    departmentId: string;
  };
}
export type NpsEvent = DeliveryRatedEvent;

/**
 * Why the question may not be asked of a delivery, or null when it may:
 * - `notDelivered`: the order is not DELIVERED (409);
 * - `notAsked`: its customer has no NPS from date, or the date is after the delivery's (409);
 * - `answered`: it was answered already (409);
 * - `expired`: more than NPS_ANSWER_DAYS days since the delivery's date (410 NPS_EXPIRED).
 */
export type NpsRefusal = 'notDelivered' | 'notAsked' | 'answered' | 'expired';

export function npsRefusal(input: {
  delivered: boolean;
  /** The delivery's date (department time zone); null when not known. */
  deliveredOn: string | null;
  npsFromDate: string | null;
  answered: boolean;
  /** Today in the department's time zone. */
  today: string;
}): NpsRefusal | null {
  if (!input.delivered || input.deliveredOn === null) return 'notDelivered';
  if (input.npsFromDate === null || input.npsFromDate > input.deliveredOn) return 'notAsked';
  if (input.answered) return 'answered';
  if (daysBetween(input.deliveredOn, input.today) > NPS_ANSWER_DAYS) return 'expired';
  return null;
}

/** Query `npsScores {departmentIds, fromDate, toDate}`: the answers of the deliveries of the dates. */
export const npsScoresQuerySchema = z
  .object({
    departmentIds: z.array(entityId).min(1).max(200),
    fromDate: calendarDate,
    toDate: calendarDate,
  })
  .strict()
  .superRefine((q, ctx) => {
    const days = daysBetween(q.fromDate, q.toDate);
    if (days < 0)
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'validation.dateRange' });
    else if (days >= 366)
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'validation.tooLong' });
  });

export const NPS_ANSWERS_TABLE = 'rm_nps_answers';

/** The counts of a set of answers and its net promoter score. */
export interface NpsCounts {
  answers: number;
  /** Scores 9 and 10. */
  promoters: number;
  /** Scores 7 and 8. */
  passives: number;
  /** Scores 0 to 6. */
  detractors: number;
  /** % promoters − % detractors, rounded to a whole number (-100 to 100); null without answers. */
  nps: number | null;
}

export interface NpsCustomerRow extends NpsCounts {
  customerId: string;
  customerName: string | null;
}

export interface NpsScores {
  rows: NpsCustomerRow[];
  totals: NpsCounts;
}

/** What one score counts as. */
export const npsCategory = (score: number): 'promoter' | 'passive' | 'detractor' =>
  score >= 9 ? 'promoter' : score >= 7 ? 'passive' : 'detractor';

/** The score of these counts: % promoters − % detractors, rounded half away from zero. */
export function netPromoterScore(promoters: number, detractors: number, answers: number) {
  if (answers === 0) return null;
  const exact = ((promoters - detractors) * 100) / answers;
  const rounded = Math.sign(exact) * Math.round(Math.abs(exact));
  return rounded === 0 ? 0 : rounded;
}

/** Counts from category totals. */
export function npsCounts(promoters: number, passives: number, detractors: number): NpsCounts {
  const answers = promoters + passives + detractors;
  return {
    answers,
    promoters,
    passives,
    detractors,
    nps: netPromoterScore(promoters, detractors, answers),
  };
}

/** Counts of a list of scores. */
export function npsOf(scores: readonly number[]): NpsCounts {
  const c = { promoter: 0, passive: 0, detractor: 0 };
  for (const s of scores) c[npsCategory(s)]++;
  return npsCounts(c.promoter, c.passive, c.detractor);
}

/** What the tracking page needs to ask (TrackingDetails `nps`). */
export interface TrackingNps {
  /** The question may be answered now. */
  asked: boolean;
  /** It was answered. */
  answered: boolean;
  /** The name the question names (the customer's sender name, else its name) while asked. */
  sender: string | null;
}
