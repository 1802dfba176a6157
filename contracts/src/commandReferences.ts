import type { EntityName } from './entities.js';
import type { CommandName } from './registry.js';

/**
 * References are checked like reads (docs/decisions/0039): every id a command names must exist and
 * be one the caller may read, by the rule the query side reads that entity with (`rowVisible` of
 * contracts/entities.ts). The command service checks each declared field before a handler runs and
 * refuses what does not pass as a read of it would: 404, alike for "does not exist" and "not yours".
 *
 * `departmentAccess`: a department access list entry, a department or a department group
 * (`group_{n}`), each read by its own entity's rule.
 */
export type ReferenceEntity =
  | Extract<
      EntityName,
      | 'departments'
      | 'customers'
      | 'orders'
      | 'slots'
      | 'couriers'
      | 'units'
      | 'templates'
      | 'users'
      | 'roles'
      | 'departmentGroups'
      | 'customerGroups'
      | 'recurringOrders'
      | 'addresses'
      | 'webhooks'
      | 'vendors'
    >
  | 'departmentAccess';

/** An id-looking field that names no entity of the product the caller reads (and why). */
export interface NotAReference {
  not: string;
}

/** A payload field: the entity it references, or why it references none. */
export type FieldDeclaration = ReferenceEntity | NotAReference;

/**
 * A payload path: field names joined by `.`, `[]` after an array's name (`courierUserIds[]`,
 * `stops[].consignmentId`). A test walks every command's schema and fails on a field whose name
 * ends in `Id`/`Ids` that is not declared here, and on a declared path the schema lacks.
 */
export type CommandReferences = Readonly<Record<string, FieldDeclaration>>;

const external = (why: string): NotAReference => ({ not: why });
const trackingKey = external("a tracking link's key: the only credential of a public answer");
const alystra = external('a code in the customer systems (Alystra, NPS), not an id of ours');
const orderCodes = {
  emailId: external('the id of the e-mail the order came in, from the mail system'),
  'pickup.pupUnitId': external('a pick-up point of the carrier network, by its own code'),
  'delivery.pupUnitId': external('a pick-up point of the carrier network, by its own code'),
  serviceId: external('a service code of the booking source'),
  preplannedUnitId: external('free text of the booking source; planning does not read it'),
  preplannedTemplateSlotId: external('free text of the booking source; planning does not read it'),
  groupId: external('a grouping key the client chooses'),
  loadCarrierId: external('a pallet, cage or container by the code the sender or terminal gives'),
  'measurements[].packageId': external('a package number (SSCC) the order carries'),
  'measurements[].packageIds[]': external('package numbers (SSCC) the order carries'),
} as const;
const createOrderReferences = {
  departmentId: 'departments',
  customerId: 'customers',
  parentId: 'orders',
  selectedDepartmentId: 'departments',
  ...orderCodes,
} as const;
/** An upsales rule's extra (0087): the catalogue is the whole product's, its kind checked. */
const upsalesExtra = external(
  'an article of the catalogue (product-wide): the handler refuses one that is not a value-added service',
);
const slotKey = external('a key inside the slot, chosen by the client');

