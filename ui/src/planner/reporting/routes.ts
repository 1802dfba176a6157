import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '../../shell/staleCode';

/** The report screens and their chart library are a chunk of their own (docs/decisions/0080). */
const ProductivityPage = lazy(() => loadWithRetry(() => import('./ProductivityPage')));
const AdminReportPage = lazy(() => loadWithRetry(() => import('./AdminReportPage')));

const DASHBOARD = '/planner/:departmentId/dashboards/productivity/*';
const REPORTS = '/planner/:departmentId/reports/*';
/** Spec §2 `/admin/report/{fromDate?}/{toDate?}/{type?}`: its optional parts are the splat's. */
export const ADMIN_REPORT = '/admin/report/:fromDate?/:toDate?/:type?';

/** The productivity dashboard, the planner's reports and the admin report (spec §2), by their route rules. */
export const reportingScreens: {
  path: string;
  rule: string;
  Page: LazyExoticComponent<ComponentType>;
}[] = [
  { path: DASHBOARD, rule: DASHBOARD, Page: ProductivityPage },
  { path: REPORTS, rule: REPORTS, Page: ProductivityPage },
  { path: '/admin/report/*', rule: ADMIN_REPORT, Page: AdminReportPage },
];
