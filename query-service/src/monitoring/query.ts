import { AppError, type MonitoringSnapshot, type ReportDashboards } from '@nordlog/contracts';
import type { QueryHandler } from '../framework.js';

/**
 * Query `reportDashboards {}` (docs/decisions/0084): the external dashboards the report pages
 * show in a frame instead of their own figures (config MONITORING_DASHBOARD_URL,
 * ANALYTICS_DASHBOARD_URL), null each when none is configured. ADMIN only.
 */
export const reportDashboards: QueryHandler<'reportDashboards'> = async (
  _params,
  { reports },
): Promise<ReportDashboards> =>
  Promise.resolve({
    analytics: reports?.dashboards.analytics ?? null,
    monitoring: reports?.dashboards.monitoring ?? null,
  });

/**
 * Query `monitoringSnapshot {}` (docs/decisions/0084): the running processes' Prometheus metrics
 * (this one's and those of config MONITORING_TARGETS), summed for the monitoring page. ADMIN only.
 * A process without a metrics reader answers SERVICE_UNAVAILABLE.
 */
export const monitoringSnapshot: QueryHandler<'monitoringSnapshot'> = async (
  _params,
  { reports, clock },
): Promise<MonitoringSnapshot> => {
  if (!reports?.metrics) throw new AppError('SERVICE_UNAVAILABLE', 'This process reads no metrics');
  return reports.metrics.snapshot(clock());
};
