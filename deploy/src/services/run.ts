import {
  createConsoleLogger,
  createHttpServer,
  createMetrics,
  healthRoutes,
  loadConfig,
  openDatabase,
  readiness,
  type Config,
  type Database,
  type Logger,
  type Metrics,
} from '@nordlog/platform';
import { securityHeaders } from '@nordlog/gateway';
import { projections, readModelMigrations } from '@nordlog/projector';
import express, { type Express } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serviceEnvironment, type ServiceName } from './environment.js';

export interface ServiceContext {
  config: Config;
  logger: Logger;
  db: Database;
  metrics: Metrics;
  /** An Express app with `/health`, `/ready` and `/metrics`; the service adds its routes. */
  app: Express;
}

export interface RunningService {
  /** Extra readiness (e.g. the gateway's change feed); the database is always checked. */
  ready?: () => Promise<{ ok: boolean; checks: Record<string, unknown> }>;
  close(): Promise<void>;
  /** Called with the HTTP server once it listens (the gateway attaches its sockets). */
  attach?(server: Server): void;
}

/** The required variables of a service that are not set (the start stops on any). */
export function missingEnvironment(
  name: ServiceName,
  env: Record<string, string | undefined>,
): string[] {
  return serviceEnvironment[name].required.filter((v) => !env[v]);
}

/**
 * Runs one service of the production topology as this process (docs/decisions/0025-topology.md):
 * checks the environment, opens the database (migrations run under knex's lock, so services
 * starting together apply them once), serves `/health`, `/ready` and `/metrics` on PORT beside
 * the service's own routes, and shuts down in order on SIGINT or SIGTERM.
 */
export async function runService(
  name: ServiceName,
  start: (ctx: ServiceContext) => RunningService | Promise<RunningService>,
): Promise<void> {
  const missing = missingEnvironment(name, process.env);
  if (missing.length > 0) {
    console.error(`${name}: missing environment: ${missing.join(', ')}`);
    process.exit(2);
  }
  // Only the gateway logs people in and sends them messages; the gateway and the query service
  // read no events, so they are not given the personal data key (docs/decisions/0050).
  const config = loadConfig(process.env, {
    sessions: name === 'gateway',
    events: name !== 'gateway' && name !== 'query',
    // The command service signs webhook deliveries, the query service shows their secrets: both
    // derive them from the one signing key (docs/decisions/0070).
    webhooks: name === 'command' || name === 'query',
  });
  const logger = createConsoleLogger(config.LOG_LEVEL, config.LOG_FORMAT).child({ service: name });
  const db = await openDatabase(config, logger, readModelMigrations);
  const metrics = createMetrics({ service: name, logger });
  metrics.watchDatabase(db.knex);
  // Projection lag takes a reader out of rotation (its answers would be stale); a writer, the
  // projector itself and the relay only need the database.
  const databaseReady = readiness({
    knex: db.knex,
    maxLagMs: name === 'query' || name === 'gateway' ? config.READY_MAX_LAG_MS : Infinity,
    projections: projections.map((p) => p.name),
    logger,
  });
  const app = express();
  app.disable('x-powered-by');
  // The gateway's security headers on every answer of every service, `/health` included.
  app.use(securityHeaders({ tileUrl: config.MAP_TILE_URL }));
  let service: RunningService | null = null;
  // Mounted first, so a service's own catch-all routes never answer for them.
  app.use(
    healthRoutes({
      metrics,
      ready: async () => {
        const base = await databaseReady();
        const own = service?.ready ? await service.ready() : { ok: service !== null, checks: {} };
        return { ok: base.ok && own.ok, checks: { ...base.checks, ...own.checks } };
      },
    }),
  );
  service = await start({ config, logger, db, metrics, app });
  const server: Server = createHttpServer(app);
  service.attach?.(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  logger.info({ port: (server.address() as AddressInfo).port }, `${name} service listening`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), 30_000).unref();
    void (async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service?.close();
      await db.close();
      process.exit(0);
    })().catch((err: unknown) => {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));
}

/** A service's start failed: say why and exit non-zero (the orchestrator restarts it). */
export function failed(err: unknown): never {
  console.error(err);
  process.exit(1);
}
