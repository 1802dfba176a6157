import {
  AppError,
  DEFAULT_SMS_VAS_CODE,
  PRE_ADVICE_LIMIT,
  isMobileNumber,
  isValidEmail,
  languageOfCountry,
  normalisePhone,
  renderPreAdviceText,
  preAdviceWording,
  isPreAdviceTrigger,
  trackingLink,
  usesPlaceholder,
  type AddressBlock,
  type BookedOrder,
  type PreAdviceCause,
  type PreAdviceEvent,
  type PreAdviceMessages,
  type PreAdviceOutcome,
  type PreAdviceAdminTexts,
  type PreAdvicePolicy,
} from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';
import { announcement, evolve, type BookedPreAdvice, type PreAdviceState } from './state.js';

export { type PreAdviceState } from './state.js';

/**
 * How the delivery adapters took each message of an attempt: `sent`, `refused` (the recipient:
 * a number or address the provider will not take), `error` (the channel failed until the relay
 * gave up); null: the attempt had no message of that channel.
 */
export type ChannelResult = 'sent' | 'refused' | 'error' | null;
export interface DeliveryResult {
  sms: ChannelResult;
  email: ChannelResult;
}

export type PreAdviceCommand =
  | { type: 'REQUEST'; cause: 'MANUAL' | 'PRE_PICKUP' }
  | { type: 'LOCK' }
  | { type: 'UNLOCK' }
  /**
   * Decides one attempt (a trigger's key, or a requested one): the policy that covers the order
   * (null: none), the host of the tracking link, whether pre-advice is on.
   */
  | {
      type: 'DECIDE';
      key: string;
      cause: PreAdviceCause;
      policy: PreAdvicePolicy | null;
      host: string;
      featureOn: boolean;
      /** The customer's sender name (docs/decisions/0071); absent or empty: the pickup's name. */
      senderName?: string;
      /** The texts admin's PRE_ADVICE wordings by key (0100), as read for this pass; absent: none. */
      texts?: PreAdviceAdminTexts;
    }
  | { type: 'DELIVERED'; key: string; result: DeliveryResult };

const ORDER_NOT_FOUND = () => new AppError('ORDER_NOT_FOUND', 'Order not found');

const finished = (cause: PreAdviceCause, s: BookedPreAdvice) =>
  cause === 'PRE_PICKUP'
    ? ['COLLECTED', 'DELIVERED', 'DEVIATED', 'RETURNED'].includes(s.consignmentState)
    : ['DELIVERED', 'RETURNED'].includes(s.consignmentState);

/** The order's delivery window as the recipient reads it (null: the order has none). */
export function windowOf(o: BookedOrder): string | null {
  if (!o.deliveryTimeEarliest || !o.deliveryTimeLatest) return null;
  return `${o.deliveryDate ?? o.pickupDate} ${o.deliveryTimeEarliest}–${o.deliveryTimeLatest}`;
}

/** The party's mobile number, if it has one (its phone, else its second phone). */
function mobileOf(party: AddressBlock): string | null {
  for (const n of [party.phone, party.secondPhone]) {
    if (!n) continue;
    const stored = normalisePhone(n);
    if (isMobileNumber(stored)) return stored;
  }
  return null;
}

/** A text with the link added at its end when the text does not place it itself. */
const withLink = (text: string) =>
  usesPlaceholder(text, 'trackingLink') ? text : `${text}\n{trackingLink}`;

/**
 * The outcome of an attempt that sends nothing, or null when messages are due (spec §4's
 * outcomes; the order of the checks is the table in docs/decisions/0062).
 */
function refusal(
  c: Extract<PreAdviceCommand, { type: 'DECIDE' }>,
  s: BookedPreAdvice,
): PreAdviceOutcome | null {
  const pickup = c.cause === 'PRE_PICKUP';
  if (!c.featureOn) return 'FEATURE_OFF';
  if (s.locked) return 'PRE_ADVICE_LOCKED';
  if (s.consignmentState === 'DELETED' || s.consignmentState === 'REJECTED') return 'CANCELLED';
  if (finished(c.cause, s)) return 'ORDER_DELIVERED';
  if (Object.values(s.queued).some((q) => q.cause === c.cause)) return 'ALREADY_IN_PROGRESS';
  if (!c.policy) return pickup ? 'NOTIFICATION_TO_SENDER_SKIPPED' : 'NO_RULE';
  if (c.cause !== 'MANUAL' && !c.policy.triggers.includes(c.cause)) return 'WRONG_TRIGGER';
  // STOPS_AWAY tells that the courier is near, not the window: what was announced does not stop it.
  const repeats = c.cause !== 'MANUAL' && c.cause !== 'STOPS_AWAY' && !pickup;
  if (repeats && Object.values(s.announced).includes(announcement(s.order)))
    return 'ALREADY_PRE_ADVICED';
  if (s.sent >= PRE_ADVICE_LIMIT) return 'PRE_ADVICE_LIMIT_REACHED';
  if (!s.order.trackingId) return 'ERROR';
  return null;
}

