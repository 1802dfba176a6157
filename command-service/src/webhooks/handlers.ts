import { AppError, customerStream, webhookStream, type Webhook } from '@nordlog/contracts';
import { RefusedAddressError, assertPublicUrl, deterministicUuid } from '@nordlog/platform';
import { customerDecider } from '../customers/decider.js';
import { target } from '../framework/decider.js';
import { newId, type Handler, type HandlerContext } from '../framework/handler.js';
import { webhookDecider } from './decider.js';

/**
 * A hook's URL must reach a public address (no server-side request forgery, 0070): checked here
 * when it is saved and again by the worker each time it connects (DNS may change in between).
 */
async function assertReachable(ctx: HandlerContext, url: string): Promise<void> {
  try {
    await (ctx.webhookUrlCheck ?? ((u: string) => assertPublicUrl(u, false)))(url);
  } catch (err) {
    if (err instanceof RefusedAddressError)
      throw new AppError('WEBHOOK_ADDRESS_REFUSED', `url: ${err.message}`, { field: 'url' });
    throw err;
  }
}

/**
 * A replay names a delivery of its own hook: another hook's message (or none) is not found, as
 * another customer's hook is, and nothing is appended.
 */
async function assertOwnMessage(ctx: HandlerContext, webhookId: string, messageId: string) {
  if (!ctx.webhookOfMessage)
    throw new AppError('SERVICE_UNAVAILABLE', 'Webhook messages cannot be looked up here');
  if ((await ctx.webhookOfMessage(messageId)) !== webhookId)
    throw new AppError('NOT_FOUND', 'messageId: no message of this webhook has this id', {
      field: 'messageId',
    });
}

const on = (id: string, command: Parameters<typeof webhookDecider.decide>[0]) =>
  target({ id, streamId: webhookStream(id), decider: webhookDecider, command });

/** Webhooks (docs/decisions/0070-webhooks.md). The customer and hook are checked as readable first. */
export const webhookHandlers = {
  CREATE_WEBHOOK: (async (fields, ctx) => {
    await assertReachable(ctx, fields.url);
    const customer = await ctx.load(customerStream(fields.customerId), customerDecider);
    const id = await newId(ctx, 'webhook');
    const entity: Webhook = {
      ...fields,
      id,
      departmentId: customer.status === 'exists' ? (customer.entity.departmentId ?? null) : null,
      enabled: true,
      secretVersion: 1,
      secretIssuedAt: ctx.now.toISOString(),
    };
    return [
      target({
        id,
        streamId: webhookStream(id),
        isNew: true,
        decider: webhookDecider,
        command: { type: 'create', entity },
      }),
    ];
  }) satisfies Handler<'CREATE_WEBHOOK'>,
  UPDATE_WEBHOOK: (async ({ id, ...changes }, ctx) => {
    if (changes.url !== undefined) await assertReachable(ctx, changes.url);
    // Fields named, not a state seen: a lost race is decided again on what won it.
    return [{ ...on(id, { type: 'update', id, changes }), redecide: true }];
  }) satisfies Handler<'UPDATE_WEBHOOK'>,
  ROTATE_WEBHOOK_SECRET: (({ id }, ctx) => [
    on(id, { type: 'rotate', id, at: ctx.now.toISOString() }),
  ]) satisfies Handler<'ROTATE_WEBHOOK_SECRET'>,
  DELETE_WEBHOOK: (({ id }) => [
    on(id, { type: 'delete', id }),
  ]) satisfies Handler<'DELETE_WEBHOOK'>,
  REPLAY_WEBHOOK_MESSAGE: (async ({ webhookId, messageId }, ctx) => {
    await assertOwnMessage(ctx, webhookId, messageId);
    return [
      on(webhookId, {
        type: 'replay',
        id: webhookId,
        messageId,
        replayId: deterministicUuid('webhook-replay', ctx.commandId),
      }),
    ];
  }) satisfies Handler<'REPLAY_WEBHOOK_MESSAGE'>,
};
