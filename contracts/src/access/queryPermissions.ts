import type { QueryName } from '../registry.js';
import type { AccessFlag } from './flags.js';
import {
  addressBook,
  auditRoles,
  customerAdmin,
  customerLookUp,
  everyDepartment,
  importFlags,
  invoicing,
  labels,
  optimizing,
  planning,
  preAdvice,
  preAdviceAdmin,
  preAdviceRoles,
  prices,
  read,
  recurring,
  returns,
  shipments,
  slotReaders,
  slots,
  units,
  type Permission,
} from './permissionKit.js';

/** Who reads a department's calendar (docs/decisions/0078-time-windows.md). */
const calendarReaders: AccessFlag[] = [
  'ADMIN_DEPARTMENT',
  'ADMIN_PRODUCTION_TIME_WINDOW',
  'PLANNER_BOOKING',
  'PLANNER_RECURRING_ORDERS',
];

/** What each query needs (spec §6, §7; the one table of the identity issue). */
export const queryPermissions: Record<QueryName, Permission> = {
  // API keys and the integration look-ups (0069): the keys are the customer admin's and, in the
  // portal, a customer user's own (0085); the look-ups are booking's, and a customer's (its
  // systems call them with a key).
  apiKeys: read(customerAdmin, { customers: true }),
  externalServices: read(['PLANNER_BOOKING'], { customers: true }),
  hdServices: read(['PLANNER_BOOKING'], { customers: true }),
  departmentMatrixServices: read(['PLANNER_BOOKING'], { customers: true }),
  deliveryWindows: read(['PLANNER_BOOKING'], { customers: true }),
  departments: read([]),
  // Department pickers (0091): anyone logged in; each answers only what the caller may reach.
  allDepartmentsWithAdminLevelAccess: read([]),
  departmentsInSameCountry: read([]),
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
  // A department's calendar (0078): its administrators, and whoever books or plans recurring
  // orders there (the booking form applies it), customers for their own department's.
  departmentTimeWindows: read(calendarReaders, { customers: true }),
  productionTimeWindows: read(calendarReaders, { customers: true }),
  // The department matrix (0079): its administrators; the customers on a matrix, for the
  // matrix's and the customers' administrators.
  departmentMatrix: read(['ADMIN_MATRIX']),
  getCustomersWithTimeMatrix: read(['ADMIN_MATRIX', ...customerAdmin]),
  // Services and texts (0081): their administrators; the booking form shows the services' texts.
  // The booking form shows the BOOKING texts that apply, so whoever books reads the texts (0097).
  texts: read(['ADMIN_TEXTS', 'PLANNER_BOOKING'], { customers: true }),
  getTextById: read(['ADMIN_TEXTS']),
  servicesAndVasesTexts: read(['ADMIN_TEXTS', 'PLANNER_BOOKING'], { customers: true }),
  serviceMappingData: read(['ADMIN_TEXTS']),
  getServiceMappingDataById: read(['ADMIN_TEXTS']),
  // Upsales rules (0087): their administrators, and planners who book (the form's suggestions).
  upsalesRules: read(['ADMIN_TEXTS', 'PLANNER_BOOKING']),
  // The suggestions of one customer's bookings (0100): bookers and the customer's own users.
  upsalesOffers: read(['PLANNER_BOOKING'], { customers: true }),
  upsalesRuleById: read(['ADMIN_TEXTS']),
  // Vendors (0091): their administrators, in the departments they see.
  vendors: read(['ADMIN_VENDORS']),
  vendor: read(['ADMIN_VENDORS']),
  // Same-day home delivery (0092): its administrators, in the departments they see.
  shdSettings: read(['ADMIN_SHD']),
  // Reports (0080): the planner's reports flag, in the departments the reader sees.
  productivityReport: read(['PLANNER_REPORTS']),
  toInvoiceEstimate: read(['PLANNER_REPORTS']),
  // The admin report (spec §6: the reports pages allow ADMIN only; 0082): the whole company's.
  adminReport: read([], { roles: ['ADMIN'], ...everyDepartment }),
  // The report pages (spec §6: `/reports/*` ADMIN only; 0084): the company's and the processes'.
  reportDashboards: read([], { roles: ['ADMIN'], ...everyDepartment }),
  monitoringSnapshot: read([], { roles: ['ADMIN'], ...everyDepartment }),
  // The net promoter scores (0083): a report, read as the productivity report is.
  npsScores: read(['PLANNER_REPORTS']),
  jobsStatus: read(['ADMIN_JOBS'], { roles: ['ADMIN'], ...everyDepartment }),
  // Content (0077): administrators read every item; every user what is published to its role.
  banners: read(['ADMIN_CMS_BANNERS']),
  bannerById: read(['ADMIN_CMS_BANNERS']),
  validateBannerUrl: read(['ADMIN_CMS_BANNERS']),
  cmsNews: read(['ADMIN_CMS_BANNERS']),
  whatsThisModals: read(['ADMIN_CMS_WHATS_THIS_MODALS']),
  whatsThisModalById: read(['ADMIN_CMS_WHATS_THIS_MODALS']),
  publishedBanners: read([]),
  publishedNews: read([]),
  publishedWhatsThisModals: read([]),
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
  // Vendor administrators pick the department's units for a vendor's sites (0091).
  units: read([...units, ...slotReaders, 'ADMIN_VENDORS']),
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
  // The matrix admin picks the services of an entry from the catalogue (0079).
  // The matrix's and the upsales rules' (0087) administrators pick services and extras from it,
  // and same-day home delivery's (0092) its services.
  articles: read(
    ['PLANNER_INVOICING', 'PLANNER_BOOKING', 'ADMIN_MATRIX', 'ADMIN_TEXTS', 'ADMIN_SHD'],
    { customers: true },
  ),
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
  // A customer user downloads its own and its sub-customers' invoices in the customer portal
  // (docs/decisions/0074): the handler keeps the rows of the caller's customers only.
  invoices: read(invoicing, { customers: true }),
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
  // A customer user reads its own customers' hooks and their log in the portal (0085).
  webhooks: read([...customerAdmin, 'ADMIN_INTEGRATIONS'], { customers: true }),
  webhookSecret: read(customerAdmin, { customers: true }),
  webhookMessages: read([...customerAdmin, 'ADMIN_INTEGRATIONS'], { customers: true }),
  webhookMessage: read([...customerAdmin, 'ADMIN_INTEGRATIONS'], { customers: true }),
  webhookIntegrations: read(['ADMIN_INTEGRATIONS']),
  // Spreadsheet import (0059): whoever may import reads the imports of their departments.
  getImportStatus: read(importFlags),
  getImportResults: read(importFlags),
  addresses: read([...addressBook, 'PLANNER_BOOKING'], { customers: true }),
};
