import {
  BlockNumberAllocator,
  EventStoreNumberAllocator,
  InvoicingRunner,
  JobControl,
  OptimizingRunner,
  OptimizingTakeOverJob,
  PreAdviceJob,
  ReferenceStreams,
  StreamStates,
  STREAM_STATES_KEPT,
  executeCommand,
} from '@nordlog/command-service';
import { NUMBER_SERIES_CATALOGUE_STREAM, SYSTEM_IDENTITY, type Identity } from '@nordlog/contracts';
import {
  LinkMobilitySmsSender,
  PostgresEventStore,
  connectKurrentEventStore,
  personalDataKeys,
  withPersonalData,
  type PersonalDataKeySettings,
  type PersonalDataStore,
  type Config,
  LiveMessagePort,
  MeteredMessagePort,
  OutboxMessagePort,
  messageDelivery,
  MetricsReader,
  PostgresBlobStore,
  PostgresIdAllocator,
  type BlobStore,
  ProjectionWatermark,
  SmtpEmailSender,
  type Database,
  type EventStore,
  type Geocoder,
  type IdAllocator,
  type Logger,
  type MessageDelivery,
  type MessagePort,
  type Metrics,
} from '@nordlog/platform';
import { projections } from '@nordlog/projector';
import { defaultChromiumPath, readDay, readInvoicingCandidates } from '@nordlog/query-service';
import {
  createRouteOptimizer,
  defaultWorkers,
  graphHopperMatrixService,
  osrmMatrixService,
  valhallaMatrixService,
  type FetchLike,
  type MatrixService,
} from '@nordlog/optimizer';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webhookSecrets } from './webhookParts.js';
import { readModelLookups } from './readModelLookups.js';

/**
 * The parts the composition roots share: the embedded default (one process, embedded/system.ts)
 * and the separate services (services/*.ts) are made of the same pieces.
 */

/**
 * The event store: PostgreSQL (the default, in the same database as the read models), or
 * EventStoreDB/KurrentDB at EVENTSTORE_URL (docs/decisions/0022-eventstoredb.md).
 */
export async function openEventStore(
  config: Pick<Config, 'EVENTSTORE_URL'> & PersonalDataKeySettings,
  db: Database,
  logger: Logger,
): Promise<PersonalDataStore> {
  // Personal data is sealed above either store, its keys in PostgreSQL (docs/decisions/0050).
  if (!config.EVENTSTORE_URL)
    return withPersonalData(
      new PostgresEventStore(db.knex, db.notifier),
      db.knex,
      personalDataKeys(config),
    );
  logger.info(
    { url: config.EVENTSTORE_URL.replace(/\/\/[^@/]*@/, '//***@') },
    'event store: KurrentDB',
  );
  return withPersonalData(
    await connectKurrentEventStore(config.EVENTSTORE_URL, { logger }),
    db.knex,
    personalDataKeys(config),
  );
}

/** What the command service needs: the event store with its cached reference streams, ids, numbers. */
export async function commandParts(
  db: Database,
  rawStore: EventStore,
  geocoder: Geocoder,
  logger: Logger,
  metrics?: Metrics,
  /** How a webhook URL is checked when saved (docs/decisions/0070); default: public https only. */
  webhookUrlCheck?: (url: string) => Promise<void>,
  /** Folded stream states kept (config COMMAND_STATES_KEPT). */
  statesKept = STREAM_STATES_KEPT,
  /** Where proof images are kept (blobParts.ts `blobStoreOf`); default: the product's database. */
  blobs: BlobStore = new PostgresBlobStore(db.knex),
) {
  // Departments and the number-series catalogue, cached for bookings (docs/decisions/0017).
  const references = new ReferenceStreams(rawStore, db.notifier);
  await references.start();
  const store = references.watch(rawStore);
  const deps = {
    store,
    ids: new PostgresIdAllocator(db.knex),
    numbers: new BlockNumberAllocator(
      new EventStoreNumberAllocator(store, {
        readCatalogue: () => references.read(NUMBER_SERIES_CATALOGUE_STREAM),
      }),
    ),
    references,
    // Folded stream states, read on from their revision (docs/decisions/0043).
    states: new StreamStates(rawStore, statesKept),
    geocoder,
    // A delivery's signature and photos (docs/decisions/0068, 0103).
    blobs,
    logger: logger.child({ component: 'command' }),
    ...(metrics ? { metrics } : {}),
    ...(webhookUrlCheck ? { webhookUrlCheck } : {}),
    // What some commands look up in the read models (0063's tracking key, 0089's recipients).
    ...readModelLookups(db),
  };
  /** Runs a command in process, as the system unless another identity is given. */
  const run = (name: string, payload: unknown, identity: Identity = SYSTEM_IDENTITY) =>
    executeCommand(deps, { name, body: { type: name, payload }, identity });
  return { deps, run, close: () => references.stop() };
}

