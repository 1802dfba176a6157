export {
  createOpenApi,
  createQueryService,
  createRestApi,
  queries,
  type QueryServiceDeps,
} from './service.js';
export { type WaitForPosition } from './minPosition.js';
export type { ReportSources } from './framework.js';
export { createDownloadApi } from './routeLists/export.js';
export { readDay } from './optimizing/day.js';
export { readRecipientCandidates } from './addressBook/recipientCandidates.js';
export { readInvoicingCandidates, type RunCandidates } from './invoicing/candidates.js';
export { defaultChromiumPath } from './invoicing/documents/pdf.js';
export type { InvoiceDocumentSettings } from './invoicing/download.js';
export { createIntegrationQueryApi } from './apiKeys/routes.js';
export { cellsQuery } from './reporting/cells.js';
export { toInvoiceEstimate } from './reporting/estimate.js';
export { invoicingReport } from './reporting/invoicing.js';
export { routeReport } from './reporting/routes.js';
export { adminRouteReport } from './reporting/adminRoutes.js';
export { reportGroups } from './reporting/query.js';
export { readCustomerReferences } from './customers/references.js';
