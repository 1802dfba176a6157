import { AppError, validationMessages, type ValidationKey } from '@nordlog/contracts';
import { changedFields } from './changedFields.js';
import type { Decider } from './decider.js';

/**
 * The decider of a reference entity (department, customer, role, and later the other admin
 * resources): created once under an allocated id, updated field by field (an update that changes
 * nothing emits nothing) and, where the entity allows it, deleted once.
 */
export type ReferenceState<Entity> =
  { status: 'none' } | { status: 'exists'; entity: Entity } | { status: 'deleted'; entity: Entity };

export type ReferenceCommand<Fields> =
  | { type: 'create'; id: string; fields: Fields }
  | { type: 'update'; id: string; fields: Partial<Fields> }
  | { type: 'delete'; id: string };

export type ReferenceEvent<
  Created extends string,
  Updated extends string,
  Fields,
  Deleted extends string = never,
> =
  | { type: Created; data: Fields & { id: string } }
  | { type: Updated; data: { id: string; changes: Partial<Fields> } }
  | { type: Deleted; data: { id: string } };

export function referenceDecider<
  Fields extends object,
  Created extends string,
  Updated extends string,
  Deleted extends string = never,
>(names: {
  label: string;
  created: Created;
  updated: Updated;
  /** The deletion event; without it the entity cannot be deleted. */
  deleted?: Deleted;
  /**
   * Rules across fields (a department's org number against its country): checked on the entity
   * a create or an update would leave, so an update naming one field meets the stored others.
   */
  check?: (entity: Fields) => { path: string; message: ValidationKey }[];
}): Decider<
  ReferenceState<Fields & { id: string }>,
  ReferenceCommand<Fields>,
  ReferenceEvent<Created, Updated, Fields, Deleted>
> {
  type E = ReferenceEvent<Created, Updated, Fields, Deleted>;
  type Entity = Fields & { id: string };
  const notFound = (id: string) => new AppError('NOT_FOUND', `${names.label} ${id} not found`);
  const assertValid = (entity: Fields) => {
    const problems = names.check?.(entity) ?? [];
    if (problems.length > 0)
      throw AppError.of(
        problems.map((p) => ({
          errorType: 'VALIDATION_ERROR' as const,
          description: `payload.${p.path}: ${validationMessages[p.message]}`,
          params: { field: p.path, key: p.message },
        })),
      );
  };
  return {
    initialState: { status: 'none' },
    evolve(state, event) {
      if (event.type === names.created) return { status: 'exists', entity: event.data as Entity };
      if (state.status === 'none') return state;
      if (names.deleted !== undefined && event.type === names.deleted)
        return { status: 'deleted', entity: state.entity };
      // Another decider's event on the same stream (a service's mapping on its article's, 0081).
      if (event.type !== names.updated) return state;
      const { changes } = event.data as { changes: Partial<Fields> };
      return state.status === 'exists'
        ? { status: 'exists', entity: { ...state.entity, ...changes } }
        : state;
    },
    decide(command, state) {
      switch (command.type) {
        case 'create': {
          if (state.status !== 'none')
            throw new AppError('ALREADY_EXISTS', `${names.label} ${command.id} already exists`);
          assertValid(command.fields);
          const created: E = { type: names.created, data: { ...command.fields, id: command.id } };
          return [created];
        }
        case 'update': {
          if (state.status !== 'exists') throw notFound(command.id);
          const changes = changedFields(state.entity as Fields, command.fields);
          if (Object.keys(changes).length > 0) assertValid({ ...state.entity, ...changes });
          const updated: E = { type: names.updated, data: { id: command.id, changes } };
          return Object.keys(changes).length === 0 ? [] : [updated];
        }
        case 'delete': {
          if (names.deleted === undefined)
            throw new AppError('BAD_REQUEST', `A ${names.label.toLowerCase()} cannot be deleted`);
          if (state.status === 'none') throw notFound(command.id);
          if (state.status === 'deleted') return [];
          const deleted: E = { type: names.deleted, data: { id: command.id } };
          return [deleted];
        }
        default: {
          const never: never = command;
          return never;
        }
      }
    },
  };
}
