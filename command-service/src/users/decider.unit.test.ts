import { describe, expect, it } from '@jest/globals';
import type { RoleEvent, UserEvent, UserFields } from '@nordlog/contracts';
import { fold } from '../framework/decider.js';
import { given } from '../framework/testing.js';
import { roleDecider, userDecider } from './decider.js';
import { userUniques } from './handlers.js';

const fields: UserFields & { roleIds: string[] } = {
  name: 'Kari Planner',
  phoneNumber: '+4791234567',
  email: null,
  role: 'PLANNER',
  access: ['PLANNER_SHIPMENTS'],
  departmentIds: ['1', 'group_2'],
  customerId: null,
  courierId: null,
  requiresEmail: false,
  requiresPwd: false,
  roleIds: [],
};
const created: UserEvent = { type: 'UserCreated', data: { id: '5', ...fields } };
const rolesAdded: UserEvent = { type: 'RolesAddedToUser', data: { id: '5', roleIds: ['7'] } };

describe('users', () => {
  it('erasing a user deletes it and erases its data; its phone is released; erased again, nothing; an unknown id, not found', () => {
    const erased = {
      type: 'PersonalDataErased',
      data: { subject: 'user:5', reason: 'request' },
    } as const;
    given(userDecider, [created])
      .when({ type: 'erase', id: '5', reason: 'request' })
      .then([{ type: 'UserDeleted', data: { id: '5' } }, erased]);
    const deleted: UserEvent = { type: 'UserDeleted', data: { id: '5' } };
    given(userDecider, [created, deleted])
      .when({ type: 'erase', id: '5', reason: 'request' })
      .then([erased]);
    given(userDecider, [created, deleted, erased])
      .when({ type: 'erase', id: '5', reason: 'request' })
      .thenNothing();
    given(userDecider).when({ type: 'erase', id: '5', reason: 'request' }).thenRefuses('NOT_FOUND');
    // The folded state reads as the erased events do, and holds no unique value any more.
    const state = fold(userDecider, [created, deleted, erased]);
    expect(state).toMatchObject({
      status: 'deleted',
      entity: { name: '[erased]', phoneNumber: '', erased: true },
    });
    expect(userUniques(state)).toEqual([]);
    given(userDecider, [created, deleted, erased])
      .when({ type: 'update', id: '5', fields: { name: 'Back' } })
      .thenRefuses('NOT_FOUND');
  });
  it('CREATE_USER creates a user; refuses an id that exists', () => {
    given(userDecider).when({ type: 'create', id: '5', fields }).then([created]);
    given(userDecider, [created])
      .when({ type: 'create', id: '5', fields })
      .thenRefuses('ALREADY_EXISTS');
  });
  it('UPDATE_USER emits the changes only; nothing when nothing changes; refuses an unknown user', () => {
    given(userDecider, [created])
      .when({ type: 'update', id: '5', fields: { role: 'PLUS_PLANNER', name: 'Kari Planner' } })
      .then([{ type: 'UserUpdated', data: { id: '5', changes: { role: 'PLUS_PLANNER' } } }]);
    given(userDecider, [created])
      .when({ type: 'update', id: '5', fields: { name: 'Kari Planner' } })
      .thenNothing();
    given(userDecider)
      .when({ type: 'update', id: '5', fields: { name: 'x' } })
      .thenRefuses('NOT_FOUND');
  });
  it('DELETE_USER deletes once; an update after deletion is refused', () => {
    const deleted: UserEvent = { type: 'UserDeleted', data: { id: '5' } };
    given(userDecider, [created]).when({ type: 'delete', id: '5' }).then([deleted]);
    given(userDecider, [created, deleted]).when({ type: 'delete', id: '5' }).thenNothing();
    given(userDecider, [created, deleted])
      .when({ type: 'update', id: '5', fields: { name: 'x' } })
      .thenRefuses('NOT_FOUND');
  });
  it('S6-ROLE-030 ADD_ROLES_TO_USER adds the roles the user lacks; nothing when it has them all', () => {
    given(userDecider, [created])
      .when({ type: 'addRoles', id: '5', roleIds: ['7', '7'] })
      .then([rolesAdded]);
    given(userDecider, [created, rolesAdded])
      .when({ type: 'addRoles', id: '5', roleIds: ['7'] })
      .thenNothing();
    given(userDecider)
      .when({ type: 'addRoles', id: '5', roleIds: ['7'] })
      .thenRefuses('NOT_FOUND');
  });
  it('S6-ROLE-031 REMOVE_ROLES_FROM_USER removes the roles it has; nothing otherwise', () => {
    given(userDecider, [created, rolesAdded])
      .when({ type: 'removeRoles', id: '5', roleIds: ['7', '8'] })
      .then([{ type: 'RolesRemovedFromUser', data: { id: '5', roleIds: ['7'] } }]);
    given(userDecider, [created])
      .when({ type: 'removeRoles', id: '5', roleIds: ['7'] })
      .thenNothing();
  });
});

describe('roles', () => {
  const role: RoleEvent = {
    type: 'RoleCreated',
    data: { id: '7', name: 'Dispatch', description: '', access: ['PLANNER_DISPATCHING'] },
  };
  it('S6-ROLE-027 creates a role', () => {
    given(roleDecider)
      .when({
        type: 'create',
        id: '7',
        fields: { name: 'Dispatch', description: '', access: ['PLANNER_DISPATCHING'] },
      })
      .then([role]);
  });
  it('S6-ROLE-028 updates its access; nothing when unchanged', () => {
    given(roleDecider, [role])
      .when({
        type: 'update',
        id: '7',
        fields: { access: ['PLANNER_DISPATCHING', 'PLANNER_LIVE'] },
      })
      .then([
        {
          type: 'RoleUpdated',
          data: { id: '7', changes: { access: ['PLANNER_DISPATCHING', 'PLANNER_LIVE'] } },
        },
      ]);
    given(roleDecider, [role])
      .when({ type: 'update', id: '7', fields: { name: 'Dispatch' } })
      .thenNothing();
  });
  it('S6-ROLE-029 deletes a role once; refuses an unknown one', () => {
    given(roleDecider, [role])
      .when({ type: 'delete', id: '7' })
      .then([{ type: 'RoleDeleted', data: { id: '7' } }]);
    given(roleDecider, [role, { type: 'RoleDeleted', data: { id: '7' } }])
      .when({ type: 'delete', id: '7' })
      .thenNothing();
    given(roleDecider).when({ type: 'delete', id: '7' }).thenRefuses('NOT_FOUND');
  });
});

describe('the unique values of a user', () => {
  it('are the phone number and, when given, the e-mail; a deleted user holds none', () => {
    const exists = fold(userDecider, [created]);
    expect(userUniques(exists).map((c) => [c.kind, c.value, c.refusal.errorType])).toEqual([
      ['phoneNumber', '+4791234567', 'PHONE_NUMBER_TAKEN'],
    ]);
    const withEmail = fold(userDecider, [
      created,
      { type: 'UserUpdated', data: { id: '5', changes: { email: 'kari@example.com' } } },
    ]);
    expect(userUniques(withEmail).map((c) => [c.kind, c.value, c.refusal.errorType])).toEqual([
      ['phoneNumber', '+4791234567', 'PHONE_NUMBER_TAKEN'],
      ['email', 'kari@example.com', 'EMAIL_TAKEN'],
    ]);
    expect(
      userUniques(fold(userDecider, [created, { type: 'UserDeleted', data: { id: '5' } }])),
    ).toEqual([]);
  });
});
