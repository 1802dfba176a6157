import {
  AppError,
  commandEnvelopeSchema,
  commandKinds,
  commandPermissions,
  commandSchemas,
  denial,
  departmentStream,
  isCommandName,
  PUBLIC_IDENTITY,
  publicCommands,
  type CommandResult,
  type EventMetadata,
  type Identity,
} from '@nordlog/contracts';
import {
  isUnavailable,
  requestIdentity,
  validationError,
  type BlobStore,
  type EventStore,
  type Geocoder,
  type IdAllocator,
  type Logger,
  type Metrics,
  jsonBody,
} from '@nordlog/platform';
import express, { type Request, type Router } from 'express';
import type { Target } from './framework/decider.js';
import { departmentDecider } from './departments/decider.js';
import { fold } from './framework/decider.js';
import {
  executeAtomic,
  executeTargets,
  isAtomic,
  type AtomicTargets,
  type Execution,
} from './framework/execute.js';
import type { HandlerContext } from './framework/handler.js';
import { handlers, prefetches } from './handlers.js';
import { CommandReads } from './framework/commandReads.js';
import type { ReferenceStreams } from './framework/referenceStreams.js';
import { StreamStates } from './framework/streamStates.js';
import { assertReferencesReadable } from './framework/readableReferences.js';
import { EventStoreNumberAllocator, type NumberAllocator } from './numberSeries/allocator.js';

export interface CommandServiceDeps {
  store: EventStore;
  ids: IdAllocator;
  logger: Logger;
  /** Who calls (default: the identity the gateway attached to the request). */
  identify?: (req: Request) => Identity;
  clock?: () => Date;
  newId?: () => string;
  /** Number-series allocation (default: on the event store; one per process keeps its queues). */
  numbers?: NumberAllocator;
  /** Address lookup for booking (docs/decisions/0015); without it addresses stay pending. */
  geocoder?: Geocoder;
  /** Where a delivery's signature and photos are kept (0068); without it proofs are refused. */
  blobs?: BlobStore;
  /**
   * Cached department streams for other commands' decisions (docs/decisions/0017); `store` must
   * then be `references.watch(...)` so appends drop the cache.
   */
  references?: ReferenceStreams;
  /**
   * Counts and times every command (`nordlog_commands_total{command,outcome}`,
   * `nordlog_command_duration_seconds{command}`); without it nothing is measured.
   */
  metrics?: Metrics;
  /**
   * Folded stream states kept between commands, read on from their revision (docs/decisions/0043);
   * without it each command folds what it reads from the first event.
   */
  states?: StreamStates;
  /** Checks a webhook URL when it is saved (docs/decisions/0070); default: public https only. */
  webhookUrlCheck?: (url: string) => Promise<void>;
  /**
   * The order whose tracking link has this key (the orders read model's index), for the
   * recipient's answers (docs/decisions/0063); without it they are refused as unavailable.
   */
  trackedOrderId?: (trackingId: string) => Promise<string | null>;
  /** The hook of a webhook queue's delivery, so a replay names its own hook's (0070). */
  webhookOfMessage?: HandlerContext['webhookOfMessage'];
  /** The places a recipient search looks at (SEARCH_RECIPIENT_ID, 0089); without it, refused. */
  recipientCandidates?: HandlerContext['recipientCandidates'];
  /** What refers to a customer (DELETE_CUSTOMER, 0099); without it, refused. */
  customerReferences?: HandlerContext['customerReferences'];
}

export interface CommandRequest {
  name: string;
  body: unknown;
  identity: Identity;
}

/**
 * Runs one command as `identity` would: authorise (403 `NO_ACCESS`), validate with the contract's
 * schema (400), decide on each stream it touches, append. The HTTP route and in-process callers
 * (the demo data) use this same path.
 *
 * Every command is measured here (with `deps.metrics`) and logged at debug with its outcome and
 * duration; its log lines (the handlers' `ctx.logger` too) carry `commandId` and `correlationId`
 * once the envelope has been read. An unexpected error is logged here with both before it goes on.
 */
export async function executeCommand(
  deps: CommandServiceDeps,
  request: CommandRequest,
): Promise<{ status: number; body: unknown }> {
  const began = performance.now();
  const command = isCommandName(request.name) ? request.name : 'unknown';
  const trace: CommandTrace = { logger: null };
  let outcome: string;
  try {
    const result = await runCommand(deps, request, trace);
    outcome = resultOutcome(result);
    return result;
  } catch (err) {
    outcome = errorOutcome(err);
    if (outcome === 'INTERNAL_ERROR') logOf().error({ err }, 'command failed unexpectedly');
    throw err;
  } finally {
    const seconds = (performance.now() - began) / 1000;
    deps.metrics?.observeCommand(command, outcome!, seconds);
    if (deps.logger.isLevelEnabled('debug'))
      logOf().debug({ outcome: outcome!, ms: Math.round(seconds * 1000) }, 'command');
  }
  // Before the envelope was read (an unknown command, a refusal, a bad body) there are no ids.
  function logOf(): Logger {
    return trace.logger ?? deps.logger.child({ command: request.name });
  }
}

