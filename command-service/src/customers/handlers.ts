import {
  AppError,
  customerStream,
  type CreateCustomer,
  type CustomerReferences,
} from '@nordlog/contracts';
import { assertAdministers, holdsFlag } from '../framework/authority.js';
import type { Decider } from '../framework/decider.js';
import type { Handler, HandlerContext } from '../framework/handler.js';
import type { ReferenceCommand } from '../framework/referenceDecider.js';
import { referenceHandlers } from '../framework/referenceHandlers.js';
import { target } from '../framework/decider.js';
import { customerDecider } from './decider.js';

const handlers = referenceHandlers<CreateCustomer>(
  'customer',
  customerStream,
  customerDecider as Decider<unknown, ReferenceCommand<CreateCustomer>, never>,
);

/**
 * ADMIN_CUSTOMER acts on the customers of the caller's departments; ADMIN_CUSTOMER_ALL (or every
 * department) on any customer (docs/decisions/0018).
 */
const administers = (ctx: HandlerContext, departmentId: string | null, what: string) =>
  assertAdministers(
    ctx.identity,
    departmentId,
    what,
    holdsFlag(ctx.identity, 'ADMIN_CUSTOMER_ALL'),
  );

export const createCustomer: Handler<'CREATE_CUSTOMER'> = (fields, ctx) => {
  administers(ctx, fields.departmentId, 'The customer');
  return handlers.create(fields, ctx);
};

export const updateCustomer: Handler<'UPDATE_CUSTOMER'> = (payload, ctx) => {
  if (payload.departmentId !== undefined)
    administers(ctx, payload.departmentId, `Customer ${payload.id} as changed`);
  return handlers.update(payload, (state) => {
    if (state.status === 'exists')
      administers(ctx, state.entity.departmentId, `Customer ${payload.id}`);
  });
};

/** "orders 12, 13; users 4": what refers to a customer, a few ids of each kind. */
export const describeReferences = (refs: CustomerReferences): string =>
  Object.entries(refs)
    .filter(([, ids]) => ids && ids.length > 0)
    .map(([kind, ids]) => `${kind} ${ids.join(', ')}`)
    .join('; ');

/**
 * Deletes a customer nothing refers to (docs/decisions/0099): what refers to it is looked up in
 * the read models (`customerReferences`); one that is referred to is refused (409) naming them.
 */
export const deleteCustomer: Handler<'DELETE_CUSTOMER'> = async ({ id }, ctx) => {
  if (!ctx.customerReferences)
    throw new AppError('SERVICE_UNAVAILABLE', 'What refers to a customer cannot be looked up here');
  const guard = (state: { status: string; entity?: { departmentId: string | null } }) => {
    if (state.status === 'exists') administers(ctx, state.entity!.departmentId, `Customer ${id}`);
  };
  const refs = await ctx.customerReferences(id);
  const named = describeReferences(refs);
  return [
    target({
      id,
      streamId: customerStream(id),
      decider: customerDecider,
      command: { type: 'delete', id },
      guard: (state) => {
        guard(state);
        if (named && state.status === 'exists')
          throw new AppError(
            'IN_USE',
            `Customer ${id} is referred to (${named}): remove or move those first`,
            { references: named },
          );
      },
    }),
  ];
};
