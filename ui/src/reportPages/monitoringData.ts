import type { MonitoringSnapshot } from '@nordlog/contracts';

/** How often the monitoring page reads the metrics again while it is open (ms). */
export const MONITORING_REFRESH_MS = 5000;

/**
 * Commands per minute of each command between two snapshots (docs/decisions/0084): the counters
 * are totals since each process started, so a rate is the difference over the time between them.
 * A counter that went down (a process restarted) or a first snapshot gives no rate (absent).
 */
export function commandRates(
  before: MonitoringSnapshot | undefined,
  after: MonitoringSnapshot,
): Map<string, number> {
  const rates = new Map<string, number>();
  if (!before) return rates;
  const minutes = (Date.parse(after.at) - Date.parse(before.at)) / 60_000;
  if (!(minutes > 0)) return rates;
  const earlier = new Map(before.commands.map((c) => [c.command, c.total]));
  for (const c of after.commands) {
    const delta = c.total - (earlier.get(c.command) ?? 0);
    if (delta >= 0) rates.set(c.command, delta / minutes);
  }
  return rates;
}

/** Seconds as milliseconds for the tables (null: no observation). */
export const millis = (seconds: number | null): number | null =>
  seconds === null ? null : seconds * 1000;

/** The analytics page's view: the date range, the address's optional segments (a bookmark). */
export interface AnalyticsView {
  fromDate: string;
  toDate: string;
}

export const ANALYTICS_BASE = '/reports/analytics';
export const MONITORING_PATH = '/reports/monitoring';
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** By default this month so far (as the admin report); a to date before the from date is the from date. */
export function parseAnalyticsView(splat: string, today: string): AnalyticsView {
  const [from, to] = splat.split('/');
  const fromDate = from && isoDate.test(from) ? from : `${today.slice(0, 8)}01`;
  const toDate = to && isoDate.test(to) && to >= fromDate ? to : from ? fromDate : today;
  return { fromDate, toDate };
}

export const analyticsPath = (view: AnalyticsView): string =>
  `${ANALYTICS_BASE}/${view.fromDate}/${view.toDate}`;
