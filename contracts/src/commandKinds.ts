import type { CommandName } from './registry.js';

/**
 * What each command does to its entity. The type makes the table complete: a new command is
 * classified the day it is added, and the registry-driven suites (update semantics, fuzzing)
 * find it here. `update`: changes named fields of one existing entity (see `updateCommands`).
 * `read`: changes nothing; it answers data beside the command result and appends no event (a
 * look-up the spec names a command, SEARCH_RECIPIENT_ID, docs/decisions/0089): its outcome is
 * never kept, so a repeated commandId reads again.
 */
export type CommandKind = 'create' | 'update' | 'delete' | 'action' | 'read';
export const commandKinds: Record<CommandName, CommandKind> = {
  CREATE_DEPARTMENT: 'create',
  UPDATE_DEPARTMENT: 'update',
  CREATE_CUSTOMER: 'create',
  UPDATE_CUSTOMER: 'update',
  DELETE_CUSTOMER: 'delete',
  CREATE_ORDER: 'create',
  UPDATE_ORDER: 'update',
  MOVE_ORDERS: 'action',
  MOVE_ORDERS_NEW: 'action',
  SEARCH_RECIPIENT_ID: 'read',
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
  CREATE_API_KEY: 'create',
  ROTATE_API_KEY: 'action',
  REVOKE_API_KEY: 'action',
  CREATE_HOLIDAY: 'create',
  DELETE_HOLIDAY: 'delete',
  // A job's switch: it names no fields (0076).
  ENABLE_JOB: 'action',
  DISABLE_JOB: 'action',
  CREATE_BANNER: 'create',
  UPDATE_BANNER: 'update',
  DELETE_BANNER: 'delete',
  CREATE_NEWS: 'create',
  UPDATE_NEWS: 'update',
  DELETE_NEWS: 'delete',
  CREATE_WHATS_THIS_MODAL: 'create',
  UPDATE_WHATS_THIS_MODAL: 'update',
  DELETE_WHATS_THIS_MODAL: 'delete',
  CREATE_NUMBER_SERIES: 'create',
  UPDATE_NUMBER_SERIES: 'update',
  DELETE_NUMBER_SERIES: 'delete',
  SET_COURIER_LOCATION: 'action',
  // Scans are recorded, never edited (0064).
  ADD_SCANNED_EVENTS: 'action',
  // A delivery's proof is recorded with it, never edited (0068).
  RECORD_DELIVERY_PROOF: 'action',
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
  // Each sets one field of many orders, through UPDATE_ORDER (as the times above; 0086).
  UPDATE_ORDER_SERVICE_LEVEL: 'action',
  UPDATE_ORDER_VEHICLE_TYPE: 'action',
  UPDATE_DELIVERY_TIME: 'action',
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
  // A recipient's answer on the tracking page (0063): one decision on the order, no named fields.
  RECIPIENT_REQUEST_DAY: 'action',
  RECIPIENT_LEAVE_AT_DOOR: 'action',
  RECIPIENT_CHOOSE_PICKUP_POINT: 'action',
  // The recipient's net promoter answer after delivery (0083).
  RECIPIENT_RATE_DELIVERY: 'action',
  // Webhooks (docs/decisions/0070-webhooks.md).
  CREATE_WEBHOOK: 'create',
  UPDATE_WEBHOOK: 'update',
  ROTATE_WEBHOOK_SECRET: 'action',
  DELETE_WEBHOOK: 'delete',
  REPLAY_WEBHOOK_MESSAGE: 'action',
  // A batch of new orders, all or none (docs/decisions/0059-import.md).
  CREATE_ORDERS: 'create',
  // The address book (docs/decisions/0061-address-book.md).
  CREATE_ADDRESS: 'create',
  UPDATE_ADDRESS: 'update',
  DELETE_ADDRESS: 'delete',
  // Creates the department's week, or replaces it whole (every field named, none merged): the
  // admin screen's create (docs/decisions/0078-time-windows.md).
  UPSERT_DEPARTMENT_TIME_WINDOW: 'create',
  ADD_PRODUCTION_TIME_WINDOW: 'create',
  EDIT_PRODUCTION_TIME_WINDOW: 'update',
  DELETE_PRODUCTION_TIME_WINDOW: 'delete',
  CREATE_MATRIX_ENTRY: 'create',
  UPDATE_MATRIX_ENTRY: 'update',
  DELETE_MATRIX_ENTRY: 'delete',
  // Services and texts (docs/decisions/0081-services-and-texts.md): a service's mapping is
  // its transport article's (made by CREATE_ARTICLE), two flags changed by name.
  CREATE_TEXT: 'create',
  UPDATE_TEXT: 'update',
  DELETE_TEXT: 'delete',
  UPDATE_SERVICE_MAPPING: 'update',
  // Upsales rules (docs/decisions/0087-upsales-rules.md): the switch names no field.
  CREATE_UPSALES_RULE: 'create',
  UPDATE_UPSALES_RULE: 'update',
  DELETE_UPSALES_RULE: 'delete',
  ENABLE_UPSALES_RULE: 'action',
  DISABLE_UPSALES_RULE: 'action',
  // Vendors (docs/decisions/0091-vendors.md): connecting sets a site's units.
  CREATE_VENDOR: 'create',
  UPDATE_VENDOR: 'update',
  DELETE_VENDOR: 'delete',
  CONNECT_UNITS_TO_VENDOR_SITE: 'action',
  // Same-day home delivery (docs/decisions/0092-shd.md): the department's settings set whole,
  // the admin screen's create (as the department's week, 0078).
  UPSERT_SHD_SETTINGS: 'create',
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
  EDIT_PRODUCTION_TIME_WINDOW: {
    idField: 'id',
    create: 'ADD_PRODUCTION_TIME_WINDOW',
    entity: 'productionTimeWindows',
  },
  UPDATE_MATRIX_ENTRY: {
    idField: 'id',
    create: 'CREATE_MATRIX_ENTRY',
    entity: 'departmentMatrix',
  },
  UPDATE_TEXT: { idField: 'id', create: 'CREATE_TEXT', entity: 'texts' },
  UPDATE_SERVICE_MAPPING: { idField: 'id', create: 'CREATE_ARTICLE', entity: 'serviceMappings' },
  UPDATE_UPSALES_RULE: { idField: 'id', create: 'CREATE_UPSALES_RULE', entity: 'upsalesRules' },
  UPDATE_VENDOR: { idField: 'id', create: 'CREATE_VENDOR', entity: 'vendors' },
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
  UPDATE_WEBHOOK: { idField: 'id', create: 'CREATE_WEBHOOK', entity: 'webhooks' },
  UPDATE_NUMBER_SERIES: {
    idField: 'id',
    create: 'CREATE_NUMBER_SERIES',
    entity: 'numberSeries',
  },
  UPDATE_BANNER: { idField: 'id', create: 'CREATE_BANNER', entity: 'cmsBanners' },
  UPDATE_NEWS: { idField: 'id', create: 'CREATE_NEWS', entity: 'cmsBanners' },
  UPDATE_WHATS_THIS_MODAL: {
    idField: 'id',
    create: 'CREATE_WHATS_THIS_MODAL',
    entity: 'cmsHelpModals',
  },
} as const satisfies Partial<Record<CommandName, UpdateCommand>>;
export type UpdateCommandName = keyof typeof updateCommands;
