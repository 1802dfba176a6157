import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '../shell/staleCode';

/** The report pages and their chart library are chunks of their own (docs/decisions/0084). */
const AnalyticsPage = lazy(() => loadWithRetry(() => import('./AnalyticsPage')));
const MonitoringPage = lazy(() => loadWithRetry(() => import('./MonitoringPage')));

const ReportsIndex = lazy(() => loadWithRetry(() => import('./ReportsIndex')));

/** Spec §2 `/reports/{analytics service}`, `/reports/{monitoring service}` (ADMIN). */
export const ANALYTICS_RULE = '/reports/analytics/*';
export const MONITORING_RULE = '/reports/monitoring';

export const reportPageScreens: {
  path: string;
  rule: string;
  Page: LazyExoticComponent<ComponentType>;
}[] = [
  { path: ANALYTICS_RULE, rule: ANALYTICS_RULE, Page: AnalyticsPage },
  { path: MONITORING_RULE, rule: MONITORING_RULE, Page: MonitoringPage },
  // `/reports` alone: the analytics page; another service name: not found.
  { path: '/reports/*', rule: '/reports/*', Page: ReportsIndex },
];
