import {
  AppError,
  ORDER_NOT_FOUND_MESSAGE,
  editedOrderSchema,
  inScope,
  mergeOrderUpdate,
  normaliseUnit,
  orderStream,
  type Identity,
  withCodedGoodsFootprint,
  type MeasurementLine,
} from '@nordlog/contracts';
import { validationError } from '@nordlog/platform';
import { assertDepartmentsInScope } from '../framework/scope.js';
import {
  bookedOrder,
  departmentOf,
  drawPackageIds,
  geocodeSides,
  heavyGoodsOf,
  pickupOrDepartment,
  timeZoneOf,
  timingAndCalendarIssues,
} from './booking.js';
import { resolvedServiceCode } from './serviceCode.js';
import { target, type Target } from '../framework/decider.js';
import { newId, type Handler, type HandlerContext } from '../framework/handler.js';
import type { UniqueClaim } from '../framework/reservation.js';
import { assertCourierStops, leavesSlot } from '../slots/handlers.js';
import { orderDecider, type OrderCommand, type OrderState } from './decider.js';
import { shdFrees, shdMoves, shdMoveTo, shdTakes } from '../shd/places.js';

/** Orders of departments (or customers) outside the caller's access are refused as NO_ACCESS. */
export const guardFor = (identity: Identity) => (state: OrderState) => {
  if (state.status === 'booked' && !inScope(identity, state.departmentId, state.customerId)) {
    throw new AppError(
      'NO_ACCESS',
      'The order belongs to a department or customer outside your access',
    );
  }
};

/**
 * A shipment id (GSIN) names one order. Its reservation, appended with the booking, is also how a
 * label finds the order by shipment id (docs/decisions/0020-labels.md).
 */
export const shipmentClaims = (state: OrderState): UniqueClaim[] =>
  state.status === 'booked' && state.order.shipmentId
    ? [
        {
          kind: 'shipmentId',
          value: state.order.shipmentId,
          refusal: {
            errorType: 'ALREADY_EXISTS',
            description: `Shipment id ${state.order.shipmentId} belongs to another order`,
          },
        },
      ]
    : [];

/**
 * One target per order. `leaving`: the command may take orders off their slots (unassign, delete,
 * move), so each order's slot changes with it, atomically (docs/decisions/0021).
 */
const each = (ids: string[], command: OrderCommand, ctx: HandlerContext, leaving = false) =>
  ids.map((id) =>
    target({
      id,
      streamId: orderStream(id),
      decider: orderDecider,
      command,
      guard: guardFor(ctx.identity),
      ...(leaving ? { companions: leavesSlot(ctx) } : {}),
    }),
  );