/** What the measuring wrapper learns while a command runs: its logger once the ids are known. */
interface CommandTrace {
  logger: Logger | null;
}

/** `ok`, `partial` (a bulk command with refused targets), or the errorType answered. */
function resultOutcome(result: { status: number; body: unknown }): string {
  if (result.status === 200) {
    const failed = (result.body as { failed?: unknown[] } | null)?.failed;
    return Array.isArray(failed) && failed.length > 0 ? 'partial' : 'ok';
  }
  const first: unknown = Array.isArray(result.body) ? result.body[0] : undefined;
  const errorType = (first as { errorType?: unknown } | undefined)?.errorType;
  return typeof errorType === 'string' ? errorType : `HTTP_${result.status}`;
}

/** The errorType the client gets for a thrown error (see platform/src/http/errors.ts). */
function errorOutcome(err: unknown): string {
  if (err instanceof AppError) return err.items[0]?.errorType ?? 'INTERNAL_ERROR';
  if (isUnavailable(err as { code?: string; message?: string })) return 'SERVICE_UNAVAILABLE';
  return 'INTERNAL_ERROR';
}

async function runCommand(
  deps: CommandServiceDeps,
  { name, body, identity }: CommandRequest,
  trace: CommandTrace,
): Promise<{ status: number; body: unknown }> {
  const clock = deps.clock ?? (() => new Date());
  if (!isCommandName(name)) throw new AppError('UNKNOWN_COMMAND', `Unknown command: ${name}`);
  const refused = denial(identity, commandPermissions[name], 'command');
  if (refused) throw new AppError('NO_ACCESS', refused);
  const envelope = commandEnvelopeSchema.safeParse(body);
  if (!envelope.success) throw validationError(envelope.error);
  const { type, commandId: clientCommandId, correlationId } = envelope.data;
  if (type !== name)
    throw new AppError('VALIDATION_ERROR', `type: must be ${name}, the command named in the path`);
  const parsed = commandSchemas[name].safeParse(envelope.data.payload);
  if (!parsed.success) throw validationError(parsed.error, 'payload');

  const commandId = clientCommandId ?? (deps.newId ?? (() => crypto.randomUUID()))();
  const logger = deps.logger.child({
    command: name,
    commandId,
    correlationId: correlationId ?? commandId,
  });
  trace.logger = logger;
  // A repeated commandId gets the first outcome, but only from its own sender for the same command.
  const owner = `${identity.userId} ${name}`;
  if (clientCommandId) {
    const prior = await deps.store.findOutcome(commandId);
    if (prior) {
      if (prior.owner && prior.owner !== owner) throw commandIdTaken(commandId);
      return { status: prior.status, body: prior.body };
    }
  }
  const allocator = deps.numbers ?? new EventStoreNumberAllocator(deps.store);
  const states = deps.states ?? new StreamStates(deps.store);
  const reads = new CommandReads(states);
  const now = clock();
  const ctx: HandlerContext = {
    commandId,
    repeatable: clientCommandId !== undefined,
    identity,
    ids: deps.ids,
    numbers: (seriesId, count) =>
      allocator.allocate(seriesId, count, {
        commandId,
        correlationId: correlationId ?? commandId,
        causationId: commandId,
        userId: identity.userId,
        occurredAt: clock().toISOString(),
      }),
    seriesFor: (type, scope, count) => allocator.seriesFor(type, scope, count),
    load: async (streamId, decider) => (await reads.loadMany([streamId], decider))[0]!.state,
    loadVersioned: async (streamId, decider) => {
      const { state, revision } = (await reads.loadMany([streamId], decider))[0]!;
      return { state, revision };
    },
    loadMany: async (streamIds, decider) =>
      (await reads.loadMany(streamIds, decider)).map(({ state, revision }) => ({
        state,
        revision,
      })),
    readDepartment: async (id) => {
      const stream = departmentStream(id);
      const events = await (deps.references?.read(stream) ?? deps.store.readStream(stream));
      const state = fold(departmentDecider, events as never[]);
      return state.status === 'exists' ? state.entity : null;
    },
    ...(deps.geocoder ? { geocoder: deps.geocoder } : {}),
    ...(deps.blobs ? { blobs: deps.blobs } : {}),
    ...(deps.webhookUrlCheck ? { webhookUrlCheck: deps.webhookUrlCheck } : {}),
    ...(deps.trackedOrderId ? { trackedOrderId: deps.trackedOrderId } : {}),
    ...(deps.webhookOfMessage ? { webhookOfMessage: deps.webhookOfMessage } : {}),
    ...(deps.recipientCandidates ? { recipientCandidates: deps.recipientCandidates } : {}),
    ...(deps.customerReferences ? { customerReferences: deps.customerReferences } : {}),
    now,
    logger,
  };
  // What the handler will read first is read together with the references (one round trip).
  prefetches[name]?.(parsed.data as never, reads);
  // Every id the command names exists and is one the caller may read (docs/decisions/0039).
  await assertReferencesReadable(ctx, name, parsed.data);
  const handle = handlers[name] as unknown as (
    p: unknown,
    c: HandlerContext,
  ) => Promise<Target[]> | Target[];
  const targets = await handle(parsed.data, ctx);
  // A read-only command (kind `read`, 0089) appends nothing and keeps no outcome: it answers.
  if (commandKinds[name] === 'read') {
    if (targets.length > 0) throw new Error(`${name} is read-only and may not change a stream`);
    return { status: 200, body: { ...readResult(commandId), ...ctx.answer } };
  }
  const metadata: EventMetadata = {
    commandId,
    correlationId: correlationId ?? commandId,
    causationId: commandId,
    userId: identity.userId,
    occurredAt: clock().toISOString(),
    commandType: name,
  };
  const repeatable = clientCommandId !== undefined;
  const execution = isAtomic(targets)
    ? await atomically(
        deps,
        states,
        targets,
        () => {
          reads.forget();
          return handle(parsed.data, ctx);
        },
        metadata,
        repeatable,
        owner,
      )
    : await executeTargets(deps.store, targets, metadata, repeatable, owner, states);
  if (repeatable && execution.final && !execution.saved) {
    await deps.store.saveOutcome(commandId, {
      status: execution.status,
      body: execution.body,
      owner,
    });
  }
  if (execution.status === 200 && ctx.shownOnce)
    return { status: 200, body: { ...(execution.body as object), ...ctx.shownOnce } };
  return { status: execution.status, body: execution.body };
}

