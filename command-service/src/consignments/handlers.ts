import { normaliseUnit, orderStream, type CreateOrder } from '@nordlog/contracts';
import { target } from '../framework/decider.js';
import { newId, type Handler, type HandlerContext } from '../framework/handler.js';
import { orderDecider, type OrderCommand } from './decider.js';

const each = (ids: string[], command: OrderCommand) =>
  ids.map((id) => target({ id, streamId: orderStream(id), decider: orderDecider, command }));

/** Spec §8: an unknown unit is used with a factor of 1, and a warning is logged. */
function warnUnknownUnits(order: CreateOrder, ctx: HandlerContext) {
  for (const line of order.measurements) {
    const checks = [
      normaliseUnit('weight', line.weight, line.weightUnit),
      normaliseUnit('length', line.length, line.dimensionUnit),
      normaliseUnit('volume', line.volume ?? 0, line.volumeUnit),
    ];
    if (checks.some((c) => c.unknownUnit)) {
      ctx.logger.warn(
        { commandId: ctx.commandId, line },
        'unknown unit in a measurement line; using a factor of 1',
      );
    }
  }
}

export const consignmentHandlers = {
  CREATE_ORDER: (async (payload, ctx) => {
    warnUnknownUnits(payload, ctx);
    const orderId = await newId(ctx, 'order');
    const order = { ...payload, orderId };
    return [
      target({
        id: orderId,
        streamId: orderStream(orderId),
        isNew: true,
        decider: orderDecider,
        command: { type: 'CREATE_ORDER', order },
      }),
    ];
  }) satisfies Handler<'CREATE_ORDER'>,
  ACCEPT_ORDERS: (({ orderIds }) =>
    each(orderIds, { type: 'ACCEPT' })) satisfies Handler<'ACCEPT_ORDERS'>,
  REJECT_ORDERS: (({ orderIds, reason, otherReason }) =>
    each(orderIds, {
      type: 'REJECT',
      reason,
      otherReason: otherReason ?? null,
    })) satisfies Handler<'REJECT_ORDERS'>,
  RESOLVE_ADDRESS: (({ consignmentId, ...rest }) =>
    each([consignmentId], {
      type: 'RESOLVE_ADDRESS',
      ...rest,
    })) satisfies Handler<'RESOLVE_ADDRESS'>,
  UNRESOLVE_DELIVERY_ADDRESS: (({ consignmentIds }) =>
    each(consignmentIds, {
      type: 'UNRESOLVE_ADDRESS',
      side: 'delivery',
    })) satisfies Handler<'UNRESOLVE_DELIVERY_ADDRESS'>,
  UNRESOLVE_PICKUP_ADDRESS: (({ consignmentIds }) =>
    each(consignmentIds, {
      type: 'UNRESOLVE_ADDRESS',
      side: 'pickup',
    })) satisfies Handler<'UNRESOLVE_PICKUP_ADDRESS'>,
  UPDATE_CONSIGNMENT_SLOT: (({ consignmentIds, slotId }) =>
    each(consignmentIds, { type: 'ASSIGN', slotId })) satisfies Handler<'UPDATE_CONSIGNMENT_SLOT'>,
  UNASSIGN_CONSIGNMENTS: (({ consignmentIds, force }) =>
    each(consignmentIds, { type: 'UNASSIGN', force })) satisfies Handler<'UNASSIGN_CONSIGNMENTS'>,
  MANUAL_COLLECT: (({ consignmentIds, comment }) =>
    each(consignmentIds, {
      type: 'COLLECT',
      comment: comment ?? null,
    })) satisfies Handler<'MANUAL_COLLECT'>,
  MANUAL_DELIVER: (({ consignmentIds, comment }) =>
    each(consignmentIds, {
      type: 'DELIVER',
      comment: comment ?? null,
    })) satisfies Handler<'MANUAL_DELIVER'>,
  MANUAL_DEVIATE: (({ consignmentIds, reason, comment }) =>
    each(consignmentIds, {
      type: 'DEVIATE',
      reason,
      comment: comment ?? null,
    })) satisfies Handler<'MANUAL_DEVIATE'>,
  MANUAL_RETURN: (({ consignmentIds, comment }) =>
    each(consignmentIds, {
      type: 'RETURN',
      comment: comment ?? null,
    })) satisfies Handler<'MANUAL_RETURN'>,
  DELETE_ORDERS: (({ orderIds }) =>
    each(orderIds, { type: 'DELETE' })) satisfies Handler<'DELETE_ORDERS'>,
  RESTORE_ORDERS: (({ orderIds }) =>
    each(orderIds, { type: 'RESTORE' })) satisfies Handler<'RESTORE_ORDERS'>,
};
