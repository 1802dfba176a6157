import { describe, expect, it } from '@jest/globals';
import { referenceKey, toHttpError } from './dataProvider';

describe('admin form errors', () => {
  it('S8-ERR-006: a refused field rule is shown by its own message key, other errors by their type', () => {
    const phone = [
      {
        errorType: 'VALIDATION_ERROR',
        description: 'payload.phoneNumber: a Norwegian number (+47) has 8 digits after the country code',
        params: { field: 'phoneNumber', key: 'validation.phoneNO' },
      },
    ];
    expect(toHttpError(400, 'Bad Request', phone).message).toBe('validation.phoneNO');
    expect(toHttpError(409, 'Conflict', [{ errorType: 'ALREADY_EXISTS' }]).message).toBe(
      'errors.ALREADY_EXISTS',
    );
  });
});

describe('references by a key', () => {
  it('a reference names its records by id or by a key its REST resource declares, nothing else', () => {
    expect(referenceKey('admin/articles', undefined)).toBeNull();
    expect(referenceKey('admin/articles', { key: 'id' })).toBeNull();
    expect(referenceKey('admin/articles', { key: 'code' })).toBe('code');
    expect(() => referenceKey('admin/articles', { key: 'label' })).toThrow(/not referenced by "label"/);
    expect(() => referenceKey('admin/departments', { key: 'code' })).toThrow();
  });
});
