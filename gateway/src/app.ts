import {
  downloadPaths,
  downloadPrefixes,
  uploadPaths,
  uploadPrefixes,
  uploadSpecPaths,
} from '@nordlog/contracts';
import {
  errorMiddleware,
  notFoundHandler,
  refuseUnacceptableText,
  type Logger,
} from '@nordlog/platform';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import { loopbackOnly } from './auth/loopback.js';
import { mountIntegration, type IntegrationDeps } from './apiKeys/mount.js';
import { openApiRoute } from './openapi/route.js';
import { PublicLimit } from './publicLimit.js';
import { securityHeaders } from './security.js';
import { REVALIDATE, sendStatic, staticFiles } from './staticFiles.js';
import { existsSync } from 'node:fs';
import path from 'node:path';

export interface GatewayDeps {
  /** `/health`, `/ready` and `/metrics` of the process (default: `/health` alone). */
  health?: RequestHandler;
  commandApi: RequestHandler;
  queryApi: RequestHandler;
  /** `GET /api/rest/{resource}[/{id}]`: admin resources in ra-data-simple-rest's dialect. */
  restApi?: RequestHandler;
  logger: Logger;
  buildId: string;
  /** Folder of the built web app; the SPA's index.html answers every other GET. */
  uiDir?: string;
  /** `/auth/*` (spec §7). */
  authApi: RequestHandler;
  /** `/api/auth/*`: the calls under /api without a session (customer-login-initiate, §7). */
  authPublicApi?: RequestHandler;
  /** Resolves the caller of `/api/*` (401 without a session). */
  authenticate: RequestHandler;
  /** Development only: the outgoing-messages page. */
  devMessages?: RequestHandler;
  /** What the web app needs to know of this installation (`GET /config`). */
  publicConfig?: {
    customerPortalUrl: string | null;
    environment: string;
    development: boolean;
    /** Map tiles at a {z}/{x}/{y} path and their attribution (docs/decisions/0015). */
    mapTileUrl?: string;
    mapTileAttribution?: string;
  };
  /**
   * External pages the web app may show in a frame (the report pages' dashboards, config
   * MONITORING_DASHBOARD_URL and ANALYTICS_DASHBOARD_URL; docs/decisions/0084): their origins
   * join the content security policy's `frame-src`.
   */
  frameUrls?: readonly string[];
  /** Serve the web app's source maps (development); production answers them 404. */
  sourceMaps?: boolean;
  /**
   * `/openapi/*`: calls that need no session (spec §7), e.g. the postal-code check and the
   * tracking page's query, behind `publicLimit` (default: 300 requests a minute per address).
   */
  openApi?: RequestHandler;
  /**
   * `/openapi/command/*`: the public commands (the recipient's answers on the tracking page,
   * docs/decisions/0063), behind the same `publicLimit` as `openApi`.
   */
  openCommands?: RequestHandler;
  publicLimit?: PublicLimit;
  /**
   * File downloads behind a session (spec §7 `POST /exportLocationListForSlot`): served under
   * `/api` and at the spec's own path.
   */
  downloadApi?: RequestHandler;
  /**
   * Spreadsheet imports behind a session (spec §7 `POST /uploadExcelOrdersV2`, multipart; 0059):
   * served under `/api` and at the spec's own path, like the downloads.
   */
  uploadApi?: RequestHandler;
  /** The integration APIs behind a customer's API key (docs/decisions/0069-api-keys.md). */
  integration?: IntegrationDeps;
}

/**
 * Marks an answer as never to be stored, and keeps it so: a handler further on that sets another
 * Cache-Control (an invoice file once said `immutable`) cannot make a private answer cacheable.
 */
function noStore(res: Response): Response {
  res.set('Cache-Control', 'no-store');
  const set = res.setHeader.bind(res);
  res.setHeader = (name, value) =>
    name.toLowerCase() === 'cache-control' ? res : set(name, value);
  return res;
}

