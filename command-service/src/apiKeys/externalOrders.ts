import { AppError, customerScope, integrationPaths } from '@nordlog/contracts';
import { jsonBody, requestIdentity } from '@nordlog/platform';
import express, { type Router } from 'express';
import { z } from 'zod';
import { executeCommand, type CommandServiceDeps } from '../service.js';

/** An `Idempotency-Key` header: the command id, so a retried POST books once. */
const idempotencyKey = z.uuid();

/**
 * The external orders API's create order (spec §7; docs/decisions/0069-api-keys.md): the body is
 * CREATE_ORDER's payload, booked by the very command, rules and events a planner's booking goes
 * through, as the API key's customer. Its customer may be left out (the key's customer), or name
 * the key's customer or one of its sub-customers; any other is refused (403 NO_ACCESS) before
 * anything is decided.
 */
export function createExternalOrdersApi(deps: CommandServiceDeps): Router {
  const identify = deps.identify ?? requestIdentity;
  const router = express.Router();
  const path = `${integrationPaths.externalBase}${integrationPaths.orders}`;
  router.use(path, jsonBody('1mb'));
  router.post(path, async (req, res) => {
    const identity = identify(req);
    const scope = customerScope(identity);
    if (identity.role !== 'CUSTOMER' || !scope)
      throw new AppError('NO_ACCESS', 'The external orders API is called with a customer API key');
    const body: unknown = req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new AppError('VALIDATION_ERROR', 'The body is the order: a JSON object');
    const given = (body as { customerId?: unknown }).customerId;
    const absent = given === undefined || given === null || given === '';
    // An id of another customer is refused here; a value that is no id at all is CREATE_ORDER's
    // schema's to refuse (400).
    const named = typeof given === 'string' || typeof given === 'number' ? String(given) : null;
    if (!absent && named !== null && !scope.includes(named))
      throw new AppError(
        'NO_ACCESS',
        `This API key books for customer ${identity.customerId} and its sub-customers only`,
      );
    const header = req.get('idempotency-key');
    if (header !== undefined && !idempotencyKey.safeParse(header).success)
      throw new AppError('VALIDATION_ERROR', 'Idempotency-Key: must be a UUID');
    const payload = { ...body, customerId: absent ? identity.customerId : given };
    const result = await executeCommand(deps, {
      name: 'CREATE_ORDER',
      body: { type: 'CREATE_ORDER', payload, ...(header ? { commandId: header } : {}) },
      identity,
    });
    const ids = (result.body as { ids?: string[] }).ids;
    const answer =
      result.status === 200 && Array.isArray(ids)
        ? { orderId: ids[0], ...(result.body as object) }
        : result.body;
    res.status(result.status === 200 ? 201 : result.status).json(answer);
  });
  return router;
}
