import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { accessFlags } from '@nordlog/contracts';
import {
  createFirstDepartmentAndCustomer,
  startTestSystem,
  type TestSystem,
} from '../support/system.js';

describe('users and roles through the command and query APIs', () => {
  let sys: TestSystem;
  let group: string;
  let customer: string;
  beforeAll(async () => {
    sys = await startTestSystem();
    await createFirstDepartmentAndCustomer(sys);
    group = (await sys.command('CREATE_DEPARTMENT_GROUP', { name: 'All', departmentIds: ['1'] }))
      .body.ids[0];
    customer = (await sys.command('CREATE_CUSTOMER', { name: 'Temp AS' })).body.ids[0];
  });
  afterAll(async () => sys.shutdown());

  it('S3-ENT-047 S5-VAL-012 creates a user with a normalised phone and the role default access', async () => {
    const res = await sys.command('CREATE_USER', {
      name: 'Ola Admin',
      phoneNumber: '912 34 567',
      role: 'ADMIN',
      departmentIds: ['1', `group_${group}`],
    });
    expect(res.status).toBe(200);
    await sys.settled();
    const [user] = (await sys.query('users', { ids: res.body.ids })).body;
    expect(user).toMatchObject({
      name: 'Ola Admin',
      phoneNumber: '+4791234567',
      role: 'ADMIN',
      courierId: null,
      requiresEmail: false,
      requiresPwd: false,
      departmentIds: ['1', `group_${group}`],
    });
    expect(user.access).toHaveLength(accessFlags.length);
  });

  it('S6-ROLE-001 refuses a role that does not exist and a bad phone number, storing nothing', async () => {
    expect(
      (await sys.command('CREATE_USER', { name: 'X', phoneNumber: '12345678', role: 'SUPERUSER' }))
        .status,
    ).toBe(400);
    const bad = await sys.command('CREATE_USER', {
      name: 'X',
      phoneNumber: '22+33',
      role: 'PLANNER',
    });
    expect(bad.status).toBe(400);
    expect(bad.body[0].description).toContain('payload.phoneNumber');
  });

  it('S3-ENT-043 S7-CMD-025 CREATE_PLANNER needs a name and a phone, not an e-mail; UPDATE_PLANNER changes it', async () => {
    expect((await sys.command('CREATE_PLANNER', { phoneNumber: '+46701234567' })).status).toBe(400);
    const id = (
      await sys.command('CREATE_PLANNER', { name: 'Sven Planner', phoneNumber: '+46701234567' })
    ).body.ids[0];
    expect(
      (await sys.command('UPDATE_PLANNER', { id, email: 'sven@example.com' })).body.events,
    ).toEqual(['UserUpdated']);
    await sys.settled();
    const [planner] = (await sys.query('users', { ids: [id] })).body;
    expect(planner).toMatchObject({
      role: 'PLANNER',
      email: 'sven@example.com',
      phoneNumber: '+46701234567',
    });
  });

  it('S6-ROLE-027 S6-ROLE-028 S6-ROLE-029 S6-ROLE-030 S6-ROLE-031 S7-CMD-005 S7-CMD-006 S7-CMD-050 roles are created, updated, given to and taken from users, and deleted', async () => {
    const roleId = (
      await sys.command('CREATE_ROLE', { name: 'Dispatcher', access: ['PLANNER_DISPATCHING'] })
    ).body.ids[0];
    const userId = (
      await sys.command('CREATE_USER', {
        name: 'Partner AS',
        phoneNumber: '40000000',
        role: 'PARTNER',
        access: [],
      })
    ).body.ids[0];
    await sys.command('UPDATE_ROLE', {
      id: roleId,
      access: ['PLANNER_DISPATCHING', 'PLANNER_LIVE'],
    });
    expect(
      (await sys.command('ADD_ROLES_TO_USER', { roleIds: [roleId], userId })).body.events,
    ).toEqual(['RolesAddedToUser']);
    await sys.settled();
    expect((await sys.query('roles', {})).body).toEqual([
      expect.objectContaining({
        id: roleId,
        name: 'Dispatcher',
        access: ['PLANNER_DISPATCHING', 'PLANNER_LIVE'],
      }),
    ]);
    const [withRole] = (await sys.query('users', { ids: [userId] })).body;
    expect(withRole.effectiveAccess.sort()).toEqual(['PLANNER_DISPATCHING', 'PLANNER_LIVE']);
    await sys.command('REMOVE_ROLES_FROM_USER', { roleIds: [roleId], userId });
    await sys.command('DELETE_ROLE', { id: roleId });
    await sys.settled();
    expect((await sys.query('users', { ids: [userId] })).body[0].effectiveAccess).toEqual([]);
    expect((await sys.query('roles', {})).body).toEqual([]);
  });

  it('S7-CMD-029 DELETE_USER removes the user from the users query', async () => {
    const id = (
      await sys.command('CREATE_USER', {
        name: 'Temp',
        phoneNumber: '40000001',
        role: 'CUSTOMER',
        customerId: customer,
      })
    ).body.ids[0];
    expect((await sys.command('DELETE_USER', { id })).body.events).toEqual(['UserDeleted']);
    await sys.settled();
    expect((await sys.query('users', { ids: [id] })).body).toEqual([]);
    expect((await sys.command('UPDATE_USER', { id, name: 'x' })).status).toBe(404);
  });

  it('a user is given only departments, groups and a customer that exist (404 as a read, nothing stored)', async () => {
    for (const payload of [
      { departmentIds: ['1', '999'] },
      { departmentIds: ['group_999'] },
      { role: 'CUSTOMER', customerId: '999' },
    ]) {
      const res = await sys.command('CREATE_USER', {
        name: 'Nobody',
        phoneNumber: '40000099',
        role: 'PLANNER',
        ...payload,
      });
      expect(res.status).toBe(404);
      expect(res.body[0].errorType).toBe('NOT_FOUND');
    }
  });
});
