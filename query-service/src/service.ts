import {
  AppError,
  denial,
  isQueryName,
  PUBLIC_IDENTITY,
  publicQueries,
  queryPermissions,
  queryRowEntity,
  readableRows,
  queryEnvelopeSchema,
  querySchemas,
  type Identity,
  type QueryName,
} from '@nordlog/contracts';
import {
  requestIdentity,
  validationError,
  type BlobStore,
  type Geocoder,
  type Knex,
  jsonBody,
} from '@nordlog/platform';
import express, { type Request, type Response, type Router } from 'express';
import { consignments, searchConsignments } from './consignmentGrid/query.js';
import {
  consignmentsInSameLoadCarrier,
  pickupOrders,
  searchDeletedOrders,
} from './consignmentGrid/related.js';
import { customerGroupMembers, customerGroups } from './customerGroups/query.js';
import {
  allCustomersByIds,
  customerExternalCustomerNumbers,
  customerMigrationStatus,
  searchCustomerAllCountries,
  searchCustomers,
  searchCustomersWithoutSubcustomers,
  subcustomersForAlystraId,
} from './customers/query.js';
import { departmentGroups } from './departmentGroups/query.js';
import { departmentQueries } from './departments/query.js';
import {
  JsonText,
  SerializedRows,
  readableJson,
  type QueryContext,
  type QueryTable,
  type ReportSources,
} from './framework.js';
import {
  courierLocationsByDepartmentId,
  courierLocationsBySlotId,
} from './courierLocations/query.js';
import { slotScans } from './scans/query.js';
import { stopContact } from './scans/contact.js';
import { holiday } from './holidays/query.js';
import { jobsStatus } from './jobs/query.js';
import { departmentTimeWindows, productionTimeWindows } from './timeWindows/query.js';
import { departmentMatrix, getCustomersWithTimeMatrix } from './matrix/query.js';
import { adminReport } from './reporting/admin.js';
import { monitoringSnapshot, reportDashboards } from './monitoring/query.js';
import { textQueries } from './texts/query.js';
import { upsalesOffers, upsalesRuleById, upsalesRules } from './upsales/query.js';
import { vendorQueries } from './vendors/query.js';
import { shdSettings } from './shd/query.js';
import { productivityReport, toInvoiceEstimateQuery } from './reporting/query.js';
import { npsScores } from './nps/query.js';
import { cmsQueries } from './cms/query.js';
import { minPosition, type WaitForPosition } from './minPosition.js';
import { numberSeries } from './numberSeries/query.js';
import { orderHistory, orderHistoryNotFound } from './orderHistory/query.js';
import { orderDeviations } from './orderDeviations/query.js';
import { customerReturnAddress, getOrderReturnDetails, manageReturns } from './returns/query.js';
import { getImportResults, getImportStatus } from './importing/query.js';
import {
  apolloAuditLogEntries,
  apolloAuditLogEntriesDetails,
  eventsWithSentLmStatus,
} from './audit/query.js';
import { labelUrls } from './orderLabels/query.js';
import { orders, searchOrders, unconfirmedOrders, unconfirmedOrdersCount } from './orders/query.js';
import { unresolvedAddressCount, unresolvedAddresses } from './orders/unresolved.js';
import { addressAutocomplete, pinnedAddress, postalCodeRoute } from './geocoding/query.js';
import { createRestService } from './rest/service.js';
import { roles, users } from './users/query.js';
import { couriers, units, vehicles } from './units/query.js';
import {
  courierSlots,
  routePoints,
  slotById,
  slots,
  suggestedUnitsForLocation,
  suggestedUnitsForOrder,
  templatesByDepartmentIds,
} from './planning/query.js';
import { deliveryNotes, waybills } from './routeLists/query.js';
import {
  latestOptimizingIdForSlot,
  optimizeRequest,
  optimizingData,
  optimizingError,
  optimizingRequest,
  optimizingResponse,
  optimizingRuns,
  routeSuggestions,
} from './optimizing/query.js';
import { getShipmentDetailsFromTracking, shipmentTracking } from './tracking/query.js';
import {
  articles,
  articlesInArticleGroup,
  multiStopOrderPrice,
  orderPrice,
  priceLists,
} from './pricing/query.js';
import type { InvoiceDocumentSettings } from './invoicing/download.js';
import { personalData } from './privacy/query.js';
import {
  getRecurringExecutedDates,
  recurringOrderCalendar,
  recurringOrderResult,
  recurringOrders,
  recurringOrdersForDepartmentIds,
} from './recurring/query.js';
import { addresses } from './addressBook/query.js';
import {
  apiKeys,
  deliveryWindows,
  departmentMatrixServices,
  externalServices,
  hdServices,
} from './apiKeys/query.js';
import {
  customerEventEmail,
  customerSmsText,
  preAdviceFollowUp,
  preAdviceForOrder,
  preAdvicePolicies,
  preAdviceServicePolicies,
} from './preAdvice/query.js';
import {
  webhookIntegrations,
  webhookMessage,
  webhookMessages,
  webhookSecret,
  webhooks,
} from './webhooks/query.js';
import {
  billingOrders,
  customerInvoiceSplit,
  invoicedOrderPrice,
  invoices,
  invoicingData,
  invoicingRuns,
  multilegOrderPrice,
  orderCorrections,
} from './invoicing/query.js';

