import { z } from 'zod';
import { consignmentCommandSchemas } from './consignments/commands.js';
import { consignmentsQuerySchema, searchConsignmentsQuerySchema } from './consignments/gridRow.js';
import {
  customerGroupCommandSchemas,
  customerGroupMembersQuerySchema,
  customerGroupsQuerySchema,
} from './customerGroups/index.js';
import {
  customerCommandSchemas,
  searchCustomersQuerySchema,
  subcustomersQuerySchema,
} from './customers/index.js';
import {
  departmentGroupCommandSchemas,
  departmentGroupsQuerySchema,
} from './departmentGroups/index.js';
import { courierCommandSchemas, courierLocationsQuerySchema } from './couriers/index.js';
import { departmentCommandSchemas, departmentsQuerySchema } from './departments/index.js';
import { holidayCommandSchemas, holidayQuerySchema } from './holidays/index.js';
import { labelCommandSchemas, labelUrlsQuerySchema } from './labels/index.js';
import { numberSeriesCommandSchemas, numberSeriesQuerySchema } from './numberSeries/index.js';
import { orderHistoryQuerySchema } from './orderHistory/index.js';
import {
  ordersQuerySchema,
  searchOrdersQuerySchema,
  unconfirmedOrdersCountQuerySchema,
  unconfirmedOrdersQuerySchema,
} from './consignments/orders.js';
import { addressAutocompleteQuerySchema } from './geocoding/index.js';
import { rolesQuerySchema, userCommandSchemas, usersQuerySchema } from './users/index.js';

/** Every command the command service accepts, by its wire name (spec §7), with its payload schema. */
export const commandSchemas = {
  ...departmentCommandSchemas,
  ...customerCommandSchemas,
  ...consignmentCommandSchemas,
  ...userCommandSchemas,
  ...departmentGroupCommandSchemas,
  ...customerGroupCommandSchemas,
  ...holidayCommandSchemas,
  ...numberSeriesCommandSchemas,
  ...courierCommandSchemas,
  ...labelCommandSchemas,
} as const;
export type CommandName = keyof typeof commandSchemas;
export type CommandPayload<N extends CommandName> = z.infer<(typeof commandSchemas)[N]>;

export const isCommandName = (name: string): name is CommandName =>
  Object.hasOwn(commandSchemas, name);

/**
 * What each command does to its entity. The type makes the table complete: a new command is
 * classified the day it is added, and the registry-driven suites (update semantics, fuzzing)
 * find it here. `update`: changes named fields of one existing entity (see `updateCommands`).
 */
export type CommandKind = 'create' | 'update' | 'delete' | 'action';
export const commandKinds: Record<CommandName, CommandKind> = {
  CREATE_DEPARTMENT: 'create',
  UPDATE_DEPARTMENT: 'update',
  CREATE_CUSTOMER: 'create',
  UPDATE_CUSTOMER: 'update',
  CREATE_ORDER: 'create',
  UPDATE_ORDER: 'update',
  MOVE_ORDERS: 'action',
  ACCEPT_ORDERS: 'action',
  REJECT_ORDERS: 'action',
  RESOLVE_ADDRESS: 'action',
  UNRESOLVE_DELIVERY_ADDRESS: 'action',
  UNRESOLVE_PICKUP_ADDRESS: 'action',
  // Assigns consignments to a slot: a relation, not named fields of one entity.
  UPDATE_CONSIGNMENT_SLOT: 'action',
  UNASSIGN_CONSIGNMENTS: 'action',
  MANUAL_COLLECT: 'action',
  MANUAL_DELIVER: 'action',
  MANUAL_DEVIATE: 'action',
  MANUAL_RETURN: 'action',
  DELETE_ORDERS: 'delete',
  RESTORE_ORDERS: 'action',
  CREATE_USER: 'create',
  UPDATE_USER: 'update',
  DELETE_USER: 'delete',
  CREATE_PLANNER: 'create',
  UPDATE_PLANNER: 'update',
  CREATE_ROLE: 'create',
  UPDATE_ROLE: 'update',
  DELETE_ROLE: 'delete',
  ADD_ROLES_TO_USER: 'action',
  REMOVE_ROLES_FROM_USER: 'action',
  CREATE_DEPARTMENT_GROUP: 'create',
  UPDATE_DEPARTMENT_GROUP: 'update',
  DELETE_DEPARTMENT_GROUP: 'delete',
  CREATE_CUSTOMER_GROUP: 'create',
  UPDATE_CUSTOMER_GROUP: 'update',
  DELETE_CUSTOMER_GROUP: 'delete',
  CREATE_HOLIDAY: 'create',
  DELETE_HOLIDAY: 'delete',
  CREATE_NUMBER_SERIES: 'create',
  DELETE_NUMBER_SERIES: 'delete',
  SET_COURIER_LOCATION: 'action',
  // A new label document each time (a reprint is another document).
  CREATE_LABEL: 'create',
  CREATE_MULTIPLE_LABEL: 'create',
};

