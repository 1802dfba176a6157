import { departmentStream, type CreateDepartment } from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';
import type { Handler } from '../framework/handler.js';
import type { ReferenceCommand } from '../framework/referenceDecider.js';
import { referenceHandlers } from '../framework/referenceHandlers.js';
import { departmentDecider } from './decider.js';

const handlers = referenceHandlers<CreateDepartment>(
  'department',
  departmentStream,
  departmentDecider as Decider<unknown, ReferenceCommand<CreateDepartment>, never>,
);

export const createDepartment: Handler<'CREATE_DEPARTMENT'> = handlers.create;
export const updateDepartment: Handler<'UPDATE_DEPARTMENT'> = handlers.update;
