import {
  ROLES_TABLE,
  USERS_TABLE,
  effectiveAccess,
  type AuthUser,
  type RoleRow,
  type UserRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';

/** Users as the login sees them: from the users read model, never deleted ones. */
export async function findUserByPhone(knex: Knex, phone: string): Promise<UserRow | null> {
  const row = await knex(USERS_TABLE)
    .where({ phone_number: phone, deleted: false })
    .orderBy('id')
    .first<{ data: UserRow } | undefined>('data');
  return row?.data ?? null;
}

export async function findFirstUserWithRole(knex: Knex, role: string): Promise<UserRow | null> {
  const row = await knex(USERS_TABLE)
    .where({ role, deleted: false })
    .orderBy('id')
    .first<{ data: UserRow } | undefined>('data');
  return row?.data ?? null;
}

export async function findUser(knex: Knex, id: string): Promise<UserRow | null> {
  const row = await knex(USERS_TABLE)
    .where({ id, deleted: false })
    .first<{ data: UserRow } | undefined>('data');
  return row?.data ?? null;
}

export async function findUserByEmail(knex: Knex, email: string): Promise<UserRow | null> {
  const row = await knex(USERS_TABLE)
    .where({ deleted: false })
    .whereRaw(`lower(data->>'email') = lower(?)`, [email])
    .orderBy('id')
    .first<{ data: UserRow } | undefined>('data');
  return row?.data ?? null;
}

export async function toAuthUser(
  knex: Knex,
  user: UserRow,
  csrfToken: string,
  password: { verified: boolean; has: boolean } = { verified: false, has: false },
): Promise<AuthUser> {
  const roles =
    user.roleIds.length > 0
      ? (
          await knex(ROLES_TABLE).whereIn('id', user.roleIds).select<{ data: RoleRow }[]>('data')
        ).map((r) => r.data)
      : [];
  return {
    id: user.id,
    name: user.name,
    phoneNumber: user.phoneNumber,
    email: user.email,
    role: user.role,
    access: effectiveAccess(user, roles),
    departmentIds: user.departmentIds,
    customerId: user.customerId,
    courierId: user.courierId,
    requiresEmail: user.requiresEmail || (user.email === null && user.requiresPwd),
    requiresPwd: user.requiresPwd && !password.verified,
    hasPassword: password.has,
    csrfToken,
  };
}
