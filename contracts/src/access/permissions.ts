import { customerScope, type Identity } from '../identity.js';
import type { CommandName, QueryName } from '../registry.js';
import type { AccessFlag } from './flags.js';
import { allows, type RouteRule } from './routeAccess.js';
import { isRestricted, type Role } from './roles.js';

/**
 * What each command and query needs (the identity issue's one table). A caller needs any one of
 * `flags` (none listed: any logged-in user), and a role in `roles` when listed. `write` calls are
 * refused to READ_ONLY_PLANNER; restricted roles (COURIER) may send only `courier` commands.
 * `customers`: CUSTOMER users may call it for their own customer's data without the flags.
 */
export interface Permission {
  flags: readonly AccessFlag[];
  roles?: readonly Role[];
  write: boolean;
  courier?: boolean;
  customers?: boolean;
  /**
   * Only for users who see every department: data that spans departments (customer groups,
   * role entities, holidays, new departments) is not administered from inside some of them.
   */
  allDepartments?: boolean;
  /**
   * Also answered without a session, at `POST /openapi/query/{name}` (spec §7 "the openquery
   * endpoint"): the public tracking page's query. Logged-in users call it at `/api` like any
   * other (no flags needed). Only queries whose answer is made for the public may be marked so.
   */
  public?: boolean;
}

const write = (flags: AccessFlag[], extra: Partial<Permission> = {}): Permission => ({
  flags,
  write: true,
  ...extra,
});
const read = (flags: AccessFlag[], extra: Partial<Permission> = {}): Permission => ({
  flags,
  write: false,
  ...extra,
});

const shipments: AccessFlag[] = ['PLANNER_SHIPMENTS'];
const importFlags: AccessFlag[] = ['PLANNER_IMPORT_EXPORT', 'PLANNER_IMPORT_EXPORT_EXTENDED'];
const returns: AccessFlag[] = ['PLANNER_MANAGE_RETURNS', 'PLANNER_SHIPMENTS'];
const everyDepartment: Partial<Permission> = { allDepartments: true };
const labels: AccessFlag[] = ['PLANNER_BOOKING', 'PLANNER_SHIPMENTS'];
const planning: AccessFlag[] = [
  'PLANNER_ROUTE_PLANNING',
  'PLANNER_DISPATCHING',
  'PLANNER_SHIPMENTS',
];
const slots: AccessFlag[] = ['PLANNER_ROUTE_PLANNING', 'PLANNER_DISPATCHING'];
const slotReaders: AccessFlag[] = [...slots, 'PLANNER_LIVE'];
const units: AccessFlag[] = ['PLANNER_UNITS', 'PLANNER_VEHICLES'];
const optimizing: AccessFlag[] = [...slots, 'ADMIN_OPTIMIZING'];
const invoicing: AccessFlag[] = ['PLANNER_INVOICING'];
const prices: AccessFlag[] = ['PLANNER_INVOICING', 'PLANNER_BOOKING', 'PLANNER_SHIPMENTS'];
/** Recurring orders (docs/decisions/0058): the screen's flag (spec §6). */
const recurring: AccessFlag[] = ['PLANNER_RECURRING_ORDERS'];
/** The address book (docs/decisions/0061): kept on its screen, read by the booking form too. */
const addressBook: AccessFlag[] = ['PLANNER_ADDRESSES'];
/** Who looks customers up: booking, the shipments' filters, the customer admin, the address book. */
const customerLookUp: AccessFlag[] = [
  'PLANNER_BOOKING',
  'PLANNER_SHIPMENTS',
  'ADMIN_CUSTOMER',
  'ADMIN_CUSTOMER_ALL',
  ...addressBook,
];
/** The customer admin screen's flags. */
const customerAdmin: AccessFlag[] = ['ADMIN_CUSTOMER', 'ADMIN_CUSTOMER_ALL'];
/** Pre-advice (docs/decisions/0062): policies are the admin's, outcomes the planner's (§6). */
const preAdviceAdmin: AccessFlag[] = ['ADMIN_PRE_ADVICE'];
const preAdvice: AccessFlag[] = ['PLANNER_PRE_ADVICE', 'PLANNER_SHIPMENTS'];
/** Spec §6: pre-advice is read by the planner-type roles and ADMIN (not READ_ONLY_PLANNER). */
const preAdviceRoles: Role[] = ['ADMIN', 'PLANNER', 'PLUS_PLANNER', 'PARTNER'];
/** Who may replay an order's events (docs/decisions/0029-audit-replay.md). */
export const auditRoles: readonly Role[] = ['ADMIN', 'ACCOUNTING'];