/** Every command's id fields (the type makes the table complete: a new command is listed). */
export const commandReferences: Record<CommandName, CommandReferences> = {
  CREATE_DEPARTMENT: { alystraId: alystra, npsId: alystra },
  UPDATE_DEPARTMENT: { alystraId: alystra, npsId: alystra },
  CREATE_CUSTOMER: { departmentId: 'departments', alystraId: alystra },
  UPDATE_CUSTOMER: { departmentId: 'departments', alystraId: alystra },
  DELETE_CUSTOMER: {},
  CREATE_ORDER: createOrderReferences,
  // Each order of the batch as CREATE_ORDER's (docs/decisions/0059-import.md).
  CREATE_ORDERS: Object.fromEntries(
    Object.entries(createOrderReferences).map(([path, ref]) => [`orders[].${path}`, ref]),
  ),
  UPDATE_ORDER: {
    orderId: 'orders',
    customerId: 'customers',
    selectedDepartmentId: 'departments',
    ...orderCodes,
  },
  MOVE_ORDERS: { 'orderIds[]': 'orders', departmentId: 'departments' },
  MOVE_ORDERS_NEW: { 'orderIds[]': 'orders', departmentId: 'departments' },
  ACCEPT_ORDERS: { 'orderIds[]': 'orders' },
  REJECT_ORDERS: { 'orderIds[]': 'orders' },
  RESOLVE_ADDRESS: { consignmentId: 'orders' },
  // The address book (0061): its department and customer, as a booking names them.
  CREATE_ADDRESS: {
    departmentId: 'departments',
    customerId: 'customers',
    'block.pupUnitId': orderCodes['delivery.pupUnitId'],
  },
  UPDATE_ADDRESS: {
    id: 'addresses',
    departmentId: 'departments',
    customerId: 'customers',
    'block.pupUnitId': orderCodes['delivery.pupUnitId'],
  },
  DELETE_ADDRESS: { id: 'addresses' },
  // The customer whose recipients are searched, and the booking's department (0089).
  SEARCH_RECIPIENT_ID: { customerId: 'customers', departmentId: 'departments' },
  PIN_ADDRESS: { departmentId: 'departments' },
  UNRESOLVE_DELIVERY_ADDRESS: { 'consignmentIds[]': 'orders' },
  UNRESOLVE_PICKUP_ADDRESS: { 'consignmentIds[]': 'orders' },
  UPDATE_CONSIGNMENT_SLOT: { 'consignmentIds[]': 'orders', slotId: 'slots' },
  UNASSIGN_CONSIGNMENTS: { 'consignmentIds[]': 'orders' },
  MANUAL_COLLECT: { 'consignmentIds[]': 'orders' },
  MANUAL_DELIVER: { 'consignmentIds[]': 'orders' },
  MANUAL_DEVIATE: { 'consignmentIds[]': 'orders' },
  RECORD_DELIVERY_PROOF: { orderId: 'orders' },
  CREATE_DEVIATION: { orderId: 'orders' },
  UPDATE_DEVIATION: { orderId: 'orders' },
  DELETE_DEVIATION: { orderId: 'orders' },
  COPY_DEVIATED_ORDER: {
    orderId: 'orders',
    'delivery.pupUnitId': orderCodes['delivery.pupUnitId'],
  },
  CREATE_MULTILEG_RETURN: { orderId: 'orders' },
  CREATE_MULTILEG_RETURNS: { 'orderIds[]': 'orders' },
  MANUAL_RETURN: { 'consignmentIds[]': 'orders' },
  DELETE_ORDERS: { 'orderIds[]': 'orders' },
  ERASE_PERSONAL_DATA: {
    'orderIds[]': 'orders',
    'addressIds[]': 'addresses',
    'userIds[]': external(
      'users deleted before are erased too, which no read shows; the command is for an ADMIN of every department, who reads every user (the decider refuses an id no user ever had)',
    ),
  },
  RESTORE_ORDERS: { 'orderIds[]': 'orders' },
  CREATE_USER: {
    'departmentIds[]': 'departmentAccess',
    customerId: 'customers',
    courierId: external('the courier identity a COURIER user reports as (its own)'),
  },
  UPDATE_USER: {
    'departmentIds[]': 'departmentAccess',
    customerId: 'customers',
    courierId: external('the courier identity a COURIER user reports as (its own)'),
  },
  DELETE_USER: {},
  CREATE_PLANNER: {},
  UPDATE_PLANNER: {},
  CREATE_ROLE: {},
  UPDATE_ROLE: {},
  DELETE_ROLE: {},
  ADD_ROLES_TO_USER: { 'roleIds[]': 'roles', userId: 'users' },
  REMOVE_ROLES_FROM_USER: { 'roleIds[]': 'roles', userId: 'users' },
  CREATE_DEPARTMENT_GROUP: { 'departmentIds[]': 'departments' },
  UPDATE_DEPARTMENT_GROUP: { 'departmentIds[]': 'departments' },
  DELETE_DEPARTMENT_GROUP: {},
  CREATE_CUSTOMER_GROUP: { 'customerIds[]': 'customers' },
  UPDATE_CUSTOMER_GROUP: { 'customerIds[]': 'customers' },
  DELETE_CUSTOMER_GROUP: {},
  CREATE_API_KEY: { customerId: 'customers' },
  ROTATE_API_KEY: {},
  REVOKE_API_KEY: {},
  CREATE_HOLIDAY: {},
  DELETE_HOLIDAY: {},
  UPSERT_DEPARTMENT_TIME_WINDOW: { departmentId: 'departments' },
  ADD_PRODUCTION_TIME_WINDOW: { departmentId: 'departments' },
  EDIT_PRODUCTION_TIME_WINDOW: {},
  DELETE_PRODUCTION_TIME_WINDOW: {},
  CREATE_MATRIX_ENTRY: { departmentId: 'departments' },
  UPDATE_MATRIX_ENTRY: {},
  DELETE_MATRIX_ENTRY: {},
  CREATE_TEXT: {},
  UPDATE_TEXT: {},
  DELETE_TEXT: {},
  UPDATE_SERVICE_MAPPING: {},
  CREATE_UPSALES_RULE: {
    articleId: upsalesExtra,
    'customerIds[]': 'customers',
    'customerGroupIds[]': 'customerGroups',
  },
  UPDATE_UPSALES_RULE: {
    articleId: upsalesExtra,
    'customerIds[]': 'customers',
    'customerGroupIds[]': 'customerGroups',
  },
  DELETE_UPSALES_RULE: {},
  ENABLE_UPSALES_RULE: {},
  DISABLE_UPSALES_RULE: {},
  CREATE_VENDOR: { departmentId: 'departments' },
  UPDATE_VENDOR: {},
  DELETE_VENDOR: {},
  CONNECT_UNITS_TO_VENDOR_SITE: { vendorId: 'vendors', 'unitIds[]': 'units' },
  UPSERT_SHD_SETTINGS: {
    departmentId: 'departments',
    // The services that count as same-day home delivery (0092), by their article codes.
    'serviceIds[]': external('transport article codes, matched against the orders booked'),
  },
  ENABLE_JOB: {},
  DISABLE_JOB: {},
  CREATE_BANNER: {},
  UPDATE_BANNER: {},
  DELETE_BANNER: {},
  CREATE_NEWS: {},
  UPDATE_NEWS: {},
  DELETE_NEWS: {},
  CREATE_WHATS_THIS_MODAL: {},
  UPDATE_WHATS_THIS_MODAL: {},
  DELETE_WHATS_THIS_MODAL: {},
  CREATE_NUMBER_SERIES: { departmentId: 'departments', customerId: 'customers' },
  UPDATE_NUMBER_SERIES: {},
  DELETE_NUMBER_SERIES: {},
  SET_COURIER_LOCATION: {
    courierId: external("the caller's own courier identity (the handler refuses any other)"),
  },
  // The scanned codes are looked up on the slot's route only (0064).
  ADD_SCANNED_EVENTS: {
    slotId: 'slots',
    'scans[].consignmentId': external(
      'the stop a scan was made at (0071): used only when it is an order on the slot’s route, which the slot’s own check covers; any other id changes nothing',
    ),
  },
  CREATE_LABEL: {
    orderId: 'orders',
    shipmentId: external('a shipment number (GSIN); its order is found and read-checked there'),
  },
  CREATE_MULTIPLE_LABEL: { 'orderIds[]': 'orders' },
  CREATE_UNIT: {
    alystraId: alystra,
    departmentId: 'departments',
    'courierUserIds[]': 'couriers',
    assignedDepartmentId: 'departments',
  },
  UPDATE_UNIT: {
    alystraId: alystra,
    departmentId: 'departments',
    'courierUserIds[]': 'couriers',
    assignedDepartmentId: 'departments',
  },
  DEACTIVATE_UNIT: {},
  ASSIGN_VEHICLE_TO_DEPARTMENT: { vehicleId: 'units', departmentId: 'departments' },
  UNASSIGN_VEHICLE_FROM_DEPARTMENT: { vehicleId: 'units' },
  CREATE_COURIER_USER: {
    driverId: external("the courier's driver number in the carrier's systems"),
    'unitIds[]': 'units',
    departmentId: 'departments',
  },
  UPDATE_COURIER_USER: {
    driverId: external("the courier's driver number in the carrier's systems"),
    'unitIds[]': 'units',
    departmentId: 'departments',
  },
  CREATE_SLOT: {
    departmentId: 'departments',
    courierId: 'couriers',
    unitId: 'units',
    vehicleId: 'units',
  },
  UPDATE_SLOT: {},
  DELETE_SLOT: {},
  CHANGE_SLOT_STATE: { slotId: 'slots' },
  TOGGLE_SLOT_MANUAL_PLANNING: { slot: 'slots' },
  ASSIGN_COURIER_TO_SLOT: { slotId: 'slots', courierId: 'couriers' },
  ASSIGN_UNIT_TO_SLOT: { slotId: 'slots', unitId: 'units' },
  ASSIGN_VEHICLE_TO_SLOT: { slotId: 'slots', vehicleId: 'units' },
  UNASSIGN_VEHICLE_FROM_SLOT: { slotId: 'slots' },
  UPDATE_AREA_IN_SLOT: { slotId: 'slots', 'area.id': slotKey },
  REMOVE_AREA_FROM_SLOT: { slotId: 'slots', areaId: slotKey },
  CREATE_ROUTE: { slotId: 'slots', 'consignmentIds[]': 'orders' },
  UPDATE_ROUTE: { slotId: 'slots', 'stops[].consignmentId': 'orders' },
  DELETE_ROUTE: { slotId: 'slots' },
  DELETE_BREAK_FROM_ROUTE: { slotId: 'slots' },
  CREATE_OR_UPDATE_TEMPLATE: {
    departmentId: 'departments',
    'slots[].courierId': 'couriers',
    'slots[].unitId': 'units',
    'slots[].vehicleId': 'units',
  },
  CREATE_SLOTS_FROM_TEMPLATE: { templateId: 'templates' },
  DELETE_TEMPLATE: {},
  SET_PICKUP_AND_DELIVERY_DURATIONS: { 'orderIds[]': 'orders' },
  GROUP_ORDERS: { groupId: external('a grouping key the client chooses'), 'orderIds[]': 'orders' },
  UPDATE_PICKUP_AND_DELIVERY_TIMES: { 'orderIds[]': 'orders' },
  UPDATE_ORDER_SERVICE_LEVEL: {
    'orderIds[]': 'orders',
    serviceId: external('a transport article code (checked against the catalogue)'),
  },
  UPDATE_ORDER_VEHICLE_TYPE: { 'orderIds[]': 'orders' },
  UPDATE_DELIVERY_TIME: { 'orderIds[]': 'orders' },
  START_OPTIMIZING: { departmentId: 'departments', 'slotIds[]': 'slots' },
  CANCEL_RUNNING_OPTIMIZING: {},
  REVERSED_OPTIMIZE_SLOT: { slot: 'slots' },
  OPTIMIZE_SLOT_ON_SHIPMENT_LEVEL: { slot: 'slots' },
  CREATE_SUGGESTED_ROUTE: { slot: 'slots' },
  CREATE_SUGGESTED_ROUTE_WITH_CONSIGNMENTS: { slot: 'slots', 'consignments[]': 'orders' },
  REORDER_SUGGESTED_ROUTE: { slot: 'slots', 'route[].consignmentId': 'orders' },
  APPLY_SUGGESTED_ROUTE: { slot: 'slots', 'consignmentIdsToUnassign[]': 'orders' },
  CANCEL_SUGGESTED_ROUTE: { slot: 'slots' },
  DELETE_UNASSIGNED_ROUTE_POINT_SUGGESTIONS: { 'consignments[]': 'orders' },
  CREATE_ARTICLE: {},
  UPDATE_ARTICLE: {},
  DELETE_ARTICLE: {},
  CREATE_PRICE_LIST: {
    customerId: 'customers',
    customerGroupId: 'customerGroups',
    departmentId: 'departments',
  },
  UPDATE_PRICE_LIST: {},
  DELETE_PRICE_LIST: {},
  PAUSE_ORDER_INVOICING: { 'orderIds[]': 'orders' },
  RELEASE_ORDER_INVOICING: { 'orderIds[]': 'orders' },
  SET_ORDER_INVOICING_STATUS: { 'orderIds[]': 'orders' },
  UPDATE_ORDER_PRICE_CORRECTIONS: { orderId: 'orders' },
  CREATE_ORDER_CORRECTION: { orderId: 'orders' },
  ACCEPT_ORDER_CORRECTION: { orderId: 'orders' },
  REJECT_ORDER_CORRECTION: { orderId: 'orders' },
  START_INVOICING_RUN: { departmentId: 'departments', customerId: 'customers' },
  CREATE_BILLING_ORDER: {
    departmentId: 'departments',
    customerId: 'customers',
    'items[].creditLineId': external('a line of an invoice in the invoicing system'),
  },
  UPDATE_CUSTOMER_INVOICE_SPLIT: {},
  SAVE_RECURRING_ORDER: { recurringOrderId: 'recurringOrders', 'orderIds[]': 'orders' },
  REMOVE_ORDERS_FROM_RECURRING_ORDERS: {
    'recurringOrderIds[]': 'recurringOrders',
    'orderIds[]': external('orders the recurring orders hold (a copy): the order may be gone'),
  },
  SET_RECURRING_ORDER_PAUSED: { id: 'recurringOrders' },
  DELETE_RECURRING_ORDER: { id: 'recurringOrders' },
  EXECUTE_RECURRING_ORDERS: { department: 'departments' },
  CREATE_PRE_ADVICE_POLICY: {
    customerId: 'customers',
    customerGroupId: 'customerGroups',
    departmentId: 'departments',
    serviceId: external('a service code of the booking source'),
  },
  DELETE_PRE_ADVICE_POLICY: {},
  PRE_ADVICE_MANUAL_ATTEMPT: { 'orderIds[]': 'orders' },
  SEND_PRE_PICKUP_SMS: { 'orderIds[]': 'orders' },
  LOCK_PRE_ADVICE: { 'orderIds[]': 'orders' },
  UNLOCK_PRE_ADVICE: { 'orderIds[]': 'orders' },
  CREATE_WEBHOOK: { customerId: 'customers' },
  UPDATE_WEBHOOK: { id: 'webhooks' },
  ROTATE_WEBHOOK_SECRET: { id: 'webhooks' },
  DELETE_WEBHOOK: { id: 'webhooks' },
  REPLAY_WEBHOOK_MESSAGE: {
    webhookId: 'webhooks',
    messageId: external("a delivery of the hook (the queue checks it is the hook's)"),
  },
  // The recipient's answers (0063): the tracking key is the credential, not a readable id; the
  // handler finds its one order, and takes only a pickup point of that order's department.
  RECIPIENT_REQUEST_DAY: { trackingId: trackingKey },
  RECIPIENT_LEAVE_AT_DOOR: { trackingId: trackingKey },
  // The net promoter answer (0083): the key is the credential, as the answers' above.
  RECIPIENT_RATE_DELIVERY: { trackingId: trackingKey },
  RECIPIENT_CHOOSE_PICKUP_POINT: {
    trackingId: trackingKey,
    pickupPointId: external(
      "an address of the key's order's department marked as a pickup point (the handler checks)",
    ),
  },
};

export const isReference = (d: FieldDeclaration): d is ReferenceEntity => typeof d === 'string';

/** The fields of a command that reference entities, with the entity each names. */
export const referenceFields = (name: CommandName): { path: string; entity: ReferenceEntity }[] =>
  Object.entries(commandReferences[name]).flatMap(([path, d]) =>
    isReference(d) ? [{ path, entity: d }] : [],
  );

/** The ids a payload holds at a path (each once, in order; null and absent values skipped). */
export function idsAt(payload: unknown, path: string): string[] {
  let values: unknown[] = [payload];
  for (const segment of path.split('.')) {
    const array = segment.endsWith('[]');
    const key = array ? segment.slice(0, -2) : segment;
    values = values.flatMap((v) => {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return [];
      const inner = (v as Record<string, unknown>)[key];
      if (!array) return [inner];
      return Array.isArray(inner) ? (inner as unknown[]) : [];
    });
  }
  const ids = values.flatMap((v) =>
    typeof v === 'string' || typeof v === 'number' ? [String(v)] : [],
  );
  return [...new Set(ids)];
}