/** Every query of contracts' registry has exactly one handler (checked by the type). */
export const queries: QueryTable = {
  ...departmentQueries,
  searchCustomers,
  subcustomersForAlystraId,
  searchCustomersWithoutSubcustomers,
  searchCustomerAllCountries,
  allCustomersByIds,
  customerExternalCustomerNumbers,
  customerMigrationStatus,
  consignments,
  searchConsignments,
  searchDeletedOrders,
  consignmentsInSameLoadCarrier,
  pickupOrders,
  orderHistory,
  orderDeviations,
  getOrderReturnDetails,
  manageReturns,
  customerReturnAddress,
  apolloAuditLogEntries,
  apolloAuditLogEntriesDetails,
  eventsWithSentLmStatus,
  personalData,
  roles,
  users,
  departmentGroups,
  customerGroups,
  customerGroupMembers,
  holiday,
  jobsStatus,
  departmentTimeWindows,
  productionTimeWindows,
  departmentMatrix,
  getCustomersWithTimeMatrix,
  ...textQueries,
  upsalesRules,
  upsalesOffers,
  upsalesRuleById,
  ...vendorQueries,
  shdSettings,
  productivityReport,
  toInvoiceEstimate: toInvoiceEstimateQuery,
  adminReport,
  reportDashboards,
  monitoringSnapshot,
  npsScores,
  ...cmsQueries,
  courierLocationsByDepartmentId,
  courierLocationsBySlotId,
  numberSeries,
  orders,
  searchOrders,
  unconfirmedOrders,
  unconfirmedOrdersCount,
  unresolvedAddresses,
  unresolvedAddressCount,
  addressAutocomplete,
  pinnedAddress,
  labelUrls,
  units,
  vehicles,
  couriers,
  slots,
  slotById,
  routePoints,
  courierSlots,
  slotScans,
  stopContact,
  templatesByDepartmentIds,
  suggestedUnitsForLocation,
  suggestedUnitsForOrder,
  waybills,
  deliveryNotes,
  optimizeRequest,
  optimizingRuns,
  optimizingData,
  optimizingRequest,
  optimizingResponse,
  optimizingError,
  latestOptimizingIdForSlot,
  routeSuggestions,
  getShipmentDetailsFromTracking,
  shipmentTracking,
  articles,
  articlesInArticleGroup,
  priceLists,
  orderPrice,
  multiStopOrderPrice,
  invoicedOrderPrice,
  multilegOrderPrice,
  invoicingData,
  orderCorrections,
  invoicingRuns,
  invoices,
  billingOrders,
  customerInvoiceSplit,
  recurringOrders,
  recurringOrdersForDepartmentIds,
  getRecurringExecutedDates,
  recurringOrderResult,
  recurringOrderCalendar,
  getImportStatus,
  getImportResults,
  addresses,
  preAdvicePolicies,
  preAdviceServicePolicies,
  customerSmsText,
  customerEventEmail,
  preAdviceForOrder,
  preAdviceFollowUp,
  webhooks,
  webhookSecret,
  webhookMessages,
  webhookMessage,
  webhookIntegrations,
  apiKeys,
  externalServices,
  hdServices,
  departmentMatrixServices,
  deliveryWindows,
};

export interface QueryServiceDeps {
  knex: Knex;
  /** Who calls (default: the identity the gateway attached to the request). */
  identify?: (req: Request) => Identity;
  clock?: () => Date;
  /** Read-your-writes (`x-min-position`): waits for the projection checkpoints (platform). */
  waitForPosition?: WaitForPosition;
  /** How long to wait for `x-min-position` before answering anyway (default 3 s). */
  minPositionWaitMs?: number;
  /** Address lookup for `addressAutocomplete` and the postal-code check (0015). */
  geocoder?: Geocoder;
  /** A webhook's secret from its id and version (docs/decisions/0070); absent: none is shown. */
  webhookSecret?: (id: string, version: number) => string;
  /** How invoices are printed for `download-invoice` (0032); default: the product as seller. */
  invoices?: InvoiceDocumentSettings;
  /** The proof store (a delivery's signature and photos, 0068); without it none is found. */
  blobs?: BlobStore;
  /** The report pages' metrics reader and external dashboards (docs/decisions/0084). */
  reports?: ReportSources;
}

