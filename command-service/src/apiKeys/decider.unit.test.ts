import { describe, it } from '@jest/globals';
import type { ApiKeyEvent } from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import { apiKeyDecider } from './decider.js';

const id = 'a'.repeat(32);
const created: ApiKeyEvent = {
  type: 'ApiKeyCreated',
  data: { id, customerId: '7', label: 'Webshop', hash: '1'.repeat(64) },
};
const rotated: ApiKeyEvent = { type: 'ApiKeyRotated', data: { id, hash: '2'.repeat(64) } };
const revoked: ApiKeyEvent = { type: 'ApiKeyRevoked', data: { id } };

describe('API keys (docs/decisions/0069-api-keys.md)', () => {
  it("CREATE_API_KEY creates a key holding its secret's hash; twice is ALREADY_EXISTS", () => {
    given(apiKeyDecider)
      .when({ type: 'create', id, customerId: '7', label: 'Webshop', hash: '1'.repeat(64) })
      .then([created]);
    given(apiKeyDecider, [created])
      .when({ type: 'create', id, customerId: '7', label: 'Webshop', hash: '1'.repeat(64) })
      .thenRefuses('ALREADY_EXISTS');
  });
  it('ROTATE_API_KEY: a new hash while active; a revoked key is not brought back; none is NOT_FOUND', () => {
    given(apiKeyDecider, [created])
      .when({ type: 'rotate', id, hash: '2'.repeat(64) })
      .then([rotated]);
    given(apiKeyDecider, [created, revoked])
      .when({ type: 'rotate', id, hash: '3'.repeat(64) })
      .thenRefuses('INVALID_STATE_TRANSITION');
    given(apiKeyDecider)
      .when({ type: 'rotate', id, hash: '3'.repeat(64) })
      .thenRefuses('NOT_FOUND');
  });
  it('REVOKE_API_KEY revokes once; again does nothing; none is NOT_FOUND', () => {
    given(apiKeyDecider, [created, rotated]).when({ type: 'revoke', id }).then([revoked]);
    given(apiKeyDecider, [created, revoked]).when({ type: 'revoke', id }).thenNothing();
    given(apiKeyDecider).when({ type: 'revoke', id }).thenRefuses('NOT_FOUND');
  });
});
