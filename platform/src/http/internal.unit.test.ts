import { describe, expect, it } from '@jest/globals';
import { SYSTEM_IDENTITY, type Identity } from '@nordlog/contracts';
import fc from 'fast-check';
import {
  INTERNAL_IDENTITY_HEADER,
  INTERNAL_SIGNATURE_HEADER,
  INTERNAL_SIGNATURE_MAX_AGE_MS,
  INTERNAL_TIME_HEADER,
  signIdentity,
  verifyIdentity,
} from './internal.js';

const secret = 'a'.repeat(40);
const planner: Identity = {
  userId: '7',
  role: 'PLANNER',
  access: ['PLANNER_ROUTE_PLANNING'],
  departmentIds: ['1', '2'],
  customerId: null,
};

describe('the identity the gateway signs for a service', () => {
  it('verifies what it signed, with the same secret, within a minute', () => {
    const now = 1_800_000_000_000;
    const headers = signIdentity(secret, planner, now);
    expect(verifyIdentity(secret, headers, now + 30_000)).toEqual(planner);
    expect(verifyIdentity(secret, signIdentity(secret, SYSTEM_IDENTITY, now), now)).toEqual(
      SYSTEM_IDENTITY,
    );
  });

  it('believes nothing signed with another secret, too old, from the future, or changed', () => {
    const now = 1_800_000_000_000;
    const headers = signIdentity(secret, planner, now);
    expect(verifyIdentity('b'.repeat(40), headers, now)).toBeNull();
    expect(verifyIdentity(secret, headers, now + INTERNAL_SIGNATURE_MAX_AGE_MS + 1)).toBeNull();
    expect(verifyIdentity(secret, headers, now - INTERNAL_SIGNATURE_MAX_AGE_MS - 1)).toBeNull();
    const admin = Buffer.from(JSON.stringify({ ...planner, role: 'ADMIN' })).toString('base64url');
    expect(
      verifyIdentity(secret, { ...headers, [INTERNAL_IDENTITY_HEADER]: admin }, now),
    ).toBeNull();
    expect(
      verifyIdentity(secret, { ...headers, [INTERNAL_TIME_HEADER]: String(now + 1) }, now),
    ).toBeNull();
    const { [INTERNAL_SIGNATURE_HEADER]: _gone, ...unsigned } = headers;
    expect(verifyIdentity(secret, unsigned, now)).toBeNull();
  });

  it('never accepts a signature it did not make (any header values)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (identity, time, signature) => {
        const headers = {
          [INTERNAL_IDENTITY_HEADER]: identity,
          [INTERNAL_TIME_HEADER]: time,
          [INTERNAL_SIGNATURE_HEADER]: signature,
        };
        return verifyIdentity(secret, headers) === null;
      }),
    );
  });
});
