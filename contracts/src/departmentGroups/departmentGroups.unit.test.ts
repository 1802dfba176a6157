import { describe, expect, it } from '@jest/globals';
import type { Identity } from '../identity.js';
import { createDepartmentGroupSchema, expandIdentity, splitDepartmentAccess } from './index.js';

const planner = (departmentIds: string[] | '*'): Identity => ({
  userId: '9',
  role: 'PLANNER',
  access: [],
  departmentIds,
  customerId: null,
});

describe('department groups in access lists (spec §2 group_{n})', () => {
  it('S2-ROUTE-082 splits plain department ids from group ids', () => {
    expect(splitDepartmentAccess(['1', 'group_3', '12', 'group_40'])).toEqual({
      departmentIds: ['1', '12'],
      groupIds: ['3', '40'],
    });
  });
  it('expands each group to its current members, once each; an unknown group to nothing', () => {
    const members = new Map([
      ['3', ['2', '5']],
      ['4', ['5', '6']],
    ]);
    expect(expandIdentity(planner(['1', 'group_3', 'group_4', 'group_9']), members)).toEqual({
      ...planner(['1', '2', '5', '6']),
      departmentGroupIds: ['3', '4', '9'],
    });
  });
  it('leaves an all-departments identity as it is', () => {
    expect(expandIdentity(planner('*'), new Map()).departmentIds).toBe('*');
  });
  it('S3-ENT-048 a group has name, description and departments; duplicates are dropped', () => {
    expect(
      createDepartmentGroupSchema.parse({ name: 'Norway', departmentIds: ['1', '2', '1'] }),
    ).toEqual({ name: 'Norway', description: '', departmentIds: ['1', '2'] });
    expect(createDepartmentGroupSchema.safeParse({ name: ' ' }).success).toBe(false);
    expect(createDepartmentGroupSchema.safeParse({ name: 'x', departmentIds: ['a'] }).success).toBe(
      false,
    );
  });
});