/** Spec §8: an unknown unit is used with a factor of 1, and a warning is logged. */
export function warnUnknownUnits(order: { measurements: MeasurementLine[] }, ctx: HandlerContext) {
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

/**
 * One order of a bulk command refused (a full SHD day, SHD off; 0092) after its access is checked,
 * as any order's: the command's other orders go ahead.
 */
const refusedAfterAccess = (t: Target, err: AppError, ctx: HandlerContext): Target => {
  const access = guardFor(ctx.identity);
  return {
    ...t,
    guard: (s: unknown) => {
      access(s as OrderState);
      throw err;
    },
  };
};

/** A person's request to erase the parties' data of these orders (docs/decisions/0050). */
export const eraseOrders = (orderIds: string[], ctx: HandlerContext) =>
  each(orderIds, { type: 'ERASE', reason: 'request' }, ctx);

export const consignmentHandlers = {
  CREATE_ORDER: (async (payload, ctx) => {
    if (!inScope(ctx.identity, payload.departmentId, payload.customerId)) {
      throw new AppError('NO_ACCESS', 'You may not book orders for this department or customer');
    }
    warnUnknownUnits(payload, ctx);
    const orderId = await newId(ctx, 'order');
    // A same-day home delivery takes its day's place in the same append (0092).
    const places = await shdTakes(ctx, [{ ...payload, orderId }]);
    const { order, unresolved } = await bookedOrder(payload, orderId, ctx);
    return [
      target({
        id: orderId,
        streamId: orderStream(orderId),
        isNew: true,
        decider: orderDecider,
        command: { type: 'CREATE_ORDER', order, unresolved },
        uniques: shipmentClaims,
        ...(places.length > 0 ? { companions: () => places } : {}),
      }),
    ];
  }) satisfies Handler<'CREATE_ORDER'>,
  UPDATE_ORDER: (async ({ orderId, ...changes }, ctx) => {
    const { state: current, revision } = await ctx.loadVersioned(
      orderStream(orderId),
      orderDecider,
    );
    if (current.status === 'none') throw new AppError('ORDER_NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);
    guardFor(ctx.identity)(current);
    // Fields left out keep their stored values; the merged order meets every rule of the form.
    const edited = editedOrderSchema.safeParse(
      mergeOrderUpdate(current.order as unknown as Record<string, unknown>, changes),
    );
    if (!edited.success) throw validationError(edited.error, 'payload');
    const payload = {
      ...edited.data,
      measurements: edited.data.measurements.map((l) => withCodedGoodsFootprint(l)),
    };
    if (!inScope(ctx.identity, current.departmentId, payload.customerId))
      throw new AppError('NO_ACCESS', 'You may not book orders for this customer');
    warnUnknownUnits(payload, ctx);
    const department = await departmentOf(ctx, current.departmentId);
    const sides = await geocodeSides(ctx, current.departmentId, {
      pickup: pickupOrDepartment(payload.pickup, department),
      delivery: payload.delivery,
    });
    const scope = { departmentId: current.departmentId, customerId: payload.customerId };
    const serviceCode = await resolvedServiceCode(ctx, payload, timeZoneOf(payload, department));
    // A changed day or service moves its same-day home delivery place (0092).
    const places = await shdMoves(ctx, current, {
      orderId,
      departmentId: current.departmentId,
      serviceId: payload.serviceId,
      pickupDate: payload.pickupDate,
      deliveryDate: payload.deliveryDate,
    });
    const newPackageIds = await drawPackageIds(ctx, scope, payload.measurements);
    return [
      target({
        id: orderId,
        streamId: orderStream(orderId),
        decider: orderDecider,
        guard: guardFor(ctx.identity),
        // The edit carries the stored order merged with the update: decided on this revision only.
        basedOn: revision,
        ...(places.length > 0 ? { companions: () => places } : {}),
        command: {
          type: 'EDIT',
          order: {
            ...payload,
            orderId,
            pickup: sides.pickup,
            delivery: sides.delivery,
            heavyGoods: heavyGoodsOf(payload.measurements),
            ...(serviceCode ? { serviceCode } : {}),
          },
          unresolved: sides.unresolved,
          newPackageIds,
          timingIssues: await timingAndCalendarIssues(ctx, payload, department),
        },
      }),
    ];
  }) satisfies Handler<'UPDATE_ORDER'>,
  MOVE_ORDERS: (async ({ orderIds, departmentId }, ctx) => {
    // The caller needs access to the target department too (each order's own is guarded).
    assertDepartmentsInScope(ctx.identity, [departmentId]);
    await departmentOf(ctx, departmentId);
    // A moved order leaves its slot and frees its same-day home delivery place; it takes one on
    // the new department's day when its service is SHD there (0092): refused when full or off.
    const targets: Target[] = [];
    for (const id of orderIds) {
      const [t] = each([id], { type: 'MOVE', departmentId }, ctx);
      try {
        const state = await ctx.load(orderStream(id), orderDecider);
        const takes = await shdMoveTo(ctx, state, departmentId);
        targets.push({
          ...t!,
          companions: (s: unknown) => [
            ...leavesSlot(ctx)(s as OrderState),
            ...shdFrees(s as OrderState),
            ...takes,
          ],
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        targets.push(refusedAfterAccess(t!, err, ctx));
      }
    }
    return targets;
  }) satisfies Handler<'MOVE_ORDERS'>,
  ACCEPT_ORDERS: (({ orderIds }, ctx) =>
    each(orderIds, { type: 'ACCEPT' }, ctx)) satisfies Handler<'ACCEPT_ORDERS'>,
  REJECT_ORDERS: (({ orderIds, reason, otherReason }, ctx) =>
    each(
      orderIds,
      {
        type: 'REJECT',
        reason,
        otherReason: otherReason ?? null,
      },
      ctx,
    )) satisfies Handler<'REJECT_ORDERS'>,
  RESOLVE_ADDRESS: (({ consignmentId, ...rest }, ctx) =>
    each(
      [consignmentId],
      {
        type: 'RESOLVE_ADDRESS',
        ...rest,
      },
      ctx,
    )) satisfies Handler<'RESOLVE_ADDRESS'>,
  UNRESOLVE_DELIVERY_ADDRESS: (({ consignmentIds }, ctx) =>
    each(
      consignmentIds,
      {
        type: 'UNRESOLVE_ADDRESS',
        side: 'delivery',
      },
      ctx,
    )) satisfies Handler<'UNRESOLVE_DELIVERY_ADDRESS'>,
  UNRESOLVE_PICKUP_ADDRESS: (({ consignmentIds }, ctx) =>
    each(
      consignmentIds,
      {
        type: 'UNRESOLVE_ADDRESS',
        side: 'pickup',
      },
      ctx,
    )) satisfies Handler<'UNRESOLVE_PICKUP_ADDRESS'>,
  UNASSIGN_CONSIGNMENTS: (({ consignmentIds, force }, ctx) =>
    each(
      consignmentIds,
      { type: 'UNASSIGN', force },
      ctx,
      true,
    )) satisfies Handler<'UNASSIGN_CONSIGNMENTS'>,
  MANUAL_COLLECT: (async ({ consignmentIds, comment }, ctx) => {
    await assertCourierStops(ctx, consignmentIds);
    return each(
      consignmentIds,
      {
        type: 'COLLECT',
        comment: comment ?? null,
      },
      ctx,
    );
  }) satisfies Handler<'MANUAL_COLLECT'>,
  MANUAL_DELIVER: (async ({ consignmentIds, comment }, ctx) => {
    await assertCourierStops(ctx, consignmentIds);
    return each(
      consignmentIds,
      {
        type: 'DELIVER',
        comment: comment ?? null,
        // A courier reports what happened, in order; anyone else overrides (spec §7).
        override: ctx.identity.role !== 'COURIER',
      },
      ctx,
    );
  }) satisfies Handler<'MANUAL_DELIVER'>,
  MANUAL_DEVIATE: (async ({ consignmentIds, reason, comment }, ctx) => {
    await assertCourierStops(ctx, consignmentIds);
    // Each consignment gets a deviation of its own (docs/decisions/0051-deviations.md).
    const targets = [];
    for (const id of new Set(consignmentIds)) {
      const deviationId = await newId(ctx, 'deviation', id);
      const command: OrderCommand = {
        type: 'DEVIATE',
        id: deviationId,
        reason,
        comment: comment ?? null,
      };
      targets.push(...each([id], command, ctx));
    }
    return targets;
  }) satisfies Handler<'MANUAL_DEVIATE'>,
  MANUAL_RETURN: (({ consignmentIds, comment }, ctx) =>
    each(
      consignmentIds,
      {
        type: 'RETURN',
        comment: comment ?? null,
      },
      ctx,
    )) satisfies Handler<'MANUAL_RETURN'>,
  // A deleted order leaves its slot and frees its same-day home delivery place (0092).
  DELETE_ORDERS: (({ orderIds }, ctx) =>
    orderIds.map((id) =>
      target({
        id,
        streamId: orderStream(id),
        decider: orderDecider,
        command: { type: 'DELETE' },
        guard: guardFor(ctx.identity),
        companions: (state: OrderState) => [...leavesSlot(ctx)(state), ...shdFrees(state)],
      }),
    )) satisfies Handler<'DELETE_ORDERS'>,
  // A restored same-day home delivery takes its day's place again: refused when full (0092).
  RESTORE_ORDERS: (async ({ orderIds }, ctx) => {
    const targets = [];
    for (const id of orderIds) {
      const [t] = each([id], { type: 'RESTORE' }, ctx);
      const state = await ctx.load(orderStream(id), orderDecider);
      try {
        const places =
          state.status === 'booked' && state.state === 'DELETED'
            ? await shdTakes(ctx, [{ ...state.order, departmentId: state.departmentId }])
            : [];
        targets.push(places.length > 0 ? { ...t!, companions: () => places } : t!);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        targets.push(refusedAfterAccess(t!, err, ctx));
      }
    }
    return targets;
  }) satisfies Handler<'RESTORE_ORDERS'>,
};
