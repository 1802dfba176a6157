import type { ChangeScope } from './context.js';
import { CONSIGNMENT_GRID_ENTITY, CONSIGNMENT_GRID_TABLE } from './consignments/gridRow.js';
import type { ConsignmentRow } from './consignments/gridRow.js';
import { ORDERS_ENTITY, ORDERS_TABLE, type OrderRow } from './consignments/orders.js';
import {
  COURIER_LOCATIONS_ENTITY,
  COURIER_LOCATIONS_TABLE,
  type CourierLocationRow,
} from './couriers/index.js';
import {
  CUSTOMER_GROUPS_ENTITY,
  CUSTOMER_GROUPS_TABLE,
  type CustomerGroupRow,
} from './customerGroups/index.js';
import { CUSTOMERS_ENTITY, CUSTOMERS_TABLE, type CustomerRow } from './customers/index.js';
import {
  DEPARTMENT_GROUPS_ENTITY,
  DEPARTMENT_GROUPS_TABLE,
  type DepartmentGroupRow,
} from './departmentGroups/index.js';
import { DEPARTMENTS_ENTITY, DEPARTMENTS_TABLE, type DepartmentRow } from './departments/index.js';
import { HOLIDAYS_ENTITY, HOLIDAYS_TABLE, type HolidayRow } from './holidays/index.js';
import { JOBS_ENTITY, JOBS_TABLE, type JobSwitchRow } from './jobs/index.js';
import {
  DEPARTMENT_TIME_WINDOWS_ENTITY,
  DEPARTMENT_TIME_WINDOWS_TABLE,
  PRODUCTION_TIME_WINDOWS_ENTITY,
  PRODUCTION_TIME_WINDOWS_TABLE,
  type DepartmentTimeWindowRow,
  type ProductionTimeWindowRow,
} from './timeWindows/index.js';
import {
  DEPARTMENT_MATRIX_ENTITY,
  DEPARTMENT_MATRIX_TABLE,
  type MatrixEntryRow,
} from './matrix/index.js';
import {
  SERVICE_MAPPINGS_ENTITY,
  SERVICE_MAPPINGS_TABLE,
  TEXTS_ENTITY,
  TEXTS_TABLE,
  type ServiceMappingRow,
  type TextRow,
} from './texts/index.js';
import { UPSALES_RULES_ENTITY, UPSALES_RULES_TABLE, type UpsalesRuleRow } from './upsales/index.js';
import {
  CMS_BANNERS_ENTITY,
  CMS_BANNERS_TABLE,
  CMS_HELP_MODALS_ENTITY,
  CMS_HELP_MODALS_TABLE,
  type CmsItemRow,
} from './cms/index.js';
import { ORDER_LABELS_ENTITY, ORDER_LABELS_TABLE, type OrderLabelRow } from './labels/index.js';
import {
  NUMBER_SERIES_ENTITY,
  NUMBER_SERIES_TABLE,
  type NumberSeriesRow,
} from './numberSeries/index.js';
import {
  ORDER_DEVIATIONS_ENTITY,
  ORDER_DEVIATIONS_TABLE,
  type OrderDeviationRow,
} from './deviations/index.js';
import {
  ORDER_HISTORY_ENTITY,
  ORDER_HISTORY_TABLE,
  type OrderHistoryRow,
} from './orderHistory/index.js';
import {
  COURIERS_ENTITY,
  COURIERS_TABLE,
  SLOTS_ENTITY,
  SLOTS_TABLE,
  TEMPLATES_ENTITY,
  TEMPLATES_TABLE,
  UNITS_ENTITY,
  UNITS_TABLE,
  type CourierRow,
  type SlotRow,
  type TemplateRow,
  type UnitRow,
} from './planning/index.js';
import {
  OPTIMIZING_RUNS_ENTITY,
  OPTIMIZING_RUNS_TABLE,
  ROUTE_SUGGESTIONS_ENTITY,
  ROUTE_SUGGESTIONS_TABLE,
  type OptimizingRunRow,
  type RouteSuggestionRow,
} from './optimizing/index.js';
import {
  ARTICLES_ENTITY,
  ARTICLES_TABLE,
  PRICE_LISTS_ENTITY,
  PRICE_LISTS_TABLE,
  type ArticleRow,
  type PriceListRow,
} from './pricing/catalogue.js';
import {
  BILLING_ORDERS_ENTITY,
  BILLING_ORDERS_TABLE,
  INVOICES_ENTITY,
  INVOICES_TABLE,
  INVOICING_RUNS_ENTITY,
  INVOICING_RUNS_TABLE,
  type InvoiceRow,
  type InvoicingRunRow,
} from './invoicing/invoices.js';
import type { BillingOrderRow } from './invoicing/billingOrders.js';
import {
  ROLES_ENTITY,
  ROLES_TABLE,
  USERS_ENTITY,
  USERS_TABLE,
  type RoleRow,
  type UserRow,
} from './users/index.js';
import { changeScope, entity, type EntityAccess } from './entityRules.js';
import { laterEntities } from './entitiesLater.js';

