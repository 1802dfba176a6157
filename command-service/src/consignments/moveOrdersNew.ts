import { AppError, ORDER_NOT_FOUND_MESSAGE, orderStream, type ErrorItem } from '@nordlog/contracts';
import { atomic } from '../framework/execute.js';
import { target, type Target } from '../framework/decider.js';
import type { Handler } from '../framework/handler.js';
import { assertDepartmentsInScope } from '../framework/scope.js';
import { slotTarget } from '../slots/handlers.js';
import { departmentOf } from './booking.js';
import { orderDecider } from './decider.js';
import { guardFor } from './handlers.js';
import { shdFreesOf, shdTakes } from '../shd/places.js';

/**
 * MOVE_ORDERS_NEW (docs/decisions/0089-move-orders-new.md): orders to another department, all or
 * nothing. Every order is checked first (found, in the caller's access, in a state that moves);
 * when any is refused, none moves and the answer names each refused order, one error item an
 * order. Otherwise each order moves, decided on the revision read, and each slot a planned order
 * leaves loses them, in one atomic append, with their same-day home delivery places (0092). An order already in the department is left as it is.
 */
export const moveOrdersNewHandlers = {
  MOVE_ORDERS_NEW: (async ({ orderIds, departmentId }, ctx) => {
    // The caller needs access to the target department too (each order's own is guarded).
    assertDepartmentsInScope(ctx.identity, [departmentId]);
    await departmentOf(ctx, departmentId);
    const ids = [...new Set(orderIds)];
    const loaded = await ctx.loadMany(ids.map(orderStream), orderDecider);
    const command = { type: 'MOVE' as const, departmentId };
    const guard = guardFor(ctx.identity);
    const refused: ErrorItem[] = [];
    const moving: Target[] = [];
    const leaving = new Map<string, string[]>();
    ids.forEach((id, i) => {
      const { state, revision } = loaded[i]!;
      try {
        if (state.status !== 'booked')
          throw new AppError('ORDER_NOT_FOUND', `${ORDER_NOT_FOUND_MESSAGE}: ${id}`);
        guard(state);
        if (orderDecider.decide(command, state).length === 0) return;
        moving.push(
          target({
            id,
            streamId: orderStream(id),
            decider: orderDecider,
            command,
            guard,
            basedOn: revision,
          }),
        );
        if (state.slotId) leaving.set(state.slotId, [...(leaving.get(state.slotId) ?? []), id]);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        for (const item of err.items)
          refused.push({
            ...item,
            description: `${id}: ${item.description}`,
            params: { ...item.params, orderId: id },
          });
      }
    });
    if (refused.length > 0) {
      const [first, ...rest] = refused;
      const error = new AppError(first!.errorType, first!.description, first!.params);
      error.items.push(...rest);
      throw error;
    }
    // Same-day home delivery (0092): the old departments' places freed, the new department's
    // taken where the order's service is SHD there (refused whole when full or off there).
    const movingStates = moving.map((t) => loaded[ids.indexOf(t.id)]!.state);
    const takes = await shdTakes(
      ctx,
      movingStates.flatMap((state) =>
        state.status === 'booked' && state.state !== 'DELETED'
          ? [{ ...state.order, departmentId }]
          : [],
      ),
    );
    return atomic([
      ...moving,
      ...shdFreesOf(movingStates),
      ...takes,
      ...[...leaving].map(([slotId, consignmentIds]) =>
        slotTarget(slotId, { type: 'remove', id: slotId, consignmentIds }, ctx),
      ),
    ]);
  }) satisfies Handler<'MOVE_ORDERS_NEW'>,
};
