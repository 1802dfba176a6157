import type { Knex } from 'knex';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from '../logger.js';
import {
  readOutboxBacklog,
  readOutboxShape,
  readProjectionLag,
  withDeadline,
  type OutboxShape,
  type ProjectionLag,
} from './database.js';

export {
  COUNT_CAP,
  CHANGE_OUTBOX_TABLE,
  MESSAGE_OUTBOX_TABLE,
  oldestUnprojectedAgeMs,
  readOutboxBacklog,
  readOutboxShape,
  readProjectionLag,
  withDeadline,
  type OutboxShape,
  type ProjectionLag,
} from './database.js';

export interface MetricsOptions {
  /** The `service` label of every series (`command`, `gateway`, `embedded`, …). */
  service: string;
  /** Node's process metrics too: CPU, memory, event-loop delay, GC, handles (default true). */
  defaultMetrics?: boolean;
  /** Where failed scrape-time reads are logged (at debug). */
  logger?: Logger;
}

/**
 * How a command ended: `ok`; `partial` (a bulk command some of whose targets were refused; the
 * reply lists them); otherwise the `errorType` the client got (`VALIDATION_ERROR`, `NO_ACCESS`,
 * `CONCURRENCY_CONFLICT`, `SERVICE_UNAVAILABLE`, `INTERNAL_ERROR`, …).
 */
export type CommandMetricOutcome = 'ok' | 'partial' | (string & {});

/**
 * How a message (SMS, e-mail) ended: `sent` (the port took it: the provider accepted it, or the
 * outbox stored it), `refused` (a DeliveryError of scope `recipient`), `failed` (scope `service`),
 * `error` (anything else thrown).
 */
export type MessageMetricOutcome = 'sent' | 'refused' | 'failed' | 'error';

export interface DatabaseMetricsOptions {
  logger?: Logger;
  /** Time allowed for each read of a scrape (default 2 s); a slower one is cancelled. */
  timeoutMs?: number;
  /** A scrape within this long of the last read answers from it (default 1 s). */
  reuseMs?: number;
}

interface Snapshot {
  lag: ProjectionLag[] | null;
  backlog: Record<string, number> | null;
}

