import {
  AppError,
  PERSONAL_DATA_ERASED,
  courierProfileOf,
  courierUserIssues,
  splitPersonal,
  userStream,
  userSubject,
  validationMessages,
  type CourierProfile,
  type ErasureReason,
  type PersonalDataErasedEvent,
  type RoleFields,
  type UserEvent,
  type UserFields,
  type ValidationKey,
} from '@nordlog/contracts';
import { changedFields } from '../framework/changedFields.js';
import type { Decider } from '../framework/decider.js';
import {
  referenceDecider,
  type ReferenceCommand,
  type ReferenceState,
} from '../framework/referenceDecider.js';

type UserEntity = UserFields & {
  roleIds: string[];
  courier?: CourierProfile;
  /** The user's personal data was erased (docs/decisions/0050, addendum). */
  erased?: boolean;
};

/** The events of a user's stream. */
export type UserStreamEvent = UserEvent | PersonalDataErasedEvent;

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
  | { type: 'removeRoles'; id: string; roleIds: string[] }
  | {
      /**
       * A courier user's fields and courier profile (UPDATE_COURIER_USER): the profile fields named
       * are merged into the stored profile when decided, so concurrent updates of different fields
       * both apply, and the merged profile must meet spec §5 (secure login needs a date of birth).
       */
      type: 'updateCourier';
      id: string;
      fields: Partial<Pick<UserFields, 'name' | 'phoneNumber' | 'email'>>;
      courier: Partial<CourierProfile>;
    }
  | {
      /**
       * A person's erasure (ERASE_PERSONAL_DATA, or retention): the user is deleted where it is
       * not yet, and its personal data erased for good; a user erased before gives nothing.
       */
      type: 'erase';
      id: string;
      reason: ErasureReason;
    };

/** The user as its events read once its key is gone: every personal field erased. */
function erasedUser<E extends UserEntity & { id: string }>(user: E): E {
  const { stored } = splitPersonal('UserCreated', userStream(user.id), user);
  return { ...(stored as E), erased: true };
}

function decideErase(
  command: Extract<UserCommand, { type: 'erase' }>,
  state: UserState,
): UserStreamEvent[] {
  if (state.status === 'none') throw new AppError('NOT_FOUND', `User ${command.id} not found`);
  if (state.entity.erased) return [];
  const erased: PersonalDataErasedEvent = {
    type: PERSONAL_DATA_ERASED,
    data: { subject: userSubject(command.id), reason: command.reason },
  };
  return state.status === 'exists'
    ? [{ type: 'UserDeleted', data: { id: command.id } }, erased]
    : [erased];
}

/** The field errors of a courier profile as a 400 (VALIDATION_ERROR naming the field and key). */
function refuseCourier(issues: { path: string; message: string }[]): AppError {
  return AppError.of(
    issues.map((i) => ({
      errorType: 'VALIDATION_ERROR' as const,
      description: `payload.${i.path}: ${validationMessages[i.message as ValidationKey] ?? i.message}`,
      params: { field: i.path, key: i.message },
    })),
  );
}

function decideCourierUpdate(
  command: Extract<UserCommand, { type: 'updateCourier' }>,
  state: UserState,
): UserEvent[] {
  if (state.status !== 'exists' || state.entity.role !== 'COURIER')
    throw new AppError('NOT_FOUND', `No courier has the id ${command.id}`);
  const user = state.entity;
  const profile = courierProfileOf(user);
  const departmentId = command.courier.departmentId ?? profile?.departmentId;
  if (!departmentId)
    throw refuseCourier([{ path: 'departmentId', message: 'validation.required' }]);
  const courier: CourierProfile = {
    ...(profile ?? {}),
    ...command.courier,
    departmentId,
  } as CourierProfile;
  const issues = courierUserIssues(courier);
  if (issues.length > 0) throw refuseCourier(issues);
  const changes = changedFields<UserEntity>(user, {
    ...command.fields,
    // A courier works in its department: its access follows it.
    ...(command.courier.departmentId !== undefined ? { departmentIds: [departmentId] } : {}),
    courier,
  });
  return Object.keys(changes).length === 0
    ? []
    : [{ type: 'UserUpdated', data: { id: command.id, changes } }];
}

/** Users: a reference entity with role entities added to and removed from it (spec §6). */
export const userDecider: Decider<UserState, UserCommand, UserStreamEvent> = {
  initialState: base.initialState,
  evolve(state, event) {
    if (event.type === PERSONAL_DATA_ERASED)
      return state.status === 'none'
        ? state
        : { status: 'deleted', entity: erasedUser(state.entity) };
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
    if (command.type === 'updateCourier') return decideCourierUpdate(command, state);
    if (command.type === 'erase') return decideErase(command, state);
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
