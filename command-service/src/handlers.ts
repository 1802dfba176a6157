import { consignmentHandlers } from './consignments/handlers.js';
import { moveOrdersNewHandlers } from './consignments/moveOrdersNew.js';
import { deviationHandlers } from './deviations/handlers.js';
import { returnHandlers } from './returns/handlers.js';
import { customerGroupHandlers } from './customerGroups/handlers.js';
import { departmentGroupHandlers } from './departmentGroups/handlers.js';
import { courierHandlers } from './couriers/handlers.js';
import { holidayHandlers } from './holidays/handlers.js';
import { jobHandlers } from './jobs/handlers.js';
import { cmsHandlers } from './cms/handlers.js';
import { timeWindowHandlers } from './timeWindows/handlers.js';
import { matrixHandlers } from './matrix/handlers.js';
import { textHandlers } from './texts/handlers.js';
import { upsalesHandlers } from './upsales/handlers.js';
import { vendorHandlers } from './vendors/handlers.js';
import { shdHandlers } from './shd/handlers.js';
import { apiKeyHandlers } from './apiKeys/handlers.js';
import { pinHandlers } from './pins/pins.js';
import { labelHandlers } from './labels/handlers.js';
import { numberSeriesHandlers } from './numberSeries/handlers.js';
import { createCustomer, deleteCustomer, updateCustomer } from './customers/handlers.js';
import { createDepartment, updateDepartment } from './departments/handlers.js';
import type { HandlerTable, PrefetchTable } from './framework/handler.js';
import { prefetchBooking } from './consignments/booking.js';
import { userHandlers } from './users/handlers.js';
import { courierUserHandlers } from './courierUsers/handlers.js';
import { unitHandlers } from './units/handlers.js';
import { orderPlanningHandlers } from './slots/orderPlanning.js';
import { slotHandlers } from './slots/handlers.js';
import { templateHandlers } from './templates/handlers.js';
import { optimizingHandlers } from './optimizing/handlers.js';
import { pricingHandlers } from './pricing/handlers.js';
import { invoicingHandlers } from './invoicing/handlers.js';
import { privacyHandlers } from './privacy/handlers.js';
import { recurringHandlers } from './recurring/handlers.js';
import { importHandlers, prefetchBatch } from './importing/handlers.js';
import { addressBookHandlers } from './addressBook/handlers.js';
import { recipientSearchHandlers } from './addressBook/recipientSearch.js';
import { preAdviceHandlers } from './preAdvice/handlers.js';
import { webhookHandlers } from './webhooks/handlers.js';
import { scanHandlers } from './scans/handlers.js';
import { proofHandlers } from './proof/handlers.js';
import { recipientAnswerHandlers } from './recipientAnswers/handlers.js';
import { npsHandlers } from './nps/handlers.js';

/** Every command of contracts' registry has exactly one handler (checked by the type). */
export const handlers: HandlerTable = {
  CREATE_DEPARTMENT: createDepartment,
  UPDATE_DEPARTMENT: updateDepartment,
  CREATE_CUSTOMER: createCustomer,
  UPDATE_CUSTOMER: updateCustomer,
  DELETE_CUSTOMER: deleteCustomer,
  ...consignmentHandlers,
  ...moveOrdersNewHandlers,
  ...privacyHandlers,
  ...deviationHandlers,
  ...returnHandlers,
  ...pinHandlers,
  ...userHandlers,
  ...departmentGroupHandlers,
  ...customerGroupHandlers,
  ...holidayHandlers,
  ...jobHandlers,
  ...cmsHandlers,
  ...timeWindowHandlers,
  ...matrixHandlers,
  ...textHandlers,
  ...upsalesHandlers,
  ...vendorHandlers,
  ...shdHandlers,
  ...apiKeyHandlers,
  ...courierHandlers,
  ...numberSeriesHandlers,
  ...labelHandlers,
  ...unitHandlers,
  ...courierUserHandlers,
  ...slotHandlers,
  ...templateHandlers,
  ...orderPlanningHandlers,
  ...optimizingHandlers,
  ...pricingHandlers,
  ...invoicingHandlers,
  ...recurringHandlers,
  ...importHandlers,
  ...addressBookHandlers,
  ...recipientSearchHandlers,
  ...preAdviceHandlers,
  ...webhookHandlers,
  ...scanHandlers,
  ...proofHandlers,
  ...recipientAnswerHandlers,
  ...npsHandlers,
};

/** The commands whose handlers' first reads are named up front (read with the references). */
export const prefetches: PrefetchTable = {
  CREATE_ORDER: prefetchBooking,
  CREATE_ORDERS: prefetchBatch,
};
