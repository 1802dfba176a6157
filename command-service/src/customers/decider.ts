import {
  AppError,
  type CreateCustomer,
  type Customer,
  type CustomerEvent,
} from '@nordlog/contracts';
import { changedFields } from '../framework/changedFields.js';
import type { Decider } from '../framework/decider.js';

export type CustomerState = { status: 'none' } | { status: 'exists'; customer: Customer };

export type CustomerCommand =
  | { type: 'CREATE_CUSTOMER'; id: string; fields: CreateCustomer }
  | { type: 'UPDATE_CUSTOMER'; id: string; fields: Partial<CreateCustomer> };

export const customerDecider: Decider<CustomerState, CustomerCommand, CustomerEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'CustomerCreated':
        return { status: 'exists', customer: event.data };
      case 'CustomerUpdated':
        return state.status === 'exists'
          ? { status: 'exists', customer: { ...state.customer, ...event.data.changes } }
          : state;
      default: {
        const never: never = event;
        return never;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CREATE_CUSTOMER':
        if (state.status === 'exists')
          throw new AppError('ALREADY_EXISTS', `Customer ${command.id} already exists`);
        return [{ type: 'CustomerCreated', data: { id: command.id, ...command.fields } }];
      case 'UPDATE_CUSTOMER': {
        if (state.status === 'none')
          throw new AppError('NOT_FOUND', `Customer ${command.id} not found`);
        const changes = changedFields(state.customer, command.fields);
        return Object.keys(changes).length === 0
          ? []
          : [{ type: 'CustomerUpdated', data: { id: command.id, changes } }];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
