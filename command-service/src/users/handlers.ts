import {
  AppError,
  customerStream,
  defaultAccess,
  roleStream,
  userStream,
  type Identity,
  type RoleFields,
  type UserFields,
} from '@nordlog/contracts';
import { assertAdministers, assertWithinGranter, type Holding } from '../framework/authority.js';
import { customerDecider } from '../customers/decider.js';
import { assertAccessExists, assertCustomersExist } from '../framework/references.js';
import { target, type Decider } from '../framework/decider.js';
import { newId, type Handler, type HandlerContext } from '../framework/handler.js';
import type { ReferenceCommand } from '../framework/referenceDecider.js';
import { referenceHandlers } from '../framework/referenceHandlers.js';
import type { UniqueClaim } from '../framework/reservation.js';
import { namedFields } from '@nordlog/contracts';
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

type UserEntity = Extract<UserState, { status: 'exists' }>['entity'];
/** Access flags of role entities, by role id. */
type RoleAccess = Map<string, readonly string[]>;

/** The access of the role entities named (a role that does not exist gives nothing). */
async function roleAccess(ctx: HandlerContext, roleIds: readonly string[]): Promise<RoleAccess> {
  const map: RoleAccess = new Map();
  for (const id of new Set(roleIds)) {
    const state = await ctx.load(roleStream(id), roleDecider);
    map.set(id, state.status === 'exists' ? state.entity.access : []);
  }
  return map;
}

/** What a user holds: its role, its effective access and its department access. */
function holding(
  user: Pick<UserEntity, 'role' | 'access' | 'departmentIds' | 'roleIds'>,
  roles: RoleAccess,
): Holding {
  const access = new Set<string>(user.access);
  for (const id of user.roleIds) {
    const flags = roles.get(id);
    // A role added while the command was decided: decide again on what is known.
    if (!flags) throw new AppError('CONCURRENCY_CONFLICT', 'The user changed meanwhile; try again');
    for (const f of flags) access.add(f);
  }
  return { role: user.role, access: [...access], departmentIds: user.departmentIds };
}

/** A customer user's customer must be one the granter administers. */
async function assertCustomerOf(ctx: HandlerContext, customerId: string | null): Promise<void> {
  if (customerId === null || ctx.identity.departmentIds === '*') return;
  const customer = await ctx.load(customerStream(customerId), customerDecider);
  if (customer.status !== 'exists')
    throw new AppError('NOT_FOUND', `Customer ${customerId} not found`);
  assertAdministers(ctx.identity, customer.entity.departmentId, `Customer ${customerId}`);
}

/**
 * A command on an existing user: the granter must hold what the user holds before and after
 * (docs/decisions/0018), decided again on the newer state when it loses a race.
 */
export async function onUser(
  id: string,
  command: UserCommand,
  ctx: HandlerContext,
  options: { change?: Partial<UserFields>; addRoles?: string[]; onlyRole?: string } = {},
) {
  const identity: Identity = ctx.identity;
  const current = await ctx.load(userStream(id), userDecider);
  const roles = await roleAccess(ctx, [
    ...(current.status === 'exists' ? current.entity.roleIds : []),
    ...(options.addRoles ?? []),
  ]);
  // A customer user belongs to its customer: its customer's department decides, before and after.
  const customerBefore = current.status === 'exists' ? current.entity.customerId : null;
  await assertCustomerOf(ctx, customerBefore);
  if (options.change?.customerId !== undefined)
    await assertCustomerOf(ctx, options.change.customerId);
  return [
    target({
      id,
      streamId: userStream(id),
      decider: userDecider,
      command,
      uniques: userUniques,
      redecide: true,
      guard: (state: UserState) => {
        if (state.status !== 'exists') return; // the decider says not found
        const user = state.entity;
        if (options.onlyRole && user.role !== options.onlyRole)
          throw new AppError('NOT_FOUND', `No ${options.onlyRole.toLowerCase()} has the id ${id}`);
        if (user.customerId !== customerBefore)
          throw new AppError('CONCURRENCY_CONFLICT', 'The user changed meanwhile; try again');
        assertWithinGranter(identity, holding(user, roles), `User ${id}`);
        const after = {
          ...user,
          ...(options.change ?? {}),
          roleIds: [...user.roleIds, ...(options.addRoles ?? [])],
        };
        assertWithinGranter(identity, holding(after, roles), `User ${id} as changed`);
      },
    }),
  ];
}

