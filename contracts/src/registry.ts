import { z } from 'zod';
import { consignmentCommandSchemas } from './consignments/commands.js';
import { personalDataQuerySchema, privacyCommandSchemas } from './privacy/commands.js';
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
import {
  courierCommandSchemas,
  courierLocationsBySlotIdQuerySchema,
  courierLocationsQuerySchema,
} from './couriers/index.js';
import { shipmentTrackingQuerySchema, trackingQuerySchema } from './tracking/index.js';
import { departmentCommandSchemas, departmentsQuerySchema } from './departments/index.js';
import { pinCommandSchemas, pinnedAddressQuerySchema } from './geocoding/pins.js';
import { holidayCommandSchemas, holidayQuerySchema } from './holidays/index.js';
import { labelCommandSchemas, labelUrlsQuerySchema } from './labels/index.js';
import { numberSeriesCommandSchemas, numberSeriesQuerySchema } from './numberSeries/index.js';
import { orderHistoryQuerySchema } from './orderHistory/index.js';
import { deviationCommandSchemas, orderDeviationsQuerySchema } from './deviations/index.js';
import {
  customerReturnAddressQuerySchema,
  manageReturnsQuerySchema,
  orderReturnDetailsQuerySchema,
  returnCommandSchemas,
} from './returns/index.js';
import {
  auditLogDetailsQuerySchema,
  auditLogEntriesQuerySchema,
  eventsWithSentLmStatusQuerySchema,
} from './audit/index.js';
import {
  ordersQuerySchema,
  searchOrdersQuerySchema,
  unconfirmedOrdersCountQuerySchema,
  unconfirmedOrdersQuerySchema,
} from './consignments/orders.js';
import {
  consignmentsInSameLoadCarrierQuerySchema,
  pickupOrdersQuerySchema,
  searchDeletedOrdersQuerySchema,
} from './consignments/search.js';
import { addressAutocompleteQuerySchema } from './geocoding/index.js';
import {
  unresolvedAddressCountQuerySchema,
  unresolvedAddressesQuerySchema,
} from './consignments/unresolved.js';
import { rolesQuerySchema, userCommandSchemas, usersQuerySchema } from './users/index.js';
import {
  courierUserCommandSchemas,
  couriersQuerySchema,
  courierSlotsQuerySchema,
  planningOrderCommandSchemas,
  routePointsQuerySchema,
  slotByIdQuerySchema,
  slotCommandSchemas,
  slotsQuerySchema,
  suggestedUnitsForLocationQuerySchema,
  suggestedUnitsForOrderQuerySchema,
  templateCommandSchemas,
  templatesQuerySchema,
  unitCommandSchemas,
  unitsQuerySchema,
  vehiclesQuerySchema,
} from './planning/index.js';
import { deliveryNotesQuerySchema, waybillsQuerySchema } from './routeLists/index.js';
import {
  latestOptimizingIdForSlotQuerySchema,
  optimizeRequestQuerySchema,
  optimizingByIdQuerySchema,
  optimizingCommandSchemas,
  optimizingRunsQuerySchema,
  routeSuggestionsQuerySchema,
  suggestionCommandSchemas,
} from './optimizing/index.js';
import {
  articlesInGroupQuerySchema,
  articlesQuerySchema,
  multiStopOrderPriceQuerySchema,
  orderPriceQuerySchema,
  priceListsQuerySchema,
  pricingCommandSchemas,
} from './pricing/catalogue.js';
import {
  billingOrdersQuerySchema,
  customerInvoiceSplitQuerySchema,
  invoicedOrderPriceQuerySchema,
  invoicesQuerySchema,
  invoicingCommandSchemas,
  invoicingDataQuerySchema,
  invoicingRunsQuerySchema,
  multilegOrderPriceQuerySchema,
  orderCorrectionsQuerySchema,
} from './invoicing/commands.js';
import {
  recurringCommandSchemas,
  recurringExecutedDatesQuerySchema,
  recurringOrderCalendarQuerySchema,
  recurringOrderResultQuerySchema,
  recurringOrdersForDepartmentIdsQuerySchema,
  recurringOrdersQuerySchema,
} from './recurring/index.js';
import { addressBookCommandSchemas, addressesQuerySchema } from './addressBook/index.js';
import {
  customerEventEmailQuerySchema,
  customerSmsTextQuerySchema,
  preAdviceCommandSchemas,
  preAdviceFollowUpQuerySchema,
  preAdviceForOrderQuerySchema,
  preAdvicePoliciesQuerySchema,
  preAdviceServicePoliciesQuerySchema,
} from './preAdvice/index.js';
import {
  importCommandSchemas,
  importResultsQuerySchema,
  importStatusQuerySchema,
} from './importing/index.js';

