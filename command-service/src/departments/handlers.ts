import { departmentStream, type CreateDepartment } from '@nordlog/contracts';
import { assertAdministers } from '../framework/authority.js';
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
/** ADMIN_DEPARTMENT changes only the caller's own departments (docs/decisions/0018). */
export const updateDepartment: Handler<'UPDATE_DEPARTMENT'> = (payload, ctx) => {
  assertAdministers(ctx.identity, payload.id, `Department ${payload.id}`);
  return handlers.update(payload);
};
