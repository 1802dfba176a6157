import { AppError, apiKeyStream, type ApiKeyShownOnce } from '@nordlog/contracts';
import { newApiKey } from '@nordlog/platform';
import { target } from '../framework/decider.js';
import type { Handler, HandlerContext } from '../framework/handler.js';
import { assertReferencesReadable } from '../framework/readableReferences.js';
import { apiKeyDecider, type ApiKeyState } from './decider.js';

/** Puts the new key in this answer only (never in a stored outcome, an event or a log line). */
function showOnce(ctx: HandlerContext, id: string, key: string): void {
  const shown: ApiKeyShownOnce = { apiKey: { id, key } };
  ctx.shownOnce = shown as unknown as Record<string, unknown>;
}

/**
 * A rotation or revocation acts on a key of a customer the caller may read, as CREATE_API_KEY's
 * customer reference is checked; a key of another's customer is NOT_FOUND, as a read would be.
 */
async function assertKeyReadable(ctx: HandlerContext, id: string): Promise<void> {
  const state = await ctx.load<ApiKeyState>(apiKeyStream(id), apiKeyDecider);
  if (state.status === 'none') throw new AppError('NOT_FOUND', `API key ${id} not found`);
  await assertReferencesReadable(ctx, 'CREATE_API_KEY', { customerId: state.customerId });
}

export const apiKeyHandlers = {
  CREATE_API_KEY: (({ customerId, label }, ctx) => {
    const key = newApiKey();
    showOnce(ctx, key.id, key.key);
    return [
      target({
        id: key.id,
        streamId: apiKeyStream(key.id),
        isNew: true,
        decider: apiKeyDecider,
        command: { type: 'create', id: key.id, customerId, label, hash: key.hash },
      }),
    ];
  }) satisfies Handler<'CREATE_API_KEY'>,
  ROTATE_API_KEY: (async ({ id }, ctx) => {
    await assertKeyReadable(ctx, id);
    const key = newApiKey(id);
    showOnce(ctx, id, key.key);
    return [
      target({
        id,
        streamId: apiKeyStream(id),
        decider: apiKeyDecider,
        command: { type: 'rotate', id, hash: key.hash },
      }),
    ];
  }) satisfies Handler<'ROTATE_API_KEY'>,
  REVOKE_API_KEY: (async ({ id }, ctx) => {
    await assertKeyReadable(ctx, id);
    return [
      target({
        id,
        streamId: apiKeyStream(id),
        decider: apiKeyDecider,
        command: { type: 'revoke', id },
      }),
    ];
  }) satisfies Handler<'REVOKE_API_KEY'>,
};
