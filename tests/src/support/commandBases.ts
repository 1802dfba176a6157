import { dayIn, openDates, type CommandName } from '@nordlog/contracts';
import { bookingDate, configureNumberSeries } from './booking.js';
import { startRun, waitForRun } from './optimizing.js';
import {
  sampleFleet,
  samplePlanned,
  sampleUnit,
  updateSamples,
  type SampleWorld,
} from './samples.js';
import { freshPhone, type TestSystem } from './system.js';

/**
 * A world with one entity of every kind and a valid payload of every command in it (typed by the
 * registry: a new command needs one). The fuzzing suite bends the payloads out of shape; the
 * references suite points their id fields elsewhere.
 */
export const DATE = bookingDate(2);
export const EMPTY_DAY = bookingDate(40);
export type Payload = Record<string, unknown>;

export interface World extends SampleWorld {
  order: string;
  user: string;
  role: string;
  departmentGroup: string;
  customerGroup: string;
  series: string;
  holiday: string;
  /** A banner, a news item and a help modal (docs/decisions/0077). */
  banner: string;
  news: string;
  helpModal: string;
  /** A production time window of the first department, far ahead (docs/decisions/0078). */
  productionWindow: string;
  /** A department matrix entry of the first department (docs/decisions/0079). */
  matrixEntry: string;
  /** A text of labels and a transport article (a service, its mapping) (docs/decisions/0081). */
  text: string;
  transportArticle: string;
  /** An upsales rule (0087). */
  upsalesRule: string;
  /** A vendor of the first department with a site OSL1 (0091). */
  vendor: string;
  /** A customer nothing refers to (DELETE_CUSTOMER, 0099). */
  loneCustomer: string;
  slot: string;
  template: string;
  /** A finished optimising run. */
  run: string;
  /** The tracking link's key of `order`, and its shipment number. */
  tracking: string;
  shipment: string;
  article: string;
  priceList: string;
  /** A pending order correction of `order`. */
  correction: string;
  /** A deviation of `planned`. */
  deviation: string;
  /** An order delivered (returns, docs/decisions/0057). */
  delivered: string;
  /** A recurring order of `order`, starting on EMPTY_DAY (docs/decisions/0058). */
  recurring: string;
  /** A saved address of the first department and customer (docs/decisions/0061). */
  address: string;
  /** A pre-advice policy of the first department (docs/decisions/0062). */
  preAdvicePolicy: string;
  /** A webhook of the first customer (docs/decisions/0070), and a delivery of it. */
  webhook: string;
  webhookMessage: string;
  /** An API key of the first customer (docs/decisions/0069). */
  apiKey: string;
  /**
   * The tracking key of an order of its own that the recipient's answers change (0063), so the
   * answers leave `order` as every other base expects it.
   */
  answering: string;
  /** The tracking key of `delivered`: the net promoter answer's order (0083). */
  rating: string;
}

/** The first open delivery day from tomorrow (Oslo), holidays aside (docs/decisions/0063). */
export const openDay = (): string =>
  openDates(dayIn('Europe/Oslo', new Date().toISOString()), () => false)[0]!;

export const block = {
  name: 'Kari',
  address: 'Storgata 1',
  zipCode: '0155',
  zipArea: 'Oslo',
  countryCode: 'NO',
};

/**
 * A valid payload of every command (the table is typed by the registry: a new command needs one).
 * The fuzzer bends these out of shape field by field.
 */
