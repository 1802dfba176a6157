import {
  AppError,
  denial,
  isQueryName,
  queryPermissions,
  queryEnvelopeSchema,
  querySchemas,
  type Identity,
  type QueryName,
} from '@nordlog/contracts';
import { requestIdentity, validationError, type Knex } from '@nordlog/platform';
import express, { type Request, type Router } from 'express';
import { consignments, searchConsignments } from './consignmentGrid/query.js';
import { searchCustomers } from './customers/query.js';
import { departments } from './departments/query.js';
import type { QueryContext, QueryTable } from './framework.js';
import { orderHistory } from './orderHistory/query.js';
import { roles, users } from './users/query.js';

/** Every query of contracts' registry has exactly one handler (checked by the type). */
export const queries: QueryTable = {
  departments,
  searchCustomers,
  consignments,
  searchConsignments,
  orderHistory,
  roles,
  users,
};

export interface QueryServiceDeps {
  knex: Knex;
  /** Who calls (default: the identity the gateway attached to the request). */
  identify?: (req: Request) => Identity;
  clock?: () => Date;
}

/** `POST /api/query/{queryName}` with body `{query, params}` (spec §7); reads read models only. */
export function createQueryService(deps: QueryServiceDeps): Router {
  const router = express.Router();
  router.use(express.json({ limit: '1mb' }));
  router.post('/:queryName', async (req, res) => {
    const name = req.params.queryName;
    if (!isQueryName(name)) throw new AppError('UNKNOWN_QUERY', `Unknown query: ${name}`);
    const identity = (deps.identify ?? requestIdentity)(req);
    const refused = denial(identity, queryPermissions[name], 'query');
    if (refused) throw new AppError('NO_ACCESS', refused);
    const envelope = queryEnvelopeSchema.safeParse(req.body ?? {});
    if (!envelope.success) throw validationError(envelope.error);
    const parsed = querySchemas[name].safeParse(envelope.data.params ?? {});
    if (!parsed.success) throw validationError(parsed.error, 'params');
    const ctx: QueryContext = {
      knex: deps.knex,
      identity,
      clock: deps.clock ?? (() => new Date()),
    };
    const handle = queries[name] as (p: unknown, c: QueryContext) => Promise<unknown>;
    res.json(await handle(parsed.data, ctx));
  });
  return router;
}

export type { QueryName };
