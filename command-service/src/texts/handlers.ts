import { TEXTS_STREAM, articleStream } from '@nordlog/contracts';
import { target } from '../framework/decider.js';
import { newId, type Handler } from '../framework/handler.js';
import { textsDecider, type TextsCommand } from './decider.js';
import { serviceMappingDecider } from './mapping.js';

const textsTarget = (command: TextsCommand) =>
  target({
    id: command.id,
    streamId: TEXTS_STREAM,
    decider: textsDecider,
    command,
    // Texts of other keys may land in between: decided again on what won.
    redecide: true,
  });

/** Services and texts (docs/decisions/0081-services-and-texts.md). */
export const textHandlers = {
  CREATE_TEXT: (async (fields, ctx) => {
    const id = await newId(ctx, 'text');
    return [textsTarget({ type: 'create', id, fields })];
  }) satisfies Handler<'CREATE_TEXT'>,
  UPDATE_TEXT: (({ id, ...changes }) => [
    textsTarget({ type: 'update', id, changes }),
  ]) satisfies Handler<'UPDATE_TEXT'>,
  DELETE_TEXT: (({ id }) => [textsTarget({ type: 'delete', id })]) satisfies Handler<'DELETE_TEXT'>,
  UPDATE_SERVICE_MAPPING: (({ id, ...changes }) => [
    target({
      id,
      streamId: articleStream(id),
      decider: serviceMappingDecider,
      command: { id, changes },
      redecide: true,
    }),
  ]) satisfies Handler<'UPDATE_SERVICE_MAPPING'>,
};
