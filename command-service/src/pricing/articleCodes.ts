import { reservationStream } from '@nordlog/contracts';
import type { HandlerContext } from '../framework/handler.js';
import { reservationDecider } from '../framework/reservation.js';

/**
 * The article whose code this is (its code's reservation names it), or null for a code no
 * article holds: how a price line, an order's service and its mapping find their article.
 */
export async function articleIdOfCode(ctx: HandlerContext, code: string): Promise<string | null> {
  return (await ctx.load(reservationStream('articleCode', code), reservationDecider)).ownerId;
}