export const commandPermissions: Record<CommandName, Permission> = {
  CREATE_DEPARTMENT: write(['ADMIN_DEPARTMENT'], everyDepartment),
  UPDATE_DEPARTMENT: write(['ADMIN_DEPARTMENT']),
  CREATE_CUSTOMER: write(['ADMIN_CUSTOMER', 'ADMIN_CUSTOMER_ALL']),
  UPDATE_CUSTOMER: write(['ADMIN_CUSTOMER', 'ADMIN_CUSTOMER_ALL']),
  CREATE_ORDER: write(['PLANNER_BOOKING'], { customers: true }),
  // A batch of CREATE_ORDER (the import's, 0059): who may book may book a batch.
  CREATE_ORDERS: write(['PLANNER_BOOKING'], { customers: true }),
  CREATE_ADDRESS: write(addressBook, { customers: true }),
  UPDATE_ADDRESS: write(addressBook, { customers: true }),
  DELETE_ADDRESS: write(addressBook, { customers: true }),
  // Editing is booking; customers edit their own orders while they wait for confirmation.
  UPDATE_ORDER: write(['PLANNER_BOOKING'], { customers: true }),
  // Moving needs access to both departments (checked per order and for the target).
  MOVE_ORDERS: write(['PLANNER_SHIPMENTS', 'PLANNER_BOOKING']),
  ACCEPT_ORDERS: write(['PLANNER_SHIPMENTS', 'PLANNER_BOOKING']),
  REJECT_ORDERS: write(['PLANNER_SHIPMENTS', 'PLANNER_BOOKING']),
  RESOLVE_ADDRESS: write(['PLANNER_UNRESOLVED', 'PLANNER_SHIPMENTS']),
  PIN_ADDRESS: write(['PLANNER_BOOKING', 'PLANNER_UNRESOLVED', 'PLANNER_SHIPMENTS']),
  UNRESOLVE_DELIVERY_ADDRESS: write(['PLANNER_UNRESOLVED', 'PLANNER_SHIPMENTS']),
  UNRESOLVE_PICKUP_ADDRESS: write(['PLANNER_UNRESOLVED', 'PLANNER_SHIPMENTS']),
  UPDATE_CONSIGNMENT_SLOT: write(planning),
  UNASSIGN_CONSIGNMENTS: write(planning),
  // A courier reports its own stops (the handler checks the order is on the courier's slot).
  MANUAL_COLLECT: write(shipments, { courier: true }),
  MANUAL_DELIVER: write(shipments, { courier: true }),
  MANUAL_DEVIATE: write(shipments, { courier: true }),
  // The proof of a delivery, with it (0068): as MANUAL_DELIVER.
  RECORD_DELIVERY_PROOF: write(shipments, { courier: true }),
  // The courier reports a deviation at its stop; planners correct or remove it (0051).
  CREATE_DEVIATION: write(shipments, { courier: true }),
  UPDATE_DEVIATION: write(shipments),
  DELETE_DEVIATION: write(shipments),
  // Returns are made on the manage-returns screen and from a shipment's details (0057).
  COPY_DEVIATED_ORDER: write(returns),
  CREATE_MULTILEG_RETURN: write(returns),
  CREATE_MULTILEG_RETURNS: write(returns),
  MANUAL_RETURN: write(shipments),
  DELETE_ORDERS: write(['PLANNER_SHIPMENTS', 'PLANNER_BOOKING']),
  RESTORE_ORDERS: write(['PLANNER_SHIPMENTS', 'PLANNER_BOOKING']),
  // A person's data is erased by an administrator of every department (0050).
  ERASE_PERSONAL_DATA: write(['ADMIN_PERSONAL_DATA'], { roles: ['ADMIN'], ...everyDepartment }),
  CREATE_USER: write(['ADMIN_USERS']),
  UPDATE_USER: write(['ADMIN_USERS']),
  DELETE_USER: write(['ADMIN_USERS']),
  CREATE_PLANNER: write(['ADMIN_USERS']),
  UPDATE_PLANNER: write(['ADMIN_USERS']),
  CREATE_ROLE: write(['ADMIN_ROLE'], everyDepartment),
  UPDATE_ROLE: write(['ADMIN_ROLE'], everyDepartment),
  DELETE_ROLE: write(['ADMIN_ROLE'], everyDepartment),
  ADD_ROLES_TO_USER: write(['ADMIN_USERS', 'ADMIN_ROLE']),
  REMOVE_ROLES_FROM_USER: write(['ADMIN_USERS', 'ADMIN_ROLE']),
  CREATE_DEPARTMENT_GROUP: write(['ADMIN_DEPARTMENT_GROUP']),
  UPDATE_DEPARTMENT_GROUP: write(['ADMIN_DEPARTMENT_GROUP']),
  DELETE_DEPARTMENT_GROUP: write(['ADMIN_DEPARTMENT_GROUP']),
  CREATE_CUSTOMER_GROUP: write(['ADMIN_CUSTOMER_GROUP'], everyDepartment),
  UPDATE_CUSTOMER_GROUP: write(['ADMIN_CUSTOMER_GROUP'], everyDepartment),
  DELETE_CUSTOMER_GROUP: write(['ADMIN_CUSTOMER_GROUP'], everyDepartment),
  CREATE_HOLIDAY: write(['ADMIN_HOLIDAYS'], everyDepartment),
  DELETE_HOLIDAY: write(['ADMIN_HOLIDAYS'], everyDepartment),
  CREATE_NUMBER_SERIES: write(['ADMIN_NUMBER_SERIES']),
  DELETE_NUMBER_SERIES: write(['ADMIN_NUMBER_SERIES']),
  // Spec §6: the restricted courier role's one command (its own location; the handler checks it).
  SET_COURIER_LOCATION: write([], { roles: ['COURIER'], courier: true }),
  // Scans (0064): the courier of the slot, or whoever dispatches it (a terminal's planner).
  ADD_SCANNED_EVENTS: write([...slots, 'PLANNER_SHIPMENTS'], { courier: true }),
  // Labels are printed where orders are booked (the confirmation page) and handled (the
  // shipments grid); each print is recorded, so a read-only planner prints none (0020).
  CREATE_LABEL: write(labels, { customers: true }),
  CREATE_MULTIPLE_LABEL: write(labels, { customers: true }),
  CREATE_UNIT: write(units),
  UPDATE_UNIT: write(units),
  DEACTIVATE_UNIT: write(units),
  ASSIGN_VEHICLE_TO_DEPARTMENT: write(['PLANNER_VEHICLES']),
  UNASSIGN_VEHICLE_FROM_DEPARTMENT: write(['PLANNER_VEHICLES']),
  CREATE_COURIER_USER: write(['PLANNER_COURIERS']),
  UPDATE_COURIER_USER: write(['PLANNER_COURIERS']),
  CREATE_SLOT: write(slots),
  UPDATE_SLOT: write(slots),
  DELETE_SLOT: write(slots),
  CHANGE_SLOT_STATE: write(slots),
  TOGGLE_SLOT_MANUAL_PLANNING: write(slots),
  ASSIGN_COURIER_TO_SLOT: write(slots),
  ASSIGN_UNIT_TO_SLOT: write(slots),
  ASSIGN_VEHICLE_TO_SLOT: write([...slots, 'PLANNER_VEHICLES']),
  UNASSIGN_VEHICLE_FROM_SLOT: write([...slots, 'PLANNER_VEHICLES']),
  UPDATE_AREA_IN_SLOT: write(slots),
  REMOVE_AREA_FROM_SLOT: write(slots),
  CREATE_ROUTE: write(slots),
  UPDATE_ROUTE: write(slots),
  DELETE_ROUTE: write(slots),
  DELETE_BREAK_FROM_ROUTE: write(slots),
  CREATE_OR_UPDATE_TEMPLATE: write(['PLANNER_ROUTE_PLANNING']),
  CREATE_SLOTS_FROM_TEMPLATE: write(['PLANNER_ROUTE_PLANNING']),
  DELETE_TEMPLATE: write(['PLANNER_ROUTE_PLANNING']),
  SET_PICKUP_AND_DELIVERY_DURATIONS: write(planning),
  GROUP_ORDERS: write(planning),
  UPDATE_PICKUP_AND_DELIVERY_TIMES: write(planning),
  // Optimising is route planning (docs/decisions/0026): who plans slots runs and applies it.
  START_OPTIMIZING: write(slots),
  CANCEL_RUNNING_OPTIMIZING: write([...slots, 'ADMIN_OPTIMIZING']),
  REVERSED_OPTIMIZE_SLOT: write(slots),
  OPTIMIZE_SLOT_ON_SHIPMENT_LEVEL: write(slots),
  CREATE_SUGGESTED_ROUTE: write(slots),
  CREATE_SUGGESTED_ROUTE_WITH_CONSIGNMENTS: write(slots),
  REORDER_SUGGESTED_ROUTE: write(slots),
  APPLY_SUGGESTED_ROUTE: write(slots),
  CANCEL_SUGGESTED_ROUTE: write(slots),
  // Prices (docs/decisions/0030): the catalogue and the lists span departments.
  CREATE_ARTICLE: write(['PLANNER_INVOICING'], everyDepartment),
  UPDATE_ARTICLE: write(['PLANNER_INVOICING'], everyDepartment),
  DELETE_ARTICLE: write(['PLANNER_INVOICING'], everyDepartment),
  CREATE_PRICE_LIST: write(['PLANNER_INVOICING'], everyDepartment),
  UPDATE_PRICE_LIST: write(['PLANNER_INVOICING'], everyDepartment),
  DELETE_PRICE_LIST: write(['PLANNER_INVOICING'], everyDepartment),
  DELETE_UNASSIGNED_ROUTE_POINT_SUGGESTIONS: write(slots),
  // Invoicing (docs/decisions/0032): the invoicing flag, which the accounting role holds.
  PAUSE_ORDER_INVOICING: write(invoicing),
  RELEASE_ORDER_INVOICING: write(invoicing),
  SET_ORDER_INVOICING_STATUS: write(invoicing),
  UPDATE_ORDER_PRICE_CORRECTIONS: write(invoicing),
  // A courier reports what it measured or waited at its own stops (checked per order).
  CREATE_ORDER_CORRECTION: write([...invoicing, ...shipments], { courier: true }),
  ACCEPT_ORDER_CORRECTION: write([...invoicing, ...shipments]),
  REJECT_ORDER_CORRECTION: write([...invoicing, ...shipments]),
  START_INVOICING_RUN: write(invoicing),
  CREATE_BILLING_ORDER: write(invoicing),
  UPDATE_CUSTOMER_INVOICE_SPLIT: write([...invoicing, 'ADMIN_CUSTOMER', 'ADMIN_CUSTOMER_ALL']),
  SAVE_RECURRING_ORDER: write(recurring),
  REMOVE_ORDERS_FROM_RECURRING_ORDERS: write(recurring),
  SET_RECURRING_ORDER_PAUSED: write(recurring),
  DELETE_RECURRING_ORDER: write(recurring),
  EXECUTE_RECURRING_ORDERS: write(recurring),
  CREATE_PRE_ADVICE_POLICY: write(preAdviceAdmin),
  DELETE_PRE_ADVICE_POLICY: write(preAdviceAdmin),
  PRE_ADVICE_MANUAL_ATTEMPT: write(preAdvice, { roles: preAdviceRoles }),
  SEND_PRE_PICKUP_SMS: write(preAdvice, { roles: preAdviceRoles }),
  LOCK_PRE_ADVICE: write(preAdvice, { roles: preAdviceRoles }),
  UNLOCK_PRE_ADVICE: write(preAdvice, { roles: preAdviceRoles }),
  // Webhooks (0070): kept on the customer screen; messages replayed also from the integrations'.
  CREATE_WEBHOOK: write(customerAdmin),
  UPDATE_WEBHOOK: write(customerAdmin),
  ROTATE_WEBHOOK_SECRET: write(customerAdmin),
  DELETE_WEBHOOK: write(customerAdmin),
  REPLAY_WEBHOOK_MESSAGE: write([...customerAdmin, 'ADMIN_INTEGRATIONS']),
  // API keys (docs/decisions/0069-api-keys.md): the customer admin's; never a customer user's.
  CREATE_API_KEY: write(customerAdmin),
  ROTATE_API_KEY: write(customerAdmin),
  REVOKE_API_KEY: write(customerAdmin),
};