/** Attempts of an atomic command that loses races: each runs the handler again on what won. */
const ATOMIC_ATTEMPTS = 5;

async function atomically(
  deps: CommandServiceDeps,
  states: StreamStates,
  first: AtomicTargets,
  again: () => Promise<Target[]> | Target[],
  metadata: EventMetadata,
  repeatable: boolean,
  owner: string,
): Promise<Execution> {
  let targets = first;
  for (let attempt = 1; ; attempt++) {
    try {
      const execution = await executeAtomic(
        deps.store,
        targets,
        metadata,
        repeatable,
        owner,
        states,
      );
      // A stream that moved after the handler read it (a target's `basedOn`) is answered, not
      // thrown: a race lost before the append, run again as one lost at the append is.
      if (execution.final || attempt >= ATOMIC_ATTEMPTS) return execution;
    } catch (err) {
      const conflict =
        err instanceof AppError && err.items[0]!.errorType === 'CONCURRENCY_CONFLICT';
      if (!conflict || attempt >= ATOMIC_ATTEMPTS) throw err;
    }
    const next = await again();
    if (!isAtomic(next)) throw new Error('a handler answers atomic targets every time');
    targets = next;
  }
}

/** The command result of a read-only command: nothing appended (its data is beside it). */
const readResult = (commandId: string): CommandResult => ({
  commandId,
  position: null,
  events: [],
  ids: [],
  failed: [],
});

const commandIdTaken = (commandId: string) =>
  new AppError(
    'COMMAND_ID_TAKEN',
    `commandId ${commandId} was used for another command or by another user; send a new one`,
  );

/**
 * `POST /openapi/command/{commandName}` (docs/decisions/0063): the public commands (contracts
 * `publicCommands`, the recipient's answers) for a caller without a session, run as
 * PUBLIC_IDENTITY; any other command name is refused as if the caller were not logged in.
 */
export function createOpenCommands(input: CommandServiceDeps): Router {
  const deps = { ...input, numbers: input.numbers ?? new EventStoreNumberAllocator(input.store) };
  const router = express.Router();
  router.use(jsonBody('16kb'));
  router.post('/:commandName', async (req, res) => {
    const name = req.params.commandName;
    if (!isCommandName(name)) throw new AppError('UNKNOWN_COMMAND', `Unknown command: ${name}`);
    if (!publicCommands.includes(name))
      throw new AppError('NOT_LOGGED_IN', `Command ${name} needs a session: use /api/command`);
    const result = await executeCommand(deps, { name, body: req.body, identity: PUBLIC_IDENTITY });
    res.set('Cache-Control', 'no-store').status(result.status).json(result.body);
  });
  return router;
}

/**
 * `POST /api/command/{commandName}` with body `{type, payload}` (spec §7), replying
 * `{commandId, position, events, ids, failed}`.
 */
export function createCommandService(input: CommandServiceDeps): Router {
  const deps = { ...input, numbers: input.numbers ?? new EventStoreNumberAllocator(input.store) };
  const identify = deps.identify ?? requestIdentity;
  const router = express.Router();
  router.use(jsonBody('5mb'));
  router.post('/:commandName', async (req, res) => {
    const result = await executeCommand(deps, {
      name: req.params.commandName,
      body: req.body,
      identity: identify(req),
    });
    res.status(result.status).json(result.body);
  });
  return router;
}
