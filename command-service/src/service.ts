import {
  AppError,
  commandEnvelopeSchema,
  commandSchemas,
  isCommandName,
  type EventMetadata,
  type Identity,
} from '@nordlog/contracts';
import { validationError, type EventStore, type IdAllocator, type Logger } from '@nordlog/platform';
import express, { type Request, type Router } from 'express';
import type { Target } from './framework/decider.js';
import { executeTargets } from './framework/execute.js';
import type { HandlerContext } from './framework/handler.js';
import { handlers } from './handlers.js';

export interface CommandServiceDeps {
  store: EventStore;
  ids: IdAllocator;
  logger: Logger;
  identify: (req: Request) => Identity;
  clock?: () => Date;
  newId?: () => string;
}

/**
 * `POST /api/command/{commandName}` with body `{type, payload}` (spec §7): validate with the
 * contract's schema, decide on each stream the command touches, append, reply
 * `{commandId, position, events, ids, failed}`.
 */
export function createCommandService(deps: CommandServiceDeps): Router {
  const clock = deps.clock ?? (() => new Date());
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const router = express.Router();
  router.use(express.json({ limit: '5mb' }));

  router.post('/:commandName', async (req, res) => {
    const name = req.params.commandName;
    if (!isCommandName(name)) throw new AppError('UNKNOWN_COMMAND', `Unknown command: ${name}`);
    const envelope = commandEnvelopeSchema.safeParse(req.body);
    if (!envelope.success) throw validationError(envelope.error);
    const { type, commandId: clientCommandId, correlationId } = envelope.data;
    if (type !== name)
      throw new AppError(
        'VALIDATION_ERROR',
        `type: must be ${name}, the command named in the path`,
      );
    const parsed = commandSchemas[name].safeParse(envelope.data.payload);
    if (!parsed.success) throw validationError(parsed.error, 'payload');

    const commandId = clientCommandId ?? newId();
    if (clientCommandId) {
      const prior = await deps.store.findOutcome(commandId);
      if (prior) return void res.status(prior.status).json(prior.body);
    }
    const identity = deps.identify(req);
    const ctx: HandlerContext = {
      commandId,
      repeatable: clientCommandId !== undefined,
      identity,
      ids: deps.ids,
      logger: deps.logger,
    };
    const handle = handlers[name] as unknown as (
      p: unknown,
      c: HandlerContext,
    ) => Promise<Target[]> | Target[];
    const targets = await handle(parsed.data, ctx);
    const metadata: EventMetadata = {
      commandId,
      correlationId: correlationId ?? commandId,
      causationId: commandId,
      userId: identity.userId,
      occurredAt: clock().toISOString(),
    };
    const repeatable = clientCommandId !== undefined;
    const execution = await executeTargets(deps.store, targets, metadata, repeatable);
    if (repeatable && execution.final && !execution.saved) {
      await deps.store.saveOutcome(commandId, { status: execution.status, body: execution.body });
    }
    res.status(execution.status).json(execution.body);
  });
  return router;
}