export const queryPermissions: Record<QueryName, Permission> = {
  // API keys and the integration look-ups (0069): the keys are the customer admin's; the
  // look-ups are booking's, and a customer's (its systems call them with a key).
  apiKeys: read(customerAdmin),
  externalServices: read(['PLANNER_BOOKING'], { customers: true }),
  hdServices: read(['PLANNER_BOOKING'], { customers: true }),
  departmentMatrixServices: read(['PLANNER_BOOKING'], { customers: true }),
  deliveryWindows: read(['PLANNER_BOOKING'], { customers: true }),
  departments: read([]),
  // The address book picks the customer an address is of (0061).
  searchCustomers: read(customerLookUp, { customers: true }),
  subcustomersForAlystraId: read(customerLookUp, { customers: true }),
  // Customer look-ups (spec §7; docs/decisions/0067): whoever may search customers.
  searchCustomersWithoutSubcustomers: read(customerLookUp, { customers: true }),
  searchCustomerAllCountries: read(customerLookUp, { customers: true }),
  allCustomersByIds: read(customerLookUp, { customers: true }),
  customerExternalCustomerNumbers: read(['ADMIN_CUSTOMER', 'ADMIN_CUSTOMER_ALL', ...invoicing], {
    customers: true,
  }),
  // Where a customer is in its move from the system it came from (0071): its admins and invoicing.
  customerMigrationStatus: read(['ADMIN_CUSTOMER', 'ADMIN_CUSTOMER_ALL', ...invoicing], {
    customers: true,
  }),
  consignments: read(
    ['PLANNER_SHIPMENTS', 'PLANNER_ROUTE_PLANNING', 'PLANNER_LIVE', 'PLANNER_DISPATCHING'],
    { customers: true },
  ),
  searchConsignments: read(
    ['PLANNER_SHIPMENTS', 'PLANNER_ROUTE_PLANNING', 'PLANNER_LIVE', 'PLANNER_DISPATCHING'],
    { customers: true },
  ),
  orderHistory: read(['ADMIN_LM_EVENTS', 'PLANNER_SHIPMENTS'], { customers: true }),
  orderDeviations: read(shipments, { customers: true }),
  // Returns (0057): the screen's lists are its flag's alone (spec §6 PLANNER_MANAGE_RETURNS);
  // a customer reads its own orders' returns and where they go.
  manageReturns: read(['PLANNER_MANAGE_RETURNS']),
  getOrderReturnDetails: read(returns, { customers: true }),
  customerReturnAddress: read(
    ['ADMIN_CUSTOMER', 'ADMIN_CUSTOMER_ALL', 'PLANNER_BOOKING', ...returns],
    { customers: true },
  ),
  // The audit replay (/admin/lmEvents): ADMIN and ACCOUNTING holding ADMIN_LM_EVENTS (0029).
  apolloAuditLogEntries: read(['ADMIN_LM_EVENTS'], { roles: auditRoles }),
  // A person's data (GDPR art. 15): an administrator of every department (0050).
  personalData: read(['ADMIN_PERSONAL_DATA'], { roles: ['ADMIN'], ...everyDepartment }),
  apolloAuditLogEntriesDetails: read(['ADMIN_LM_EVENTS'], { roles: auditRoles }),
  eventsWithSentLmStatus: read(['ADMIN_LM_EVENTS'], { roles: auditRoles }),
  roles: read(['ADMIN_ROLE', 'ADMIN_USERS']),
  users: read(['ADMIN_USERS']),
  // Groups are picked on the planner's department selection like departments (spec §2
  // `group_{n}`): every user reads the groups of their access; writes need ADMIN_DEPARTMENT_GROUP.
  departmentGroups: read([]),
  customerGroups: read(['ADMIN_CUSTOMER_GROUP'], everyDepartment),
  customerGroupMembers: read(['ADMIN_CUSTOMER_GROUP'], everyDepartment),
  // Booking needs the days without pickups or deliveries, so planners who book read them too.
  holiday: read(['ADMIN_HOLIDAYS', 'PLANNER_BOOKING']),
  courierLocationsByDepartmentId: read([
    'PLANNER_LIVE',
    'PLANNER_DISPATCHING',
    'PLANNER_ROUTE_PLANNING',
  ]),
  courierLocationsBySlotId: read(['PLANNER_LIVE', 'PLANNER_DISPATCHING', 'PLANNER_ROUTE_PLANNING']),
  numberSeries: read(['ADMIN_NUMBER_SERIES']),
  // The order form's edit, copy and restore modes, and the confirmation page.
  // The recurring-order screens list the orders a recurring order booked (0058).
  orders: read(['PLANNER_BOOKING', 'PLANNER_SHIPMENTS', ...recurring], { customers: true }),
  searchOrders: read(['PLANNER_BOOKING', 'PLANNER_SHIPMENTS'], { customers: true }),
  // Deleted orders are found to be restored (RESTORE_ORDERS' flags; docs/decisions/0052).
  searchDeletedOrders: read(['PLANNER_SHIPMENTS', 'PLANNER_BOOKING']),
  // Who reads the grid reads the consignments that travel with a row.
  consignmentsInSameLoadCarrier: read(
    ['PLANNER_SHIPMENTS', 'PLANNER_ROUTE_PLANNING', 'PLANNER_LIVE', 'PLANNER_DISPATCHING'],
    { customers: true },
  ),
  // The pickup-orders screen's one query (spec §6 PLANNER_PICKUP_ORDERS).
  pickupOrders: read(['PLANNER_PICKUP_ORDERS']),
  unconfirmedOrders: read(['PLANNER_SHIPMENTS', 'PLANNER_BOOKING']),
  unconfirmedOrdersCount: read(['PLANNER_SHIPMENTS', 'PLANNER_BOOKING']),
  // The unresolved-address screen; the count is its notice on the shipments page too (spec §8).
  unresolvedAddresses: read(['PLANNER_UNRESOLVED']),
  unresolvedAddressCount: read(['PLANNER_UNRESOLVED', 'PLANNER_SHIPMENTS']),
  // The address input of the order form, the address book and the unresolved-address screen.
  addressAutocomplete: read(['PLANNER_BOOKING', 'PLANNER_ADDRESSES', 'PLANNER_UNRESOLVED'], {
    customers: true,
  }),
  pinnedAddress: read(['PLANNER_BOOKING', 'PLANNER_UNRESOLVED', 'PLANNER_SHIPMENTS']),
  // The label page and the labels printed for orders (docs/decisions/0020).
  labelUrls: read(labels, { customers: true }),
  units: read([...units, ...slotReaders]),
  vehicles: read([...units, ...slots]),
  // The live view names each slot's courier (PLANNER_LIVE reads slots and positions too).
  couriers: read(['PLANNER_COURIERS', ...units, ...slotReaders]),
  slots: read(slotReaders),
  slotById: read(slotReaders),
  routePoints: read(slotReaders),
  // The courier's own page: its slots of the day and their stops.
  courierSlots: read([], { roles: ['COURIER'] }),
  // A slot's scans (0064): its readers, and its courier (the row rule `slot`).
  slotScans: read([...slotReaders, 'PLANNER_SHIPMENTS'], { courier: true }),
  // A stop's numbers (0064): the courier driving it (the handler checks), or the slot's readers.
  stopContact: read([...slotReaders, 'PLANNER_SHIPMENTS'], { courier: true }),
  templatesByDepartmentIds: read(['PLANNER_ROUTE_PLANNING']),
  suggestedUnitsForLocation: read(slots),
  suggestedUnitsForOrder: read(slots),
  // Route lists (docs/decisions/0021-planning.md): printed where routes are planned, dispatched
  // and shipments handled; documents of the caller's departments only.
  waybills: read(planning),
  deliveryNotes: read(planning),
  // Runs are read where routes are planned and on /admin/optimizing (ADMIN_OPTIMIZING).
  optimizeRequest: read(slots),
  optimizingRuns: read(optimizing),
  optimizingData: read(optimizing),
  optimizingRequest: read(optimizing),
  optimizingResponse: read(optimizing),
  optimizingError: read(optimizing),
  latestOptimizingIdForSlot: read(optimizing),
  routeSuggestions: read(slots),
  // The recipient's view of a shipment (contracts tracking `recipientView`): anyone with the link.
  getShipmentDetailsFromTracking: read([], { public: true }),
  // Support staff open a shipment's tracking by its number, where they may read the shipment.
  shipmentTracking: read(['PLANNER_BOOKING', 'PLANNER_SHIPMENTS'], { customers: true }),
  // The order form shows the articles and the price; invoicing reads the lists.
  articles: read(['PLANNER_INVOICING', 'PLANNER_BOOKING'], { customers: true }),
  articlesInArticleGroup: read(['PLANNER_INVOICING', 'PLANNER_BOOKING'], { customers: true }),
  priceLists: read(['PLANNER_INVOICING']),
  orderPrice: read(['PLANNER_INVOICING', 'PLANNER_BOOKING', 'PLANNER_SHIPMENTS'], {
    customers: true,
  }),
  multiStopOrderPrice: read(['PLANNER_INVOICING', 'PLANNER_BOOKING', 'PLANNER_SHIPMENTS'], {
    customers: true,
  }),
  invoicedOrderPrice: read(prices, { customers: true }),
  multilegOrderPrice: read(prices, { customers: true }),
  invoicingData: read(invoicing),
  orderCorrections: read([...invoicing, ...shipments]),
  invoicingRuns: read(invoicing),
  invoices: read(invoicing),
  billingOrders: read(invoicing),
  customerInvoiceSplit: read([...invoicing, 'ADMIN_CUSTOMER', 'ADMIN_CUSTOMER_ALL']),
  recurringOrders: read(recurring),
  recurringOrdersForDepartmentIds: read(recurring),
  getRecurringExecutedDates: read(recurring),
  recurringOrderResult: read(recurring),
  recurringOrderCalendar: read(recurring),
  // Pre-advice (0062): the policies and their texts are administered (ADMIN_PRE_ADVICE) and read
  // where the outcomes are followed up; an order's pre-advice as spec §6 says.
  preAdvicePolicies: read([...preAdviceAdmin, 'PLANNER_PRE_ADVICE']),
  preAdviceServicePolicies: read([...preAdviceAdmin, 'PLANNER_PRE_ADVICE']),
  customerSmsText: read([...preAdviceAdmin, 'PLANNER_PRE_ADVICE']),
  customerEventEmail: read([...preAdviceAdmin, 'PLANNER_PRE_ADVICE']),
  preAdviceForOrder: read(preAdvice, { roles: preAdviceRoles }),
  preAdviceFollowUp: read(['PLANNER_PRE_ADVICE'], { roles: preAdviceRoles }),
  webhooks: read([...customerAdmin, 'ADMIN_INTEGRATIONS']),
  webhookSecret: read(customerAdmin),
  webhookMessages: read([...customerAdmin, 'ADMIN_INTEGRATIONS']),
  webhookMessage: read([...customerAdmin, 'ADMIN_INTEGRATIONS']),
  webhookIntegrations: read(['ADMIN_INTEGRATIONS']),
  // Spreadsheet import (0059): whoever may import reads the imports of their departments.
  getImportStatus: read(importFlags),
  getImportResults: read(importFlags),
  addresses: read([...addressBook, 'PLANNER_BOOKING'], { customers: true }),
};

