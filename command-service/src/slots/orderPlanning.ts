import type { UpdateOrder } from '@nordlog/contracts';
import { consignmentHandlers } from '../consignments/handlers.js';
import type { Target } from '../framework/decider.js';
import type { Handler, HandlerContext } from '../framework/handler.js';

/**
 * Planning changes to orders' own fields (durations, grouping, time windows) are edits of those
 * fields: each order goes through UPDATE_ORDER, with every rule of the form and its history.
 */
async function editEach(
  ctx: HandlerContext,
  orderIds: readonly string[],
  changes: (id: string, index: number) => Omit<UpdateOrder, 'orderId'>,
): Promise<Target[]> {
  const targets: Target[] = [];
  for (const [i, orderId] of [...new Set(orderIds)].entries())
    targets.push(
      ...(await consignmentHandlers.UPDATE_ORDER({ orderId, ...changes(orderId, i) }, ctx)),
    );
  return targets;
}

export const orderPlanningHandlers = {
  SET_PICKUP_AND_DELIVERY_DURATIONS: ((
    { orderIds, pickupDurationSeconds, deliveryDurationSeconds },
    ctx,
  ) =>
    editEach(ctx, orderIds, () => ({
      pickupDurationSeconds,
      deliveryDurationSeconds,
    }))) satisfies Handler<'SET_PICKUP_AND_DELIVERY_DURATIONS'>,
  GROUP_ORDERS: (({ orderIds, groupId, groupName, fixedOrder, paidTogether }, ctx) =>
    editEach(ctx, orderIds, (_id, index) => ({
      groupId,
      groupName,
      groupOrder: index,
      fixedOrder,
      paidTogether,
    }))) satisfies Handler<'GROUP_ORDERS'>,
  UPDATE_PICKUP_AND_DELIVERY_TIMES: (({ orderIds, ...times }, ctx) =>
    editEach(ctx, orderIds, () => times)) satisfies Handler<'UPDATE_PICKUP_AND_DELIVERY_TIMES'>,
};
