import { consignmentGridProjection } from './consignmentGrid/projection.js';
import { customerGroupsProjection } from './customerGroups/projection.js';
import { articlesProjection, priceListsProjection } from './pricing/projection.js';
import {
  billingOrdersProjection,
  invoicesProjection,
  invoicingRunsProjection,
} from './invoicing/projection.js';
import { departmentGroupsProjection } from './departmentGroups/projection.js';
import { courierLocationsProjection } from './courierLocations/projection.js';
import { slotScansProjection } from './scans/projection.js';
import { holidaysProjection } from './holidays/projection.js';
import { jobsProjection } from './jobs/projection.js';
import {
  departmentTimeWindowsProjection,
  productionTimeWindowsProjection,
} from './timeWindows/projection.js';
import { departmentMatrixProjection } from './matrix/projection.js';
import { serviceMappingsProjection, textsProjection } from './texts/projection.js';
import { upsalesRulesProjection } from './upsales/projection.js';
import { vendorsProjection } from './vendors/projection.js';
import { shdCapacityProjection, shdSettingsProjection } from './shd/projection.js';
import { cmsBannersProjection, cmsHelpModalsProjection } from './cms/projection.js';
import { pinnedAddressesProjection } from './pins/projection.js';
import { numberSeriesProjection } from './numberSeries/projection.js';
import { customersProjection } from './customers/projection.js';
import { departmentsProjection } from './departments/projection.js';
import type { Projection } from './framework/projection.js';
import { apiKeyHashesProjection, apiKeysProjection } from './apiKeys/projection.js';
import { orderHistoryProjection } from './orderHistory/projection.js';
import { orderDeviationsProjection } from './orderDeviations/projection.js';
import { orderLabelsProjection } from './orderLabels/projection.js';
import { ordersProjection } from './orders/projection.js';
import { rolesProjection, usersProjection } from './users/projection.js';
import { unitsProjection } from './units/projection.js';
import { couriersProjection } from './couriers/projection.js';
import { slotsProjection } from './planning/slots.js';
import { templatesProjection } from './planning/templates.js';
import { optimizingRunsProjection, routeSuggestionsProjection } from './optimizing/projection.js';
import {
  recurringExecutionsProjection,
  recurringOrdersProjection,
  recurringRunsProjection,
} from './recurring/projection.js';
import { addressesProjection } from './addressBook/projection.js';
import { preAdvicePoliciesProjection, preAdviceProjection } from './preAdvice/projection.js';
import { webhooksProjection } from './webhooks/projection.js';
import { webhookQueueProjection } from './webhooks/queue.js';
import { reportsProjection } from './reporting/projection.js';
import { routeReportsProjection } from './reporting/routes.js';
import { routePlansProjection } from './reporting/routePlans.js';
import { reportInvoicingProjection } from './reporting/invoicing.js';
import { npsProjection } from './nps/projection.js';

export const projections: Projection[] = [
  departmentsProjection,
  customersProjection,
  consignmentGridProjection,
  orderHistoryProjection,
  orderDeviationsProjection,
  usersProjection,
  rolesProjection,
  departmentGroupsProjection,
  customerGroupsProjection,
  articlesProjection,
  invoicingRunsProjection,
  invoicesProjection,
  billingOrdersProjection,
  priceListsProjection,
  holidaysProjection,
  jobsProjection,
  departmentTimeWindowsProjection,
  productionTimeWindowsProjection,
  departmentMatrixProjection,
  textsProjection,
  upsalesRulesProjection,
  vendorsProjection,
  shdSettingsProjection,
  shdCapacityProjection,
  serviceMappingsProjection,
  cmsBannersProjection,
  cmsHelpModalsProjection,
  pinnedAddressesProjection,
  courierLocationsProjection,
  numberSeriesProjection,
  ordersProjection,
  orderLabelsProjection,
  unitsProjection,
  couriersProjection,
  slotsProjection,
  templatesProjection,
  optimizingRunsProjection,
  routeSuggestionsProjection,
  recurringOrdersProjection,
  recurringExecutionsProjection,
  recurringRunsProjection,
  addressesProjection,
  preAdvicePoliciesProjection,
  preAdviceProjection,
  slotScansProjection,
  webhooksProjection,
  webhookQueueProjection,
  apiKeysProjection,
  apiKeyHashesProjection,
  reportsProjection,
  routeReportsProjection,
  routePlansProjection,
  reportInvoicingProjection,
  npsProjection,
];

/** Read-model migrations, applied at start beside the platform's. */
export const readModelMigrations = projections.map((p) => ({
  migrations: p.migrations,
  table: `migrations_${p.name}`,
}));
