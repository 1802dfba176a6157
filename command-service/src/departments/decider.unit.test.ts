import { describe, expect, it } from '@jest/globals';
import {
  createDepartmentSchema,
  type CreateDepartment,
  type DepartmentEvent,
} from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import { departmentDecider } from './decider.js';

const fields: CreateDepartment = {
  name: 'Oslo Courier',
  departmentType: 'courier',
  country: 'NO',
  alystraId: 'NO-1',
  emailAddresses: ['oslo@example.com'],
  location: { lat: 59.91, lng: 10.75 },
  personalDataRetentionDays: null,
  planningHorizonDays: null,
  npsId: 'n1',
  address: { street: 'Tollbugata 17', postalCode: '0152', town: 'Oslo', country: 'NO' },
  orgNumber: '974760673',
  vatRegistered: true,
  bankAccount: '1503 12 34562',
  fikCreditorNumber: '',
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

describe('departments: the seller fields follow the department country (issue 36)', () => {
  it('refuses an org number that fails its country check, on create and on update', () => {
    given(departmentDecider)
      .when({ type: 'create', id: '3', fields: { ...fields, orgNumber: '974760674' } })
      .thenRefuses('VALIDATION_ERROR');
    given(departmentDecider, [createdEvent])
      .when({ type: 'update', id: '3', fields: { orgNumber: '123456789' } })
      .thenRefuses('VALIDATION_ERROR');
  });
  it('checks an update against the stored country: a Swedish number on a Norwegian department is refused', () => {
    given(departmentDecider, [createdEvent])
      .when({ type: 'update', id: '3', fields: { orgNumber: '556036-0793' } })
      .thenRefuses('VALIDATION_ERROR');
  });
  it('refuses a country the stored org number and account do not fit', () => {
    given(departmentDecider, [createdEvent])
      .when({ type: 'update', id: '3', fields: { country: 'DK' } })
      .thenRefuses('VALIDATION_ERROR');
  });
  it('accepts a country change with the fields that fit it', () => {
    const changes = {
      country: 'SE' as const,
      orgNumber: '556036-0793',
      bankAccount: '567-1235',
    };
    given(departmentDecider, [createdEvent])
      .when({ type: 'update', id: '3', fields: changes })
      .then([{ type: 'DepartmentUpdated', data: { id: '3', changes } }]);
  });
  it('refuses a bank account that fails its check, and a FIK creditor outside Denmark', () => {
    given(departmentDecider, [createdEvent])
      .when({ type: 'update', id: '3', fields: { bankAccount: '1503 12 34563' } })
      .thenRefuses('VALIDATION_ERROR');
    given(departmentDecider, [createdEvent])
      .when({ type: 'update', id: '3', fields: { fikCreditorNumber: '81234567' } })
      .thenRefuses('VALIDATION_ERROR');
  });
});

describe('departments: home delivery in Norway, Sweden and Denmark only (docs/decisions/0102)', () => {
  const plain = (country: CreateDepartment['country']): CreateDepartment => ({
    ...fields,
    departmentType: 'hd',
    country,
    address: null,
    orgNumber: '',
    vatRegistered: false,
    bankAccount: '',
  });
  it('S9-CONST-016 an hd department is created in NO, SE and DK and refused in FI, by the command schema and the decider; a Finnish courier department is not', () => {
    for (const country of ['NO', 'SE', 'DK'] as const) {
      expect(createDepartmentSchema.safeParse(plain(country)).success).toBe(true);
      given(departmentDecider)
        .when({ type: 'create', id: '3', fields: plain(country) })
        .then([{ type: 'DepartmentCreated', data: { id: '3', ...plain(country) } }]);
    }
    const finnish = createDepartmentSchema.safeParse(plain('FI'));
    expect(finnish.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['country', 'validation.hdCountry'],
    ]);
    given(departmentDecider)
      .when({ type: 'create', id: '3', fields: plain('FI') })
      .thenRefuses('VALIDATION_ERROR');
    const courier = { ...plain('FI'), departmentType: 'courier' as const };
    expect(createDepartmentSchema.safeParse(courier).success).toBe(true);
  });
  it('S9-CONST-016 an update may not make an hd department Finnish, nor a Finnish department hd', () => {
    const hd: DepartmentEvent = { type: 'DepartmentCreated', data: { id: '3', ...plain('SE') } };
    given(departmentDecider, [hd])
      .when({ type: 'update', id: '3', fields: { country: 'FI' } })
      .thenRefuses('VALIDATION_ERROR');
    const fi: DepartmentEvent = {
      type: 'DepartmentCreated',
      data: { id: '3', ...plain('FI'), departmentType: 'courier' },
    };
    given(departmentDecider, [fi])
      .when({ type: 'update', id: '3', fields: { departmentType: 'hd' } })
      .thenRefuses('VALIDATION_ERROR');
    given(departmentDecider, [hd])
      .when({ type: 'update', id: '3', fields: { country: 'DK' } })
      .then([{ type: 'DepartmentUpdated', data: { id: '3', changes: { country: 'DK' } } }]);
  });
});
