import { describe, it } from '@jest/globals';
import type { DepartmentGroupEvent, DepartmentGroupFields } from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import { departmentGroupDecider } from './decider.js';

const fields: DepartmentGroupFields = {
  name: 'Norway',
  description: 'Every Norwegian department',
  departmentIds: ['1', '2'],
};
const created: DepartmentGroupEvent = {
  type: 'DepartmentGroupCreated',
  data: { id: '4', ...fields },
};
const deleted: DepartmentGroupEvent = { type: 'DepartmentGroupDeleted', data: { id: '4' } };

describe('department groups', () => {
  it('S7-CMD-048 S3-ENT-048 CREATE_DEPARTMENT_GROUP creates a group with name, description and departments', () => {
    given(departmentGroupDecider).when({ type: 'create', id: '4', fields }).then([created]);
  });
  it('UPDATE_DEPARTMENT_GROUP emits only what changed, nothing when nothing did', () => {
    given(departmentGroupDecider, [created])
      .when({ type: 'update', id: '4', fields: { name: 'Norway', departmentIds: ['1', '2', '3'] } })
      .then([
        {
          type: 'DepartmentGroupUpdated',
          data: { id: '4', changes: { departmentIds: ['1', '2', '3'] } },
        },
      ]);
    given(departmentGroupDecider, [created])
      .when({ type: 'update', id: '4', fields: { departmentIds: ['1', '2'] } })
      .thenNothing();
  });
  it('DELETE_DEPARTMENT_GROUP deletes once; a deleted or unknown group cannot be updated', () => {
    given(departmentGroupDecider, [created]).when({ type: 'delete', id: '4' }).then([deleted]);
    given(departmentGroupDecider, [created, deleted])
      .when({ type: 'delete', id: '4' })
      .thenNothing();
    given(departmentGroupDecider, [created, deleted])
      .when({ type: 'update', id: '4', fields: { name: 'x' } })
      .thenRefuses('NOT_FOUND');
    given(departmentGroupDecider).when({ type: 'delete', id: '4' }).thenRefuses('NOT_FOUND');
  });
});
