import { describe, expect, it } from '@jest/globals';
import { formatApiKey, parseApiKey } from '@nordlog/contracts';
import { apiKeyMatches, hashApiKeySecret, newApiKey } from './secrets.js';

describe('API key secrets (docs/decisions/0069-api-keys.md)', () => {
  it('a new key is nlk_{32 hex}_{43 base64url}; it parses back to its id and secret', () => {
    const key = newApiKey();
    expect(key.key).toMatch(/^nlk_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    const parsed = parseApiKey(key.key)!;
    expect(parsed.id).toBe(key.id);
    expect(formatApiKey(parsed.id, parsed.secret)).toBe(key.key);
    expect(key.hash).toBe(hashApiKeySecret(parsed.secret));
    expect(key.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(key.key).not.toContain(key.hash);
  });

  it('two keys never share a secret; a rotation keeps the id and changes the secret', () => {
    const first = newApiKey();
    const rotated = newApiKey(first.id);
    expect(rotated.id).toBe(first.id);
    expect(rotated.key).not.toBe(first.key);
    expect(rotated.hash).not.toBe(first.hash);
  });

  it('matches only the key whose secret hashes to the hash, under its own id', () => {
    const key = newApiKey();
    expect(apiKeyMatches(key.key, key.id, key.hash)).toBe(true);
    expect(apiKeyMatches(` ${key.key} `, key.id, key.hash)).toBe(true);
    const other = newApiKey();
    expect(apiKeyMatches(other.key, key.id, key.hash)).toBe(false);
    expect(apiKeyMatches(key.key, other.id, key.hash)).toBe(false);
    const flipped = key.key.slice(0, -1) + (key.key.endsWith('A') ? 'B' : 'A');
    expect(apiKeyMatches(flipped, key.id, key.hash)).toBe(false);
    expect(apiKeyMatches(key.key, key.id, 'not a hash')).toBe(false);
  });

  it('refuses text that is not a key: wrong prefix, lengths, characters', () => {
    const { key } = newApiKey();
    for (const text of [
      '',
      'nlk_',
      key.replace('nlk_', 'nlx_'),
      key.slice(0, -1),
      `${key}A`,
      key.replace(/_([^_]*)$/, '_$1'.replace('$1', '!'.repeat(43))),
      key.toUpperCase(),
      `Bearer ${key}`,
    ])
      expect(parseApiKey(text)).toBeNull();
  });
});