/** The file downloads (spec §7 "other calls"; contracts/src/downloads.ts names their params). */
export const downloadPermissions = {
  '/exportLocationListForSlot': queryPermissions.routePoints,
  '/exportMultilegReturnsList': queryPermissions.manageReturns,
  // The shipments export (docs/decisions/0060): who has the import/export screens.
  '/query': read(['PLANNER_IMPORT_EXPORT', 'PLANNER_IMPORT_EXPORT_EXTENDED']),
  // The address book as xlsx (0061): whoever reads the addresses.
  '/downloadCustomerAddresses': read([...addressBook, 'PLANNER_BOOKING'], { customers: true }),
} as const satisfies Record<string, Permission>;
export type DownloadPath = keyof typeof downloadPermissions;

/**
 * The import endpoints (0059, spec §6 PLANNER_IMPORT_EXPORT(_EXTENDED)): uploading a file and
 * booking a fixed row. The rows are booked by CREATE_ORDER as the uploader, whom the import
 * flag lets book through the import (`importIdentity`).
 */
export const importPermissions = {
  upload: write(importFlags),
  // The address book's upload (0061): whoever keeps the address book.
  addresses: write(addressBook, { customers: true }),
  // A row's personal cells dropped on a person's request (0059 addendum): as ERASE_PERSONAL_DATA.
  erase: commandPermissions.ERASE_PERSONAL_DATA,
} as const;

