import {
  AppError,
  type CreateDepartment,
  type Department,
  type DepartmentEvent,
} from '@nordlog/contracts';
import { changedFields } from '../framework/changedFields.js';
import type { Decider } from '../framework/decider.js';

export type DepartmentState = { status: 'none' } | { status: 'exists'; department: Department };

export type DepartmentCommand =
  | { type: 'CREATE_DEPARTMENT'; id: string; fields: CreateDepartment }
  | { type: 'UPDATE_DEPARTMENT'; id: string; fields: Partial<CreateDepartment> };

export const departmentDecider: Decider<DepartmentState, DepartmentCommand, DepartmentEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'DepartmentCreated':
        return { status: 'exists', department: event.data };
      case 'DepartmentUpdated':
        return state.status === 'exists'
          ? { status: 'exists', department: { ...state.department, ...event.data.changes } }
          : state;
      default: {
        const never: never = event;
        return never;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CREATE_DEPARTMENT':
        if (state.status === 'exists')
          throw new AppError('ALREADY_EXISTS', `Department ${command.id} already exists`);
        return [{ type: 'DepartmentCreated', data: { id: command.id, ...command.fields } }];
      case 'UPDATE_DEPARTMENT': {
        if (state.status === 'none')
          throw new AppError('NOT_FOUND', `Department ${command.id} not found`);
        const changes = changedFields(state.department, command.fields);
        return Object.keys(changes).length === 0
          ? []
          : [{ type: 'DepartmentUpdated', data: { id: command.id, changes } }];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
