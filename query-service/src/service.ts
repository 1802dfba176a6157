import {
  AppError,
  denial,
  isQueryName,
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
  type Geocoder,
  type Knex,
  jsonBody,
} from '@nordlog/platform';
import express, { type Request, type Router } from 'express';
import { consignments, searchConsignments } from './consignmentGrid/query.js';
import { customerGroupMembers, customerGroups } from './customerGroups/query.js';
import { searchCustomers, subcustomersForAlystraId } from './customers/query.js';
import { departmentGroups } from './departmentGroups/query.js';
import { departments } from './departments/query.js';
import type { QueryContext, QueryTable } from './framework.js';
import {
  courierLocationsByDepartmentId,
  courierLocationsBySlotId,
} from './courierLocations/query.js';
import { holiday } from './holidays/query.js';
import { minPosition, type WaitForPosition } from './minPosition.js';
import { numberSeries } from './numberSeries/query.js';
import { orderHistory, orderHistoryNotFound } from './orderHistory/query.js';
import { labelUrls } from './orderLabels/query.js';
import { orders, searchOrders, unconfirmedOrders, unconfirmedOrdersCount } from './orders/query.js';
import { addressAutocomplete } from './geocoding/query.js';
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

/** Every query of contracts' registry has exactly one handler (checked by the type). */
export const queries: QueryTable = {
  departments,
  searchCustomers,
  subcustomersForAlystraId,
  consignments,
  searchConsignments,
  orderHistory,
  roles,
  users,
  departmentGroups,
  customerGroups,
  customerGroupMembers,
  holiday,
  courierLocationsByDepartmentId,
  courierLocationsBySlotId,
  numberSeries,
  orders,
  searchOrders,
  unconfirmedOrders,
  unconfirmedOrdersCount,
  addressAutocomplete,
  labelUrls,
  units,
  vehicles,
  couriers,
  slots,
  slotById,
  routePoints,
  courierSlots,
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
}

/** `POST /api/query/{queryName}` with body `{query, params}` (spec §7); reads read models only. */
export function createQueryService(deps: QueryServiceDeps): Router {
  const router = express.Router();
  router.use(jsonBody('1mb'));
  router.use(minPosition(deps.waitForPosition, deps.minPositionWaitMs));
  router.post('/:queryName', async (req, res) => {
    const name = req.params.queryName;
    if (!isQueryName(name)) throw new AppError('UNKNOWN_QUERY', `Unknown query: ${name}`);
    const identity = (deps.identify ?? requestIdentity)(req);
    const refused = denial(identity, queryPermissions[name], 'query');
    if (refused) throw new AppError('NO_ACCESS', refused);
    const envelope = queryEnvelopeSchema.safeParse(req.body ?? {});
    if (!envelope.success) throw validationError(envelope.error);
    const parsed = querySchemas[name].safeParse(envelope.data.params ?? {});
    if (!parsed.success) throw validationError(parsed.error, 'params');
    const ctx: QueryContext = {
      knex: deps.knex,
      identity,
      clock: deps.clock ?? (() => new Date()),
      ...(deps.geocoder ? { geocoder: deps.geocoder } : {}),
    };
    const handle = queries[name] as (p: unknown, c: QueryContext) => Promise<unknown>;
    res.json(readable(name, identity, await handle(parsed.data, ctx)));
  });
  return router;
}

/**
 * The answer without the rows the reader may not read (contracts `mayReadRow`, the rule the socket
 * uses too). An order whose history is all refused is not found, as if it did not exist.
 */
function readable(name: QueryName, identity: Identity, answer: unknown): unknown {
  const entity = queryRowEntity[name];
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
