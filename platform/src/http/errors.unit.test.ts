import { describe, expect, it } from '@jest/globals';
import { isUnavailable } from './errors.js';

describe('isUnavailable: a store that cannot be reached now (503, retry soon)', () => {
  it('knows PostgreSQL and network failures', () => {
    expect(isUnavailable({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isUnavailable({ code: '08006' })).toBe(true);
    expect(isUnavailable({ message: 'Connection terminated unexpectedly' })).toBe(true);
  });

  it('knows the KurrentDB client’s unavailable, deadline-exceeded and not-leader errors', () => {
    expect(isUnavailable({ type: 'unavailable', code: 14, message: 'No connection' })).toBe(true);
    expect(isUnavailable({ type: 'deadline-exceeded' })).toBe(true);
    expect(isUnavailable({ type: 'not-leader' })).toBe(true);
  });

  it('says no to everything else', () => {
    expect(isUnavailable(null)).toBe(false);
    expect(isUnavailable({ type: 'wrong-expected-version' })).toBe(false);
    expect(isUnavailable({ code: '23505', message: 'duplicate key' })).toBe(false);
  });
});
