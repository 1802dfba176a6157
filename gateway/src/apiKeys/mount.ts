import { externalOrdersPath, integrationPaths, integrationQueryPaths } from '@nordlog/contracts';
import { notFoundHandler } from '@nordlog/platform';
import type { Express, RequestHandler } from 'express';

export interface IntegrationDeps {
  /** Resolves the API key (401), limits it (429) and attaches its customer's identity. */
  authenticate: RequestHandler;
  /** The look-ups (`GET`), answered by the query service. */
  queries: RequestHandler;
  /** The external orders API's create order (`POST`), run by the command service. */
  orders: RequestHandler;
}

/**
 * The integration APIs (spec §7; docs/decisions/0069-api-keys.md) under their two bases: an API
 * key and never a session; each service gets its own paths only; anything else under the bases is
 * 404 after the key was checked, so a caller without a key learns nothing of what is there.
 */
export function mountIntegration(app: Express, deps: IntegrationDeps): void {
  const bases = [integrationPaths.externalBase, integrationPaths.checkoutBase];
  app.use(bases, (_req, res, next) => void (res.set('Cache-Control', 'no-store'), next()));
  app.use(bases, deps.authenticate);
  app.get(Object.keys(integrationQueryPaths), deps.queries);
  app.post(externalOrdersPath, deps.orders);
  app.use(bases, notFoundHandler);
}
