import { createCommandService, executeCommand } from '@nordlog/command-service';
import { AppError, SYSTEM_IDENTITY, type Identity } from '@nordlog/contracts';
import { createAuth, createGatewayApp, devMessagesPage, SocketHub } from '@nordlog/gateway';
import { randomBytes } from 'node:crypto';
import {
  openDatabase,
  OutboxMessagePort,
  PostgresChangeBus,
  PostgresEventStore,
  PostgresIdAllocator,
  type Config,
  type Database,
  type Logger,
} from '@nordlog/platform';
import {
  createProjector,
  createProjectorWorker,
  readModelMigrations,
  type Projector,
} from '@nordlog/projector';
import { createQueryService } from '@nordlog/query-service';
import { existsSync } from 'node:fs';
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
const todayInOslo = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());

/**
 * The composition root of the embedded default: one process runs the command service, the
 * projector, the query service and the gateway over one PostgreSQL database.
 */
export async function startSystem(
  config: Config,
  logger: Logger,
  options: { socketPingMs?: number; socketStaleMs?: number; projectorInWorker?: boolean } = {},
): Promise<System> {
  const db = await openDatabase(config, logger, readModelMigrations);
  const store = new PostgresEventStore(db.knex, db.notifier);
  const bus = new PostgresChangeBus(
    db.knex,
    db.notifier,
    logger.child({ component: 'change-bus' }),
  );
  // Identity enters in one place: the gateway's authenticator turns the session into the caller.
  const commandDeps = {
    store,
    ids: new PostgresIdAllocator(db.knex),
    logger: logger.child({ component: 'command' }),
  };
  const commandApi = createCommandService(commandDeps);
  const run: System['run'] = (name, payload, identity = SYSTEM_IDENTITY) =>
    executeCommand(commandDeps, { name, body: { type: name, payload }, identity });
  const queryApi = createQueryService({ knex: db.knex });
  // The projector runs in a worker thread by default, so read-model work uses the other core
  // and never delays requests; in-process is kept for debugging.
  const projectorLogger = logger.child({ component: 'projector' });
  const projector =
    options.projectorInWorker === false
      ? createProjector({ knex: db.knex, store, notifier: db.notifier, logger: projectorLogger })
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
  const outbox = new OutboxMessagePort(db.knex, logger.child({ component: 'messages' }));
  let hubRef: SocketHub | null = null;
  const auth = createAuth({
    knex: db.knex,
    messages: outbox,
    logger: logger.child({ component: 'auth' }),
    secret: config.AUTH_SECRET ?? randomBytes(32).toString('hex'),
    maxRequestsPerAddress: config.AUTH_MAX_REQUESTS_PER_ADDRESS,
    impersonation: config.NODE_ENV === 'development',
    updateUser: async (userId: string, changes: { email: string }) => {
      const result = await run('UPDATE_USER', { id: userId, ...changes });
      if (result.status !== 200)
        throw new AppError('VALIDATION_ERROR', JSON.stringify(result.body));
    },
    onLogout: (userId: string) => hubRef?.logout(userId),
  });
  const app = createGatewayApp({
    commandApi,
    queryApi,
    authApi: auth.router,
    authenticate: auth.authenticator.middleware(),
    devMessages: config.NODE_ENV === 'development' ? devMessagesPage(outbox) : undefined,
    logger,
    buildId: config.BUILD_ID ?? buildId(),
    uiDir,
  });
  const server = createServer(app);
  const hub = new SocketHub({
    bus,
    logger: logger.child({ component: 'socket' }),
    identify: (req) => auth.authenticator.identifyUpgrade(req),
    today: todayInOslo,
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
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await projector.stop();
        await bus.close();
        await db.close();
      })()),
  };
}

/** The web app's build, or its placeholder page until the web-app issue lands. */
function uiFolder(): string {
  const built = path.resolve(here, '../../../ui/dist');
  return existsSync(path.join(built, 'index.html'))
    ? built
    : path.resolve(here, '../../../ui/public');
}

/** The build id: set at build time in production (BUILD_ID); here the start time. */
const startedAt = new Date().toISOString();
const buildId = () => `dev-${startedAt}`;
