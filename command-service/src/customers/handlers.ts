import { customerStream } from '@nordlog/contracts';
import { target } from '../framework/decider.js';
import { newId, type Handler } from '../framework/handler.js';
import { customerDecider } from './decider.js';

export const createCustomer: Handler<'CREATE_CUSTOMER'> = async (fields, ctx) => {
  const id = await newId(ctx, 'customer');
  return [
    target({
      id,
      streamId: customerStream(id),
      isNew: true,
      decider: customerDecider,
      command: { type: 'CREATE_CUSTOMER', id, fields },
    }),
  ];
};

export const updateCustomer: Handler<'UPDATE_CUSTOMER'> = ({ id, ...fields }) => [
  target({
    id,
    streamId: customerStream(id),
    decider: customerDecider,
    command: { type: 'UPDATE_CUSTOMER', id, fields },
  }),
];