/** The public HTTP entry: the two APIs, `/revision`, and the web app. */
export function createGatewayApp(deps: GatewayDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(
    securityHeaders({ tileUrl: deps.publicConfig?.mapTileUrl, frameUrls: deps.frameUrls ?? [] }),
  );
  // Query strings (REST filters, the socket's context) with text the product cannot keep: 400.
  app.use(refuseUnacceptableText);
  app.get(
    '/revision',
    (_req, res) => void res.set('Cache-Control', 'no-store').json({ revision: deps.buildId }),
  );
  // `/health`, `/ready` and `/metrics` (platform healthRoutes), behind the same headers.
  if (deps.health) app.use(deps.health);
  else app.get('/health', (_req, res) => void res.json({ ok: true }));
  app.get('/config', (_req, res) => {
    const config = deps.publicConfig ?? {
      customerPortalUrl: null,
      environment: 'local',
      development: false,
    };
    res.set('Cache-Control', 'no-store').json(config);
  });
  // Spec §2 pages under /auth/ are the web app's; every other /auth path is the API of spec §7.
  const authPage = /^\/auth\/(set-email|request-password|set-password\/[^/]+|[\w-]+\/token)\/?$/;
  const servesPage = (req: Request) =>
    req.method === 'GET' &&
    authPage.test(req.baseUrl + req.path) &&
    req.accepts(['json', 'html']) === 'html';
  app.use('/auth', (req, res, next) =>
    servesPage(req) ? next() : deps.authApi(req, noStore(res), next),
  );
  app.use('/auth', (req, res, next) =>
    servesPage(req) ? next() : notFoundHandler(req, res, next),
  );
  if (deps.devMessages) app.get('/dev/messages', loopbackOnly(deps.devMessages));
  // One mount for the limit and the calls: no spelling of the path reaches one and not the other.
  if (deps.openApi) {
    const open = express.Router();
    if (deps.openCommands) open.use('/command', deps.openCommands);
    open.use(deps.openApi);
    app.use('/openapi', (deps.publicLimit ?? new PublicLimit(300)).middleware(), open);
  }
  // The API's description is public, like the web app that calls it (docs/decisions/0023).
  app.get('/api/openapi.json', openApiRoute());
  // Before the session's door: these paths open with an API key only.
  if (deps.integration) mountIntegration(app, deps.integration);
  // Every answer behind a session is the caller's own (orders, invoices, people's names): no
  // browser or proxy keeps it after the session, so none is cached, whatever its handler says.
  app.use('/api', (_req, res, next) => void (noStore(res), next()));
  // Spec §7 api/auth/customer-login-initiate: a login starts before there is a session.
  if (deps.authPublicApi) app.use('/api/auth', deps.authPublicApi);
  app.use('/api', deps.authenticate);
  app.use('/api/command', deps.commandApi);
  app.use('/api/query', deps.queryApi);
  if (deps.restApi) app.use('/api/rest', deps.restApi);
  // Each service gets its own paths only: a download never reaches the command service, an
  // upload never the query service (both are proxies in the production topology).
  if (deps.downloadApi)
    app.use('/api', only([...downloadPaths], downloadPrefixes, deps.downloadApi));
  if (deps.uploadApi) app.use('/api', only(uploadPaths, uploadPrefixes, deps.uploadApi));
  app.use('/api', notFoundHandler);
  // Spec §7 writes the downloads without `/api` (contracts/src/downloads.ts): the same calls
  // there, with the same session check.
  if (deps.downloadApi)
    app.post(
      downloadPaths,
      (_req, res, next) => void (noStore(res), next()),
      deps.authenticate,
      deps.downloadApi,
    );
  if (deps.uploadApi)
    app.post(
      [...uploadSpecPaths],
      (_req, res, next) => void (noStore(res), next()),
      deps.authenticate,
      deps.uploadApi,
    );
  if (deps.uiDir && existsSync(deps.uiDir)) {
    const index = path.join(deps.uiDir, 'index.html');
    // No source maps in production: the sources are not published with the product.
    if (!deps.sourceMaps) app.get(/\.map$/i, notFoundHandler);
    // Precompressed files, hashed assets immutable (docs/decisions/0023-http-edge.md).
    app.use(staticFiles(deps.uiDir));
    app.get(/.*/, (req, res, next) => sendStatic(req, res, next, index, REVALIDATE));
  }
  app.use(notFoundHandler);
  app.use(errorMiddleware(deps.logger));
  return app;
}

/** `handler` for the requests whose path (below the mount) is one of `paths` or has a prefix. */
function only(
  paths: readonly string[],
  prefixes: readonly string[],
  handler: RequestHandler,
): RequestHandler {
  return (req, res, next) =>
    paths.includes(req.path) || prefixes.some((p) => req.path.startsWith(p))
      ? handler(req, res, next)
      : next();
}
