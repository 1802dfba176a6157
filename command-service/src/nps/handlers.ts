import {
  AppError,
  customerStream,
  orderStream,
  type MarketCountry,
  type RecordedEvent,
} from '@nordlog/contracts';
import { orderDecider } from '../consignments/decider.js';
import { customerDecider } from '../customers/decider.js';
import { target } from '../framework/decider.js';
import type { Handler, HandlerContext } from '../framework/handler.js';
import { localDate } from '../slots/handlers.js';

/**
 * The net promoter answer after delivery (docs/decisions/0083-nps.md): a public command, the
 * tracking key in the payload the only credential, as the recipient's answers (0063).
 */

const noShipment = () => new AppError('NOT_FOUND', 'No shipment has this tracking link');

/**
 * When the order was last delivered (its last ConsignmentDelivered's time; null: never). Folded
 * from the stream's recorded events, whose metadata the deciders' states do not keep.
 */
const deliveredAt = {
  initialState: null as string | null,
  evolve: (at: string | null, e: never) => {
    const event = e as RecordedEvent;
    return event.type === 'ConsignmentDelivered' ? event.metadata.occurredAt : at;
  },
};

async function rate(
  ctx: HandlerContext,
  trackingId: string,
  score: number,
  comment: string | null,
) {
  if (!ctx.trackedOrderId)
    throw new AppError('SERVICE_UNAVAILABLE', 'Tracking links cannot be looked up here');
  const orderId = await ctx.trackedOrderId(trackingId);
  if (!orderId) throw noShipment();
  const stream = orderStream(orderId);
  const [{ state, revision }, delivered] = await Promise.all([
    ctx.loadVersioned(stream, orderDecider),
    ctx.load(stream, deliveredAt),
  ]);
  // The read model said so; the stream decides (a key is never moved to another order).
  if (state.status !== 'booked' || state.order.trackingId !== trackingId) throw noShipment();
  const [department, customer] = await Promise.all([
    ctx.readDepartment(state.departmentId),
    ctx.load(customerStream(state.customerId), customerDecider),
  ]);
  const country: MarketCountry = department?.country ?? 'NO';
  const npsFromDate = customer.status === 'exists' ? (customer.entity.npsFromDate ?? null) : null;
  return [
    target({
      id: orderId,
      streamId: stream,
      decider: orderDecider,
      command: {
        type: 'RATE',
        score,
        comment,
        at: ctx.now.toISOString(),
        deliveredOn: delivered ? localDate(delivered, country) : null,
        today: localDate(ctx.now.toISOString(), country),
        npsFromDate,
      },
      basedOn: revision,
    }),
  ];
}

export const npsHandlers = {
  RECIPIENT_RATE_DELIVERY: (({ trackingId, score, comment }, ctx) =>
    rate(
      ctx,
      trackingId,
      score,
      comment ? comment : null,
    )) satisfies Handler<'RECIPIENT_RATE_DELIVERY'>,
};
