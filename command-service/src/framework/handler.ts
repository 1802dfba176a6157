import type { CommandName, CommandPayload, Identity } from '@nordlog/contracts';
import type { IdAllocator, IdKind, Logger } from '@nordlog/platform';
import type { Target } from './decider.js';

export interface HandlerContext {
  commandId: string;
  /** True when the client chose the command id, so a retry must find the same new ids. */
  repeatable: boolean;
  identity: Identity;
  ids: IdAllocator;
  logger: Logger;
}

/** Turns a validated payload into the streams to act on and the command for each. */
export type Handler<N extends CommandName> = (
  payload: CommandPayload<N>,
  ctx: HandlerContext,
) => Promise<Target[]> | Target[];

export type HandlerTable = { [N in CommandName]: Handler<N> };

/** A new entity id; the same one again when the client repeats its command id. */
export const newId = (ctx: HandlerContext, kind: IdKind) =>
  ctx.ids.next(kind, ctx.repeatable ? ctx.commandId : undefined);
