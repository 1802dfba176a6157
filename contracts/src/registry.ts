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
} as const;
export type CommandName = keyof typeof commandSchemas;
export type CommandPayload<N extends CommandName> = z.infer<(typeof commandSchemas)[N]>;

export const isCommandName = (name: string): name is CommandName =>
  Object.hasOwn(commandSchemas, name);

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
