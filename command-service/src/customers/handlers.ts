import { customerStream, type CreateCustomer } from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';
import type { Handler } from '../framework/handler.js';
import type { ReferenceCommand } from '../framework/referenceDecider.js';
import { referenceHandlers } from '../framework/referenceHandlers.js';
import { customerDecider } from './decider.js';

const handlers = referenceHandlers<CreateCustomer>(
  'customer',
  customerStream,
  customerDecider as Decider<unknown, ReferenceCommand<CreateCustomer>, never>,
);

export const createCustomer: Handler<'CREATE_CUSTOMER'> = handlers.create;
export const updateCustomer: Handler<'UPDATE_CUSTOMER'> = handlers.update;
