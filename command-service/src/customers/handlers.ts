import { customerStream, type CreateCustomer } from '@nordlog/contracts';
import { assertAdministers, holdsFlag } from '../framework/authority.js';
import type { Decider } from '../framework/decider.js';
import type { Handler, HandlerContext } from '../framework/handler.js';
import type { ReferenceCommand } from '../framework/referenceDecider.js';
import { referenceHandlers } from '../framework/referenceHandlers.js';
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
