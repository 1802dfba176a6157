import { AppError, articleStream, type UpdateOrder } from '@nordlog/contracts';
import { consignmentHandlers } from '../consignments/handlers.js';
import { articleIdOfCode } from '../pricing/articleCodes.js';
import { articleDecider } from '../pricing/decider.js';
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

/**
 * A service an order may be booked on: an active transport (FREIGHT) article of the catalogue,
 * what the booking form's service picker offers (docs/decisions/0086-booking-extras.md).
 */
async function assertBookableService(ctx: HandlerContext, code: string): Promise<void> {
  const id = await articleIdOfCode(ctx, code);
  const article = id
    ? await ctx.load(articleStream(id), articleDecider)
    : { status: 'none' as const };
  if (article.status !== 'exists' || article.entity.kind !== 'FREIGHT' || !article.entity.active)
    throw AppError.of([
      {
        errorType: 'VALIDATION_ERROR',
        description: `payload.serviceId: ${code} is not a service that may be booked`,
        params: { field: 'serviceId', key: 'validation.notTransport' },
      },
    ]);
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
  // Each an edit of one field (0086): the edit's states apply (refused once the goods are collected).
  UPDATE_ORDER_SERVICE_LEVEL: (async ({ orderIds, serviceId }, ctx) => {
    await assertBookableService(ctx, serviceId);
    return editEach(ctx, orderIds, () => ({ serviceId }));
  }) satisfies Handler<'UPDATE_ORDER_SERVICE_LEVEL'>,
  UPDATE_ORDER_VEHICLE_TYPE: (({ orderIds, vehicleType }, ctx) =>
    editEach(ctx, orderIds, () => ({
      vehicleType,
    }))) satisfies Handler<'UPDATE_ORDER_VEHICLE_TYPE'>,
  UPDATE_DELIVERY_TIME: (({ orderIds, ...window }, ctx) =>
    editEach(ctx, orderIds, () => window)) satisfies Handler<'UPDATE_DELIVERY_TIME'>,
};