/** `POST /api/query/{queryName}` with body `{query, params}` (spec §7); reads read models only. */
export function createQueryService(deps: QueryServiceDeps): Router {
  const router = express.Router();
  router.use(jsonBody('1mb'));
  router.use(minPosition(deps.waitForPosition, deps.minPositionWaitMs));
  router.post('/:queryName', async (req, res) => {
    const identity = (deps.identify ?? requestIdentity)(req);
    send(res, await answer(deps, req.params.queryName, identity, req.body));
  });
  return router;
}

/**
 * `/openapi/*` (spec §7 "for the openquery endpoint the path uses openapi instead of api"): the
 * calls that need no session. `POST /openapi/query/{queryName}` answers the public queries
 * (contracts `publicQueries`, e.g. the tracking page's) for a caller without a session; any
 * other query name is refused as if the caller were not logged in. Plus the postal-code check.
 */
export function createOpenApi(deps: QueryServiceDeps): Router {
  const router = express.Router();
  router.use(postalCodeRoute(deps.geocoder));
  router.use('/query', jsonBody('16kb'));
  router.post('/query/:queryName', async (req, res) => {
    const name = req.params.queryName;
    if (!isQueryName(name)) throw new AppError('UNKNOWN_QUERY', `Unknown query: ${name}`);
    if (!publicQueries.includes(name))
      throw new AppError('NOT_LOGGED_IN', `Query ${name} needs a session: use /api/query`);
    send(res.set('Cache-Control', 'no-store'), await answer(deps, name, PUBLIC_IDENTITY, req.body));
  });
  return router;
}

/**
 * One query for one caller: its permission, its envelope and params, its handler (the HTTP route,
 * the integration calls' GET routes).
 */
export async function answer(
  deps: QueryServiceDeps,
  name: string,
  identity: Identity,
  body: unknown,
): Promise<unknown> {
  if (!isQueryName(name)) throw new AppError('UNKNOWN_QUERY', `Unknown query: ${name}`);
  const refused = denial(identity, queryPermissions[name], 'query');
  if (refused) throw new AppError('NO_ACCESS', refused);
  const envelope = queryEnvelopeSchema.safeParse(body ?? {});
  if (!envelope.success) throw validationError(envelope.error);
  const parsed = querySchemas[name].safeParse(envelope.data.params ?? {});
  if (!parsed.success) throw validationError(parsed.error, 'params');
  const ctx: QueryContext = {
    knex: deps.knex,
    identity,
    clock: deps.clock ?? (() => new Date()),
    ...(deps.geocoder ? { geocoder: deps.geocoder } : {}),
    ...(deps.webhookSecret ? { webhookSecret: deps.webhookSecret } : {}),
    ...(deps.reports ? { reports: deps.reports } : {}),
  };
  const handle = queries[name] as (p: unknown, c: QueryContext) => Promise<unknown>;
  return readable(name, identity, await handle(parsed.data, ctx));
}

/** Sends a query's answer: JSON text as it is, anything else written as JSON. */
function send(res: Response, answer: unknown): void {
  if (answer instanceof JsonText) res.type('application/json').end(answer.text);
  else res.json(answer);
}

/**
 * The answer without the rows the reader may not read (contracts `mayReadRow`, the rule the socket
 * uses too). An order whose history is all refused is not found, as if it did not exist.
 */
function readable(name: QueryName, identity: Identity, answer: unknown): unknown {
  const entity = queryRowEntity[name];
  if (answer instanceof SerializedRows) {
    // The same rule on the fields the rule reads; a query of no entity has none to judge.
    if (!entity) throw new Error(`query ${name} answers serialised rows but has no row entity`);
    return readableJson(identity, entity, answer);
  }
  if (!entity || !Array.isArray(answer)) return answer;
  const rows = readableRows(identity, entity, answer);
  return name === 'orderHistory' ? orderHistoryNotFound(rows) : rows;
}

/**
 * `GET /api/rest/{resource}[/{id}]`: the admin resources in ra-data-simple-rest's dialect
 * (contracts `restResources`), with the same read-your-writes header as the queries.
 */
export function createRestApi(deps: QueryServiceDeps): Router {
  const router = express.Router();
  router.use(minPosition(deps.waitForPosition, deps.minPositionWaitMs));
  router.use(createRestService(deps));
  return router;
}

export type { QueryName };
