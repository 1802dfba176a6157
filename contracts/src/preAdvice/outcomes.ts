import { z } from 'zod';
import { calendarDate, entityId, idList } from '../common.js';
import { phoneMarket } from '../access/phone.js';
import type { PreAdviceTrigger } from './policies.js';

/** Spec §4 "Pre-advice outcomes": exactly these 20. */
export const preAdviceOutcomes = [
  'NO_RULE',
  'NO_DELIVERY_TIME_WINDOW',
  'SMS_SENT',
  'EMAIL_SENT',
  'NO_VALID_PHONE_OR_EMAIL',
  'NOTIFICATION_TO_SENDER_FAILED',
  'SMS_AND_EMAIL_SENT',
  'FEATURE_OFF',
  'ALREADY_PRE_ADVICED',
  'CANCELLED',
  'WAITING_FOR_PACKAGES',
  'ALREADY_IN_PROGRESS',
  'ERROR',
  'WRONG_TRIGGER',
  'MANUAL_ATTEMPT',
  'PRE_ADVICE_LIMIT_REACHED',
  'PRE_ADVICE_LOCKED',
  'ORDER_DELIVERED',
  'RETURN_LAST_LEG_CREATION_SKIPPED',
  'NOTIFICATION_TO_SENDER_SKIPPED',
] as const;
export type PreAdviceOutcome = (typeof preAdviceOutcomes)[number];

/** Why an attempt ended in ERROR, where it is known (docs/decisions/0100). */
export type PreAdviceErrorReason = 'NO_TEXT';

/** The outcomes that mean a message went out. */
export const sentOutcomes: readonly PreAdviceOutcome[] = [
  'SMS_SENT',
  'EMAIL_SENT',
  'SMS_AND_EMAIL_SENT',
];
/**
 * The outcomes a planner follows up (`/preadvice-followup`): the recipient was not told and
 * something can be done (a number to correct, a lock to lift, a failure to try again), or a
 * message waits. Outcomes that are the rules working (NO_RULE, WRONG_TRIGGER, ALREADY_PRE_ADVICED,
 * CANCELLED, ORDER_DELIVERED) are not followed up.
 */
export const followUpOutcomes: readonly PreAdviceOutcome[] = [
  'NO_VALID_PHONE_OR_EMAIL',
  'NO_DELIVERY_TIME_WINDOW',
  'NOTIFICATION_TO_SENDER_FAILED',
  'NOTIFICATION_TO_SENDER_SKIPPED',
  'PRE_ADVICE_LIMIT_REACHED',
  'PRE_ADVICE_LOCKED',
  'ERROR',
  'FEATURE_OFF',
  'ALREADY_IN_PROGRESS',
  'MANUAL_ATTEMPT',
];

/**
 * The messages one order may be sent, every trigger and manual attempt together (the spec's
 * PRE_ADVICE_LIMIT_REACHED; §9 gives no number: docs/decisions/0062).
 */
export const PRE_ADVICE_LIMIT = 3;

/** What a pre-advice is asked for: a trigger of a policy, or a planner's manual attempt. */
export type PreAdviceCause = PreAdviceTrigger | 'MANUAL';

/**
 * Mobile numbers of the markets (stored form `+` and digits): Norway 4x and 9x, Sweden 7x,
 * Denmark every 8-digit number (numbers are not split by kind), Finland 4x and 50. Other
 * countries' numbers are taken as given (the provider refuses what it cannot reach).
 */
export function isMobileNumber(stored: string): boolean {
  const market = phoneMarket(stored);
  if (market === 'NO') return /^\+47[49]\d{7}$/.test(stored);
  if (market === 'SE') return /^\+467\d{7,8}$/.test(stored);
  if (market === 'DK') return /^\+45\d{8}$/.test(stored);
  if (market === 'FI') return /^\+358(4\d|50)\d{5,8}$/.test(stored);
  return /^\+\d{8,15}$/.test(stored);
}

/**
 * The messages of one pre-advice, as handed to the delivery adapters: an SMS (to a mobile number,
 * E.164) and an e-mail, either or both. Recipients and texts are personal data, sealed under the
 * order's subject.
 */
export interface PreAdviceMessages {
  sms: { to: string; body: string } | null;
  email: { to: string; subject: string; body: string } | null;
}

/**
 * The events of pre-advice, on the order's stream (`order-{id}`): requested by a planner, queued
 * (the messages decided; the outbox sends them), and each attempt's outcome; locked, unlocked.
 * `key` names one attempt of the order: a trigger's (`DAY_BEFORE`), or a planner's n-th
 * (`MANUAL-2`, `PRE_PICKUP-1`): a message is sent once per order and key.
 */