/** The smallest PNG: one pixel. */
export const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const commandBases: Record<CommandName, (w: World) => Payload> = {
  CREATE_DEPARTMENT: (w) => updateSamples.UPDATE_DEPARTMENT(w).create,
  UPDATE_DEPARTMENT: (w) => ({ id: w.departments[0], name: 'Oslo sentrum' }),
  CREATE_CUSTOMER: (w) => updateSamples.UPDATE_CUSTOMER(w).create,
  UPDATE_CUSTOMER: (w) => ({ id: w.customers[0], orgNumber: '974760673' }),
  DELETE_CUSTOMER: (w) => ({ id: w.loneCustomer }),
  CREATE_ORDER: (w) => ({
    departmentId: w.departments[0],
    customerId: w.customers[0],
    pickupDate: DATE,
    pickup: block,
    delivery: block,
    measurements: [{ weight: 1 }],
  }),
  UPDATE_ORDER: (w) => ({ orderId: w.order, orderNote: 'ring' }),
  // A batch of two orders (docs/decisions/0059-import.md).
  CREATE_ORDERS: (w) => ({
    orders: [0, 1].map((i) => ({
      departmentId: w.departments[0],
      customerId: w.customers[0],
      pickupDate: DATE,
      pickup: block,
      delivery: { ...block, name: `Batch ${i}` },
      measurements: [{ weight: 1 }],
    })),
  }),
  MOVE_ORDERS: (w) => ({ orderIds: [w.order], departmentId: w.departments[1] }),
  MOVE_ORDERS_NEW: (w) => ({ orderIds: [w.order], departmentId: w.departments[1] }),
  ACCEPT_ORDERS: (w) => ({ orderIds: [w.order] }),
  REJECT_ORDERS: (w) => ({ orderIds: [w.order], reason: 'OTHER', otherReason: 'x' }),
  RESOLVE_ADDRESS: (w) => ({ consignmentId: w.order, side: 'delivery', lat: 59.9, lng: 10.7 }),
  PIN_ADDRESS: (w) => ({ departmentId: w.departments[0], ...block, lat: 59.9139, lng: 10.7522 }),
  UNRESOLVE_DELIVERY_ADDRESS: (w) => ({ consignmentIds: [w.order] }),
  UNRESOLVE_PICKUP_ADDRESS: (w) => ({ consignmentIds: [w.order] }),
  UPDATE_CONSIGNMENT_SLOT: (w) => ({ consignmentIds: [w.order], slotId: w.slot }),
  UNASSIGN_CONSIGNMENTS: (w) => ({ consignmentIds: [w.order] }),
  MANUAL_COLLECT: (w) => ({ consignmentIds: [w.order], comment: 'c' }),
  MANUAL_DELIVER: (w) => ({ consignmentIds: [w.order] }),
  // A delivered order's proof (0068): a name, a signature and a photo (a 1×1 PNG).
  RECORD_DELIVERY_PROOF: (w) => ({
    orderId: w.delivered,
    recipientName: 'Kari Nordmann',
    signature: { width: 300, height: 120, strokes: [[10, 10, 40, 60, 80, 20]] },
    photos: [{ data: ONE_PIXEL_PNG }],
  }),
  MANUAL_DEVIATE: (w) => ({ consignmentIds: [w.order], reason: 'DAMAGED' }),
  CREATE_DEVIATION: (w) => updateSamples.UPDATE_DEVIATION(w).create,
  UPDATE_DEVIATION: (w) => ({ orderId: w.planned, id: w.deviation, reason: 'REFUSED' }),
  DELETE_DEVIATION: (w) => ({ orderId: w.planned, id: w.deviation }),
  COPY_DEVIATED_ORDER: (w) => ({ orderId: w.planned, to: 'SENDER' }),
  CREATE_MULTILEG_RETURN: (w) => ({ orderId: w.delivered, pickupDate: DATE }),
  CREATE_MULTILEG_RETURNS: (w) => ({ orderIds: [w.delivered], pickupDate: DATE }),
  MANUAL_RETURN: (w) => ({ consignmentIds: [w.order] }),
  DELETE_ORDERS: (w) => ({ orderIds: [w.order] }),
  RESTORE_ORDERS: (w) => ({ orderIds: [w.order] }),
  ERASE_PERSONAL_DATA: (w) => ({ orderIds: [w.order] }),
  CREATE_USER: (w) => updateSamples.UPDATE_USER(w).create,
  UPDATE_USER: (w) => ({ id: w.user, name: 'Renamed' }),
  DELETE_USER: (w) => ({ id: w.user }),
  CREATE_PLANNER: (w) => updateSamples.UPDATE_PLANNER(w).create,
  UPDATE_PLANNER: (w) => ({ id: w.user, name: 'Renamed' }),
  CREATE_ROLE: (w) => updateSamples.UPDATE_ROLE(w).create,
  UPDATE_ROLE: (w) => ({ id: w.role, description: 'd' }),
  DELETE_ROLE: (w) => ({ id: w.role }),
  ADD_ROLES_TO_USER: (w) => ({ userId: w.user, roleIds: [w.role] }),
  REMOVE_ROLES_FROM_USER: (w) => ({ userId: w.user, roleIds: [w.role] }),
  CREATE_DEPARTMENT_GROUP: (w) => updateSamples.UPDATE_DEPARTMENT_GROUP(w).create,
  UPDATE_DEPARTMENT_GROUP: (w) => ({ id: w.departmentGroup, description: 'd' }),
  DELETE_DEPARTMENT_GROUP: (w) => ({ id: w.departmentGroup }),
  CREATE_CUSTOMER_GROUP: (w) => updateSamples.UPDATE_CUSTOMER_GROUP(w).create,
  UPDATE_CUSTOMER_GROUP: (w) => ({ id: w.customerGroup, description: 'd' }),
  DELETE_CUSTOMER_GROUP: (w) => ({ id: w.customerGroup }),
  CREATE_API_KEY: (w) => ({ customerId: w.customers[0], label: 'Webshop' }),
  ROTATE_API_KEY: (w) => ({ id: w.apiKey }),
  REVOKE_API_KEY: (w) => ({ id: w.apiKey }),
  CREATE_HOLIDAY: () => ({ country: 'SE', type: 'NO_PICKUP', date: '2027-01-05' }),
  DELETE_HOLIDAY: (w) => ({ id: w.holiday }),
  // The first department's week open at every hour of every day: the other bases' bookings
  // stay valid whatever the suites send before them (docs/decisions/0078).
  UPSERT_DEPARTMENT_TIME_WINDOW: (w) => ({
    departmentId: w.departments[0],
    pickupHours: [],
    deliveryHours: [],
    bookingCutoff: null,
    minimumLeadMinutes: 0,
  }),
  ADD_PRODUCTION_TIME_WINDOW: (w) => updateSamples.EDIT_PRODUCTION_TIME_WINDOW(w).create,
  EDIT_PRODUCTION_TIME_WINDOW: (w) => ({ id: w.productionWindow, name: 'Renamed' }),
  DELETE_PRODUCTION_TIME_WINDOW: (w) => ({ id: w.productionWindow }),
  CREATE_MATRIX_ENTRY: (w) => updateSamples.UPDATE_MATRIX_ENTRY(w).create,
  UPDATE_MATRIX_ENTRY: (w) => ({ id: w.matrixEntry, leadTimeDays: 3 }),
  DELETE_MATRIX_ENTRY: (w) => ({ id: w.matrixEntry }),
  CREATE_TEXT: (w) => updateSamples.UPDATE_TEXT(w).create,
  UPDATE_TEXT: (w) => ({ id: w.text, texts: { en: 'Handle with care' } }),
  DELETE_TEXT: (w) => ({ id: w.text }),
  UPDATE_SERVICE_MAPPING: (w) => ({ id: w.transportArticle, important: true }),
  CREATE_UPSALES_RULE: (w) => updateSamples.UPDATE_UPSALES_RULE(w).create,
  UPDATE_UPSALES_RULE: (w) => ({ id: w.upsalesRule, priority: 3 }),
  DELETE_UPSALES_RULE: (w) => ({ id: w.upsalesRule }),
  ENABLE_UPSALES_RULE: (w) => ({ id: w.upsalesRule }),
  DISABLE_UPSALES_RULE: (w) => ({ id: w.upsalesRule }),
  CREATE_VENDOR: (w) => updateSamples.UPDATE_VENDOR(w).create,
  UPDATE_VENDOR: (w) => ({ id: w.vendor, name: 'Nordic Haulage' }),
  DELETE_VENDOR: (w) => ({ id: w.vendor }),
  // Same-day home delivery on for a service no other base books (0092): their bookings stay valid.
  UPSERT_SHD_SETTINGS: (w) => ({
    departmentId: w.departments[0],
    enabled: true,
    serviceIds: ['SHD_BASE'],
    dailyCapacity: 1000,
  }),
  CONNECT_UNITS_TO_VENDOR_SITE: (w) => ({
    vendorId: w.vendor,
    siteCode: 'OSL1',
    unitIds: [w.units[0]],
  }),
  ENABLE_JOB: () => ({ job: 'RETENTION' }),
  DISABLE_JOB: () => ({ job: 'RETENTION' }),
  CREATE_BANNER: (w) => updateSamples.UPDATE_BANNER(w).create,
  UPDATE_BANNER: (w) => ({ id: w.banner, level: 'WARNING' }),
  DELETE_BANNER: (w) => ({ id: w.banner }),
  CREATE_NEWS: (w) => updateSamples.UPDATE_NEWS(w).create,
  UPDATE_NEWS: (w) => ({ id: w.news, targetRoles: ['ADMIN', 'PLANNER'] }),
  DELETE_NEWS: (w) => ({ id: w.news }),
  CREATE_WHATS_THIS_MODAL: (w) => updateSamples.UPDATE_WHATS_THIS_MODAL(w).create,
  UPDATE_WHATS_THIS_MODAL: (w) => ({ id: w.helpModal, screen: '/admin/holidays' }),
  DELETE_WHATS_THIS_MODAL: (w) => ({ id: w.helpModal }),
  CREATE_NUMBER_SERIES: () => ({
    type: 'SSCC',
    companyPrefix: '7099999',
    firstSerial: 1,
    lastSerial: 10,
  }),
  UPDATE_NUMBER_SERIES: (w) => ({ id: w.series, name: 'Parcels', lastSerial: 9 }),
  DELETE_NUMBER_SERIES: (w) => ({ id: w.series }),
  SET_COURIER_LOCATION: () => ({
    courierId: '1',
    latitude: 59.9,
    longitude: 10.7,
    accuracy: 5,
    timestamp: new Date().toISOString(),
  }),
  // A scan of a code on no route: recorded with its warning (0064).
  ADD_SCANNED_EVENTS: (w) => ({
    slotId: w.slot,
    scans: [{ code: '370000000000000017', kind: 'LOADED', scannedAt: new Date().toISOString() }],
  }),
  CREATE_LABEL: (w) => ({ orderId: w.order }),
  CREATE_MULTIPLE_LABEL: (w) => ({ orderIds: [w.order] }),
  CREATE_UNIT: (w) => sampleUnit(w.departments[0], [w.couriers[0]]),
  UPDATE_UNIT: (w) => ({ id: w.units[0], capacity: 25, break: { type: 'NoBreakTime' } }),
  DEACTIVATE_UNIT: (w) => ({ id: w.units[1] }),
  ASSIGN_VEHICLE_TO_DEPARTMENT: (w) => ({ vehicleId: w.vehicle, departmentId: w.departments[1] }),
  UNASSIGN_VEHICLE_FROM_DEPARTMENT: (w) => ({ vehicleId: w.vehicle }),
  CREATE_COURIER_USER: (w) => updateSamples.UPDATE_COURIER_USER(w).create,
  UPDATE_COURIER_USER: (w) => ({ id: w.couriers[0], driverId: 'D-9', secureLoginEnabled: false }),
  CREATE_SLOT: (w) => ({
    departmentId: w.departments[0],
    name: 'Morning',
    timeFrom: `${DATE}T07:00:00+01:00`,
  }),
  UPDATE_SLOT: (w) => ({ id: w.slot, name: 'Late' }),
  DELETE_SLOT: (w) => ({ id: w.slot }),
  CHANGE_SLOT_STATE: (w) => ({ slotId: w.slot, transition: 'completePlanning' }),
  TOGGLE_SLOT_MANUAL_PLANNING: (w) => ({ slot: w.slot }),
  ASSIGN_COURIER_TO_SLOT: (w) => ({ slotId: w.slot, courierId: null }),
  ASSIGN_UNIT_TO_SLOT: (w) => ({ slotId: w.slot, unitId: null }),
  ASSIGN_VEHICLE_TO_SLOT: (w) => ({ slotId: w.slot, vehicleId: '1' }),
  UNASSIGN_VEHICLE_FROM_SLOT: (w) => ({ slotId: w.slot }),
  UPDATE_AREA_IN_SLOT: (w) => ({
    slotId: w.slot,
    area: { id: 'a1', name: 'Sentrum', postalCodes: ['0150-0199'] },
  }),
  REMOVE_AREA_FROM_SLOT: (w) => ({ slotId: w.slot, areaId: 'a1' }),
  CREATE_ROUTE: (w) => ({ slotId: w.slot, consignmentIds: [w.order] }),
  UPDATE_ROUTE: (w) => ({ slotId: w.slot, stops: [{ kind: 'delivery', consignmentId: w.order }] }),
  DELETE_ROUTE: (w) => ({ slotId: w.slot }),
  DELETE_BREAK_FROM_ROUTE: (w) => ({ slotId: w.slot }),
  CREATE_OR_UPDATE_TEMPLATE: (w) => ({
    departmentId: w.departments[0],
    name: 'Weekdays',
    weekdays: [1, 2, 3],
    slots: [{ key: 'a', name: 'Morning', timeFrom: '07:00' }],
  }),
  CREATE_SLOTS_FROM_TEMPLATE: (w) => ({ templateId: w.template, fromDate: DATE, toDate: DATE }),
  DELETE_TEMPLATE: (w) => ({ id: w.template }),
  SET_PICKUP_AND_DELIVERY_DURATIONS: (w) => ({
    orderIds: [w.order],
    pickupDurationSeconds: 330,
    deliveryDurationSeconds: null,
  }),
  GROUP_ORDERS: (w) => ({ groupId: 'g1', groupName: 'G', orderIds: [w.order], fixedOrder: true }),
  UPDATE_PICKUP_AND_DELIVERY_TIMES: (w) => ({
    orderIds: [w.order],
    deliveryTimeEarliest: '10:00',
    deliveryTimeLatest: '14:00',
  }),
  UPDATE_ORDER_SERVICE_LEVEL: (w) => ({ orderIds: [w.order], serviceId: w.articleCodes[0] }),
  UPDATE_ORDER_VEHICLE_TYPE: (w) => ({ orderIds: [w.order], vehicleType: 'cargobike' }),
  UPDATE_DELIVERY_TIME: (w) => ({
    orderIds: [w.order],
    deliveryTimeEarliest: '11:00',
    deliveryTimeLatest: '15:00',
  }),
  // Runs of an empty day of Bergen end at once; runs of the slot's day are short.
  START_OPTIMIZING: (w) => ({ departmentId: w.departments[1], date: EMPTY_DAY, seconds: 1 }),
  CANCEL_RUNNING_OPTIMIZING: (w) => ({ id: w.run }),
  REVERSED_OPTIMIZE_SLOT: (w) => ({ slot: w.slot, seconds: 1 }),
  OPTIMIZE_SLOT_ON_SHIPMENT_LEVEL: (w) => ({ slot: w.slot, seconds: 1 }),
  CREATE_SUGGESTED_ROUTE: (w) => ({ slot: w.slot }),
  CREATE_SUGGESTED_ROUTE_WITH_CONSIGNMENTS: (w) => ({
    slot: w.slot,
    consignments: [w.order],
    allowSortingErrors: true,
  }),
  REORDER_SUGGESTED_ROUTE: (w) => ({
    slot: w.slot,
    route: [{ kind: 'delivery', consignmentId: w.order }],
  }),
  APPLY_SUGGESTED_ROUTE: (w) => ({ slot: w.slot, consignmentIdsToUnassign: [] }),
  CANCEL_SUGGESTED_ROUTE: (w) => ({ slot: w.slot }),
  DELETE_UNASSIGNED_ROUTE_POINT_SUGGESTIONS: (w) => ({ consignments: [w.order] }),
  CREATE_ARTICLE: (w) => updateSamples.UPDATE_ARTICLE(w).create,
  UPDATE_ARTICLE: (w) => ({ id: w.article, label: 'Freight, road' }),
  DELETE_ARTICLE: (w) => ({ id: w.article }),
  CREATE_PRICE_LIST: (w) => updateSamples.UPDATE_PRICE_LIST(w).create,
  UPDATE_PRICE_LIST: (w) => ({ id: w.priceList, name: 'Oslo 2027' }),
  DELETE_PRICE_LIST: (w) => ({ id: w.priceList }),
  PAUSE_ORDER_INVOICING: (w) => ({ orderIds: [w.order], reason: 'Customer dispute' }),
  RELEASE_ORDER_INVOICING: (w) => ({ orderIds: [w.order] }),
  SET_ORDER_INVOICING_STATUS: (w) => ({
    orderIds: [w.order],
    status: 'EXCLUDED_FROM_INVOICING',
    reason: 'Invoiced by hand',
  }),
  UPDATE_ORDER_PRICE_CORRECTIONS: (w) => ({
    orderId: w.order,
    correctedArticlePrices: [{ articleCode: w.articleCodes[0], customerPrice: 250 }],
    reason: 'Agreed price',
  }),
  CREATE_ORDER_CORRECTION: (w) => ({
    orderId: w.order,
    numberOfPackages: 2,
    volumeDmq: 40,
    weightKilograms: 12.5,
  }),
  ACCEPT_ORDER_CORRECTION: (w) => ({
    orderId: w.order,
    id: w.correction,
    numberOfPackages: 2,
    volumeDmq: 40,
    weightKilograms: 12.5,
    deliveryWaitingTimeInMinutes: 10,
  }),
  REJECT_ORDER_CORRECTION: (w) => ({ orderId: w.order, id: w.correction }),
  START_INVOICING_RUN: (w) => ({ departmentId: w.departments[0], fromDate: DATE, toDate: DATE }),
  CREATE_BILLING_ORDER: (w) => ({
    departmentId: w.departments[0],
    customerId: w.customers[0],
    deliveryDate: DATE,
    items: [
      { specification: 'Storage', quantity: 2, customerAmount: 150.5, articleCode: 'STORAGE' },
    ],
  }),
  UPDATE_CUSTOMER_INVOICE_SPLIT: (w) => ({ id: w.customers[0], invoiceSplit: 'ORDER' }),
  SAVE_RECURRING_ORDER: (w) => ({ orderIds: [w.order], startDate: EMPTY_DAY, weekdays: [1, 3] }),
  REMOVE_ORDERS_FROM_RECURRING_ORDERS: (w) => ({
    recurringOrderIds: [w.recurring],
    orderIds: [w.order],
  }),
  SET_RECURRING_ORDER_PAUSED: (w) => ({ id: w.recurring, paused: true }),
  DELETE_RECURRING_ORDER: (w) => ({ id: w.recurring }),
  EXECUTE_RECURRING_ORDERS: (w) => ({ date: DATE, department: w.departments[0] }),
  CREATE_ADDRESS: (w) => updateSamples.UPDATE_ADDRESS(w).create,
  UPDATE_ADDRESS: (w) => ({ id: w.address, code: 'D-2' }),
  DELETE_ADDRESS: (w) => ({ id: w.address }),
  SEARCH_RECIPIENT_ID: (w) => ({
    customerId: w.customers[0],
    departmentId: w.departments[0],
    name: 'Nordmann',
  }),
  CREATE_PRE_ADVICE_POLICY: (w) => ({
    name: 'Day before',
    departmentId: w.departments[0],
    triggers: ['DAY_BEFORE'],
    channel: 'SMS',
    texts: [{ language: 'nb', smsText: 'Levering {window} fra {senderName}: {trackingLink}' }],
  }),
  DELETE_PRE_ADVICE_POLICY: (w) => ({ id: w.preAdvicePolicy }),
  PRE_ADVICE_MANUAL_ATTEMPT: (w) => ({ orderIds: [w.order] }),
  SEND_PRE_PICKUP_SMS: (w) => ({ orderIds: [w.order] }),
  LOCK_PRE_ADVICE: (w) => ({ orderIds: [w.order] }),
  UNLOCK_PRE_ADVICE: (w) => ({ orderIds: [w.order] }),
  RECIPIENT_REQUEST_DAY: (w) => ({ trackingId: w.answering, date: openDay() }),
  RECIPIENT_LEAVE_AT_DOOR: (w) => ({ trackingId: w.answering, note: 'Behind the blue door' }),
  RECIPIENT_CHOOSE_PICKUP_POINT: (w) => ({ trackingId: w.answering, pickupPointId: w.address }),
  RECIPIENT_RATE_DELIVERY: (w) => ({ trackingId: w.rating, score: 9, comment: 'Kind courier' }),
  CREATE_WEBHOOK: (w) => ({
    customerId: w.customers[0],
    url: 'http://127.0.0.1:9/hooks',
    events: ['OrderCreated', 'ConsignmentDelivered'],
    description: 'Order system',
  }),
  UPDATE_WEBHOOK: (w) => ({ id: w.webhook, events: ['OrderCreated'] }),
  ROTATE_WEBHOOK_SECRET: (w) => ({ id: w.webhook }),
  DELETE_WEBHOOK: (w) => ({ id: w.webhook }),
  REPLAY_WEBHOOK_MESSAGE: (w) => ({ webhookId: w.webhook, messageId: w.webhookMessage }),
};

