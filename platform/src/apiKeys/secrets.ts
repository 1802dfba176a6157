import { formatApiKey, parseApiKey } from '@nordlog/contracts';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The secret side of API keys (docs/decisions/0069-api-keys.md). A secret holds 256 random bits,
 * so one SHA-256 of it is enough to keep (no salt, no slow hash: nothing to guess by brute force).
 */

/** The SHA-256 of a key's secret, hex: what the key's events and the gateway's table keep. */
export const hashApiKeySecret = (secret: string): string =>
  createHash('sha256').update(secret, 'utf8').digest('hex');

/** A new key: its id, its text (shown once) and the hash of its secret (kept). */
export function newApiKey(id: string = randomBytes(16).toString('hex')): {
  id: string;
  key: string;
  hash: string;
} {
  const secret = randomBytes(32).toString('base64url');
  return { id, key: formatApiKey(id, secret), hash: hashApiKeySecret(secret) };
}

/**
 * Whether a presented key is the one whose secret hashes to `hash`: compared in constant time,
 * so the answer's timing tells nothing of how much of the secret was right.
 */
export function apiKeyMatches(presented: string, id: string, hash: string): boolean {
  const parsed = parseApiKey(presented);
  if (!parsed || parsed.id !== id || !/^[0-9a-f]{64}$/.test(hash)) return false;
  const given = Buffer.from(hashApiKeySecret(parsed.secret), 'hex');
  return timingSafeEqual(given, Buffer.from(hash, 'hex'));
}
