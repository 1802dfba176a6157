import {
  AppError,
  MAX_RECIPIENT_ANSWERS,
  answerRefusal,
  type AddressBlock,
  type BookedOrder,
  type ConsignmentState,
  type RecipientAnswer,
} from '@nordlog/contracts';
import {
  addressesOf,
  stateFromAddresses,
  type Booked,
  type OrderStreamEvent,
} from '../consignments/state.js';

/**
 * The recipient's answer on the tracking page, decided on the order's stream
 * (docs/decisions/0063-recipient-answers.md). The handler found the order by its tracking key,
 * checked the day against the department's open dates and the pickup point against its address
 * book; this decides what the order's state allows and what the order becomes.
 */
export type AnswerChange =
  | { kind: 'day'; date: string }
  | { kind: 'leaveAtDoor'; note: string }
  | { kind: 'pickupPoint'; pickupPointId: string; block: AddressBlock };

export interface AnswerCommand {
  type: 'ANSWER';
  change: AnswerChange;
  /** Its slot is being driven (IN_PROGRESS or PAUSED) with this delivery among the stops left. */
  driven: boolean;
  /** When it is answered (ISO; the handler's clock). */
  at: string;
}

/** 410 once the shipment's story is over; 409 once the courier has left with it. */
export function assertAnswerable(state: ConsignmentState, driven: boolean): void {
  const refusal = answerRefusal(state, driven);
  if (refusal === 'expired')
    throw new AppError(
      'TRACKING_EXPIRED',
      'The shipment is delivered, returned or cancelled: the tracking link takes no answers',
      { state },
    );
  if (refusal === 'left')
    throw new AppError(
      'INVALID_STATE_TRANSITION',
      'The courier has left with the shipment; call the sender',
      { action: 'recipientAnswer', state },
    );
}

/** The answers an order has had (a state folded before answers existed has none). */
export const answersOf = (s: Booked): readonly RecipientAnswer[] => s.answers ?? [];

/**
 * The events of one answer. `unassign`: the order's own UNASSIGN decision, for an answer that
 * moves the delivery (another day or place) while the order is on a slot: the slot is cleared and
 * the order planned again (the slot stream leaves with it, the handler's companion).
 */
export function decideAnswer(
  command: AnswerCommand,
  s: Booked,
  unassign: (force: boolean) => OrderStreamEvent[],
): OrderStreamEvent[] {
  assertAnswerable(s.state, command.driven);
  if (s.erased)
    throw new AppError(
      'PERSONAL_DATA_ERASED',
      "The recipient's data of this shipment was erased; it takes no answers",
      { orderId: s.order.orderId },
    );
  const answers = answersOf(s);
  if (answers.length >= MAX_RECIPIENT_ANSWERS)
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `A shipment takes at most ${MAX_RECIPIENT_ANSWERS} answers; call the sender`,
      { limit: MAX_RECIPIENT_ANSWERS },
    );
  const { change } = command;
  const order = changedOrder(s.order, change);
  const address = addressesOf(order);
  // A new day or place is planned again: off its slot by the order's own unassign.
  const moves = change.kind !== 'leaveAtDoor' && s.slotId !== null;
  const unassigned = moves ? unassign(s.state === 'COLLECTED') : [];
  const addressState = ['CREATED', 'UNRESOLVED', 'RESOLVED'].includes(s.state) || moves;
  const state = addressState
    ? stateFromAddresses({ ...s.address, delivery: address.delivery })
    : s.state;
  const answer: RecipientAnswer = {
    kind: change.kind,
    ...(change.kind === 'day' ? { date: change.date } : {}),
    ...(change.kind === 'pickupPoint' ? { pickupPointId: change.pickupPointId } : {}),
    at: command.at,
  };
  return [
    ...unassigned,
    {
      type: 'RecipientAnswered',
      data: {
        answer,
        replaced: answers.some((a) => a.kind === change.kind),
        order,
        state,
      },
    },
  ];
}

/** The order as the answer leaves it. */
function changedOrder(order: BookedOrder, change: AnswerChange): BookedOrder {
  switch (change.kind) {
    case 'day': {
      // Another day: the window of the old one does not hold; the slot is planned again. The
      // order's day (its pickup date, the day planners plan it on) moves with it: the goods wait.
      return {
        ...order,
        pickupDate: change.date,
        deliveryDate: change.date,
        deliveryTimeEarliest: undefined,
        deliveryTimeLatest: undefined,
      };
    }
    case 'leaveAtDoor':
      return { ...order, leaveAtDoor: { note: change.note } };
    case 'pickupPoint': {
      // The point's place; the recipient's name and ways to be reached stay, for the notice.
      const recipient = order.delivery;
      const delivery: AddressBlock = {
        ...change.block,
        name: recipient.name,
        phone: recipient.phone,
        secondPhone: recipient.secondPhone,
        email: recipient.email,
        contactPerson: change.block.name,
        pupUnitId: change.pickupPointId,
      };
      return { ...order, delivery, type: 'PickupPoint' };
    }
  }
}
