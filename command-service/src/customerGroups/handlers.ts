import { customerGroupStream, type CustomerGroupFields } from '@nordlog/contracts';
import { target, type Decider } from '../framework/decider.js';
import type { Handler } from '../framework/handler.js';
import type { ReferenceCommand } from '../framework/referenceDecider.js';
import { assertCustomersExist } from '../framework/references.js';
import { referenceHandlers } from '../framework/referenceHandlers.js';
import { customerGroupDecider } from './decider.js';

const handlers = referenceHandlers<CustomerGroupFields>(
  'customer_group',
  customerGroupStream,
  customerGroupDecider as Decider<unknown, ReferenceCommand<CustomerGroupFields>, never>,
);

export const customerGroupHandlers = {
  CREATE_CUSTOMER_GROUP: (async (fields, ctx) => {
    await assertCustomersExist(ctx, fields.customerIds);
    return handlers.create(fields, ctx);
  }) satisfies Handler<'CREATE_CUSTOMER_GROUP'>,
  UPDATE_CUSTOMER_GROUP: (async (payload, ctx) => {
    if (payload.customerIds) await assertCustomersExist(ctx, payload.customerIds);
    return handlers.update(payload);
  }) satisfies Handler<'UPDATE_CUSTOMER_GROUP'>,
  DELETE_CUSTOMER_GROUP: (({ id }) => [
    target({
      id,
      streamId: customerGroupStream(id),
      decider: customerGroupDecider,
      command: { type: 'delete', id },
    }),
  ]) satisfies Handler<'DELETE_CUSTOMER_GROUP'>,
};
