import { errorMiddleware, notFoundHandler, type Logger } from '@nordlog/platform';
import express, { type Express, type RequestHandler } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';

export interface GatewayDeps {
  commandApi: RequestHandler;
  queryApi: RequestHandler;
  logger: Logger;
  buildId: string;
  /** Folder of the built web app; the SPA's index.html answers every other GET. */
  uiDir?: string;
  /** `/auth/*` (spec §7). */
  authApi: RequestHandler;
  /** Resolves the caller of `/api/*` (401 without a session). */
  authenticate: RequestHandler;
  /** Development only: the outgoing-messages page. */
  devMessages?: RequestHandler;
}

/** The public HTTP entry: the two APIs, `/revision`, and the web app. */
export function createGatewayApp(deps: GatewayDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.get(
    '/revision',
    (_req, res) => void res.set('Cache-Control', 'no-store').json({ revision: deps.buildId }),
  );
  app.get('/health', (_req, res) => void res.json({ ok: true }));
  app.use('/auth', deps.authApi);
  app.use('/auth', notFoundHandler);
  if (deps.devMessages) app.get('/dev/messages', deps.devMessages);
  app.use('/api', deps.authenticate);
  app.use('/api/command', deps.commandApi);
  app.use('/api/query', deps.queryApi);
  app.use('/api', notFoundHandler);
  if (deps.uiDir && existsSync(deps.uiDir)) {
    const index = path.join(deps.uiDir, 'index.html');
    app.use(express.static(deps.uiDir, { index: false, maxAge: '1h' }));
    app.get(/.*/, (_req, res) => res.set('Cache-Control', 'no-cache').sendFile(index));
  }
  app.use(notFoundHandler);
  app.use(errorMiddleware(deps.logger));
  return app;
}