/** The queries answered without a session (`Permission.public`). */
export const publicQueries: readonly QueryName[] = (
  Object.keys(queryPermissions) as QueryName[]
).filter((name) => queryPermissions[name].public === true);

/** Why `identity` may not make this call, or null when it may (spec §6 rules). */
export function denial(
  identity: Identity,
  permission: Permission,
  kind: 'command' | 'query',
): string | null {
  if (kind === 'command' && isRestricted(identity.role) && !permission.courier)
    return `The ${identity.role} role may not send this command`;
  if (permission.write && identity.role === 'READ_ONLY_PLANNER')
    return 'A read-only planner may not change anything';
  if (permission.allDepartments && identity.departmentIds !== '*')
    return 'Only a user with access to every department may do this';
  if (permission.roles && !(permission.roles as readonly string[]).includes(identity.role))
    return `The ${identity.role} role may not do this`;
  if (permission.customers && identity.role === 'CUSTOMER')
    return identity.customerId ? null : 'This customer user belongs to no customer';
  if (permission.flags.length === 0 || identity.access.includes('*')) return null;
  // A courier sends its `courier` commands for its own work (each handler checks that it is).
  if (permission.courier && identity.role === 'COURIER') return null;
  return permission.flags.some((f) => identity.access.includes(f))
    ? null
    : `Needs one of: ${permission.flags.join(', ')}`;
}

/** May this identity see or change data of this department (and customer)? */
export function inScope(
  identity: Identity,
  departmentId: string | null,
  customerId: string | null,
): boolean {
  const customers = customerScope(identity);
  if (customers !== null && (customerId === null || !customers.includes(customerId))) return false;
  if (identity.departmentIds === '*' || departmentId === null) return true;
  return identity.departmentIds.includes(departmentId);
}

/**
 * May this user open the screen of a route rule (spec §6)? Its flags and roles, and for a screen
 * made for doing something (`commands`), one of its commands as the command table allows it. The
 * web app's routes and menus and the browser walk all ask this.
 */
export function mayOpen(
  rule: Pick<RouteRule, 'flags' | 'roles' | 'commands'>,
  identity: Identity,
): boolean {
  if (!allows(rule, identity)) return false;
  if (!rule.commands || rule.commands.length === 0) return true;
  return rule.commands.some((c) => denial(identity, commandPermissions[c], 'command') === null);
}
