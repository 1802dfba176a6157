import { AppError, type Identity } from '@nordlog/contracts';
import type { RequestHandler } from 'express';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { attachIdentity } from './identity.js';

/**
 * How the gateway tells a service who calls, when they run as separate processes
 * (docs/decisions/0025-topology.md): the caller's identity as base64url JSON, the time, and an
 * HMAC-SHA256 of both under INTERNAL_SECRET, which only the gateway and the services hold. A
 * service believes no identity without a valid signature of the last minute, so a request that
 * reaches a service directly (not through the gateway) cannot name its caller.
 */
export const INTERNAL_IDENTITY_HEADER = 'x-nordlog-identity';
export const INTERNAL_TIME_HEADER = 'x-nordlog-identity-time';
export const INTERNAL_SIGNATURE_HEADER = 'x-nordlog-identity-signature';
/** How old a signature may be (clock skew between machines included). */
export const INTERNAL_SIGNATURE_MAX_AGE_MS = 60_000;

const mac = (secret: string, identity: string, time: string) =>
  createHmac('sha256', secret).update(`${time}.${identity}`).digest('base64url');

/** The headers that carry an identity from the gateway to a service. */
export function signIdentity(
  secret: string,
  identity: Identity,
  now = Date.now(),
): Record<string, string> {
  const encoded = Buffer.from(JSON.stringify(identity)).toString('base64url');
  const time = String(now);
  return {
    [INTERNAL_IDENTITY_HEADER]: encoded,
    [INTERNAL_TIME_HEADER]: time,
    [INTERNAL_SIGNATURE_HEADER]: mac(secret, encoded, time),
  };
}

/** The identity the headers carry, when signed by `secret` within the last minute; else null. */
export function verifyIdentity(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  now = Date.now(),
): Identity | null {
  const one = (name: string) => {
    const v = headers[name];
    return typeof v === 'string' ? v : null;
  };
  const encoded = one(INTERNAL_IDENTITY_HEADER);
  const time = one(INTERNAL_TIME_HEADER);
  const signature = one(INTERNAL_SIGNATURE_HEADER);
  if (!encoded || !time || !signature || !/^\d{1,16}$/.test(time)) return null;
  if (Math.abs(now - Number(time)) > INTERNAL_SIGNATURE_MAX_AGE_MS) return null;
  const expected = Buffer.from(mac(secret, encoded, time));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Identity;
  } catch {
    return null;
  }
}

/**
 * A service's entry: the identity the gateway signed becomes the request's identity; without one
 * the request is not logged in (401), with a bad signature refused (401 too: nothing to tell).
 */
export function internalIdentity(secret: string): RequestHandler {
  return (req, _res, next) => {
    const identity = verifyIdentity(secret, req.headers);
    if (identity) attachIdentity(req, identity);
    else if (req.headers[INTERNAL_IDENTITY_HEADER] !== undefined)
      return next(new AppError('NOT_LOGGED_IN', 'The caller could not be verified'));
    next();
  };
}
