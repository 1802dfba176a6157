import { AppError, type UserRow } from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The help desk's sign-in links (spec §2 `/auth/{third-party help desk}/token`;
 * docs/decisions/0074-customer-portal.md). The help desk signs a token for one customer user:
 * `v1.{payload}.{signature}`, the payload base64url JSON `{sub, exp, jti}` (the user's id, the
 * expiry in Unix seconds, a random id of 16-64 characters), the signature base64url
 * HMAC-SHA256 of `v1.{payload}` under the shared secret. A token is good once, for at most
 * `maxLifetimeSeconds` from now, and signs in CUSTOMER users only; each use is recorded
 * (`auth_helpdesk_tokens`: the single use and the audit in one row).
 */
export interface HelpdeskSettings {
  /** The path segment: `/auth/{name}/token`. */
  name: string;
  /** The HMAC key the help desk signs with (not AUTH_SECRET: the help desk holds this one). */
  secret: string;
}

/** A token may say it lives at most this long: a leaked link is soon worthless. */
export const maxLifetimeSeconds = 300;

interface Claims {
  sub: string;
  exp: number;
  jti: string;
}

const invalid = () =>
  new AppError('INVALID_TOKEN', 'The sign-in link is wrong, used or expired; ask for a new one');

/** The claims of a well-signed, current token, else INVALID_TOKEN (no reason told). */
export function readHelpdeskToken(token: string, secret: string, now: Date): Claims {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== 'v1') throw invalid();
  const [, payload = '', signature = ''] = parts;
  const expected = createHmac('sha256', secret).update(`v1.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let claims: Partial<Claims>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Claims>;
  } catch {
    throw invalid();
  }
  const seconds = now.getTime() / 1000;
  if (
    typeof claims.sub !== 'string' ||
    !/^[1-9]\d{0,17}$/.test(claims.sub) ||
    typeof claims.jti !== 'string' ||
    !/^[A-Za-z0-9_-]{16,64}$/.test(claims.jti) ||
    typeof claims.exp !== 'number' ||
    claims.exp <= seconds ||
    claims.exp > seconds + maxLifetimeSeconds
  )
    throw invalid();
  return { sub: claims.sub, exp: claims.exp, jti: claims.jti };
}

/**
 * Spends the token: its id is recorded with the user, the time and the address; a second use
 * finds the id taken and is refused. Only a CUSTOMER user of a customer who may log in is
 * signed in this way; any other answer is the same INVALID_TOKEN.
 */
export async function spendHelpdeskToken(
  knex: Knex,
  claims: Claims,
  user: UserRow | null,
  address: string | null,
  now: Date,
): Promise<UserRow> {
  if (!user || user.role !== 'CUSTOMER' || !user.customerId) throw invalid();
  const inserted = await knex('auth_helpdesk_tokens')
    .insert({
      token_id: claims.jti,
      user_id: String(user.id),
      used_at: now,
      expires_at: new Date(claims.exp * 1000),
      address,
    })
    .onConflict('token_id')
    .ignore()
    .returning('token_id');
  if (inserted.length === 0) throw invalid();
  return user;
}
