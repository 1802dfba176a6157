import { AppError, NPS_ANSWER_DAYS, npsRefusal, type DeliveryRatedEvent } from '@nordlog/contracts';
import type { Booked } from '../consignments/state.js';

/**
 * The recipient's net promoter answer, decided on the order's stream
 * (docs/decisions/0083-nps.md). The handler found the order by its tracking key and read its
 * customer's NPS from date and the delivery's date; this decides whether the order takes it.
 */
export interface RateCommand {
  type: 'RATE';
  score: number;
  comment: string | null;
  /** When it is answered (ISO; the handler's clock). */
  at: string;
  /** The delivery's date in the department's time zone (null: not delivered). */
  deliveredOn: string | null;
  /** Today in the department's time zone. */
  today: string;
  /** The order's customer's NPS from date (null: the question is not asked). */
  npsFromDate: string | null;
}

/** The one DeliveryRated of an answer, or the refusal (409; 410 after the window). */
export function decideRating(command: RateCommand, s: Booked): DeliveryRatedEvent[] {
  const refusal = npsRefusal({
    delivered: s.state === 'DELIVERED',
    deliveredOn: command.deliveredOn,
    npsFromDate: command.npsFromDate,
    answered: s.rated === true,
    today: command.today,
  });
  switch (refusal) {
    case 'notDelivered':
      throw new AppError(
        'INVALID_STATE_TRANSITION',
        'The shipment is not delivered: the question is asked after delivery',
        { action: 'rateDelivery', state: s.state },
      );
    case 'notAsked':
      throw new AppError(
        'INVALID_STATE_TRANSITION',
        "The sender does not ask about this shipment's delivery",
        { action: 'rateDelivery', reason: 'notAsked' },
      );
    case 'answered':
      throw new AppError('ALREADY_EXISTS', 'This delivery was rated already: one answer each', {
        action: 'rateDelivery',
      });
    case 'expired':
      throw new AppError(
        'TRACKING_EXPIRED',
        `The question closes ${NPS_ANSWER_DAYS} days after the delivery`,
        { reason: 'npsWindow', days: NPS_ANSWER_DAYS },
      );
    case null:
      break;
  }
  if (s.erased)
    throw new AppError(
      'PERSONAL_DATA_ERASED',
      "The recipient's data of this shipment was erased; it takes no answers",
      { orderId: s.order.orderId },
    );
  return [
    {
      type: 'DeliveryRated',
      data: {
        score: command.score,
        comment: command.comment,
        at: command.at,
        deliveredOn: command.deliveredOn!,
        customerId: s.customerId,
        departmentId: s.departmentId,
      },
    },
  ];
}
