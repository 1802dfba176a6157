import { denial, inScope, queryPermissions } from './access/permissions.js';
import type { ChangeScope } from './context.js';
import { CONSIGNMENT_GRID_ENTITY } from './consignments/gridRow.js';
import { ORDERS_ENTITY } from './consignments/orders.js';
import { COURIER_LOCATIONS_ENTITY } from './couriers/index.js';
import { CUSTOMER_GROUPS_ENTITY } from './customerGroups/index.js';
import { CUSTOMERS_ENTITY } from './customers/index.js';
import { DEPARTMENT_GROUP_PREFIX, DEPARTMENT_GROUPS_ENTITY } from './departmentGroups/index.js';
import { DEPARTMENTS_ENTITY } from './departments/index.js';
import { HOLIDAYS_ENTITY } from './holidays/index.js';
import { JOBS_ENTITY } from './jobs/index.js';
import {
  DEPARTMENT_TIME_WINDOWS_ENTITY,
  PRODUCTION_TIME_WINDOWS_ENTITY,
} from './timeWindows/index.js';
import { DEPARTMENT_MATRIX_ENTITY } from './matrix/index.js';
import { SERVICE_MAPPINGS_ENTITY, TEXTS_ENTITY } from './texts/index.js';
import { UPSALES_RULES_ENTITY } from './upsales/index.js';
import { VENDORS_ENTITY } from './vendors/index.js';
import { SHD_SETTINGS_ENTITY } from './shd/index.js';
import { CMS_BANNERS_ENTITY, CMS_HELP_MODALS_ENTITY } from './cms/index.js';
import { customerScope, type Identity } from './identity.js';
import { ORDER_LABELS_ENTITY } from './labels/index.js';
import { NUMBER_SERIES_ENTITY } from './numberSeries/index.js';
import { ORDER_DEVIATIONS_ENTITY } from './deviations/index.js';
import { ORDER_HISTORY_ENTITY } from './orderHistory/index.js';
import type { QueryName } from './registry.js';
import { COURIERS_ENTITY, SLOTS_ENTITY, TEMPLATES_ENTITY, UNITS_ENTITY } from './planning/index.js';
import { OPTIMIZING_RUNS_ENTITY, ROUTE_SUGGESTIONS_ENTITY } from './optimizing/index.js';
import { ARTICLES_ENTITY, PRICE_LISTS_ENTITY } from './pricing/catalogue.js';
import { RECURRING_ORDERS_ENTITY, RECURRING_RUNS_ENTITY } from './recurring/index.js';
import { ADDRESSES_ENTITY } from './addressBook/index.js';
import { PRE_ADVICE_ENTITY, PRE_ADVICE_POLICIES_ENTITY } from './preAdvice/index.js';
import { WEBHOOKS_ENTITY } from './webhooks/index.js';
import { ROLES_ENTITY, USERS_ENTITY } from './users/index.js';
import { SLOT_SCANS_ENTITY } from './scans/index.js';
import { entityAccess, isEntityName, scopeOf, type EntityName } from './entities.js';

/**
 * The one rule of who reads a row (docs/decisions/0018), over the entities of `entityAccess`
 * (entities.ts): the query service drops every row a reader may not read, and the socket sends
 * only those it may.
 */

/** The department access entries of a reader: its departments and its groups as `group_{n}`. */
function accessEntries(identity: Identity): Set<string> | '*' {
  if (identity.departmentIds === '*') return '*';
  return new Set([
    ...identity.departmentIds,
    ...(identity.departmentGroupIds ?? []).map((id) => `${DEPARTMENT_GROUP_PREFIX}${id}`),
  ]);
}

const seesDepartment = (identity: Identity, departmentId: string | null) =>
  departmentId === null ||
  identity.departmentIds === '*' ||
  identity.departmentIds.includes(departmentId);

