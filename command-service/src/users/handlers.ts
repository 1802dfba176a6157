import {
  defaultAccess,
  roleStream,
  userStream,
  type RoleFields,
  type UserFields,
} from '@nordlog/contracts';
import { target, type Decider } from '../framework/decider.js';
import { newId, type Handler, type HandlerContext } from '../framework/handler.js';
import type { ReferenceCommand } from '../framework/referenceDecider.js';
import { referenceHandlers } from '../framework/referenceHandlers.js';
import type { UniqueClaim } from '../framework/reservation.js';
import { roleDecider, userDecider, type UserCommand, type UserState } from './decider.js';

/**
 * A user's phone number and e-mail address belong to that user alone (docs/decisions/0013):
 * while the user exists, no other user may take them.
 */
export function userUniques(state: UserState): UniqueClaim[] {
  if (state.status !== 'exists') return [];
  const { phoneNumber, email } = state.entity;
  const phone: UniqueClaim = {
    kind: 'phoneNumber',
    value: phoneNumber,
    refusal: {
      errorType: 'PHONE_NUMBER_TAKEN',
      description: `phoneNumber: another user has the phone number ${phoneNumber}`,
      params: { phoneNumber },
    },
  };
  if (!email) return [phone];
  return [
    phone,
    {
      kind: 'email',
      value: email,
      refusal: {
        errorType: 'EMAIL_TAKEN',
        description: `email: another user has the e-mail address ${email}`,
        params: { email },
      },
    },
  ];
}

const onUser = (id: string, command: UserCommand) => [
  target({ id, streamId: userStream(id), decider: userDecider, command, uniques: userUniques }),
];

const roles = referenceHandlers<RoleFields>(
  'role',
  roleStream,
  roleDecider as Decider<unknown, ReferenceCommand<RoleFields>, never>,
);

async function createUser(fields: UserFields, ctx: HandlerContext) {
  const id = await newId(ctx, 'user');
  const command = { type: 'create' as const, id, fields: { ...fields, roleIds: [] } };
  return [
    target({
      id,
      streamId: userStream(id),
      isNew: true,
      decider: userDecider,
      command,
      uniques: userUniques,
    }),
  ];
}

const updateUser = ({ id, ...fields }: { id: string } & Partial<UserFields>) =>
  onUser(id, { type: 'update', id, fields: stripUndefined(fields) });

export const userHandlers = {
  CREATE_USER: createUser satisfies Handler<'CREATE_USER'>,
  UPDATE_USER: updateUser satisfies Handler<'UPDATE_USER'>,
  DELETE_USER: (({ id }) => onUser(id, { type: 'delete', id })) satisfies Handler<'DELETE_USER'>,
  /** Spec §3 planner: a user with the PLANNER role and its default access. */
  CREATE_PLANNER: ((fields, ctx) =>
    createUser(
      {
        ...fields,
        role: 'PLANNER',
        access: [...defaultAccess.PLANNER],
        departmentIds: [],
        customerId: null,
        courierId: null,
        requiresEmail: false,
        requiresPwd: false,
      },
      ctx,
    )) satisfies Handler<'CREATE_PLANNER'>,
  UPDATE_PLANNER: updateUser satisfies Handler<'UPDATE_PLANNER'>,
  CREATE_ROLE: roles.create satisfies Handler<'CREATE_ROLE'>,
  UPDATE_ROLE: roles.update satisfies Handler<'UPDATE_ROLE'>,
  DELETE_ROLE: (({ id }) => [
    target({ id, streamId: roleStream(id), decider: roleDecider, command: { type: 'delete', id } }),
  ]) satisfies Handler<'DELETE_ROLE'>,
  ADD_ROLES_TO_USER: (({ userId, roleIds }) =>
    onUser(userId, {
      type: 'addRoles',
      id: userId,
      roleIds,
    })) satisfies Handler<'ADD_ROLES_TO_USER'>,
  REMOVE_ROLES_FROM_USER: (({ userId, roleIds }) =>
    onUser(userId, {
      type: 'removeRoles',
      id: userId,
      roleIds,
    })) satisfies Handler<'REMOVE_ROLES_FROM_USER'>,
};

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