const roles = referenceHandlers<RoleFields>(
  'role',
  roleStream,
  roleDecider as Decider<unknown, ReferenceCommand<RoleFields>, never>,
);

/** The departments, groups and customer a user is given must exist (docs/decisions/0018). */
async function assertReferencesExist(ctx: HandlerContext, fields: Partial<UserFields>) {
  if (fields.departmentIds) await assertAccessExists(ctx, fields.departmentIds);
  if (fields.customerId) await assertCustomersExist(ctx, [fields.customerId], 'customerId');
}

/**
 * A new user. `complete` adds what needs the new id or is not a user field (a courier is its own
 * courier id and has a courier profile).
 */
export async function createUser(
  fields: UserFields,
  ctx: HandlerContext,
  complete: (id: string, entity: UserEntity) => UserEntity = (_id, entity) => entity,
) {
  assertWithinGranter(ctx.identity, { ...fields }, 'The new user');
  await assertReferencesExist(ctx, fields);
  await assertCustomerOf(ctx, fields.customerId);
  const id = await newId(ctx, 'user');
  const entity = complete(id, { ...fields, id, roleIds: [] });
  const { id: _own, ...created } = entity;
  const command = { type: 'create' as const, id, fields: created };
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

const updateUser = async (
  { id, ...fields }: { id: string } & Partial<UserFields>,
  ctx: HandlerContext,
  onlyRole?: string,
) => {
  const change = namedFields(fields);
  await assertReferencesExist(ctx, change);
  return onUser(id, { type: 'update', id, fields: change }, ctx, {
    change,
    ...(onlyRole ? { onlyRole } : {}),
  });
};

/** A role entity's access is the granter's to give: no flag it does not hold itself. */
function assertRoleAccess(identity: Identity, access: readonly string[] | undefined) {
  if (access)
    assertWithinGranter(identity, { role: 'PLANNER', access, departmentIds: [] }, 'The role');
}

export const userHandlers = {
  CREATE_USER: createUser satisfies Handler<'CREATE_USER'>,
  UPDATE_USER: ((payload, ctx) => updateUser(payload, ctx)) satisfies Handler<'UPDATE_USER'>,
  DELETE_USER: (({ id }, ctx) =>
    onUser(id, { type: 'delete', id }, ctx)) satisfies Handler<'DELETE_USER'>,
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
  /** Changes a planner (a user with the PLANNER role) only. */
  UPDATE_PLANNER: ((payload, ctx) =>
    updateUser(payload, ctx, 'PLANNER')) satisfies Handler<'UPDATE_PLANNER'>,
  CREATE_ROLE: ((fields, ctx) => {
    assertRoleAccess(ctx.identity, fields.access);
    return roles.create(fields, ctx);
  }) satisfies Handler<'CREATE_ROLE'>,
  UPDATE_ROLE: ((payload, ctx) => {
    assertRoleAccess(ctx.identity, payload.access);
    return roles.update(payload);
  }) satisfies Handler<'UPDATE_ROLE'>,
  DELETE_ROLE: (({ id }) => [
    target({ id, streamId: roleStream(id), decider: roleDecider, command: { type: 'delete', id } }),
  ]) satisfies Handler<'DELETE_ROLE'>,
  ADD_ROLES_TO_USER: (({ userId, roleIds }, ctx) =>
    onUser(userId, { type: 'addRoles', id: userId, roleIds }, ctx, {
      addRoles: roleIds,
    })) satisfies Handler<'ADD_ROLES_TO_USER'>,
  REMOVE_ROLES_FROM_USER: (({ userId, roleIds }, ctx) =>
    onUser(
      userId,
      { type: 'removeRoles', id: userId, roleIds },
      ctx,
    )) satisfies Handler<'REMOVE_ROLES_FROM_USER'>,
};
