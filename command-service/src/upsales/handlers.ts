import { articleStream, upsalesRuleStream } from '@nordlog/contracts';
import { target } from '../framework/decider.js';
import { newId, type Handler, type HandlerContext } from '../framework/handler.js';
import type { ReferenceCommand } from '../framework/referenceDecider.js';
import { articleDecider } from '../pricing/decider.js';
import { assertExtra, upsalesRuleDecider } from './decider.js';
import type { UpsalesRuleFields } from '@nordlog/contracts';

const at = (id: string, command: ReferenceCommand<UpsalesRuleFields>, isNew = false) => [
  target({ id, streamId: upsalesRuleStream(id), decider: upsalesRuleDecider, command, isNew }),
];

/** The extra named by a create or an update is a value-added service of the catalogue. */
async function checkExtra(ctx: HandlerContext, articleId: string | undefined) {
  if (articleId !== undefined)
    assertExtra(articleId, await ctx.load(articleStream(articleId), articleDecider));
}

/** Upsales rules (spec §1, §7; docs/decisions/0087-upsales-rules.md). */
export const upsalesHandlers = {
  CREATE_UPSALES_RULE: (async (fields, ctx) => {
    await checkExtra(ctx, fields.articleId);
    const id = await newId(ctx, 'upsales_rule');
    return at(id, { type: 'create', id, fields }, true);
  }) satisfies Handler<'CREATE_UPSALES_RULE'>,
  UPDATE_UPSALES_RULE: (async ({ id, ...fields }, ctx) => {
    await checkExtra(ctx, fields.articleId);
    return at(id, { type: 'update', id, fields });
  }) satisfies Handler<'UPDATE_UPSALES_RULE'>,
  DELETE_UPSALES_RULE: (({ id }) =>
    at(id, { type: 'delete', id })) satisfies Handler<'DELETE_UPSALES_RULE'>,
  ENABLE_UPSALES_RULE: (({ id }) =>
    at(id, {
      type: 'update',
      id,
      fields: { enabled: true },
    })) satisfies Handler<'ENABLE_UPSALES_RULE'>,
  DISABLE_UPSALES_RULE: (({ id }) =>
    at(id, {
      type: 'update',
      id,
      fields: { enabled: false },
    })) satisfies Handler<'DISABLE_UPSALES_RULE'>,
};
