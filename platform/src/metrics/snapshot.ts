import type { CommandFigures, MetricsSourceState, MonitoringSnapshot } from '@nordlog/contracts';
import { histogramQuantile, parsePrometheusText, type Sample } from './prometheusText.js';

/** A process's metrics as read: its samples, or why they could not be read. */
export type SourceReading =
  { name: string; ok: true; samples: Sample[] } | { name: string; ok: false; error: string };

/** Outcomes that are not failures (see CommandMetricOutcome). */
const SUCCEEDED = new Set(['ok', 'partial']);

const round = (n: number | null, digits = 6) =>
  n === null ? null : Math.round(n * 10 ** digits) / 10 ** digits;

/** The highest value per label of the samples `name` (a gauge of the shared database). */
function highest(samples: Sample[], name: string, label: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of samples)
    if (s.name === name && s.labels[label] !== undefined && Number.isFinite(s.value))
      out.set(s.labels[label], Math.max(out.get(s.labels[label]) ?? -Infinity, s.value));
  return out;
}

/** The sum of the samples `name`, null when no process has it. */
function sum(samples: Sample[], name: string): number | null {
  const found = samples.filter((s) => s.name === name && Number.isFinite(s.value));
  return found.length === 0 ? null : found.reduce((a, s) => a + s.value, 0);
}

/** Every command's counters and latency quantiles, summed over the processes. */
function commandFigures(samples: Sample[]): CommandFigures[] {
  const commands = new Map<
    string,
    { total: number; failed: number; buckets: Map<number, number> }
  >();
  const of = (command: string) => {
    let c = commands.get(command);
    if (!c) commands.set(command, (c = { total: 0, failed: 0, buckets: new Map() }));
    return c;
  };
  for (const s of samples) {
    const command = s.labels.command;
    if (command === undefined) continue;
    if (s.name === 'nordlog_commands_total') {
      const c = of(command);
      c.total += s.value;
      if (!SUCCEEDED.has(s.labels.outcome ?? '')) c.failed += s.value;
    } else if (s.name === 'nordlog_command_duration_seconds_bucket' && s.labels.le) {
      // Every process has the same buckets (Metrics' COMMAND_BUCKETS): counts add up per bound.
      const le = s.labels.le === '+Inf' ? Infinity : Number(s.labels.le);
      const buckets = of(command).buckets;
      buckets.set(le, (buckets.get(le) ?? 0) + s.value);
    }
  }
  return [...commands]
    .map(([command, c]) => ({
      command,
      total: c.total,
      failed: c.failed,
      p50: round(histogramQuantile(0.5, c.buckets)),
      p95: round(histogramQuantile(0.95, c.buckets)),
    }))
    .sort((a, b) => b.total - a.total || a.command.localeCompare(b.command));
}

/** The monitoring page's figures from the processes' readings (docs/decisions/0084). */
export function summariseMetrics(readings: SourceReading[], at: Date): MonitoringSnapshot {
  const samples = readings.flatMap((r) => (r.ok ? r.samples : []));
  const lagSeconds = highest(samples, 'nordlog_projection_lag_seconds', 'projection');
  const lagEvents = highest(samples, 'nordlog_projection_lag_events', 'projection');
  const sources: MetricsSourceState[] = readings.map((r) =>
    r.ok ? { name: r.name, ok: true } : { name: r.name, ok: false, error: r.error },
  );
  return {
    at: at.toISOString(),
    sources,
    commands: commandFigures(samples),
    projections: [...lagSeconds]
      .map(([projection, seconds]) => ({
        projection,
        seconds,
        events: lagEvents.get(projection) ?? 0,
      }))
      .sort((a, b) => a.projection.localeCompare(b.projection)),
    socketsOpen: sum(samples, 'nordlog_sockets_open'),
    socketMessagesSent: sum(samples, 'nordlog_socket_messages_sent_total'),
    relayLag: [...highest(samples, 'nordlog_relay_lag_seconds', 'source')]
      .map(([source, seconds]) => ({ source, seconds }))
      .sort((a, b) => a.source.localeCompare(b.source)),
    outboxBacklog: [...highest(samples, 'nordlog_outbox_backlog', 'outbox')]
      .map(([outbox, rows]) => ({ outbox, rows }))
      .sort((a, b) => a.outbox.localeCompare(b.outbox)),
  };
}

export interface MonitoringTarget {
  name: string;
  /** The service's base URL; its metrics are at `/metrics`. */
  url: string;
}

/**
 * Reads the metrics of the running processes for `monitoringSnapshot`: this process's own
 * registry (as text, through the same reader as the others) and each target's `/metrics` over the
 * internal network (config MONITORING_TARGETS). A target that does not answer in `timeoutMs` or
 * answers badly is reported as such; the others still count.
 */
export class MetricsReader {
  constructor(
    /** This process's registry (Metrics): only its text exposition is read. */
    private readonly own: { name: string; metrics: { text(): Promise<string> } } | null,
    private readonly targets: readonly MonitoringTarget[] = [],
    private readonly timeoutMs = 2000,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async snapshot(now = new Date()): Promise<MonitoringSnapshot> {
    const readings = await Promise.all([
      ...(this.own ? [this.read(this.own.name, () => this.own!.metrics.text())] : []),
      ...this.targets.map((t) => this.read(t.name, () => this.fetchText(t.url))),
    ]);
    return summariseMetrics(readings, now);
  }

  private async read(name: string, text: () => Promise<string>): Promise<SourceReading> {
    try {
      return { name, ok: true, samples: parsePrometheusText(await text()) };
    } catch (err) {
      return { name, ok: false, error: (err as Error).message };
    }
  }

  private async fetchText(base: string): Promise<string> {
    const res = await this.fetchImpl(`${base}/metrics`, {
      signal: AbortSignal.timeout(this.timeoutMs),
      headers: { accept: 'text/plain' },
    });
    if (!res.ok) throw new Error(`GET /metrics answered ${res.status}`);
    return res.text();
  }
}
