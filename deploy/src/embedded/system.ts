import type { BlobDeletesJob, WebhookWorker } from '@nordlog/command-service';
import {
  createCommandService,
  createOpenCommands,
  createExternalOrdersApi,
  PreAdviceJob,
  RecurringScheduler,
  createImportApi,
  ImportRunner,
  JobControl,
  ProofSweepJob,
  RetentionJob,
  type InvoicingRunner,
} from '@nordlog/command-service';
import { AppError, type ErrorItem, type Identity } from '@nordlog/contracts';
import {
  ApiKeyAuthenticator,
  createAuth,
  createGatewayApp,
  devMessagesPage,
  PublicLimit,
  SocketHub,
  trackingLookup,
} from '@nordlog/gateway';
import { randomBytes } from 'node:crypto';
import {
  messageDelivery,
  geocoderFromConfig,
  openDatabase,
  PostgresChangeBus,
  PostgresEventStore,
  personalDataKeys,
  withPersonalData,
  type PersonalDataStore,
  MeteredMessagePort,
  createHttpServer,
  createMetrics,
  healthRoutes,
  readiness,
  type Config,
  type Database,
  type BlobStore,
  type Logger,
} from '@nordlog/platform';
import {
  createProjector,
  createProjectorWorker,
  projections,
  readModelMigrations,
  type Projector,
} from '@nordlog/projector';
import {
  createDownloadApi,
  createIntegrationQueryApi,
  createOpenApi,
  createQueryService,
  createRestApi,
} from '@nordlog/query-service';
import { readFileSync } from 'node:fs';
import {
  buildId,
  publicConfigOf,
  dashboardUrlsOf,
  helpdeskOf,
  commandParts,
  invoicingParts,
  optimizingParts,
  messagePort,
  queryParts,
  todayInOslo,
  uiFolder,
} from '../parts.js';
import { blobStoreOf } from '../blobParts.js';
import { webhookUrlCheck, webhookWorker } from '../webhookParts.js';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface System {
  server: Server;
  /** Runs a command in process, as the system unless another identity is given (demo data, tests). */
  run(
    name: string,
    payload: unknown,
    identity?: Identity,
  ): Promise<{ status: number; body: unknown }>;
  url: string;
  db: Database;
  /**
   * The event store as the product reads it: personal data opened where its subject has a key
   * (docs/decisions/0050). A reader of the raw store sees it sealed, as erased.
   */
  store: PersonalDataStore;
  hub: SocketHub;
  projector: Projector;
  /** The invoicing runner (docs/decisions/0032): tests stop it to drive runs themselves. */
  invoicing: InvoicingRunner;
  /** The retention job (docs/decisions/0050): tests run a pass at a chosen time. */
  retention: RetentionJob;
  /** The sweep of unreferenced proof images (docs/decisions/0095): tests run a pass at a time. */
  proofSweep: ProofSweepJob;
  /** Where proof images are kept (docs/decisions/0068, 0103). */
  blobs: BlobStore;
  /** The bucket's deletes of an S3-compatible blob store (0103), null with the database's: tests run a pass. */
  blobDeletes: BlobDeletesJob | null;
  /** Books recurring orders every few minutes (docs/decisions/0058): tests run a pass. */
  recurring: RecurringScheduler;
  /** Spreadsheet imports (docs/decisions/0059): tests stop and start it to resume a job. */
  imports: ImportRunner;
  /** Decides and sends pre-advice (docs/decisions/0062): tests run a pass. */
  preAdvice: PreAdviceJob;
  /** Sends webhook deliveries (docs/decisions/0070): tests run a pass. */
  webhooks: WebhookWorker;
  close(): Promise<void>;
}

/**
 * The composition root of the embedded default: one process runs the command service, the
 * projector, the query service and the gateway over one PostgreSQL database.
 */
