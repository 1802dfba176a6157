import { orderStream } from '@nordlog/contracts';
import { guardFor } from '../consignments/handlers.js';
import { orderDecider, type OrderCommand } from '../consignments/decider.js';
import { target } from '../framework/decider.js';
import { newId, type Handler, type HandlerContext } from '../framework/handler.js';
import { assertCourierStops } from '../slots/handlers.js';

/**
 * A deviation command on its order's stream (docs/decisions/0051-deviations.md): the order's
 * decider decides it, guarded by the order's department and customer like every order command.
 */
const onOrder = (orderId: string, command: OrderCommand, ctx: HandlerContext, id: string) =>
  target({
    id,
    streamId: orderStream(orderId),
    decider: orderDecider,
    command,
    guard: guardFor(ctx.identity),
  });

export const deviationHandlers = {
  CREATE_DEVIATION: (async ({ orderId, reason, text, position, photoRef }, ctx) => {
    // A courier reports deviations at the stops of the slot it drives (as MANUAL_DEVIATE).
    await assertCourierStops(ctx, [orderId]);
    const id = await newId(ctx, 'deviation');
    const command: OrderCommand = {
      type: 'RECORD_DEVIATION',
      id,
      reason,
      text: text || null,
      position: position ?? null,
      photoRef: photoRef ?? null,
    };
    return [onOrder(orderId, command, ctx, id)];
  }) satisfies Handler<'CREATE_DEVIATION'>,
  UPDATE_DEVIATION: (({ orderId, id, ...changes }, ctx) => {
    const fields = {
      ...(changes.reason !== undefined ? { reason: changes.reason } : {}),
      // An empty text is no text.
      ...(changes.text !== undefined ? { text: changes.text || null } : {}),
      ...(changes.photoRef !== undefined ? { photoRef: changes.photoRef } : {}),
    };
    return [onOrder(orderId, { type: 'UPDATE_DEVIATION', id, changes: fields }, ctx, id)];
  }) satisfies Handler<'UPDATE_DEVIATION'>,
  DELETE_DEVIATION: (({ orderId, id }, ctx) => [
    onOrder(orderId, { type: 'DELETE_DEVIATION', id }, ctx, id),
  ]) satisfies Handler<'DELETE_DEVIATION'>,
};