/** An update command: the payload field holding the entity's id and the command that creates it. */
export interface UpdateCommand {
  idField: string;
  create: CommandName;
  /** The socket entity (read model) whose row shows the entity. */
  entity: string;
}

/** Every command of kind `update` (update semantics: contracts/updates.ts). */
export const updateCommands = {
  UPDATE_DEPARTMENT: { idField: 'id', create: 'CREATE_DEPARTMENT', entity: 'departments' },
  UPDATE_CUSTOMER: { idField: 'id', create: 'CREATE_CUSTOMER', entity: 'customers' },
  UPDATE_ORDER: { idField: 'orderId', create: 'CREATE_ORDER', entity: 'orders' },
  UPDATE_USER: { idField: 'id', create: 'CREATE_USER', entity: 'users' },
  UPDATE_PLANNER: { idField: 'id', create: 'CREATE_PLANNER', entity: 'users' },
  UPDATE_ROLE: { idField: 'id', create: 'CREATE_ROLE', entity: 'roles' },
  UPDATE_DEPARTMENT_GROUP: {
    idField: 'id',
    create: 'CREATE_DEPARTMENT_GROUP',
    entity: 'departmentGroups',
  },
  UPDATE_CUSTOMER_GROUP: {
    idField: 'id',
    create: 'CREATE_CUSTOMER_GROUP',
    entity: 'customerGroups',
  },
} as const satisfies Partial<Record<CommandName, UpdateCommand>>;
export type UpdateCommandName = keyof typeof updateCommands;

/** Every query the query service answers, by name (spec §7), with its params schema. */
export const querySchemas = {
  departments: departmentsQuerySchema,
  searchCustomers: searchCustomersQuerySchema,
  subcustomersForAlystraId: subcustomersQuerySchema,
  consignments: consignmentsQuerySchema,
  searchConsignments: searchConsignmentsQuerySchema,
  orderHistory: orderHistoryQuerySchema,
  roles: rolesQuerySchema,
  users: usersQuerySchema,
  departmentGroups: departmentGroupsQuerySchema,
  customerGroups: customerGroupsQuerySchema,
  customerGroupMembers: customerGroupMembersQuerySchema,
  holiday: holidayQuerySchema,
  courierLocationsByDepartmentId: courierLocationsQuerySchema,
  numberSeries: numberSeriesQuerySchema,
  orders: ordersQuerySchema,
  searchOrders: searchOrdersQuerySchema,
  unconfirmedOrders: unconfirmedOrdersQuerySchema,
  unconfirmedOrdersCount: unconfirmedOrdersCountQuerySchema,
  addressAutocomplete: addressAutocompleteQuerySchema,
  labelUrls: labelUrlsQuerySchema,
} as const;
export type QueryName = keyof typeof querySchemas;
export const isQueryName = (name: string): name is QueryName => Object.hasOwn(querySchemas, name);

/** Body of `POST /api/command/{name}` (spec §7). `commandId` makes a retry safe. */
export const commandEnvelopeSchema = z.object({
  type: z.string(),
  payload: z.unknown(),
  commandId: z.uuid().optional(),
  correlationId: z.string().max(100).optional(),
});

/** Body of `POST /api/query/{name}` (spec §7). */
export const queryEnvelopeSchema = z.object({
  query: z.string().optional(),
  params: z.unknown().optional(),
});

/** Reply of a command: the events it appended, by type, and the last global position. */
export interface CommandResult {
  commandId: string;
  position: string | null;
  events: string[];
  /** Ids of the entities the command created or touched. */
  ids: string[];
  /** Per-entity refusals of a bulk command that partly succeeded. */
  failed: { id: string; errorType: string; description: string }[];
}
