import {
  ROLES_ENTITY,
  ROLES_TABLE,
  USERS_ENTITY,
  USERS_TABLE,
  type RoleRow,
  type UserEvent,
  type UserRow,
} from '@nordlog/contracts';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

const userEvents = [
  'UserCreated',
  'UserUpdated',
  'UserDeleted',
  'RolesAddedToUser',
  'RolesRemovedFromUser',
];
const userRows = referenceRows<UserRow>('UserCreated', 'UserUpdated');

/** Users; a deleted user keeps its row (names stay readable in history), marked deleted. */
export const usersProjection = rowProjection<UserRow>({
  name: 'users',
  table: USERS_TABLE,
  entity: USERS_ENTITY,
  migrations: [
    {
      name: '0001_rm_users',
      async up(knex) {
        await knex.raw(`create table ${USERS_TABLE} (
          id bigint primary key, revision integer not null, name text not null, phone_number text not null,
          role text not null, deleted boolean not null, search_text text not null, data jsonb not null);
          create index ${USERS_TABLE}_phone on ${USERS_TABLE} (phone_number) where not deleted;`);
      },
    },
  ],
  rowId: (e) => (userEvents.includes(e.type) ? (e.data as { id: string }).id : null),
  evolve(row, e) {
    const event = e as typeof e & UserEvent;
    const meta = { revision: e.streamRevision, updatedAtEpoch: Date.parse(e.metadata.occurredAt) };
    switch (event.type) {
      case 'UserCreated':
        return { ...userRows.evolve(null, e)!, deleted: false };
      case 'UserUpdated':
        return userRows.evolve(row, e);
      case 'UserDeleted':
        return row ? { ...row, ...meta, deleted: true } : row;
      case 'RolesAddedToUser':
        return row
          ? {
              ...row,
              ...meta,
              roleIds: [
                ...row.roleIds,
                ...event.data.roleIds.filter((r) => !row.roleIds.includes(r)),
              ],
            }
          : row;
      case 'RolesRemovedFromUser':
        return row
          ? { ...row, ...meta, roleIds: row.roleIds.filter((r) => !event.data.roleIds.includes(r)) }
          : row;
      default:
        return row;
    }
  },
  columns: (row) => ({
    name: row.name,
    phone_number: row.phoneNumber,
    role: row.role,
    deleted: row.deleted,
    search_text: [row.name, row.phoneNumber, row.email].filter(Boolean).join(' ').toLowerCase(),
  }),
});

const roleRows = referenceRows<RoleRow>('RoleCreated', 'RoleUpdated');

/** Role entities (access lists); a deleted role's row is removed. */
export const rolesProjection = rowProjection<RoleRow>({
  name: 'roles',
  table: ROLES_TABLE,
  entity: ROLES_ENTITY,
  migrations: [
    {
      name: '0001_rm_roles',
      async up(knex) {
        await knex.raw(
          `create table ${ROLES_TABLE} (id bigint primary key, revision integer not null, name text not null, data jsonb not null)`,
        );
      },
    },
  ],
  rowId: (e) => (e.type === 'RoleDeleted' ? (e.data as { id: string }).id : roleRows.rowId(e)),
  evolve: (row, e) => (e.type === 'RoleDeleted' ? null : roleRows.evolve(row, e)),
  columns: (row) => ({ name: row.name }),
});