/** The road services the configuration names (docs/decisions/0026). */
function matrixServices(config: Config) {
  const fetchFn = fetch as unknown as FetchLike;
  const services: { osrm?: MatrixService; valhalla?: MatrixService; graphhopper?: MatrixService } =
    {};
  if (config.OSRM_URL) services.osrm = osrmMatrixService(config.OSRM_URL, fetchFn);
  if (config.VALHALLA_URL) services.valhalla = valhallaMatrixService(config.VALHALLA_URL, fetchFn);
  if (config.GRAPHHOPPER_URL)
    services.graphhopper = graphHopperMatrixService(
      config.GRAPHHOPPER_URL,
      fetchFn,
      config.GRAPHHOPPER_KEY,
    );
  return services;
}

/**
 * Optimising runs (docs/decisions/0026): the optimiser's worker pool and the runner that takes
 * requested runs, beside the command service. Started by the caller; `close` stops both.
 */
export function optimizingParts(config: Config, db: Database, store: EventStore, logger: Logger) {
  const workers = config.OPTIMIZER_WORKERS ?? defaultWorkers();
  const optimizer = createRouteOptimizer({
    workers,
    optimizerType: config.OPTIMIZER_TYPE,
    services: matrixServices(config),
    features: config.OPTIMIZER_FEATURES,
  });
  const watermark = new ProjectionWatermark(db.knex, db.notifier, {
    projections: projections.map((p) => p.name),
    logger: logger.child({ component: 'optimizing' }),
  });
  const runner = new OptimizingRunner({
    store,
    knex: db.knex,
    optimizer,
    readDay: (run) => readDay(db.knex, run),
    logger: logger.child({ component: 'optimizing' }),
    waitForPosition: (position, timeoutMs) => watermark.waitFor(position, timeoutMs),
    // A run stays requested (queued) until a worker is free to take it.
    concurrency: workers,
  });
  // The take-over of dead runs, again every minute, as an admin's job (docs/decisions/0076).
  const takeOver = new OptimizingTakeOverJob(runner).governedBy(
    'OPTIMIZING_TAKE_OVER',
    new JobControl(db.knex),
  );
  return {
    runner,
    takeOver,
    /** Starts the runner and its take-over job. */
    start: () => {
      runner.start();
      takeOver.start();
    },
    close: async () => {
      await takeOver.stop();
      await runner.stop();
      await optimizer.close();
      watermark.close();
    },
  };
}

/**
 * Invoicing runs (docs/decisions/0032-invoicing.md): the runner that takes requested runs, beside
 * the command service, reading what is ready from the read models. Started by the caller.
 */
export function invoicingParts(db: Database, store: EventStore, ids: IdAllocator, logger: Logger) {
  const watermark = new ProjectionWatermark(db.knex, db.notifier, {
    projections: projections.map((p) => p.name),
    logger: logger.child({ component: 'invoicing' }),
  });
  const runner = new InvoicingRunner({
    store,
    knex: db.knex,
    ids,
    readCandidates: (run) => readInvoicingCandidates(db.knex, run),
    logger: logger.child({ component: 'invoicing' }),
    waitForPosition: (position, timeoutMs) => watermark.waitFor(position, timeoutMs),
    control: new JobControl(db.knex),
  });
  return {
    runner,
    close: async () => {
      await runner.stop();
      watermark.close();
    },
  };
}

/** What the query service needs; read-your-writes waits for every projection's checkpoint. */
export function queryParts(
  config: Config,
  db: Database,
  geocoder: Geocoder,
  logger: Logger,
  options: {
    minPositionWaitMs?: number;
    /** This process's metrics, read by `monitoringSnapshot` with MONITORING_TARGETS' (0084). */
    metrics?: { name: string; metrics: Metrics };
    /** Where proof images are kept (blobParts.ts `blobStoreOf`); default: the product's database. */
    blobs?: BlobStore;
  } = {},
) {
  const watermark = new ProjectionWatermark(db.knex, db.notifier, {
    projections: projections.map((p) => p.name),
    logger: logger.child({ component: 'read-your-writes' }),
  });
  const deps = {
    knex: db.knex,
    waitForPosition: (position: string, timeoutMs: number) =>
      watermark.waitFor(position, timeoutMs),
    minPositionWaitMs: options.minPositionWaitMs,
    geocoder,
    blobs: options.blobs ?? new PostgresBlobStore(db.knex),
    webhookSecret: webhookSecrets(config),
    invoices: {
      seller: {
        name: config.INVOICE_SELLER_NAME,
        orgNumber: config.INVOICE_SELLER_ORG_NUMBER,
        address: config.INVOICE_SELLER_ADDRESS,
      },
      chromiumPath: config.CHROMIUM_PATH ?? defaultChromiumPath(),
    },
    // The report pages (docs/decisions/0084): the processes' metrics, the external dashboards.
    reports: {
      metrics: new MetricsReader(options.metrics ?? null, config.MONITORING_TARGETS ?? []),
      dashboards: {
        analytics: config.ANALYTICS_DASHBOARD_URL ?? null,
        monitoring: config.MONITORING_DASHBOARD_URL ?? null,
      },
    },
  };
  return { deps, close: () => watermark.close() };
}

