import { orderStream, preAdvicePolicyStream, type Identity } from '@nordlog/contracts';
import { assertAdministers } from '../framework/authority.js';
import { target } from '../framework/decider.js';
import { newId, type Handler } from '../framework/handler.js';
import { preAdviceDecider, type PreAdviceCommand } from './decider.js';
import { preAdvicePolicyDecider, type PolicyState } from './policyDecider.js';

/**
 * Who may change a policy: a department's by its department's administrators, a customer
 * group's by those who see every department (groups span departments), a customer's by those who
 * read the customer (checked as a reference before the handler runs).
 */
function assertMayChange(
  identity: Identity,
  p: { departmentId: string | null; customerGroupId: string | null },
  what: string,
) {
  if (p.departmentId !== null) assertAdministers(identity, p.departmentId, what);
  else if (p.customerGroupId !== null) assertAdministers(identity, null, what);
}

/** One command per order, each on its own stream (a bulk command's failures are listed). */
const perOrder = (orderIds: readonly string[], command: PreAdviceCommand) =>
  orderIds.map((id) =>
    target({ id, streamId: orderStream(id), decider: preAdviceDecider, command }),
  );

export const preAdviceHandlers = {
  CREATE_PRE_ADVICE_POLICY: (async (fields, ctx) => {
    assertMayChange(ctx.identity, fields, 'The pre-advice policy');
    const id = await newId(ctx, 'pre_advice_policy');
    return [
      target({
        id,
        streamId: preAdvicePolicyStream(id),
        isNew: true,
        decider: preAdvicePolicyDecider,
        command: { type: 'create', id, fields },
      }),
    ];
  }) satisfies Handler<'CREATE_PRE_ADVICE_POLICY'>,
  DELETE_PRE_ADVICE_POLICY: (({ id }, ctx) => [
    target({
      id,
      streamId: preAdvicePolicyStream(id),
      decider: preAdvicePolicyDecider,
      command: { type: 'delete', id },
      guard: (state: PolicyState) => {
        if (state.status === 'none') return;
        assertMayChange(ctx.identity, state.policy, `Pre-advice policy ${id}`);
      },
    }),
  ]) satisfies Handler<'DELETE_PRE_ADVICE_POLICY'>,
  PRE_ADVICE_MANUAL_ATTEMPT: (({ orderIds }) =>
    perOrder(orderIds, {
      type: 'REQUEST',
      cause: 'MANUAL',
    })) satisfies Handler<'PRE_ADVICE_MANUAL_ATTEMPT'>,
  SEND_PRE_PICKUP_SMS: (({ orderIds }) =>
    perOrder(orderIds, {
      type: 'REQUEST',
      cause: 'PRE_PICKUP',
    })) satisfies Handler<'SEND_PRE_PICKUP_SMS'>,
  LOCK_PRE_ADVICE: (({ orderIds }) =>
    perOrder(orderIds, { type: 'LOCK' })) satisfies Handler<'LOCK_PRE_ADVICE'>,
  UNLOCK_PRE_ADVICE: (({ orderIds }) =>
    perOrder(orderIds, { type: 'UNLOCK' })) satisfies Handler<'UNLOCK_PRE_ADVICE'>,
};
