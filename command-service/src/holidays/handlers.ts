import { holidayId, holidayStream } from '@nordlog/contracts';
import { target } from '../framework/decider.js';
import type { Handler } from '../framework/handler.js';
import { holidayDecider } from './decider.js';

export const holidayHandlers = {
  CREATE_HOLIDAY: ((fields) => {
    const id = holidayId(fields);
    return [
      target({
        id,
        streamId: holidayStream(id),
        decider: holidayDecider,
        command: { type: 'create', id, fields },
      }),
    ];
  }) satisfies Handler<'CREATE_HOLIDAY'>,
  DELETE_HOLIDAY: (({ id }) => [
    target({
      id,
      streamId: holidayStream(id),
      decider: holidayDecider,
      command: { type: 'delete', id },
    }),
  ]) satisfies Handler<'DELETE_HOLIDAY'>,
};
