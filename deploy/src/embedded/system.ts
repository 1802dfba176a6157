import {
  createCommandService,
  ReferenceStreams,
  BlockNumberAllocator,
  EventStoreNumberAllocator,
  executeCommand,
} from '@nordlog/command-service';
import {
  AppError,
  NUMBER_SERIES_CATALOGUE_STREAM,
  SYSTEM_IDENTITY,
  type ErrorItem,
  type Identity,
} from '@nordlog/contracts';
import { createAuth, createGatewayApp, devMessagesPage, SocketHub } from '@nordlog/gateway';
import { randomBytes } from 'node:crypto';
import {
  LinkMobilitySmsSender,
  LiveMessagePort,
  messageDelivery,
  geocoderFromConfig,
  openDatabase,
  OutboxMessagePort,
  SmtpEmailSender,
  PostgresChangeBus,
  PostgresEventStore,
  PostgresIdAllocator,
  ProjectionWatermark,
  type Config,
  type Database,
  type Logger,
  type MessageDelivery,
  type MessagePort,
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
  createOpenApi,
  createQueryService,
  createRestApi,
} from '@nordlog/query-service';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  hub: SocketHub;
  projector: Projector;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Made once: a formatter costs about 80 µs to make, and every new socket asks for today. */
const osloDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' });
const todayInOslo = () => osloDay.format(new Date());

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
  } = {},
): Promise<System> {
  // Message settings fail the start before anything opens.
  const delivery = messageDelivery(config);
  const smtpCa =
    delivery.mode === 'live' && delivery.smtp.caFile
      ? readFileSync(delivery.smtp.caFile, 'utf8')
      : undefined;
  const db = await openDatabase(config, logger, readModelMigrations);
  const rawStore = new PostgresEventStore(db.knex, db.notifier);
  // Departments and the number-series catalogue, cached for bookings (docs/decisions/0017).
  const references = new ReferenceStreams(rawStore, db.notifier);
  await references.start();
  const store = references.watch(rawStore);
  const bus = new PostgresChangeBus(
    db.knex,
    db.notifier,
    logger.child({ component: 'change-bus' }),
  );
  // Identity enters in one place: the gateway's authenticator turns the session into the caller.
  // One geocoder for booking and the address input (docs/decisions/0015-booking.md).
  const geocoder = geocoderFromConfig(config, logger.child({ component: 'geocoder' }));
  const commandDeps = {
    store,
    ids: new PostgresIdAllocator(db.knex),
    numbers: new BlockNumberAllocator(
      new EventStoreNumberAllocator(store, {
        readCatalogue: () => references.read(NUMBER_SERIES_CATALOGUE_STREAM),
      }),
    ),
    references,
    geocoder,
    logger: logger.child({ component: 'command' }),
  };
  const commandApi = createCommandService(commandDeps);
  const run: System['run'] = (name, payload, identity = SYSTEM_IDENTITY) =>
    executeCommand(commandDeps, { name, body: { type: name, payload }, identity });
  // Read-your-writes: queries with `x-min-position` wait for every projection's checkpoint.
  const watermark = new ProjectionWatermark(db.knex, db.notifier, {
    projections: projections.map((p) => p.name),
    logger: logger.child({ component: 'read-your-writes' }),
  });
  const queryDeps = {
    knex: db.knex,
    waitForPosition: (position: string, timeoutMs: number) =>
      watermark.waitFor(position, timeoutMs),
    minPositionWaitMs: options.minPositionWaitMs,
    geocoder,
  };
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
        })
      : createProjectorWorker(
          {
            databaseUrl: db.url,
            poolSize: Math.max(4, Math.floor(config.DATABASE_POOL_SIZE / 2)),
            logLevel: config.LOG_LEVEL,
          },
          projectorLogger,
        );
  projector.start();
  const uiDir = config.UI_DIR ?? uiFolder();
  const messages = messagePort(delivery, smtpCa, db, logger.child({ component: 'messages' }));
  let publicUrl = config.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${config.PORT}`;
  let hubRef: SocketHub | null = null;
  const auth = createAuth({
    knex: db.knex,
    messages: messages.port,
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
    onLogout: (userId: string) => hubRef?.logout(userId),
  });
  const app = createGatewayApp({
    commandApi,
    queryApi,
    restApi,
    authApi: auth.router,
    authenticate: auth.authenticator.middleware(),
    devMessages:
      config.NODE_ENV === 'development' && messages.outbox
        ? devMessagesPage(messages.outbox)
        : undefined,
    logger,
    buildId: config.BUILD_ID ?? buildId(),
    uiDir,
    sourceMaps: config.NODE_ENV !== 'production',
    publicConfig: {
      customerPortalUrl: config.CUSTOMER_PORTAL_URL ?? null,
      environment: config.NODE_ENV === 'production' ? 'production' : 'local',
      development: config.NODE_ENV === 'development',
      mapTileUrl: config.MAP_TILE_URL,
      mapTileAttribution: config.MAP_TILE_ATTRIBUTION,
    },
    openApi: createOpenApi({ geocoder }),
    downloadApi: createDownloadApi(queryDeps),
  });
  const server = createServer(app);
  const hub = new SocketHub({
    bus,
    logger: logger.child({ component: 'socket' }),
    identify: (req) => auth.authenticator.identifyUpgrade(req),
    today: todayInOslo,
    groups: auth.authenticator.groups,
    pingIntervalMs: options.socketPingMs,
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
    hub,
    projector,
    close: () =>
      (closing ??= (async () => {
        await hub.close();
        watermark.close();
        references.stop();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await projector.stop();
        await bus.close();
        messages.close();
        await db.close();
      })()),
  };
}

/**
 * The message delivery the configuration chose (docs/decisions/0012): the outbox (stored and
 * logged; the development page lists it), or SMTP for e-mail and LINK Mobility for SMS.
 */
function messagePort(
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

/** The web app's build (`npm run build -w ui`). */
function uiFolder(): string {
  return path.resolve(here, '../../../ui/dist');
}

/** The build id: set at build time in production (BUILD_ID); here the start time. */
const startedAt = new Date().toISOString();
const buildId = () => `dev-${startedAt}`;