export type PreAdviceEvent =
  | {
      type: 'PreAdviceRequested';
      data: { orderId: string; key: string; cause: 'MANUAL' | 'PRE_PICKUP' };
    }
  | {
      type: 'PreAdviceQueued';
      data: {
        orderId: string;
        key: string;
        cause: PreAdviceCause;
        policyId: string;
        messages: PreAdviceMessages;
        /** The vas code a sent SMS is invoiced as (spec §9 default 1091); null: no SMS. */
        vasCode: string | null;
      };
    }
  | {
      type: 'PreAdviceOutcomeRecorded';
      data: {
        orderId: string;
        key: string;
        cause: PreAdviceCause;
        outcome: PreAdviceOutcome;
        policyId: string | null;
        vasCode?: string | null;
        /**
         * Why an ERROR: NO_TEXT, the channel needs words that neither the policy nor the texts
         * admin has for the recipient (docs/decisions/0100); absent otherwise.
         */
        reason?: PreAdviceErrorReason;
      };
    }
  | { type: 'PreAdviceLocked'; data: { orderId: string } }
  | { type: 'PreAdviceUnlocked'; data: { orderId: string } };
export type PreAdviceEventType = PreAdviceEvent['type'];
const preAdviceEventTypes: ReadonlySet<string> = new Set<PreAdviceEventType>([
  'PreAdviceRequested',
  'PreAdviceQueued',
  'PreAdviceOutcomeRecorded',
  'PreAdviceLocked',
  'PreAdviceUnlocked',
]);
export const isPreAdviceEventType = (type: string): type is PreAdviceEventType =>
  preAdviceEventTypes.has(type);

const orders = z.object({ orderIds: idList.max(1000) });
/** PRE_ADVICE_MANUAL_ATTEMPT {orderIds}: a planner asks for a pre-advice now. */
export const preAdviceManualAttemptSchema = orders;
/** SEND_PRE_PICKUP_SMS {orderIds}: the sender is told the courier comes for the goods. */
export const sendPrePickupSmsSchema = orders;
/** LOCK_PRE_ADVICE / UNLOCK_PRE_ADVICE {orderIds} (spec §4 "can be locked or unlocked"). */
export const lockPreAdviceSchema = orders;
export const unlockPreAdviceSchema = orders;

/**
 * The key of a trigger's attempt: a trigger fires once per delivery date (DAY_BEFORE) or slot
 * (DISPATCHED, STOPS_AWAY).
 */
export const preAdviceTriggerKey = (
  trigger: Exclude<PreAdviceTrigger, 'PRE_PICKUP'>,
  at: { deliveryDate: string; slotId: string | null },
): string =>
  trigger === 'BOOKED'
    ? 'BOOKED'
    : trigger === 'DAY_BEFORE'
      ? `DAY_BEFORE-${at.deliveryDate}`
      : `${trigger}-${at.slotId ?? ''}`;

/** One attempt as `preAdviceForOrder` lists it (no recipient: the order holds the party). */
export interface PreAdviceAttempt {
  key: string;
  cause: PreAdviceCause;
  outcome: PreAdviceOutcome;
  policyId: string | null;
  vasCode: string | null;
  channels: ('sms' | 'email')[];
  /** Why an ERROR (absent: not known, or not an ERROR). */
  reason?: PreAdviceErrorReason;
  at: string;
  by: string | null;
}

export const PRE_ADVICE_TABLE = 'rm_pre_advice';
export const PRE_ADVICE_ENTITY = 'preAdvice';

/** The pre-advice of one order (read model `rm_pre_advice`; id = order id). */
export interface PreAdviceRow {
  id: string;
  revision: number;
  updatedAtEpoch: number;
  departmentId: string;
  customerId: string;
  serviceId: string | null;
  /** The consignment state (spec §4) as the order's stream last told it. */
  state: string;
  deliveryDate: string;
  slotId: string | null;
  locked: boolean;
  /** Attempts, oldest first; the last one is the order's pre-advice outcome. */
  attempts: PreAdviceAttempt[];
  /** Keys asked for by a planner and not yet decided. */
  requested: string[];
  /** Keys whose messages are queued and not yet sent. */
  pending: string[];
  /**
   * The trigger keys decided (any outcome): `BOOKED`, `DAY_BEFORE-{date}`, `DISPATCHED-{slotId}`
   * (a new delivery date or slot is a new trigger; `preAdviceTriggerKey`).
   */
  decided: string[];
  /** Messages sent (the limit counts them). */
  sent: number;
  lastOutcome: PreAdviceOutcome | null;
}

/** Query `preAdviceForOrder {orderId}` (spec §7). */
export const preAdviceForOrderQuerySchema = z.object({ orderId: entityId });
/**
 * Query `preAdviceFollowUp {departmentId, fromDate?, toDate?}`: the department's orders whose
 * pre-advice failed or waits, grouped by their last outcome (`/preadvice-followup`).
 */
export const preAdviceFollowUpQuerySchema = z.object({
  departmentId: entityId,
  fromDate: calendarDate.optional(),
  toDate: calendarDate.optional(),
});