/** Whether the row passes its entity's rule for this reader (the query's permission aside). */
export function rowVisible(
  identity: Identity,
  name: EntityName,
  row: { id: string; scope: ChangeScope },
): boolean {
  const { scope: s } = row;
  switch (entityAccess[name].rule) {
    case 'department':
      return seesDepartment(identity, s.departmentId);
    case 'departmentAndCustomer':
      return inScope(identity, s.departmentId, s.customerId);
    case 'anyDepartment': {
      const ids = s.departmentIds ?? [];
      return identity.departmentIds === '*' || ids.some((id) => seesDepartment(identity, id));
    }
    case 'everyDepartment': {
      const ids = s.departmentIds ?? [];
      return ids.length > 0 && ids.every((id) => inScope(identity, id, s.customerId));
    }
    case 'departmentGroup': {
      if (identity.departmentIds === '*') return true;
      if ((identity.departmentGroupIds ?? []).includes(row.id)) return true;
      const members = s.departmentIds ?? [];
      return members.length > 0 && members.every((id) => seesDepartment(identity, id));
    }
    case 'userAccess': {
      const entries = accessEntries(identity);
      if (entries === '*') return true;
      const theirs = s.departmentIds ?? [];
      return theirs.length > 0 && theirs.every((id) => entries.has(id));
    }
    case 'allDepartments':
      return identity.departmentIds === '*' && customerScope(identity) === null;
    case 'everyone':
      return true;
    case 'slot':
      return identity.role === 'COURIER'
        ? !!identity.courierId && s.courierId === identity.courierId
        : seesDepartment(identity, s.departmentId);
    default: {
      const never: never = entityAccess[name].rule;
      return never;
    }
  }
}

/** Per identity (an object the gateway keeps per socket): the entities it may query. */
const queryable = new WeakMap<Identity, Map<EntityName, boolean>>();

/** Whether one of the entity's queries is permitted to this reader. */
export function mayQueryEntity(identity: Identity, name: EntityName): boolean {
  let known = queryable.get(identity);
  if (!known) queryable.set(identity, (known = new Map<EntityName, boolean>()));
  let may = known.get(name);
  if (may === undefined) {
    may = entityAccess[name].queries.some(
      (q) => denial(identity, queryPermissions[q], 'query') === null,
    );
    known.set(name, may);
  }
  return may;
}

/**
 * The one rule (query service and socket): may this reader read this row of this entity? An
 * entity that is not in `entityAccess` is read by nobody.
 */
export function mayReadRow(
  identity: Identity,
  name: string,
  row: { id: string; scope: ChangeScope },
): boolean {
  return isEntityName(name) && mayQueryEntity(identity, name) && rowVisible(identity, name, row);
}

/**
 * The entity of the rows each query answers (a list of them). The query service drops every row
 * the reader may not read by `mayReadRow`, after the query's own SQL scoping, so the socket and
 * the queries cannot disagree on a row. Queries not listed answer no entity rows.
 */