export async function startSystem(
  config: Config,
  logger: Logger,
  options: {
    socketPingMs?: number;
    socketStaleMs?: number;
    projectorInWorker?: boolean;
    /** How long a query waits for `x-min-position` (default 3 s). */
    minPositionWaitMs?: number;
    /**
     * Projections the projector leaves out, by name (benchmarks only: `bench:reports` books with
     * and without the reporting read model). Their read models stay empty.
     */
    withoutProjections?: string[];
  } = {},
): Promise<System> {
  // Message settings fail the start before anything opens.
  const delivery = messageDelivery(config);
  const smtpCa =
    delivery.mode === 'live' && delivery.smtp.caFile
      ? readFileSync(delivery.smtp.caFile, 'utf8')
      : undefined;
  const db = await openDatabase(config, logger, readModelMigrations);
  const rawStore = await withPersonalData(
    new PostgresEventStore(db.knex, db.notifier),
    db.knex,
    personalDataKeys(config),
  );
  const bus = new PostgresChangeBus(
    db.knex,
    db.notifier,
    logger.child({ component: 'change-bus' }),
  );
  // Identity enters in one place: the gateway's authenticator turns the session into the caller.
  // One geocoder for booking and the address input (docs/decisions/0015-booking.md).
  const geocoder = geocoderFromConfig(config, logger.child({ component: 'geocoder' }));
  // Proof images: the database, or an S3-compatible store whose deletes run here (0103).
  const blobStore = blobStoreOf(config, db, logger);
  blobStore.startDeletes();
  // One registry for the whole process (docs/decisions/0025-topology.md).
  const metrics = createMetrics({ service: 'embedded', logger });
  const unwatch = metrics.watchDatabase(db.knex);
  const command = await commandParts(
    db,
    rawStore,
    geocoder,
    logger,
    metrics,
    webhookUrlCheck(config),
    config.COMMAND_STATES_KEPT,
    blobStore.blobs,
  );
  // The scheduled jobs run under the admin's switches (docs/decisions/0076-admin-jobs.md).
  const jobControl = new JobControl(db.knex);
  const optimizing = optimizingParts(config, db, command.deps.store, logger);
  optimizing.start();
  const invoicing = invoicingParts(db, command.deps.store, command.deps.ids, logger);
  invoicing.runner.start();
  // Personal data whose retention ran out is erased hourly (docs/decisions/0050).
  const retention = new RetentionJob({
    store: command.deps.store,
    keys: rawStore.keys,
    knex: db.knex,
    logger: logger.child({ component: 'retention' }),
  }).governedBy('RETENTION', jobControl);
  retention.start();
  // Proof images no recorded proof refers to are deleted after a grace (docs/decisions/0095).
  const proofSweep = new ProofSweepJob({
    store: command.deps.store,
    knex: db.knex,
    logger: logger.child({ component: 'proof-sweep' }),
    graceMs: config.PROOF_SWEEP_GRACE_SECONDS * 1000,
    intervalMs: config.PROOF_SWEEP_INTERVAL_SECONDS * 1000,
  }).governedBy('PROOF_SWEEP', jobControl);
  if (config.PROOF_SWEEP_INTERVAL_SECONDS > 0) proofSweep.start();
  // Recurring orders book themselves for the days ahead (docs/decisions/0058).
  const recurring = new RecurringScheduler({
    run: (name, payload) => command.run(name, payload),
    knex: db.knex,
    logger: logger.child({ component: 'recurring' }),
    intervalMs: config.RECURRING_INTERVAL_SECONDS * 1000,
  }).governedBy('RECURRING_ORDERS', jobControl);
  if (config.RECURRING_INTERVAL_SECONDS > 0) recurring.start();
  const commandApi = createCommandService(command.deps);
  // Spreadsheet imports book through the same command path (docs/decisions/0059-import.md).
  const importDeps = { knex: db.knex, command: command.deps, logger };
  const imports = new ImportRunner(importDeps);
  await imports.start();
  const run: System['run'] = command.run;
  const query = queryParts(config, db, geocoder, logger, {
    minPositionWaitMs: options.minPositionWaitMs,
    // Everything runs here: one registry is every process's metrics (docs/decisions/0084).
    metrics: { name: 'embedded', metrics },
    blobs: blobStore.blobs,
  });
  const queryDeps = query.deps;
  const queryApi = createQueryService(queryDeps);
  const restApi = createRestApi(queryDeps);
  // The projector runs in a worker thread by default, so read-model work uses the other core
  // and never delays requests; in-process is kept for debugging.
  const projectorLogger = logger.child({ component: 'projector' });
  const projector =
    options.projectorInWorker === false
      ? createProjector({
          knex: db.knex,
          store: rawStore,
          notifier: db.notifier,
          logger: projectorLogger,
          projections: projections.filter((p) => !options.withoutProjections?.includes(p.name)),
        })
      : createProjectorWorker(
          {
            databaseUrl: db.url,
            poolSize: Math.max(4, Math.floor(config.DATABASE_POOL_SIZE / 2)),
            logLevel: config.LOG_LEVEL,
            personalData: personalDataKeys(config),
            without: options.withoutProjections,
          },
          projectorLogger,
        );
  projector.start();
  const uiDir = config.UI_DIR ?? uiFolder();
  const messages = messagePort(delivery, smtpCa, db, logger.child({ component: 'messages' }));
  let publicUrl = config.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${config.PORT}`;
  // Pre-advice decides and sends through the same adapters (docs/decisions/0062-pre-advice.md).
  const preAdvice = new PreAdviceJob({
    store: command.deps.store,
    knex: db.knex,
    messages: new MeteredMessagePort(messages.port, metrics),
    logger: logger.child({ component: 'pre-advice' }),
    publicUrl: () => publicUrl,
    enabled: config.PRE_ADVICE_ENABLED,
    intervalMs: config.PRE_ADVICE_INTERVAL_SECONDS * 1000,
  }).governedBy('PRE_ADVICE', jobControl);
  if (config.PRE_ADVICE_INTERVAL_SECONDS > 0) preAdvice.start();
  // Webhooks are sent by their worker (docs/decisions/0070-webhooks.md).
  const webhooks = webhookWorker(config, db, logger);
  let hubRef: SocketHub | null = null;
  const auth = createAuth({
    knex: db.knex,
    messages: new MeteredMessagePort(messages.port, metrics),
    publicUrl: () => publicUrl,
    logger: logger.child({ component: 'auth' }),
    secret: config.AUTH_SECRET ?? randomBytes(32).toString('hex'),
    maxRequestsPerAddress: config.AUTH_MAX_REQUESTS_PER_ADDRESS,
    impersonation: config.NODE_ENV === 'development',
    updateUser: async (userId: string, changes: { email: string }) => {
      const result = await run('UPDATE_USER', { id: userId, ...changes });
      // The command's own refusal (e.g. 409 EMAIL_TAKEN) is the caller's answer.
      if (result.status !== 200) throw AppError.of(result.body as ErrorItem[]);
    },
    helpdesk: helpdeskOf(config),
    customerPortalUrl: config.CUSTOMER_PORTAL_URL ?? null,
    onLogout: (userId: string) => hubRef?.logout(userId),
  });
  const publicLimit = new PublicLimit(config.PUBLIC_MAX_REQUESTS_PER_MINUTE);
  const app = createGatewayApp({
    health: healthRoutes({
      metrics,
      ready: readiness({
        knex: db.knex,
        maxLagMs: config.READY_MAX_LAG_MS,
        projections: projections.map((p) => p.name),
        logger: logger.child({ component: 'readiness' }),
      }),
    }),
    commandApi,
    queryApi,
    restApi,
    authApi: auth.router,
    authPublicApi: auth.apiRouter,
    authenticate: auth.authenticator.middleware(),
    devMessages:
      config.NODE_ENV === 'development' && messages.outbox
        ? devMessagesPage(messages.outbox)
        : undefined,
    logger,
    buildId: config.BUILD_ID ?? buildId(),
    uiDir,
    sourceMaps: config.NODE_ENV !== 'production',
    publicConfig: publicConfigOf(config),
    frameUrls: dashboardUrlsOf(config),
    openApi: createOpenApi(queryDeps),
    openCommands: createOpenCommands(command.deps),
    publicLimit,
    downloadApi: createDownloadApi(queryDeps),
    uploadApi: createImportApi({ ...importDeps, runner: imports }),
    // The integration APIs behind customers' API keys (docs/decisions/0069-api-keys.md).
    integration: {
      authenticate: new ApiKeyAuthenticator(db.knex, {
        perMinute: config.API_KEY_MAX_REQUESTS_PER_MINUTE,
        perCustomerPerMinute: config.API_KEY_MAX_REQUESTS_PER_CUSTOMER_PER_MINUTE,
        failuresPerMinute: config.API_KEY_MAX_FAILURES_PER_MINUTE,
      }).middleware(),
      queries: createIntegrationQueryApi(queryDeps),
      orders: createExternalOrdersApi(command.deps),
    },
  });
  const server = createHttpServer(app);
  const hub = new SocketHub({
    bus,
    logger: logger.child({ component: 'socket' }),
    identify: (req) => auth.authenticator.identifyUpgrade(req),
    tracking: { lookup: trackingLookup(db.knex), admits: (req) => publicLimit.admits(req) },
    today: todayInOslo,
    groups: auth.authenticator.groups,
    pingIntervalMs: options.socketPingMs,
    metrics,
    staleAfterMs: options.socketStaleMs,
  });
  hub.attach(server);
  hubRef = hub;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  if (!config.PUBLIC_URL) publicUrl = `http://localhost:${port}`;
  let closing: Promise<void> | null = null;
  return {
    server,
    run,
    url: `http://127.0.0.1:${port}`,
    db,
    store: rawStore,
    hub,
    projector,
    invoicing: invoicing.runner,
    retention,
    proofSweep,
    blobs: blobStore.blobs,
    blobDeletes: blobStore.deletes,
    recurring,
    imports,
    preAdvice,
    webhooks,
    close: () =>
      (closing ??= (async () => {
        await hub.close();
        unwatch();
        query.close();
        await optimizing.close();
        await invoicing.close();
        await retention.stop();
        await proofSweep.stop();
        await blobStore.close();
        await recurring.stop();
        await imports.stop();
        await preAdvice.stop();
        await webhooks.stop();
        command.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await projector.stop();
        await bus.close();
        messages.close();
        await db.close();
      })()),
  };
}
