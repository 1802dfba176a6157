import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '../../shell/staleCode';

/** The report screens and their chart library are a chunk of their own (docs/decisions/0080). */
const ProductivityPage = lazy(() => loadWithRetry(() => import('./ProductivityPage')));

const DASHBOARD = '/planner/:departmentId/dashboards/productivity/*';
const REPORTS = '/planner/:departmentId/reports/*';

/** The productivity dashboard and the planner's reports (spec §2), by their route rules. */
export const reportingScreens: {
  path: string;
  rule: string;
  Page: LazyExoticComponent<ComponentType>;
}[] = [
  { path: DASHBOARD, rule: DASHBOARD, Page: ProductivityPage },
  { path: REPORTS, rule: REPORTS, Page: ProductivityPage },
];
