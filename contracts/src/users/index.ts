import { z } from 'zod';
import { updateShape } from '../updates.js';
import { accessFlags, defaultAccess } from '../access/flags.js';
import { roles } from '../access/roles.js';
import { entityId, idList, nonEmptyText } from '../common.js';
import type { CourierProfile } from '../planning/courierUsers.js';

export const USERS_TABLE = 'rm_users';
export const USERS_ENTITY = 'users';
export const ROLES_TABLE = 'rm_roles';
export const ROLES_ENTITY = 'roles';

import { phoneNumber } from './phoneNumber.js';

export { phoneNumber };

/** A department id or a department group id (`group_{n}`, spec §2). */
export const departmentAccessId = z
  .string()
  .regex(/^([1-9]\d{0,17}|group_[1-9]\d{0,17})$/, 'not a department or group id');

const flag = z.enum(accessFlags);

const userFields = {
  name: nonEmptyText.max(200),
  phoneNumber,
  email: z.email().nullable().default(null),
  role: z.enum(roles),
  /** Access flags of the user; when left out, the role's default access (contracts/access/flags). */
  access: z.array(flag).max(accessFlags.length).optional(),
  departmentIds: z.array(departmentAccessId).max(1000).default([]),
  /** The customer a CUSTOMER user belongs to. */
  customerId: entityId.nullable().default(null),
  /** The courier a COURIER user is. */
  courierId: entityId.nullable().default(null),
  /** The user must give an e-mail address before working (spec §2 /auth/set-email). */
  requiresEmail: z.boolean().default(false),
  /** The user must log in with a password (spec §2). */
  requiresPwd: z.boolean().default(false),
};

export const createUserSchema = z
  .object(userFields)
  .transform((u) => ({ ...u, access: u.access ?? [...defaultAccess[u.role]] }));
export const updateUserSchema = z.object({
  id: entityId,
  ...updateShape(userFields),
});
export const deleteByIdSchema = z.object({ id: entityId });

/** Spec §3 planner: name and phone number, e-mail optional; a user with the PLANNER role. */
const plannerFields = { name: userFields.name, phoneNumber, email: userFields.email };
export const createPlannerSchema = z.object(plannerFields);
export const updatePlannerSchema = z.object({ id: entityId, ...updateShape(plannerFields) });

export type UserFields = z.output<typeof createUserSchema>;
export interface User extends UserFields {
  id: string;
  /** Role entities added to the user: their access adds to the user's own. */
  roleIds: string[];
  /**
   * What a COURIER user has besides being a user (spec §3 "Courier user"), set by
   * CREATE_COURIER_USER and UPDATE_COURIER_USER; absent on users made otherwise.
   */
  courier?: CourierProfile;
}
/** What a user update may change: its fields and its courier profile (changed as a whole). */
export type UserChanges = Partial<UserFields & { courier: CourierProfile }>;
export interface UserRow extends User {
  revision: number;
  updatedAtEpoch: number;
  deleted: boolean;
}

/** Spec §6: roles (access-list entities) can be created, updated, deleted and given to users. */
const roleFields = {
  name: nonEmptyText.max(100),
  description: z.string().max(1000).default(''),
  access: z.array(flag).max(accessFlags.length).default([]),
};
export const createRoleSchema = z.object(roleFields);
export const updateRoleSchema = z.object({
  id: entityId,
  ...updateShape(roleFields),
});
export const userRolesSchema = z.object({ roleIds: idList, userId: entityId });

export type RoleFields = z.output<typeof createRoleSchema>;
export interface RoleRow extends RoleFields {
  id: string;
  revision: number;
  updatedAtEpoch: number;
}

export type UserEvent =
  | { type: 'UserCreated'; data: User }
  | { type: 'UserUpdated'; data: { id: string; changes: UserChanges } }
  | { type: 'UserDeleted'; data: { id: string } }
  | { type: 'RolesAddedToUser'; data: { id: string; roleIds: string[] } }
  | { type: 'RolesRemovedFromUser'; data: { id: string; roleIds: string[] } };

export type RoleEvent =
  | { type: 'RoleCreated'; data: RoleFields & { id: string } }
  | { type: 'RoleUpdated'; data: { id: string; changes: Partial<RoleFields> } }
  | { type: 'RoleDeleted'; data: { id: string } };

export const userStream = (id: string) => `user-${id}`;
export const roleStream = (id: string) => `role-${id}`;

export const userCommandSchemas = {
  CREATE_USER: createUserSchema,
  UPDATE_USER: updateUserSchema,
  DELETE_USER: deleteByIdSchema,
  CREATE_PLANNER: createPlannerSchema,
  UPDATE_PLANNER: updatePlannerSchema,
  CREATE_ROLE: createRoleSchema,
  UPDATE_ROLE: updateRoleSchema,
  DELETE_ROLE: deleteByIdSchema,
  ADD_ROLES_TO_USER: userRolesSchema,
  REMOVE_ROLES_FROM_USER: userRolesSchema,
} as const;

export const rolesQuerySchema = z.object({});
export const usersQuerySchema = z.object({
  role: z.enum(roles).optional(),
  searchPhrase: z.string().trim().min(3, 'search needs more than 2 characters').optional(),
  ids: z.array(entityId).optional(),
  limit: z.number().int().min(1).max(1000).default(200),
});

/** A user's own access flags and those of the role entities given to them (spec §6). */
export function effectiveAccess(
  user: Pick<User, 'access' | 'roleIds'>,
  roles: readonly Pick<RoleRow, 'id' | 'access'>[],
): string[] {
  const byId = new Map(roles.map((r) => [r.id, r.access]));
  return [...new Set([...user.access, ...user.roleIds.flatMap((id) => byId.get(id) ?? [])])];
}

export * from './courierProfile.js';
