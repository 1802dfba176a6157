import {
  AppError,
  type PreAdvicePolicy,
  type PreAdvicePolicyEvent,
  type PreAdvicePolicyFields,
} from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';

/** A pre-advice policy: created once under its id, deleted once (a change is a new policy). */
export type PolicyState =
  | { status: 'none' }
  | { status: 'exists'; policy: PreAdvicePolicy }
  | { status: 'deleted'; policy: PreAdvicePolicy };

export type PolicyCommand =
  { type: 'create'; id: string; fields: PreAdvicePolicyFields } | { type: 'delete'; id: string };

export const preAdvicePolicyDecider: Decider<PolicyState, PolicyCommand, PreAdvicePolicyEvent> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    switch (event.type) {
      case 'PreAdvicePolicyCreated':
        return { status: 'exists', policy: event.data };
      case 'PreAdvicePolicyDeleted':
        return state.status === 'exists' ? { status: 'deleted', policy: state.policy } : state;
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'create':
        if (state.status !== 'none')
          throw new AppError('ALREADY_EXISTS', `Pre-advice policy ${command.id} already exists`);
        return [{ type: 'PreAdvicePolicyCreated', data: { ...command.fields, id: command.id } }];
      case 'delete':
        if (state.status === 'none')
          throw new AppError('NOT_FOUND', `Pre-advice policy ${command.id} not found`);
        return state.status === 'deleted'
          ? []
          : [{ type: 'PreAdvicePolicyDeleted', data: { id: command.id } }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
