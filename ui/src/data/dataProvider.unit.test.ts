import { describe, expect, it } from '@jest/globals';
import { toHttpError } from './dataProvider';

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