export const queryRowEntity: Partial<Record<QueryName, EntityName>> = {
  departments: DEPARTMENTS_ENTITY,
  allDepartmentsWithAdminLevelAccess: DEPARTMENTS_ENTITY,
  departmentsInSameCountry: DEPARTMENTS_ENTITY,
  searchCustomers: CUSTOMERS_ENTITY,
  subcustomersForAlystraId: CUSTOMERS_ENTITY,
  searchCustomersWithoutSubcustomers: CUSTOMERS_ENTITY,
  searchCustomerAllCountries: CUSTOMERS_ENTITY,
  allCustomersByIds: CUSTOMERS_ENTITY,
  consignments: CONSIGNMENT_GRID_ENTITY,
  searchConsignments: CONSIGNMENT_GRID_ENTITY,
  searchDeletedOrders: CONSIGNMENT_GRID_ENTITY,
  consignmentsInSameLoadCarrier: CONSIGNMENT_GRID_ENTITY,
  pickupOrders: CONSIGNMENT_GRID_ENTITY,
  orderHistory: ORDER_HISTORY_ENTITY,
  orderDeviations: ORDER_DEVIATIONS_ENTITY,
  manageReturns: ORDERS_ENTITY,
  roles: ROLES_ENTITY,
  users: USERS_ENTITY,
  departmentGroups: DEPARTMENT_GROUPS_ENTITY,
  customerGroups: CUSTOMER_GROUPS_ENTITY,
  customerGroupMembers: CUSTOMERS_ENTITY,
  holiday: HOLIDAYS_ENTITY,
  jobsStatus: JOBS_ENTITY,
  departmentTimeWindows: DEPARTMENT_TIME_WINDOWS_ENTITY,
  productionTimeWindows: PRODUCTION_TIME_WINDOWS_ENTITY,
  departmentMatrix: DEPARTMENT_MATRIX_ENTITY,
  getCustomersWithTimeMatrix: CUSTOMERS_ENTITY,
  texts: TEXTS_ENTITY,
  serviceMappingData: SERVICE_MAPPINGS_ENTITY,
  upsalesRules: UPSALES_RULES_ENTITY,
  vendors: VENDORS_ENTITY,
  vendor: VENDORS_ENTITY,
  shdSettings: SHD_SETTINGS_ENTITY,
  banners: CMS_BANNERS_ENTITY,
  bannerById: CMS_BANNERS_ENTITY,
  cmsNews: CMS_BANNERS_ENTITY,
  whatsThisModals: CMS_HELP_MODALS_ENTITY,
  whatsThisModalById: CMS_HELP_MODALS_ENTITY,
  courierLocationsByDepartmentId: COURIER_LOCATIONS_ENTITY,
  courierLocationsBySlotId: COURIER_LOCATIONS_ENTITY,
  numberSeries: NUMBER_SERIES_ENTITY,
  orders: ORDERS_ENTITY,
  searchOrders: ORDERS_ENTITY,
  unconfirmedOrders: ORDERS_ENTITY,
  labelUrls: ORDER_LABELS_ENTITY,
  units: UNITS_ENTITY,
  vehicles: UNITS_ENTITY,
  couriers: COURIERS_ENTITY,
  slots: SLOTS_ENTITY,
  slotById: SLOTS_ENTITY,
  courierSlots: SLOTS_ENTITY,
  templatesByDepartmentIds: TEMPLATES_ENTITY,
  optimizingRuns: OPTIMIZING_RUNS_ENTITY,
  routeSuggestions: ROUTE_SUGGESTIONS_ENTITY,
  articles: ARTICLES_ENTITY,
  articlesInArticleGroup: ARTICLES_ENTITY,
  priceLists: PRICE_LISTS_ENTITY,
  recurringOrders: RECURRING_ORDERS_ENTITY,
  recurringOrdersForDepartmentIds: RECURRING_ORDERS_ENTITY,
  getRecurringExecutedDates: RECURRING_RUNS_ENTITY,
  addresses: ADDRESSES_ENTITY,
  preAdvicePolicies: PRE_ADVICE_POLICIES_ENTITY,
  preAdviceServicePolicies: PRE_ADVICE_POLICIES_ENTITY,
  preAdviceForOrder: PRE_ADVICE_ENTITY,
  preAdviceFollowUp: PRE_ADVICE_ENTITY,
  webhooks: WEBHOOKS_ENTITY,
  slotScans: SLOT_SCANS_ENTITY,
};

const idOf = (row: unknown): string => {
  const id = (row as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
};

/** The rows of `entity` this reader may read (the query service's last step). */
export function readableRows<T>(identity: Identity, name: EntityName, rows: readonly T[]): T[] {
  return rows.filter((row) =>
    mayReadRow(identity, name, {
      id: idOf(row),
      scope: scopeOf(name, row),
    }),
  );
}
