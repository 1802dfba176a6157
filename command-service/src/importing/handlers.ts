import { AppError, inScope, orderStream } from '@nordlog/contracts';
import { bookedOrder, prefetchBooking } from '../consignments/booking.js';
import { orderDecider } from '../consignments/decider.js';
import { shipmentClaims, warnUnknownUnits } from '../consignments/handlers.js';
import { target, type Target } from '../framework/decider.js';
import { newId, type Handler, type Prefetch } from '../framework/handler.js';
import { shdTakes } from '../shd/places.js';

/**
 * CREATE_ORDERS (docs/decisions/0059-import.md): a batch of orders, each booked as CREATE_ORDER
 * books one (the booking path: address lookup, the clock rule, number series), appended together:
 * the first order's stream is the target and the others its companions, new streams whose
 * shipment ids are reserved in the same atomic append. A refusal of any order refuses the batch
 * (the import then books its rows one by one, for an answer per row). With a command id, each
 * order's id is the same on a repeat (`{commandId}:{index}`).
 */
export const importHandlers = {
  CREATE_ORDERS: (async ({ orders }, ctx) => {
    for (const payload of orders)
      if (!inScope(ctx.identity, payload.departmentId, payload.customerId))
        throw new AppError('NO_ACCESS', 'You may not book orders for this department or customer');
    const orderIds = await Promise.all(orders.map((_, i) => newId(ctx, 'order', String(i))));
    // Same-day home deliveries take their days' places in the same append (0092), decided
    // before the orders draw their numbers.
    const places = await shdTakes(
      ctx,
      orders.map((payload, i) => ({ ...payload, orderId: orderIds[i]! })),
    );
    const targets: Target[] = await Promise.all(
      orders.map(async (payload, i) => {
        warnUnknownUnits(payload, ctx);
        const orderId = orderIds[i]!;
        const { order, unresolved } = await bookedOrder(payload, orderId, ctx);
        return target({
          id: orderId,
          streamId: orderStream(orderId),
          isNew: true,
          decider: orderDecider,
          command: { type: 'CREATE_ORDER', order, unresolved },
          uniques: shipmentClaims,
        });
      }),
    );
    const [first, ...rest] = targets;
    return [{ ...first!, companions: () => [...rest, ...places] }];
  }) satisfies Handler<'CREATE_ORDERS'>,
};

export const prefetchBatch: Prefetch<'CREATE_ORDERS'> = ({ orders }, reads) => {
  for (const order of orders) prefetchBooking(order, reads);
};