function messagesFor(
  c: Extract<PreAdviceCommand, { type: 'DECIDE' }>,
  policy: PreAdvicePolicy,
  s: BookedPreAdvice,
): PreAdviceMessages | PreAdviceOutcome | { outcome: 'ERROR'; reason: 'NO_TEXT' } {
  const party = c.cause === 'PRE_PICKUP' ? s.order.pickup : s.order.delivery;
  // The policy's words for the recipient's language and the trigger, else the texts admin's
  // (0100); a manual attempt takes the general ones.
  const trigger = isPreAdviceTrigger(c.cause) ? c.cause : null;
  const language = languageOfCountry(party.countryCode);
  const text = preAdviceWording(policy, c.texts ?? new Map(), language, trigger);
  // A channel without words anywhere: nothing is sent (no empty message, no channel dropped).
  if (text.missing.length > 0) return { outcome: 'ERROR', reason: 'NO_TEXT' };
  const wantsSms = text.smsText !== null;
  const wantsEmail = text.emailSubject !== null && text.emailBody !== null;
  const window = windowOf(s.order);
  const words = [
    wantsSms ? text.smsText! : '',
    wantsEmail ? `${text.emailSubject!} ${text.emailBody!}` : '',
  ];
  if (window === null && words.some((w) => usesPlaceholder(w, 'window')))
    return 'NO_DELIVERY_TIME_WINDOW';
  const values = {
    trackingLink: trackingLink(c.host, s.order.trackingId!),
    window: window ?? '',
    senderName: c.senderName || s.order.pickup.name,
  };
  const mobile = s.erased ? null : mobileOf(party);
  const email = !s.erased && party.email && isValidEmail(party.email) ? party.email : null;
  const messages: PreAdviceMessages = {
    sms:
      wantsSms && mobile
        ? { to: mobile, body: renderPreAdviceText(withLink(text.smsText!), values) }
        : null,
    email:
      wantsEmail && email
        ? {
            to: email,
            subject: renderPreAdviceText(text.emailSubject!, values),
            body: renderPreAdviceText(withLink(text.emailBody!), values),
          }
        : null,
  };
  if (!messages.sms && !messages.email)
    return c.cause === 'PRE_PICKUP' ? 'NOTIFICATION_TO_SENDER_SKIPPED' : 'NO_VALID_PHONE_OR_EMAIL';
  return messages;
}

function decideAttempt(
  c: Extract<PreAdviceCommand, { type: 'DECIDE' }>,
  s: BookedPreAdvice,
): PreAdviceEvent[] {
  if (s.decided.includes(c.key)) return [];
  const orderId = s.order.orderId;
  const outcome = (o: PreAdviceOutcome): PreAdviceEvent[] => [
    {
      type: 'PreAdviceOutcomeRecorded',
      data: { orderId, key: c.key, cause: c.cause, outcome: o, policyId: c.policy?.id ?? null },
    },
  ];
  const refused = refusal(c, s);
  if (refused) return outcome(refused);
  const messages = messagesFor(c, c.policy!, s);
  if (typeof messages === 'string') return outcome(messages);
  if ('outcome' in messages)
    return [
      {
        type: 'PreAdviceOutcomeRecorded',
        data: {
          orderId,
          key: c.key,
          cause: c.cause,
          outcome: 'ERROR',
          policyId: c.policy!.id,
          reason: messages.reason,
        },
      },
    ];
  return [
    {
      type: 'PreAdviceQueued',
      data: {
        orderId,
        key: c.key,
        cause: c.cause,
        policyId: c.policy!.id,
        messages,
        vasCode: messages.sms ? (c.policy!.smsVasCode ?? DEFAULT_SMS_VAS_CODE) : null,
      },
    },
  ];
}

/** The outcome of queued messages as the adapters took them. */
function deliveredOutcome(cause: PreAdviceCause, result: DeliveryResult): PreAdviceOutcome {
  if (result.sms === 'sent' && result.email === 'sent') return 'SMS_AND_EMAIL_SENT';
  if (result.sms === 'sent') return 'SMS_SENT';
  if (result.email === 'sent') return 'EMAIL_SENT';
  if (result.sms === 'error' || result.email === 'error') return 'ERROR';
  return cause === 'PRE_PICKUP' ? 'NOTIFICATION_TO_SENDER_FAILED' : 'NO_VALID_PHONE_OR_EMAIL';
}

function decideOnOrder(c: PreAdviceCommand, s: BookedPreAdvice): PreAdviceEvent[] {
  const orderId = s.order.orderId;
  switch (c.type) {
    case 'REQUEST': {
      const key = `${c.cause}-${s.requests[c.cause] + 1}`;
      return [{ type: 'PreAdviceRequested', data: { orderId, key, cause: c.cause } }];
    }
    case 'LOCK':
      return s.locked ? [] : [{ type: 'PreAdviceLocked', data: { orderId } }];
    case 'UNLOCK':
      return s.locked ? [{ type: 'PreAdviceUnlocked', data: { orderId } }] : [];
    case 'DECIDE':
      return decideAttempt(c, s);
    case 'DELIVERED': {
      const queued = s.queued[c.key];
      if (!queued) return [];
      const outcome = deliveredOutcome(queued.cause, c.result);
      const smsSent = c.result.sms === 'sent';
      return [
        {
          type: 'PreAdviceOutcomeRecorded',
          data: {
            orderId,
            key: c.key,
            cause: queued.cause,
            outcome,
            policyId: queued.policyId,
            vasCode: smsSent ? queued.vasCode : null,
          },
        },
      ];
    }
    default: {
      const never: never = c;
      return never;
    }
  }
}

/**
 * Pre-advice on the order's stream (docs/decisions/0062-pre-advice.md): a planner's request, the
 * lock, an attempt decided (queued messages or an outcome), the queued messages' outcome. Pure:
 * the policy, the link's host and the clock's work arrive in the command.
 */
export const preAdviceDecider: Decider<PreAdviceState, PreAdviceCommand, PreAdviceEvent> = {
  initialState: { status: 'none' },
  evolve,
  decide(command, state) {
    if (state.status === 'none') throw ORDER_NOT_FOUND();
    return decideOnOrder(command, state);
  },
};