/** Every command the command service accepts, by its wire name (spec §7), with its payload schema. */
export const commandSchemas = {
  ...departmentCommandSchemas,
  ...customerCommandSchemas,
  ...consignmentCommandSchemas,
  ...deviationCommandSchemas,
  ...returnCommandSchemas,
  ...privacyCommandSchemas,
  ...pinCommandSchemas,
  ...userCommandSchemas,
  ...departmentGroupCommandSchemas,
  ...customerGroupCommandSchemas,
  ...holidayCommandSchemas,
  ...numberSeriesCommandSchemas,
  ...courierCommandSchemas,
  ...labelCommandSchemas,
  ...unitCommandSchemas,
  ...courierUserCommandSchemas,
  ...slotCommandSchemas,
  ...templateCommandSchemas,
  ...planningOrderCommandSchemas,
  ...optimizingCommandSchemas,
  ...suggestionCommandSchemas,
  ...pricingCommandSchemas,
  ...invoicingCommandSchemas,
  ...recurringCommandSchemas,
  ...addressBookCommandSchemas,
  ...preAdviceCommandSchemas,
  ...importCommandSchemas,
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
  // A planner's point for an address: the last pin wins, nothing else to name (issue 36).
  PIN_ADDRESS: 'action',
  // Assigns consignments to a slot: a relation, not named fields of one entity.
  UPDATE_CONSIGNMENT_SLOT: 'action',
  UNASSIGN_CONSIGNMENTS: 'action',
  MANUAL_COLLECT: 'action',
  MANUAL_DELIVER: 'action',
  // Erasure names no fields: it takes a person's data out of the orders (0050).
  ERASE_PERSONAL_DATA: 'action',
  MANUAL_DEVIATE: 'action',
  CREATE_DEVIATION: 'create',
  UPDATE_DEVIATION: 'update',
  DELETE_DEVIATION: 'delete',
  // Each makes new orders (the return's legs) from one (docs/decisions/0057-returns.md).
  COPY_DEVIATED_ORDER: 'create',
  CREATE_MULTILEG_RETURN: 'create',
  CREATE_MULTILEG_RETURNS: 'create',
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
  CREATE_UNIT: 'create',
  UPDATE_UNIT: 'update',
  DEACTIVATE_UNIT: 'action',
  ASSIGN_VEHICLE_TO_DEPARTMENT: 'action',
  UNASSIGN_VEHICLE_FROM_DEPARTMENT: 'action',
  CREATE_COURIER_USER: 'create',
  UPDATE_COURIER_USER: 'update',
  CREATE_SLOT: 'create',
  UPDATE_SLOT: 'update',
  DELETE_SLOT: 'delete',
  CHANGE_SLOT_STATE: 'action',
  TOGGLE_SLOT_MANUAL_PLANNING: 'action',
  ASSIGN_COURIER_TO_SLOT: 'action',
  ASSIGN_UNIT_TO_SLOT: 'action',
  ASSIGN_VEHICLE_TO_SLOT: 'action',
  UNASSIGN_VEHICLE_FROM_SLOT: 'action',
  UPDATE_AREA_IN_SLOT: 'action',
  REMOVE_AREA_FROM_SLOT: 'action',
  // A slot's route is a relation of the slot and its consignments (docs/decisions/0021).
  CREATE_ROUTE: 'action',
  UPDATE_ROUTE: 'action',
  DELETE_ROUTE: 'action',
  DELETE_BREAK_FROM_ROUTE: 'action',
  // A whole template is saved each time (a create or a replacement), not fields of it.
  CREATE_OR_UPDATE_TEMPLATE: 'create',
  CREATE_SLOTS_FROM_TEMPLATE: 'create',
  DELETE_TEMPLATE: 'delete',
  SET_PICKUP_AND_DELIVERY_DURATIONS: 'action',
  GROUP_ORDERS: 'action',
  UPDATE_PICKUP_AND_DELIVERY_TIMES: 'action',
  // A run is a process with a life of its own (docs/decisions/0026); each request makes one.
  START_OPTIMIZING: 'create',
  CANCEL_RUNNING_OPTIMIZING: 'action',
  REVERSED_OPTIMIZE_SLOT: 'create',
  OPTIMIZE_SLOT_ON_SHIPMENT_LEVEL: 'create',
  CREATE_SUGGESTED_ROUTE: 'create',
  CREATE_SUGGESTED_ROUTE_WITH_CONSIGNMENTS: 'create',
  // A suggestion is the stops of a slot in an order: reordering names no fields.
  REORDER_SUGGESTED_ROUTE: 'action',
  APPLY_SUGGESTED_ROUTE: 'action',
  CANCEL_SUGGESTED_ROUTE: 'delete',
  DELETE_UNASSIGNED_ROUTE_POINT_SUGGESTIONS: 'action',
  CREATE_ARTICLE: 'create',
  UPDATE_ARTICLE: 'update',
  DELETE_ARTICLE: 'delete',
  CREATE_PRICE_LIST: 'create',
  UPDATE_PRICE_LIST: 'update',
  DELETE_PRICE_LIST: 'delete',
  // Moves of the invoicing transition table, on many orders at once (docs/decisions/0032).
  PAUSE_ORDER_INVOICING: 'action',
  RELEASE_ORDER_INVOICING: 'action',
  SET_ORDER_INVOICING_STATUS: 'action',
  // The order's whole list of price corrections is replaced, with a reason: not named fields.
  UPDATE_ORDER_PRICE_CORRECTIONS: 'action',
  CREATE_ORDER_CORRECTION: 'create',
  ACCEPT_ORDER_CORRECTION: 'action',
  REJECT_ORDER_CORRECTION: 'action',
  // A run is a process with a life of its own, as an optimising run is.
  START_INVOICING_RUN: 'create',
  CREATE_BILLING_ORDER: 'create',
  UPDATE_CUSTOMER_INVOICE_SPLIT: 'update',
  // Recurring orders (docs/decisions/0058): a save replaces the schedule whole (as a template's).
  SAVE_RECURRING_ORDER: 'create',
  REMOVE_ORDERS_FROM_RECURRING_ORDERS: 'action',
  SET_RECURRING_ORDER_PAUSED: 'action',
  DELETE_RECURRING_ORDER: 'delete',
  // Books the date's orders: each occurrence once (0058).
  EXECUTE_RECURRING_ORDERS: 'create',
  // Pre-advice (docs/decisions/0062): a policy is replaced by deleting it and creating another.
  CREATE_PRE_ADVICE_POLICY: 'create',
  DELETE_PRE_ADVICE_POLICY: 'delete',
  PRE_ADVICE_MANUAL_ATTEMPT: 'action',
  SEND_PRE_PICKUP_SMS: 'action',
  LOCK_PRE_ADVICE: 'action',
  UNLOCK_PRE_ADVICE: 'action',
  // A batch of new orders, all or none (docs/decisions/0059-import.md).
  CREATE_ORDERS: 'create',
  // The address book (docs/decisions/0061-address-book.md).
  CREATE_ADDRESS: 'create',
  UPDATE_ADDRESS: 'update',
  DELETE_ADDRESS: 'delete',
};

