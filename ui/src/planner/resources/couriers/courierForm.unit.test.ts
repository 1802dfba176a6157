import { describe, expect, it } from '@jest/globals';
import { createCourierUserSchema, type CourierRow } from '@nordlog/contracts';
import {
  changedCourier,
  courierFormIssues,
  courierPayload,
  courierToForm,
  emptyCourierForm,
} from './courierForm';

const filled = { ...emptyCourierForm('1'), name: 'Kim', phoneNumber: '91234567' };

describe('the courier form', () => {
  it('S3-ENT-041 S3-ENT-042 a new courier can log in and has no secure log-in', () => {
    expect(emptyCourierForm('1')).toEqual(
      expect.objectContaining({ canLogIn: true, secureLoginEnabled: false, departmentId: '1' }),
    );
    expect(courierFormIssues(filled)).toEqual({});
  });

  it('S5-VAL-040 secure log-in needs a date of birth, as the server says', () => {
    expect(courierFormIssues({ ...filled, secureLoginEnabled: true })).toEqual({
      dateOfBirth: 'validation.dateOfBirthForSecureLogin',
    });
    expect(
      courierFormIssues({ ...filled, secureLoginEnabled: true, dateOfBirth: '1990-01-31' }),
    ).toEqual({});
    // The same payload is refused by the command's own schema.
    expect(
      createCourierUserSchema.safeParse(courierPayload({ ...filled, secureLoginEnabled: true }))
        .success,
    ).toBe(false);
  });

  it('required fields, e-mail and phone are checked with keys the app translates', () => {
    const issues = courierFormIssues({
      ...emptyCourierForm('1'),
      email: 'nope',
      phoneNumber: '12',
    });
    expect(issues.name).toBe('validation.required');
    expect(issues.email).toBe('validation.email');
    expect(issues.phoneNumber).toMatch(/^validation\.phone/);
  });

  it('an edit sends the fields that changed only; empty e-mail is none', () => {
    const stored: CourierRow = {
      ...(createCourierUserSchema.parse(courierPayload(filled)) as Omit<
        CourierRow,
        'id' | 'revision' | 'updatedAtEpoch' | 'deleted'
      >),
      id: '9',
      revision: 0,
      updatedAtEpoch: 0,
      deleted: false,
    };
    const form = { ...courierToForm(stored), driverId: 'D-1', email: '' };
    expect(changedCourier(stored, courierPayload(form))).toEqual({ id: '9', driverId: 'D-1' });
  });
});
