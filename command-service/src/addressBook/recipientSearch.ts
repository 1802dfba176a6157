import { AppError, inScope, recipientsFound } from '@nordlog/contracts';
import type { Handler } from '../framework/handler.js';

/**
 * SEARCH_RECIPIENT_ID (docs/decisions/0089-move-orders-new.md): a read-only command. The customer
 * and the department it names are checked as reads (commandReferences); what it answers is only
 * what the caller could read: an address or an order of a department and customer in its access.
 */
export const recipientSearchHandlers = {
  SEARCH_RECIPIENT_ID: (async (search, ctx) => {
    if (!ctx.recipientCandidates)
      throw new AppError('SERVICE_UNAVAILABLE', 'The recipient search is not available');
    const candidates = (await ctx.recipientCandidates(search)).filter(
      (c) =>
        c.customerId === search.customerId &&
        (search.departmentId === undefined || c.departmentId === search.departmentId) &&
        inScope(ctx.identity, c.departmentId, c.customerId),
    );
    ctx.answer = { recipients: recipientsFound(candidates, search) };
    return [];
  }) satisfies Handler<'SEARCH_RECIPIENT_ID'>,
};