/**
 * The message delivery the configuration chose (docs/decisions/0012): the outbox (stored and
 * logged; the development page lists it), or SMTP for e-mail and LINK Mobility for SMS.
 */
export function messagePort(
  delivery: MessageDelivery,
  smtpCa: string | undefined,
  db: Database,
  logger: Logger,
): { port: MessagePort; outbox: OutboxMessagePort | null; close(): void } {
  if (delivery.mode === 'outbox') {
    const outbox = new OutboxMessagePort(db.knex, logger);
    logger.info({ delivery: 'outbox' }, 'messages are stored in the outbox, not sent');
    return { port: outbox, outbox, close: () => undefined };
  }
  const email = new SmtpEmailSender({
    url: delivery.smtp.url,
    from: delivery.smtp.from,
    ...(smtpCa ? { tlsCa: smtpCa } : {}),
  });
  const sms = new LinkMobilitySmsSender(delivery.sms);
  logger.info(
    {
      delivery: 'live',
      smtp: new URL(delivery.smtp.url).host,
      sms: new URL(delivery.sms.url).host,
    },
    'messages are sent by e-mail (SMTP) and SMS (LINK Mobility)',
  );
  return { port: new LiveMessagePort({ email, sms }), outbox: null, close: () => email.close() };
}

/**
 * The pre-advice process of a command process (docs/decisions/0062-pre-advice.md), with message
 * delivery of its own. Null (and a warning) when the message settings are incomplete: the
 * command service still starts, and says that this process sends no pre-advice.
 */
export function preAdviceParts(
  config: Config,
  db: Database,
  store: EventStore,
  logger: Logger,
  metrics: Metrics,
): { job: PreAdviceJob; close(): Promise<void> } | null {
  if (config.PRE_ADVICE_INTERVAL_SECONDS === 0) return null;
  let delivery: MessageDelivery;
  try {
    delivery = messageDelivery(config);
  } catch (err) {
    logger.warn(
      { err },
      'pre-advice is not sent by this process: its message settings are incomplete',
    );
    return null;
  }
  const smtpCa =
    delivery.mode === 'live' && delivery.smtp.caFile
      ? readFileSync(delivery.smtp.caFile, 'utf8')
      : undefined;
  const messages = messagePort(delivery, smtpCa, db, logger.child({ component: 'messages' }));
  const host = (
    delivery.mode === 'live'
      ? delivery.publicUrl
      : (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`)
  ).replace(/\/+$/, '');
  const job = new PreAdviceJob({
    store,
    knex: db.knex,
    messages: new MeteredMessagePort(messages.port, metrics),
    logger: logger.child({ component: 'pre-advice' }),
    publicUrl: () => host,
    enabled: config.PRE_ADVICE_ENABLED,
    intervalMs: config.PRE_ADVICE_INTERVAL_SECONDS * 1000,
  }).governedBy('PRE_ADVICE', new JobControl(db.knex));
  job.start();
  return {
    job,
    close: async () => {
      await job.stop();
      messages.close();
    },
  };
}

/** What the web app is told of this installation (`GET /config`). */
/** The help desk whose signed links sign customer users in (docs/decisions/0074), if set. */
export const helpdeskOf = (config: Config) =>
  config.HELPDESK_NAME && config.HELPDESK_SECRET
    ? { name: config.HELPDESK_NAME, secret: config.HELPDESK_SECRET }
    : null;

export const publicConfigOf = (config: Config) => ({
  customerPortalUrl: config.CUSTOMER_PORTAL_URL ?? null,
  environment: config.NODE_ENV === 'production' ? 'production' : 'local',
  development: config.NODE_ENV === 'development',
  mapTileUrl: config.MAP_TILE_URL,
  mapTileAttribution: config.MAP_TILE_ATTRIBUTION,
});

/** The report pages' external dashboards, framed by the web app (docs/decisions/0084). */
export const dashboardUrlsOf = (config: Config): string[] =>
  [config.MONITORING_DASHBOARD_URL, config.ANALYTICS_DASHBOARD_URL].filter(
    (u): u is string => u !== undefined,
  );

const here = path.dirname(fileURLToPath(import.meta.url));

/** The web app's build (`npm run build -w ui`). */
export function uiFolder(): string {
  return path.resolve(here, '../../ui/dist');
}

/** The build id: set at build time in production (BUILD_ID); here the start time. */
const startedAt = new Date().toISOString();
export const buildId = () => `dev-${startedAt}`;

/** Made once: a formatter costs about 80 µs to make, and every new socket asks for today. */
const osloDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' });
export const todayInOslo = () => osloDay.format(new Date());
