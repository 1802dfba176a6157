import { z } from 'zod';

/**
 * The report pages `/reports/analytics` and `/reports/monitoring` (spec §2 "embedded report
 * pages"; docs/decisions/0084-report-pages.md): the product's own figures, or an external
 * dashboard in a frame when one is configured.
 */
export const reportServices = ['analytics', 'monitoring'] as const;
export type ReportService = (typeof reportServices)[number];

/** Query `reportDashboards {}`: the external dashboards configured (ADMIN only). */
export const reportDashboardsQuerySchema = z.object({}).strict();

/** The answer: each page's external dashboard (an https URL), null when the page shows its own. */
export type ReportDashboards = Record<ReportService, string | null>;

/** Query `monitoringSnapshot {}`: the running processes' metrics, summed (ADMIN only). */
export const monitoringSnapshotQuerySchema = z.object({}).strict();

/** One command's counters and latency, over every process since each one started. */
export interface CommandFigures {
  command: string;
  /** Commands run, whatever the outcome. */
  total: number;
  /** Of them, those not `ok` or `partial` (the errorType answered). */
  failed: number;
  /** Median and 95th percentile of the time to answer, in seconds (from the histogram's buckets). */
  p50: number | null;
  p95: number | null;
}

/** A process whose metrics were read, or could not be. */
export interface MetricsSourceState {
  name: string;
  ok: boolean;
  /** Why it could not be read. */
  error?: string;
}

/**
 * The answer of `monitoringSnapshot`. Counters are totals since each process started: the page
 * makes rates of two snapshots. Gauges of the database (projection lag, outbox backlog) are the
 * same in every process that reads it and are taken once (the highest); sockets are summed over
 * the gateways; relay lag is that of the relay processes (absent without one).
 */
export interface MonitoringSnapshot {
  /** When the metrics were read (ISO instant). */
  at: string;
  sources: MetricsSourceState[];
  commands: CommandFigures[];
  projections: { projection: string; seconds: number; events: number }[];
  socketsOpen: number | null;
  socketMessagesSent: number | null;
  relayLag: { source: string; seconds: number }[];
  outboxBacklog: { outbox: string; rows: number }[];
}
