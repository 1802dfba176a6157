import { z } from 'zod';
import {
  apiKeyCommandSchemas,
  apiKeysQuerySchema,
  deliveryWindowsQuerySchema,
  departmentMatrixServicesQuerySchema,
  externalServicesQuerySchema,
  hdServicesQuerySchema,
} from './apiKeys/index.js';
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
  searchCustomersWithoutSubcustomersQuerySchema,
  searchCustomerAllCountriesQuerySchema,
  allCustomersByIdsQuerySchema,
  customerExternalNumbersQuerySchema,
  customerMigrationStatusQuerySchema,
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
import {
  recipientAnswerCommandSchemas,
  shipmentTrackingQuerySchema,
  trackingQuerySchema,
} from './tracking/index.js';
import {
  adminLevelDepartmentsQuerySchema,
  departmentCommandSchemas,
  departmentsInSameCountryQuerySchema,
  departmentsQuerySchema,
} from './departments/index.js';
import { pinCommandSchemas, pinnedAddressQuerySchema } from './geocoding/pins.js';
import { holidayCommandSchemas, holidayQuerySchema } from './holidays/index.js';
import { jobCommandSchemas, jobsStatusQuerySchema } from './jobs/index.js';
import { cmsCommandSchemas, cmsQuerySchemas } from './cms/index.js';
import { timeWindowCommandSchemas, timeWindowQuerySchemas } from './timeWindows/index.js';
import { matrixCommandSchemas, matrixQuerySchemas } from './matrix/index.js';
import { textCommandSchemas, textQuerySchemas } from './texts/index.js';
import { upsalesCommandSchemas, upsalesQuerySchemas } from './upsales/index.js';
import { vendorCommandSchemas, vendorQuerySchemas } from './vendors/index.js';
import { shdCommandSchemas, shdQuerySchemas } from './shd/index.js';
import { labelCommandSchemas, labelUrlsQuerySchema } from './labels/index.js';
import { numberSeriesCommandSchemas, numberSeriesQuerySchema } from './numberSeries/index.js';
import { orderHistoryQuerySchema } from './orderHistory/index.js';
import { adminReportQuerySchema } from './reporting/admin.js';
import { monitoringSnapshotQuerySchema, reportDashboardsQuerySchema } from './monitoring/index.js';
import { productivityReportQuerySchema, toInvoiceEstimateQuerySchema } from './reporting/index.js';
import { npsCommandSchemas, npsScoresQuerySchema } from './nps/index.js';
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
import { proofCommandSchemas } from './proof/index.js';
import { scanCommandSchemas, slotScansQuerySchema, stopContactQuerySchema } from './scans/index.js';
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
import { webhookCommandSchemas, webhookQuerySchemas } from './webhooks/index.js';

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
  // The scheduled jobs' switches (docs/decisions/0076-admin-jobs.md).
  ...jobCommandSchemas,
  // Banners, news and help modals (docs/decisions/0077-content.md).
  ...cmsCommandSchemas,
  // Department and production time windows (docs/decisions/0078-time-windows.md).
  ...timeWindowCommandSchemas,
  // The department matrix (docs/decisions/0079-department-matrix.md).
  ...matrixCommandSchemas,
  // Services and texts (docs/decisions/0081-services-and-texts.md).
  ...textCommandSchemas,
  // Upsales rules (docs/decisions/0087-upsales-rules.md).
  ...upsalesCommandSchemas,
  // Vendors (docs/decisions/0091-vendors.md).
  ...vendorCommandSchemas,
  // Same-day home delivery (docs/decisions/0092-shd.md).
  ...shdCommandSchemas,
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
  // The courier's scans (docs/decisions/0064-courier-scans.md).
  ...scanCommandSchemas,
  // Proof of delivery (docs/decisions/0068-proof-of-delivery.md).
  ...proofCommandSchemas,
  // Webhooks (docs/decisions/0070-webhooks.md).
  ...webhookCommandSchemas,
  // API keys of customers' systems (docs/decisions/0069-api-keys.md).
  ...apiKeyCommandSchemas,
  // The recipient's answers on the tracking page (docs/decisions/0063-recipient-answers.md).
  ...recipientAnswerCommandSchemas,
  ...npsCommandSchemas,
} as const;
export type CommandName = keyof typeof commandSchemas;
export type CommandPayload<N extends CommandName> = z.infer<(typeof commandSchemas)[N]>;

export const isCommandName = (name: string): name is CommandName =>
  Object.hasOwn(commandSchemas, name);

/** Every query the query service answers, by name (spec §7), with its params schema. */
export const querySchemas = {
  departments: departmentsQuerySchema,
  // Department pickers (docs/decisions/0091): admin-level access, and one country's.
  allDepartmentsWithAdminLevelAccess: adminLevelDepartmentsQuerySchema,
  departmentsInSameCountry: departmentsInSameCountryQuerySchema,
  searchCustomers: searchCustomersQuerySchema,
  subcustomersForAlystraId: subcustomersQuerySchema,
  searchCustomersWithoutSubcustomers: searchCustomersWithoutSubcustomersQuerySchema,
  searchCustomerAllCountries: searchCustomerAllCountriesQuerySchema,
  allCustomersByIds: allCustomersByIdsQuerySchema,
  customerExternalCustomerNumbers: customerExternalNumbersQuerySchema,
  customerMigrationStatus: customerMigrationStatusQuerySchema,
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
  jobsStatus: jobsStatusQuerySchema,
  ...cmsQuerySchemas,
  ...timeWindowQuerySchemas,
  ...matrixQuerySchemas,
  // Services and texts (docs/decisions/0081-services-and-texts.md).
  ...textQuerySchemas,
  // Upsales rules (docs/decisions/0087-upsales-rules.md).
  ...upsalesQuerySchemas,
  // Vendors (docs/decisions/0091-vendors.md).
  ...vendorQuerySchemas,
  // Same-day home delivery (docs/decisions/0092-shd.md).
  ...shdQuerySchemas,
  // The productivity report (docs/decisions/0080-reporting.md).
  productivityReport: productivityReportQuerySchema,
  // The amount still to invoice, priced when asked (docs/decisions/0101, 0105).
  toInvoiceEstimate: toInvoiceEstimateQuerySchema,
  // The admin report: the company's numbers from the same cells (docs/decisions/0082).
  adminReport: adminReportQuerySchema,
  // The report pages /reports/analytics and /reports/monitoring (docs/decisions/0084).
  reportDashboards: reportDashboardsQuerySchema,
  monitoringSnapshot: monitoringSnapshotQuerySchema,
  npsScores: npsScoresQuerySchema,
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
  // The courier's scans of a slot (docs/decisions/0064-courier-scans.md).
  slotScans: slotScansQuerySchema,
  stopContact: stopContactQuerySchema,
  // Webhooks (docs/decisions/0070-webhooks.md).
  ...webhookQuerySchemas,
  // API keys and the integration calls made with them (docs/decisions/0069-api-keys.md).
  apiKeys: apiKeysQuerySchema,
  externalServices: externalServicesQuerySchema,
  hdServices: hdServicesQuerySchema,
  departmentMatrixServices: departmentMatrixServicesQuerySchema,
  deliveryWindows: deliveryWindowsQuerySchema,
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
