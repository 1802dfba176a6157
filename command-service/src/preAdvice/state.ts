import {
  isConsignmentState,
  isPreAdviceEventType,
  type BookedOrder,
  type ConsignmentState,
  type PreAdviceCause,
  type PreAdviceEvent,
  type PreAdviceMessages,
} from '@nordlog/contracts';

/**
 * An order's pre-advice as its stream tells it (docs/decisions/0062-pre-advice.md): the order as
 * last booked (its parties, dates and tracking key), its consignment state and slot, and the
 * pre-advice events: lock, the attempts asked for, queued and decided.
 */
export type PreAdviceState =
  | { status: 'none' }
  | {
      status: 'booked';
      order: BookedOrder;
      consignmentState: ConsignmentState;
      slotId: string | null;
      erased: boolean;
      locked: boolean;
      /** Attempts asked for by a planner and not decided yet, by key. */
      requested: Record<string, PreAdviceCause>;
      /** Attempts whose messages wait to be sent, by key. */
      queued: Record<
        string,
        {
          cause: PreAdviceCause;
          policyId: string;
          messages: PreAdviceMessages;
          vasCode: string | null;
        }
      >;
      /** Every key decided (queued or given an outcome): a key is decided once. */
      decided: string[];
      /** Planner requests so far, per cause (the next key's number). */
      requests: Record<'MANUAL' | 'PRE_PICKUP', number>;
      /** Messages sent (the limit counts them). */
      sent: number;
      /**
       * What the triggers' messages queued or sent announced (delivery date and window), by key:
       * a trigger announcing the same again is ALREADY_PRE_ADVICED (a policy has one text).
       */
      announced: Record<string, string>;
    };
export type BookedPreAdvice = Extract<PreAdviceState, { status: 'booked' }>;

interface OrderData {
  order?: BookedOrder;
  state?: unknown;
  slotId?: string;
}

/** The delivery date and window an order announces (what a second message would repeat). */
export const announcement = (o: BookedOrder): string =>
  `${o.deliveryDate ?? o.pickupDate} ${o.deliveryTimeEarliest ?? ''}-${o.deliveryTimeLatest ?? ''}`;

function evolvePreAdvice(s: BookedPreAdvice, e: PreAdviceEvent): BookedPreAdvice {
  switch (e.type) {
    case 'PreAdviceRequested':
      return {
        ...s,
        requested: { ...s.requested, [e.data.key]: e.data.cause },
        requests: { ...s.requests, [e.data.cause]: s.requests[e.data.cause] + 1 },
      };
    case 'PreAdviceQueued': {
      const { [e.data.key]: _asked, ...requested } = s.requested;
      const { key, cause, policyId, messages, vasCode } = e.data;
      const trigger = cause !== 'MANUAL' && cause !== 'PRE_PICKUP';
      return {
        ...s,
        requested,
        queued: { ...s.queued, [key]: { cause, policyId, messages, vasCode } },
        decided: [...s.decided, key],
        announced: trigger ? { ...s.announced, [key]: announcement(s.order) } : s.announced,
      };
    }
    case 'PreAdviceOutcomeRecorded': {
      const { [e.data.key]: _asked, ...requested } = s.requested;
      const { [e.data.key]: queued, ...stillQueued } = s.queued;
      const sent = ['SMS_SENT', 'EMAIL_SENT', 'SMS_AND_EMAIL_SENT'].includes(e.data.outcome);
      const { [e.data.key]: _said, ...unsaid } = s.announced;
      return {
        ...s,
        requested,
        queued: stillQueued,
        decided: queued || s.decided.includes(e.data.key) ? s.decided : [...s.decided, e.data.key],
        sent:
          s.sent + (sent ? (queued?.messages.sms ? 1 : 0) + (queued?.messages.email ? 1 : 0) : 0),
        announced: sent ? s.announced : unsaid,
      };
    }
    case 'PreAdviceLocked':
      return { ...s, locked: true };
    case 'PreAdviceUnlocked':
      return { ...s, locked: false };
    default: {
      const never: never = e;
      return never;
    }
  }
}

/** Folds any event of an order's stream; events pre-advice does not need leave it as it is. */
export function evolve(
  state: PreAdviceState,
  event: PreAdviceEvent | { type: string; data: unknown },
): PreAdviceState {
  if (isPreAdviceEventType(event.type))
    return state.status === 'none' ? state : evolvePreAdvice(state, event as PreAdviceEvent);
  const data = (event.data ?? {}) as OrderData;
  if (event.type === 'OrderCreated' && data.order)
    return {
      status: 'booked',
      order: data.order,
      consignmentState: isConsignmentState(data.state) ? data.state : 'CREATED',
      slotId: null,
      erased: false,
      locked: false,
      requested: {},
      queued: {},
      decided: [],
      requests: { MANUAL: 0, PRE_PICKUP: 0 },
      sent: 0,
      announced: {},
    };
  if (state.status === 'none') return state;
  const next = isConsignmentState(data.state) ? { ...state, consignmentState: data.state } : state;
  switch (event.type) {
    // The recipient's answer (0063) leaves a changed order too (a new day, a new place).
    case 'OrderUpdated':
    case 'RecipientAnswered':
      return data.order ? { ...next, order: data.order } : next;
    case 'OrderMoved':
    case 'ConsignmentUnassignedFromSlot':
    case 'OrderDeleted':
      return { ...next, slotId: null };
    case 'ConsignmentAssignedToSlot':
      return { ...next, slotId: data.slotId ?? null };
    case 'PersonalDataErased':
      return { ...next, erased: true };
    default:
      return next;
  }
}