/** An update command: the payload field holding the entity's id and the command that creates it. */
export interface UpdateCommand {
  idField: string;
  create: CommandName;
  /** The socket entity (read model) whose row shows the entity. */
  entity: string;
  /**
   * Fields that name the entity's parent beside its id (a deviation's order, whose stream holds
   * it): sent as the create sent them, never changed.
   */
  keys?: readonly string[];
}

/** Every command of kind `update` (update semantics: contracts/updates.ts). */
export const updateCommands = {
  UPDATE_DEPARTMENT: { idField: 'id', create: 'CREATE_DEPARTMENT', entity: 'departments' },
  UPDATE_CUSTOMER: { idField: 'id', create: 'CREATE_CUSTOMER', entity: 'customers' },
  UPDATE_ORDER: { idField: 'orderId', create: 'CREATE_ORDER', entity: 'orders' },
  UPDATE_DEVIATION: {
    idField: 'id',
    create: 'CREATE_DEVIATION',
    entity: 'orderDeviations',
    keys: ['orderId'],
  },
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
  UPDATE_ADDRESS: { idField: 'id', create: 'CREATE_ADDRESS', entity: 'addresses' },
  UPDATE_UNIT: { idField: 'id', create: 'CREATE_UNIT', entity: 'units' },
  UPDATE_COURIER_USER: { idField: 'id', create: 'CREATE_COURIER_USER', entity: 'couriers' },
  UPDATE_SLOT: { idField: 'id', create: 'CREATE_SLOT', entity: 'slots' },
  UPDATE_ARTICLE: { idField: 'id', create: 'CREATE_ARTICLE', entity: 'articles' },
  UPDATE_PRICE_LIST: { idField: 'id', create: 'CREATE_PRICE_LIST', entity: 'priceLists' },
  UPDATE_CUSTOMER_INVOICE_SPLIT: {
    idField: 'id',
    create: 'CREATE_CUSTOMER',
    entity: 'customers',
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
  orderDeviations: orderDeviationsQuerySchema,
  // Returns (docs/decisions/0057-returns.md).
  getOrderReturnDetails: orderReturnDetailsQuerySchema,
  manageReturns: manageReturnsQuerySchema,
  customerReturnAddress: customerReturnAddressQuerySchema,
  apolloAuditLogEntries: auditLogEntriesQuerySchema,
  personalData: personalDataQuerySchema,
  apolloAuditLogEntriesDetails: auditLogDetailsQuerySchema,
  eventsWithSentLmStatus: eventsWithSentLmStatusQuerySchema,
  roles: rolesQuerySchema,
  users: usersQuerySchema,
  departmentGroups: departmentGroupsQuerySchema,
  customerGroups: customerGroupsQuerySchema,
  customerGroupMembers: customerGroupMembersQuerySchema,
  holiday: holidayQuerySchema,
  courierLocationsByDepartmentId: courierLocationsQuerySchema,
  courierLocationsBySlotId: courierLocationsBySlotIdQuerySchema,
  numberSeries: numberSeriesQuerySchema,
  orders: ordersQuerySchema,
  searchOrders: searchOrdersQuerySchema,
  // The search screens and the pickup-orders screen (docs/decisions/0052-search-screens.md).
  searchDeletedOrders: searchDeletedOrdersQuerySchema,
  consignmentsInSameLoadCarrier: consignmentsInSameLoadCarrierQuerySchema,
  pickupOrders: pickupOrdersQuerySchema,
  unconfirmedOrders: unconfirmedOrdersQuerySchema,
  unconfirmedOrdersCount: unconfirmedOrdersCountQuerySchema,
  unresolvedAddresses: unresolvedAddressesQuerySchema,
  unresolvedAddressCount: unresolvedAddressCountQuerySchema,
  addressAutocomplete: addressAutocompleteQuerySchema,
  pinnedAddress: pinnedAddressQuerySchema,
  labelUrls: labelUrlsQuerySchema,
  units: unitsQuerySchema,
  vehicles: vehiclesQuerySchema,
  couriers: couriersQuerySchema,
  slots: slotsQuerySchema,
  slotById: slotByIdQuerySchema,
  routePoints: routePointsQuerySchema,
  courierSlots: courierSlotsQuerySchema,
  templatesByDepartmentIds: templatesQuerySchema,
  suggestedUnitsForLocation: suggestedUnitsForLocationQuerySchema,
  suggestedUnitsForOrder: suggestedUnitsForOrderQuerySchema,
  waybills: waybillsQuerySchema,
  deliveryNotes: deliveryNotesQuerySchema,
  optimizeRequest: optimizeRequestQuerySchema,
  optimizingRuns: optimizingRunsQuerySchema,
  optimizingData: optimizingByIdQuerySchema,
  optimizingRequest: optimizingByIdQuerySchema,
  optimizingResponse: optimizingByIdQuerySchema,
  optimizingError: optimizingByIdQuerySchema,
  latestOptimizingIdForSlot: latestOptimizingIdForSlotQuerySchema,
  routeSuggestions: routeSuggestionsQuerySchema,
  getShipmentDetailsFromTracking: trackingQuerySchema,
  shipmentTracking: shipmentTrackingQuerySchema,
  articles: articlesQuerySchema,
  articlesInArticleGroup: articlesInGroupQuerySchema,
  priceLists: priceListsQuerySchema,
  orderPrice: orderPriceQuerySchema,
  multiStopOrderPrice: multiStopOrderPriceQuerySchema,
  invoicedOrderPrice: invoicedOrderPriceQuerySchema,
  multilegOrderPrice: multilegOrderPriceQuerySchema,
  invoicingData: invoicingDataQuerySchema,
  orderCorrections: orderCorrectionsQuerySchema,
  invoicingRuns: invoicingRunsQuerySchema,
  invoices: invoicesQuerySchema,
  billingOrders: billingOrdersQuerySchema,
  customerInvoiceSplit: customerInvoiceSplitQuerySchema,
  // Recurring orders (docs/decisions/0058-recurring-orders.md).
  recurringOrders: recurringOrdersQuerySchema,
  recurringOrdersForDepartmentIds: recurringOrdersForDepartmentIdsQuerySchema,
  getRecurringExecutedDates: recurringExecutedDatesQuerySchema,
  recurringOrderResult: recurringOrderResultQuerySchema,
  recurringOrderCalendar: recurringOrderCalendarQuerySchema,
  // Pre-advice (docs/decisions/0062-pre-advice.md).
  preAdvicePolicies: preAdvicePoliciesQuerySchema,
  preAdviceServicePolicies: preAdviceServicePoliciesQuerySchema,
  customerSmsText: customerSmsTextQuerySchema,
  customerEventEmail: customerEventEmailQuerySchema,
  preAdviceForOrder: preAdviceForOrderQuerySchema,
  preAdviceFollowUp: preAdviceFollowUpQuerySchema,
  // Spreadsheet import (docs/decisions/0059-import.md).
  getImportStatus: importStatusQuerySchema,
  getImportResults: importResultsQuerySchema,
  // The address book (docs/decisions/0061-address-book.md).
  addresses: addressesQuerySchema,
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
