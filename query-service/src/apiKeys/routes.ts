import { integrationQueryPaths } from '@nordlog/contracts';
import { requestIdentity } from '@nordlog/platform';
import express, { type Router } from 'express';
import { answer, type QueryServiceDeps } from '../service.js';

/**
 * `GET` the integration look-ups (spec §7; docs/decisions/0069-api-keys.md) with their parameters
 * in the query string: the same query, permission and row rules as `POST /api/query/{name}`, for
 * the caller the gateway resolved from an API key.
 */
export function createIntegrationQueryApi(deps: QueryServiceDeps): Router {
  const identify = deps.identify ?? requestIdentity;
  const router = express.Router();
  for (const [path, name] of Object.entries(integrationQueryPaths))
    router.get(path, async (req, res) => {
      res.json(await answer(deps, name, identify(req), { params: { ...req.query } }));
    });
  return router;
}
