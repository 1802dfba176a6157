import { target, type Decider } from './decider.js';
import type { IdKind } from '@nordlog/platform';
import { newId, type HandlerContext } from './handler.js';
import type { ReferenceCommand, ReferenceState } from './referenceDecider.js';

/** The create and update handlers of a reference entity. */
export function referenceHandlers<Fields extends object>(
  kind: IdKind,
  stream: (id: string) => string,
  decider: Decider<unknown, ReferenceCommand<Fields>, never>,
) {
  return {
    create: async (fields: Fields, ctx: HandlerContext) => {
      const id = await newId(ctx, kind);
      return [
        target({
          id,
          streamId: stream(id),
          isNew: true,
          decider,
          command: { type: 'create', id, fields },
        }),
      ];
    },
    /** `guard` refuses (throws) an update of the entity in its current state (e.g. its department). */
    update: (
      { id, ...fields }: Partial<Fields> & { id: string },
      guard?: (state: ReferenceState<Fields & { id: string }>) => void,
    ) => [
      target({
        id,
        streamId: stream(id),
        decider,
        command: { type: 'update', id, fields: fields as Partial<Fields> },
        redecide: true,
        ...(guard ? { guard: guard as (state: unknown) => void } : {}),
      }),
    ],
  };
}
