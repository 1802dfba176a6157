import { AppError, type Identity } from '@nordlog/contracts';
import type { Request } from 'express';

/**
 * The one place where identity enters a request: the gateway resolves the session and attaches
 * the caller's identity; services read it here. No identity means not logged in (401).
 */
export function requestIdentity(req: Request): Identity {
  const identity = (req as Request & { identity?: Identity }).identity;
  if (!identity) throw new AppError('NOT_LOGGED_IN', 'Not logged in');
  return identity;
}

export function attachIdentity(req: Request, identity: Identity): void {
  (req as Request & { identity?: Identity }).identity = identity;
}
