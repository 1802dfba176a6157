import { AppError } from '@nordlog/contracts';
import { changedFields } from './changedFields.js';
import type { Decider } from './decider.js';

/**
 * The decider of a reference entity (department, customer, and later the admin resources):
 * created once under an allocated id, then updated field by field; an update that changes
 * nothing emits nothing.
 */
export type ReferenceState<Entity> = { status: 'none' } | { status: 'exists'; entity: Entity };

export type ReferenceCommand<Fields> =
  | { type: 'create'; id: string; fields: Fields }
  | { type: 'update'; id: string; fields: Partial<Fields> };

export type ReferenceEvent<Created extends string, Updated extends string, Fields> =
  | { type: Created; data: Fields & { id: string } }
  | { type: Updated; data: { id: string; changes: Partial<Fields> } };

export function referenceDecider<
  Fields extends object,
  Created extends string,
  Updated extends string,
>(names: {
  label: string;
  created: Created;
  updated: Updated;
}): Decider<
  ReferenceState<Fields & { id: string }>,
  ReferenceCommand<Fields>,
  ReferenceEvent<Created, Updated, Fields>
> {
  type E = ReferenceEvent<Created, Updated, Fields>;
  const isCreated = (e: E): e is Extract<E, { type: Created }> => e.type === names.created;
  return {
    initialState: { status: 'none' },
    evolve(state, event) {
      if (isCreated(event))
        return { status: 'exists', entity: event.data as Fields & { id: string } };
      const { changes } = event.data as { changes: Partial<Fields> };
      return state.status === 'exists'
        ? { status: 'exists', entity: { ...state.entity, ...changes } }
        : state;
    },
    decide(command, state) {
      if (command.type === 'create') {
        if (state.status === 'exists')
          throw new AppError('ALREADY_EXISTS', `${names.label} ${command.id} already exists`);
        const created: E = { type: names.created, data: { ...command.fields, id: command.id } };
        return [created];
      }
      if (state.status === 'none')
        throw new AppError('NOT_FOUND', `${names.label} ${command.id} not found`);
      const changes = changedFields(state.entity as Fields, command.fields);
      const updated: E = { type: names.updated, data: { id: command.id, changes } };
      return Object.keys(changes).length === 0 ? [] : [updated];
    },
  };
}
