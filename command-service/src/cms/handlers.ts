import { cmsStream, type CmsKind } from '@nordlog/contracts';
import { target } from '../framework/decider.js';
import { newId, type Handler, type HandlerContext } from '../framework/handler.js';
import { cmsDecider, type CmsCommand, type CmsFields } from './decider.js';

const at = (id: string, command: CmsCommand) => [
  target({ id, streamId: cmsStream(id), decider: cmsDecider, command }),
];

const create = (kind: CmsKind) => async (fields: Record<string, unknown>, ctx: HandlerContext) => {
  const id = await newId(ctx, 'cms');
  return at(id, { type: 'create', id, kind, fields: fields as CmsFields, now: ctx.now });
};
const update =
  (kind: CmsKind) =>
  ({ id, ...changes }: { id: string } & Record<string, unknown>, ctx: HandlerContext) =>
    at(id, { type: 'update', id, kind, changes: changes, now: ctx.now });
const remove =
  (kind: CmsKind) =>
  ({ id }: { id: string }) =>
    at(id, { type: 'delete', id, kind });

/** Banners, news and help modals (spec §7; docs/decisions/0077-content.md). */
export const cmsHandlers = {
  CREATE_BANNER: create('BANNER') satisfies Handler<'CREATE_BANNER'>,
  UPDATE_BANNER: update('BANNER') satisfies Handler<'UPDATE_BANNER'>,
  DELETE_BANNER: remove('BANNER') satisfies Handler<'DELETE_BANNER'>,
  CREATE_NEWS: create('NEWS') satisfies Handler<'CREATE_NEWS'>,
  UPDATE_NEWS: update('NEWS') satisfies Handler<'UPDATE_NEWS'>,
  DELETE_NEWS: remove('NEWS') satisfies Handler<'DELETE_NEWS'>,
  CREATE_WHATS_THIS_MODAL: create('HELP_MODAL') satisfies Handler<'CREATE_WHATS_THIS_MODAL'>,
  UPDATE_WHATS_THIS_MODAL: update('HELP_MODAL') satisfies Handler<'UPDATE_WHATS_THIS_MODAL'>,
  DELETE_WHATS_THIS_MODAL: remove('HELP_MODAL') satisfies Handler<'DELETE_WHATS_THIS_MODAL'>,
};