export { changeScope, type EntityAccess, type RowRule } from './entityRules.js';

/** Every entity a projection publishes on the change feed (one not listed reaches no socket;
 * a test walks the projections and fails on one that is missing). */
export const entityAccess = {
  [DEPARTMENTS_ENTITY]: entity<DepartmentRow>({
    table: DEPARTMENTS_TABLE,
    queries: ['departments', 'allDepartmentsWithAdminLevelAccess', 'departmentsInSameCountry'],
    rule: 'department',
    scope: (row) => changeScope({ departmentId: row.id }),
  }),
  // A department's calendar (docs/decisions/0078): the week's row id is its department's.
  [DEPARTMENT_TIME_WINDOWS_ENTITY]: entity<DepartmentTimeWindowRow>({
    table: DEPARTMENT_TIME_WINDOWS_TABLE,
    queries: ['departmentTimeWindows'],
    rule: 'department',
    scope: (row) => changeScope({ departmentId: row.departmentId }),
  }),
  [PRODUCTION_TIME_WINDOWS_ENTITY]: entity<ProductionTimeWindowRow>({
    table: PRODUCTION_TIME_WINDOWS_TABLE,
    queries: ['productionTimeWindows'],
    rule: 'department',
    scope: (row) => changeScope({ departmentId: row.departmentId }),
  }),
  // The department matrix (docs/decisions/0079): an entry is its department's.
  [DEPARTMENT_MATRIX_ENTITY]: entity<MatrixEntryRow>({
    table: DEPARTMENT_MATRIX_TABLE,
    queries: ['departmentMatrix'],
    rule: 'department',
    scope: (row) => changeScope({ departmentId: row.departmentId }),
  }),
  // Services and texts (docs/decisions/0081): product-wide, for their administrators.
  [TEXTS_ENTITY]: entity<TextRow>({
    table: TEXTS_TABLE,
    queries: ['texts', 'getTextById'],
    rule: 'everyone',
    scope: () => changeScope({}),
  }),
  [SERVICE_MAPPINGS_ENTITY]: entity<ServiceMappingRow>({
    table: SERVICE_MAPPINGS_TABLE,
    queries: ['serviceMappingData', 'getServiceMappingDataById'],
    rule: 'everyone',
    scope: () => changeScope({}),
  }),
  // Upsales rules (docs/decisions/0087): product-wide, for their administrators and bookers.
  [UPSALES_RULES_ENTITY]: entity<UpsalesRuleRow>({
    table: UPSALES_RULES_TABLE,
    queries: ['upsalesRules', 'upsalesRuleById'],
    rule: 'everyone',
    scope: () => changeScope({}),
  }),
  [CUSTOMERS_ENTITY]: entity<CustomerRow>({
    table: CUSTOMERS_TABLE,
    queries: [
      'searchCustomers',
      'subcustomersForAlystraId',
      'searchCustomersWithoutSubcustomers',
      'searchCustomerAllCountries',
      'allCustomersByIds',
    ],
    rule: 'departmentAndCustomer',
    scope: (row) => changeScope({ departmentId: row.departmentId, customerId: row.id }),
  }),
  [CONSIGNMENT_GRID_ENTITY]: entity<ConsignmentRow>({
    table: CONSIGNMENT_GRID_TABLE,
    queries: [
      'consignments',
      'searchConsignments',
      'searchDeletedOrders',
      'consignmentsInSameLoadCarrier',
      'pickupOrders',
    ],
    rule: 'departmentAndCustomer',
    scope: (row) =>
      changeScope({
        departmentId: row.departmentId,
        customerId: row.customerId,
        date: row.date,
        state: row.state,
      }),
  }),
  [ORDERS_ENTITY]: entity<OrderRow>({
    table: ORDERS_TABLE,
    queries: ['orders', 'searchOrders', 'unconfirmedOrders', 'manageReturns'],
    rule: 'departmentAndCustomer',
    scope: (row) =>
      changeScope({
        departmentId: row.departmentId,
        customerId: row.customerId,
        date: row.order.pickupDate,
        state: row.state,
      }),
  }),
  [ORDER_HISTORY_ENTITY]: entity<OrderHistoryRow>({
    table: ORDER_HISTORY_TABLE,
    queries: ['orderHistory'],
    rule: 'departmentAndCustomer',
    scope: (row) =>
      changeScope({ departmentId: row.departmentId, customerId: row.customerId, date: row.date }),
  }),
  [ORDER_DEVIATIONS_ENTITY]: entity<OrderDeviationRow>({
    table: ORDER_DEVIATIONS_TABLE,
    queries: ['orderDeviations'],
    rule: 'departmentAndCustomer',
    scope: (row) =>
      changeScope({ departmentId: row.departmentId, customerId: row.customerId, date: row.date }),
  }),
  [USERS_ENTITY]: entity<UserRow>({
    table: USERS_TABLE,
    queries: ['users'],
    rule: 'userAccess',
    scope: (row) => changeScope({ departmentIds: row.departmentIds }),
  }),
  [ROLES_ENTITY]: entity<RoleRow>({
    table: ROLES_TABLE,
    queries: ['roles'],
    rule: 'everyone',
    scope: () => changeScope({}),
  }),
  [DEPARTMENT_GROUPS_ENTITY]: entity<DepartmentGroupRow>({
    table: DEPARTMENT_GROUPS_TABLE,
    queries: ['departmentGroups'],
    rule: 'departmentGroup',
    scope: (row) => changeScope({ departmentIds: row.departmentIds }),
  }),
  [CUSTOMER_GROUPS_ENTITY]: entity<CustomerGroupRow>({
    table: CUSTOMER_GROUPS_TABLE,
    queries: ['customerGroups', 'customerGroupMembers'],
    rule: 'allDepartments',
    scope: () => changeScope({}),
  }),
  // The article catalogue is reference data for whoever may read it (docs/decisions/0030).
  [ARTICLES_ENTITY]: entity<ArticleRow>({
    table: ARTICLES_TABLE,
    queries: ['articles', 'articlesInArticleGroup'],
    rule: 'everyone',
    scope: () => changeScope({}),
  }),
  // A department's list reaches its department's readers; customer and group lists have none.
  [PRICE_LISTS_ENTITY]: entity<PriceListRow>({
    table: PRICE_LISTS_TABLE,
    queries: ['priceLists'],
    rule: 'department',
    scope: (row) => changeScope({ departmentId: row.departmentId }),
  }),
  // Invoicing (docs/decisions/0032): a department's runs; invoices and billing orders per customer.
  [INVOICING_RUNS_ENTITY]: entity<InvoicingRunRow>({
    table: INVOICING_RUNS_TABLE,
    queries: ['invoicingRuns'],
    rule: 'department',
    scope: (row) => changeScope({ departmentId: row.departmentId }),
  }),
  [INVOICES_ENTITY]: entity<InvoiceRow>({
    table: INVOICES_TABLE,
    queries: ['invoices'],
    rule: 'departmentAndCustomer',
    scope: (row) =>
      changeScope({
        departmentId: row.departmentId,
        customerId: row.customerId,
        date: row.issueDate,
      }),
  }),
  [BILLING_ORDERS_ENTITY]: entity<BillingOrderRow>({
    table: BILLING_ORDERS_TABLE,
    queries: ['billingOrders'],
    rule: 'departmentAndCustomer',
    scope: (row) =>
      changeScope({
        departmentId: row.departmentId,
        customerId: row.customerId,
        date: row.deliveryDate,
      }),
  }),
  [HOLIDAYS_ENTITY]: entity<HolidayRow>({
    table: HOLIDAYS_TABLE,
    queries: ['holiday'],
    rule: 'everyone',
    // Reference data for every date: a holiday change reaches a socket whatever dates it follows.
    scope: () => changeScope({}),
  }),
  // A job's switch (0076): every administrator of the jobs sees every job.
  [JOBS_ENTITY]: entity<JobSwitchRow>({
    table: JOBS_TABLE,
    queries: ['jobsStatus'],
    rule: 'everyone',
    scope: () => changeScope({}),
  }),
  // Content (0077): pushed to its administrators only (the published queries are asked again).
  [CMS_BANNERS_ENTITY]: entity<CmsItemRow>({
    table: CMS_BANNERS_TABLE,
    queries: ['banners', 'bannerById', 'cmsNews'],
    rule: 'everyone',
    scope: () => changeScope({}),
  }),
  [CMS_HELP_MODALS_ENTITY]: entity<CmsItemRow>({
    table: CMS_HELP_MODALS_TABLE,
    queries: ['whatsThisModals', 'whatsThisModalById'],
    rule: 'everyone',
    scope: () => changeScope({}),
  }),
  [COURIER_LOCATIONS_ENTITY]: entity<CourierLocationRow>({
    table: COURIER_LOCATIONS_TABLE,
    queries: ['courierLocationsByDepartmentId', 'courierLocationsBySlotId'],
    rule: 'anyDepartment',
    scope: (row) => changeScope({ departmentIds: row.departmentIds }),
  }),
  [NUMBER_SERIES_ENTITY]: entity<NumberSeriesRow>({
    table: NUMBER_SERIES_TABLE,
    queries: ['numberSeries'],
    rule: 'departmentAndCustomer',
    scope: (row) => changeScope({ departmentId: row.departmentId, customerId: row.customerId }),
  }),
  [ORDER_LABELS_ENTITY]: entity<OrderLabelRow>({
    table: ORDER_LABELS_TABLE,
    queries: ['labelUrls'],
    rule: 'everyDepartment',
    scope: (row) => changeScope({ departmentIds: row.departmentIds, customerId: row.customerId }),
  }),
  [UNITS_ENTITY]: entity<UnitRow>({
    table: UNITS_TABLE,
    queries: ['units', 'vehicles'],
    rule: 'anyDepartment',
    // A vehicle assigned to another department is read there too.
    scope: (row) =>
      changeScope({
        departmentId: row.departmentId,
        departmentIds: [
          row.departmentId,
          ...(row.assignedDepartmentId ? [row.assignedDepartmentId] : []),
        ],
      }),
  }),
  [COURIERS_ENTITY]: entity<CourierRow>({
    table: COURIERS_TABLE,
    queries: ['couriers'],
    rule: 'department',
    scope: (row) => changeScope({ departmentId: row.departmentId }),
  }),
  [SLOTS_ENTITY]: entity<SlotRow>({
    table: SLOTS_TABLE,
    queries: ['slots', 'slotById', 'routePoints', 'courierSlots'],
    rule: 'slot',
    scope: (row) =>
      changeScope({
        departmentId: row.departmentId,
        date: row.date,
        state: row.state,
        courierId: row.courierId,
      }),
  }),
  [TEMPLATES_ENTITY]: entity<TemplateRow>({
    table: TEMPLATES_TABLE,
    queries: ['templatesByDepartmentIds'],
    rule: 'department',
    scope: (row) => changeScope({ departmentId: row.departmentId }),
  }),
  [OPTIMIZING_RUNS_ENTITY]: entity<OptimizingRunRow>({
    table: OPTIMIZING_RUNS_TABLE,
    queries: ['optimizingRuns', 'optimizingData'],
    rule: 'department',
    scope: (row) =>
      changeScope({ departmentId: row.departmentId, date: row.date, state: row.state }),
  }),
  [ROUTE_SUGGESTIONS_ENTITY]: entity<RouteSuggestionRow>({
    table: ROUTE_SUGGESTIONS_TABLE,
    queries: ['routeSuggestions'],
    rule: 'department',
    scope: (row) => changeScope({ departmentId: row.departmentId, date: row.date }),
  }),
  ...laterEntities,
} as const;

export type EntityName = keyof typeof entityAccess;
export const isEntityName = (name: string): name is EntityName => Object.hasOwn(entityAccess, name);

/** The scope of a row of an entity (what projections publish with each change). */
export const scopeOf = (name: EntityName, row: unknown): ChangeScope =>
  (entityAccess[name] as EntityAccess<unknown>).scope(row);