/** Makes the world (as the system user): two departments, the first one holding most things. */
export async function buildWorld(sys: TestSystem): Promise<World> {
  await configureNumberSeries(sys);
  const id = async (name: string, payload: Payload) => {
    const res = await sys.command(name, payload);
    if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
    return res.body.ids[0] as string;
  };
  const dep = (name: string) =>
    id('CREATE_DEPARTMENT', { name, departmentType: 'courier', country: 'NO' });
  const departments: [string, string] = [await dep('Oslo'), await dep('Bergen')];
  const customers: [string, string] = [
    await id('CREATE_CUSTOMER', { name: 'Apotek 1', alystraId: 'C-1' }),
    await id('CREATE_CUSTOMER', { name: 'Bok' }),
  ];
  const base = {
    departments,
    customers,
    ...(await sampleFleet(sys, departments)),
    planned: await samplePlanned(sys, departments[0], customers[0]),
  };
  const world: World = {
    ...base,
    order: await id('CREATE_ORDER', commandBases.CREATE_ORDER({ ...base } as World)),
    tracking: '',
    shipment: '',
    correction: '',
    deviation: '',
    delivered: '',
    recurring: '',
    address: '',
    preAdvicePolicy: '',
    webhook: '',
    webhookMessage: '00000000-0000-4000-8000-000000000000',
    apiKey: '',
    answering: '',
    rating: '',
    article: await id('CREATE_ARTICLE', updateSamples.UPDATE_ARTICLE(base).create),
    priceList: await id('CREATE_PRICE_LIST', updateSamples.UPDATE_PRICE_LIST(base).create),
    user: await id('CREATE_PLANNER', { name: 'Per', phoneNumber: freshPhone() }),
    role: await id('CREATE_ROLE', { name: 'R', access: ['PLANNER_LIVE'] }),
    departmentGroup: await id('CREATE_DEPARTMENT_GROUP', {
      name: 'G',
      departmentIds: departments,
    }),
    customerGroup: await id('CREATE_CUSTOMER_GROUP', { name: 'G', customerIds: customers }),
    series: await id('CREATE_NUMBER_SERIES', {
      type: 'GSIN',
      companyPrefix: '7098888',
      firstSerial: 1,
      lastSerial: 9,
    }),
    holiday: await id('CREATE_HOLIDAY', { country: 'NO', type: 'NO_PICKUP', date: '2027-01-04' }),
    productionWindow: await id(
      'ADD_PRODUCTION_TIME_WINDOW',
      updateSamples.EDIT_PRODUCTION_TIME_WINDOW(base).create,
    ),
    matrixEntry: await id('CREATE_MATRIX_ENTRY', updateSamples.UPDATE_MATRIX_ENTRY(base).create),
    text: await id('CREATE_TEXT', updateSamples.UPDATE_TEXT(base).create),
    transportArticle: await id('CREATE_ARTICLE', updateSamples.UPDATE_SERVICE_MAPPING(base).create),
    upsalesRule: await id('CREATE_UPSALES_RULE', updateSamples.UPDATE_UPSALES_RULE(base).create),
    vendor: await id('CREATE_VENDOR', updateSamples.UPDATE_VENDOR(base).create),
    loneCustomer: await id('CREATE_CUSTOMER', { name: 'Solo' }),
    banner: await id('CREATE_BANNER', updateSamples.UPDATE_BANNER(base).create),
    news: await id('CREATE_NEWS', updateSamples.UPDATE_NEWS(base).create),
    helpModal: await id(
      'CREATE_WHATS_THIS_MODAL',
      updateSamples.UPDATE_WHATS_THIS_MODAL(base).create,
    ),
    slot: await id('CREATE_SLOT', commandBases.CREATE_SLOT({ ...base } as World)),
    template: await id(
      'CREATE_OR_UPDATE_TEMPLATE',
      commandBases.CREATE_OR_UPDATE_TEMPLATE({ ...base } as World),
    ),
    run: await startRun(
      sys,
      'START_OPTIMIZING',
      commandBases.START_OPTIMIZING({ ...base } as World),
    ),
  };
  await waitForRun(sys, world.run, ['COMPLETED']);
  await sys.settled();
  const ordered = (await sys.query('orders', { ids: [world.order] })).body[0];
  world.tracking = ordered.order.trackingId;
  world.shipment = ordered.shipmentId;
  world.deviation = await id('CREATE_DEVIATION', commandBases.CREATE_DEVIATION(world));
  world.delivered = await id('CREATE_ORDER', commandBases.CREATE_ORDER(world));
  await id('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [world.delivered], slotId: world.slot });
  await id('MANUAL_DELIVER', { consignmentIds: [world.delivered] });
  await sys.settled();
  world.rating = (await sys.query('orders', { ids: [world.delivered] })).body[0].order.trackingId;
  world.correction = await id(
    'CREATE_ORDER_CORRECTION',
    commandBases.CREATE_ORDER_CORRECTION(world),
  );
  world.recurring = await id('SAVE_RECURRING_ORDER', commandBases.SAVE_RECURRING_ORDER(world));
  world.address = await id('CREATE_ADDRESS', commandBases.CREATE_ADDRESS(world));
  world.preAdvicePolicy = await id(
    'CREATE_PRE_ADVICE_POLICY',
    commandBases.CREATE_PRE_ADVICE_POLICY(world),
  );
  world.webhook = await id('CREATE_WEBHOOK', commandBases.CREATE_WEBHOOK(world));
  // An order of the hook's customer queues a delivery (the receiver is not there: it waits).
  await id('CREATE_ORDER', commandBases.CREATE_ORDER(world));
  await sys.settled();
  const [message] = (await sys.query('webhookMessages', { webhookId: world.webhook })).body;
  // A replay names a message of its own hook (0070): the world needs a real one.
  if (!message) throw new Error('the webhook of the world has no message to replay');
  world.webhookMessage = message.id;
  const key = await sys.command('CREATE_API_KEY', commandBases.CREATE_API_KEY(world));
  if (key.status !== 200) throw new Error(`CREATE_API_KEY: ${JSON.stringify(key.body)}`);
  world.apiKey = key.body.apiKey.id as string;
  const answering = await id('CREATE_ORDER', commandBases.CREATE_ORDER(world));
  await sys.settled();
  world.answering = (await sys.query('orders', { ids: [answering] })).body[0].order.trackingId;
  return world;
}
