import { z } from 'zod';
import { entityId, nonEmptyText } from '../common.js';

/**
 * API keys of customers' systems (issue 43 §4; docs/decisions/0069-api-keys.md): created, rotated
 * and revoked by a customer admin. A key is `nlk_{id}_{secret}`: the id (32 hex digits) finds the
 * key, the secret (32 random bytes, base64url) proves it. Only the SHA-256 of the secret is kept,
 * in the key's events and a table no query reads; the secret is in the command's answer once.
 */
export const API_KEYS_TABLE = 'rm_api_keys';
export const API_KEYS_ENTITY = 'apiKeys';
/** The hashes the gateway checks presented keys against (never published, never queried). */
export const API_KEY_HASHES_TABLE = 'rm_api_key_hashes';
export const API_KEY_PREFIX = 'nlk_';

/** A key's id: 32 lower-case hex digits (128 random bits). */
export const apiKeyId = z.string().regex(/^[0-9a-f]{32}$/, 'not a valid API key id');

export const createApiKeySchema = z.object({
  customerId: entityId,
  /** What the key is for, as the admin names it ("webshop", "ERP"). */
  label: nonEmptyText.max(100),
});
/** ROTATE_API_KEY: a new secret for the key; the old one stops working at once. */
export const rotateApiKeySchema = z.object({ id: apiKeyId });
/** REVOKE_API_KEY: the key stops working for good. */
export const revokeApiKeySchema = z.object({ id: apiKeyId });

export const apiKeyCommandSchemas = {
  CREATE_API_KEY: createApiKeySchema,
  ROTATE_API_KEY: rotateApiKeySchema,
  REVOKE_API_KEY: revokeApiKeySchema,
} as const;

export type ApiKeyEvent =
  | {
      type: 'ApiKeyCreated';
      data: { id: string; customerId: string; label: string; hash: string };
    }
  | { type: 'ApiKeyRotated'; data: { id: string; hash: string } }
  | { type: 'ApiKeyRevoked'; data: { id: string } };

export const apiKeyStream = (id: string) => `api-key-${id}`;

/** A key as the admin customer screen lists it: never its secret, nor the secret's hash. */
export interface ApiKeyRow {
  id: string;
  customerId: string;
  label: string;
  createdAt: string;
  rotatedAt: string | null;
  revokedAt: string | null;
  revision: number;
  updatedAtEpoch: number;
}

/** Query `apiKeys {customerId}`: a customer's keys, newest first. */
export const apiKeysQuerySchema = z.object({ customerId: entityId });

/** What CREATE_API_KEY and ROTATE_API_KEY answer besides the usual: the key, this once. */
export interface ApiKeyShownOnce {
  apiKey: { id: string; key: string };
}

const KEY_TEXT = /^nlk_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/;

/** A presented key's id and secret, or null when it is not a key of this product's form. */
export function parseApiKey(text: string): { id: string; secret: string } | null {
  const match = KEY_TEXT.exec(text.trim());
  return match ? { id: match[1]!, secret: match[2]! } : null;
}

/** The key text of an id and a secret (the inverse of `parseApiKey`). */
export const formatApiKey = (id: string, secret: string) => `${API_KEY_PREFIX}${id}_${secret}`;

export * from './integration.js';