/** Command latencies are milliseconds to seconds; the default buckets start too coarse. */
const COMMAND_BUCKETS = [0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** How long the catalogue lookup of the optional outbox bookkeeping is reused. */
const SHAPE_REUSE_MS = 60_000;

/**
 * The Prometheus metrics of one service (issue 15 §4), in a registry of its own: never prom-client's
 * global default registry, so several systems in one process (tests, the embedded default) do not
 * collide. Every series carries the label `service`.
 *
 * | metric | type | labels |
 * |---|---|---|
 * | `nordlog_commands_total` | counter | `command`, `outcome` (see CommandMetricOutcome) |
 * | `nordlog_command_duration_seconds` | histogram | `command` |
 * | `nordlog_projection_lag_seconds` | gauge | `projection`: age of its oldest unapplied event |
 * | `nordlog_projection_lag_events` | gauge | `projection`: events after its checkpoint (capped) |
 * | `nordlog_outbox_backlog` | gauge | `outbox`: `rm_changes`, `message_outbox` (see readOutboxBacklog) |
 * | `nordlog_relay_lag_seconds` | gauge | `source` (`changes`, `events`; set by the relay: `setRelayLag`) |
 * | `nordlog_sockets_open` | gauge | — |
 * | `nordlog_socket_messages_sent_total` | counter | — (change frames sent to sockets) |
 * | `nordlog_messages_sent_total` | counter | `channel` (`sms`, `email`), `outcome` (see MessageMetricOutcome) |
 * | `nordlog_metrics_read_errors_total` | counter | `source` (`projection_lag`, `outbox_backlog`) |
 *
 * The database gauges are read when scraped, and only once `watchDatabase` named the database.
 * A failed or slow read never fails the scrape: it leaves the gauges as they were, logs at debug
 * and counts in `nordlog_metrics_read_errors_total`.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly commands: Counter<'command' | 'outcome'>;
  readonly commandDuration: Histogram<'command'>;
  readonly projectionLagSeconds: Gauge<'projection'>;
  readonly projectionLagEvents: Gauge<'projection'>;
  readonly outboxBacklog: Gauge<'outbox'>;
  readonly relayLagSeconds: Gauge<'source'>;
  readonly socketsOpen: Gauge;
  readonly socketMessagesSent: Counter;
  readonly messagesSent: Counter<'channel' | 'outcome'>;
  readonly readErrors: Counter<'source'>;
  private readonly socketSources = new Set<() => number>();
  private database: DatabaseSource | null = null;

  constructor(readonly options: MetricsOptions) {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ service: options.service });
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
    this.commands = new Counter({
      name: 'nordlog_commands_total',
      help: 'Commands run, by command and outcome (ok, partial, or the errorType answered)',
      labelNames: ['command', 'outcome'],
      registers,
    });
    this.commandDuration = new Histogram({
      name: 'nordlog_command_duration_seconds',
      help: 'Time from receiving a command to its answer, whatever the outcome',
      labelNames: ['command'],
      buckets: COMMAND_BUCKETS,
      registers,
    });
    const withSnapshot = (use: (s: Snapshot) => void) => async () => {
      const snapshot = await this.database?.read();
      if (snapshot) use(snapshot);
    };
    this.projectionLagSeconds = new Gauge({
      name: 'nordlog_projection_lag_seconds',
      help: 'Age of the oldest event a projection has not applied yet (0: caught up)',
      labelNames: ['projection'],
      registers,
      collect: withSnapshot(({ lag }) => {
        if (!lag) return;
        this.projectionLagSeconds.reset();
        for (const l of lag) this.projectionLagSeconds.set({ projection: l.projection }, l.seconds);
      }),
    });
    this.projectionLagEvents = new Gauge({
      name: 'nordlog_projection_lag_events',
      help: 'Events after a projection checkpoint (counted up to 100000)',
      labelNames: ['projection'],
      registers,
      collect: withSnapshot(({ lag }) => {
        if (!lag) return;
        this.projectionLagEvents.reset();
        for (const l of lag) this.projectionLagEvents.set({ projection: l.projection }, l.events);
      }),
    });
    this.outboxBacklog = new Gauge({
      name: 'nordlog_outbox_backlog',
      help: 'Rows waiting in an outbox: rm_changes not yet relayed, message_outbox not yet sent',
      labelNames: ['outbox'],
      registers,
      collect: withSnapshot(({ backlog }) => {
        if (!backlog) return;
        this.outboxBacklog.reset();
        for (const [outbox, n] of Object.entries(backlog)) this.outboxBacklog.set({ outbox }, n);
      }),
    });
    this.relayLagSeconds = new Gauge({
      name: 'nordlog_relay_lag_seconds',
      help: 'Age of the oldest event or change the Kafka relay has not published yet, by source',
      labelNames: ['source'],
      registers,
    });
    const sources = this.socketSources;
    this.socketsOpen = new Gauge({
      name: 'nordlog_sockets_open',
      help: 'WebSocket connections open (ws /api/subscribe)',
      registers,
      collect() {
        let open = 0;
        for (const count of sources) open += count();
        this.set(open);
      },
    });
    this.socketMessagesSent = new Counter({
      name: 'nordlog_socket_messages_sent_total',
      help: 'Change frames sent to WebSocket clients (one per socket and change)',
      registers,
    });
    this.messagesSent = new Counter({
      name: 'nordlog_messages_sent_total',
      help: 'Messages (SMS, e-mail) handed to the message port, by channel and outcome',
      labelNames: ['channel', 'outcome'],
      registers,
    });
    this.readErrors = new Counter({
      name: 'nordlog_metrics_read_errors_total',
      help: 'Scrape-time database reads that failed or timed out (their gauges kept old values)',
      labelNames: ['source'],
      registers,
      // Collected beside the gauges: waits for the same read, so a scrape counts its own failure.
      collect: async () => void (await this.database?.read()),
    });
  }

  /** One command's outcome and how long it took. */
  observeCommand(command: string, outcome: CommandMetricOutcome, seconds: number): void {
    this.commands.inc({ command, outcome });
    this.commandDuration.observe({ command }, seconds);
  }

  /**
   * The Kafka relay's hook (platform/src/kafka/relay.ts, `onPublished`): the age in seconds of
   * the oldest item of `source` (`changes`: `rm_changes` rows; `events`: domain events) it has not
   * published yet, 0 when caught up. Call it after every acknowledged batch and when idle; it is
   * reported as `nordlog_relay_lag_seconds{source}` of the relay process and absent elsewhere.
   */
  setRelayLag(seconds: number, source = 'changes'): void {
    this.relayLagSeconds.set({ source }, Math.max(0, seconds));
  }

  /** Counts `open()` into `nordlog_sockets_open` at each scrape, until the returned stop is called. */
  trackSockets(open: () => number): () => void {
    this.socketSources.add(open);
    return () => void this.socketSources.delete(open);
  }

  /** `count` change frames went to sockets. */
  countSocketMessages(count = 1): void {
    this.socketMessagesSent.inc(count);
  }

  /** One message handed to the message port, and how that ended. */
  messageSent(channel: string, outcome: MessageMetricOutcome): void {
    this.messagesSent.inc({ channel, outcome });
  }

  /**
   * Reads projection lag and outbox backlog from this database at each scrape (one service per
   * database is enough: the numbers are the database's, not the process's). Replaces an earlier
   * database; the returned function stops reading it.
   */
  watchDatabase(knex: Knex, options: DatabaseMetricsOptions = {}): () => void {
    const source = new DatabaseSource(knex, this, {
      ...options,
      logger: options.logger ?? this.options.logger,
    });
    this.database = source;
    return () => {
      if (this.database === source) this.database = null;
    };
  }

  /** The Prometheus text of every metric; never rejects for a database read. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** A metrics registry for one service; see Metrics. */
export const createMetrics = (options: MetricsOptions): Metrics => new Metrics(options);

/**
 * The database half of a scrape: one read shared by the gauges that need it (prom-client collects
 * them concurrently), reused briefly, each part caught so a failure sets nothing.
 */
class DatabaseSource {
  private inflight: Promise<Snapshot> | null = null;
  private last: { at: number; snapshot: Snapshot } | null = null;
  private shape: { at: number; value: OutboxShape } | null = null;

  constructor(
    private readonly knex: Knex,
    private readonly metrics: Metrics,
    private readonly options: DatabaseMetricsOptions,
  ) {}

  read(): Promise<Snapshot> {
    const reuse = this.options.reuseMs ?? 1000;
    if (this.last && Date.now() - this.last.at < reuse) return Promise.resolve(this.last.snapshot);
    this.inflight ??= this.load().finally(() => (this.inflight = null));
    return this.inflight;
  }

  private async load(): Promise<Snapshot> {
    const timeoutMs = this.options.timeoutMs ?? 2000;
    const [lag, backlog] = await Promise.all([
      this.attempt('projection_lag', () => readProjectionLag(this.knex, timeoutMs)),
      this.attempt('outbox_backlog', async () => {
        if (!this.shape || Date.now() - this.shape.at > SHAPE_REUSE_MS)
          this.shape = { at: Date.now(), value: await readOutboxShape(this.knex, timeoutMs) };
        return readOutboxBacklog(this.knex, this.shape.value, timeoutMs);
      }),
    ]);
    const snapshot = { lag, backlog };
    this.last = { at: Date.now(), snapshot };
    return snapshot;
  }

  private async attempt<T>(source: string, read: () => Promise<T>): Promise<T | null> {
    try {
      // The knex timeouts cancel the statement; this bounds the wait for a pool connection too.
      const timeoutMs = (this.options.timeoutMs ?? 2000) * 2;
      return await withDeadline(read(), timeoutMs, `reading ${source}`);
    } catch (err) {
      this.metrics.readErrors.inc({ source });
      this.options.logger?.debug({ err, source }, 'metrics: database read failed');
      return null;
    }
  }
}

export {
  histogramQuantile,
  parsePrometheusText,
  parseSampleLine,
  type Sample,
} from './prometheusText.js';
export {
  MetricsReader,
  summariseMetrics,
  type MonitoringTarget,
  type SourceReading,
} from './snapshot.js';
