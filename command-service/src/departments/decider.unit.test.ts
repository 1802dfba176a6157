import { describe, it } from '@jest/globals';
import type { CreateDepartment, DepartmentEvent } from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import { departmentDecider } from './decider.js';

const fields: CreateDepartment = {
  name: 'Oslo Courier',
  departmentType: 'courier',
  country: 'NO',
  alystraId: 'NO-1',
  emailAddresses: ['oslo@example.com'],
  location: { lat: 59.91, lng: 10.75 },
  npsId: 'n1',
};
const createdEvent: DepartmentEvent = { type: 'DepartmentCreated', data: { id: '3', ...fields } };

describe('departments: CREATE_DEPARTMENT', () => {
  it('S3-ENT-018 creates a department with every field of spec §3', () => {
    given(departmentDecider).when({ type: 'create', id: '3', fields }).then([createdEvent]);
  });
  it('refuses a department id that exists (ALREADY_EXISTS)', () => {
    given(departmentDecider, [createdEvent])
      .when({ type: 'create', id: '3', fields })
      .thenRefuses('ALREADY_EXISTS');
  });
});

describe('departments: UPDATE_DEPARTMENT', () => {
  it('emits only the fields that changed', () => {
    given(departmentDecider, [createdEvent])
      .when({ type: 'update', id: '3', fields: { name: 'Oslo Sentrum', country: 'NO' } })
      .then([{ type: 'DepartmentUpdated', data: { id: '3', changes: { name: 'Oslo Sentrum' } } }]);
  });
  it('does nothing when nothing changes', () => {
    given(departmentDecider, [createdEvent])
      .when({
        type: 'update',
        id: '3',
        fields: { name: 'Oslo Courier', location: { lat: 59.91, lng: 10.75 } },
      })
      .thenNothing();
  });
  it('refuses an unknown department (NOT_FOUND)', () => {
    given(departmentDecider)
      .when({ type: 'update', id: '3', fields: { name: 'x' } })
      .thenRefuses('NOT_FOUND');
  });
});
