import { consignmentHandlers } from './consignments/handlers.js';
import { createCustomer, updateCustomer } from './customers/handlers.js';
import { createDepartment, updateDepartment } from './departments/handlers.js';
import type { HandlerTable } from './framework/handler.js';
import { userHandlers } from './users/handlers.js';

/** Every command of contracts' registry has exactly one handler (checked by the type). */
export const handlers: HandlerTable = {
  CREATE_DEPARTMENT: createDepartment,
  UPDATE_DEPARTMENT: updateDepartment,
  CREATE_CUSTOMER: createCustomer,
  UPDATE_CUSTOMER: updateCustomer,
  ...consignmentHandlers,
  ...userHandlers,
};
