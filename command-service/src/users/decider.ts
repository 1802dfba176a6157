import { AppError, type RoleFields, type UserEvent, type UserFields } from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';
import {
  referenceDecider,
  type ReferenceCommand,
  type ReferenceState,
} from '../framework/referenceDecider.js';

type UserEntity = UserFields & { roleIds: string[] };

const base = referenceDecider<UserEntity, 'UserCreated', 'UserUpdated', 'UserDeleted'>({
  label: 'User',
  created: 'UserCreated',
  updated: 'UserUpdated',
  deleted: 'UserDeleted',
});

export type UserState = ReferenceState<UserEntity & { id: string }>;
export type UserCommand =
  | ReferenceCommand<UserEntity>
  | { type: 'addRoles'; id: string; roleIds: string[] }
  | { type: 'removeRoles'; id: string; roleIds: string[] };

/** Users: a reference entity with role entities added to and removed from it (spec §6). */
export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: base.initialState,
  evolve(state, event) {
    if (event.type !== 'RolesAddedToUser' && event.type !== 'RolesRemovedFromUser')
      return base.evolve(state, event);
    if (state.status !== 'exists') return state;
    const current = state.entity.roleIds;
    const roleIds =
      event.type === 'RolesAddedToUser'
        ? [...current, ...event.data.roleIds.filter((r) => !current.includes(r))]
        : current.filter((r) => !event.data.roleIds.includes(r));
    return { status: 'exists', entity: { ...state.entity, roleIds } };
  },
  decide(command, state) {
    if (command.type !== 'addRoles' && command.type !== 'removeRoles')
      return base.decide(command, state);
    if (state.status !== 'exists') throw new AppError('NOT_FOUND', `User ${command.id} not found`);
    const current = state.entity.roleIds;
    if (command.type === 'addRoles') {
      const added = [...new Set(command.roleIds)].filter((r) => !current.includes(r));
      return added.length === 0
        ? []
        : [{ type: 'RolesAddedToUser', data: { id: command.id, roleIds: added } }];
    }
    const removed = [...new Set(command.roleIds)].filter((r) => current.includes(r));
    return removed.length === 0
      ? []
      : [{ type: 'RolesRemovedFromUser', data: { id: command.id, roleIds: removed } }];
  },
};

export const roleDecider = referenceDecider<
  RoleFields,
  'RoleCreated',
  'RoleUpdated',
  'RoleDeleted'
>({
  label: 'Role',
  created: 'RoleCreated',
  updated: 'RoleUpdated',
  deleted: 'RoleDeleted',
});
