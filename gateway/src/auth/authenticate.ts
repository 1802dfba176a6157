import { AppError, authRules, type Identity } from '@nordlog/contracts';
import { attachIdentity, type Knex } from '@nordlog/platform';
import type { RequestHandler } from 'express';
import type { IncomingMessage } from 'node:http';
import { sessionCookie } from './cookie.js';
import type { SessionStore } from './sessions.js';
import { findUser, toAuthUser } from './users.js';

interface Resolved {
  /** Null while the session still needs the user's password. */
  identity: Identity | null;
  csrfToken: string;
  until: number;
}

/** Identities are cached this long per session id; logout drops the entry at once. */
const CACHE_MS = 5_000;

/**
 * Turns the session cookie into the caller's identity (user, role, effective access, departments,
 * customer) for `/api/*` and the socket. Commands must also carry the session's CSRF token.
 */
export class Authenticator {
  private readonly cache = new Map<string, Resolved>();

  constructor(
    private readonly knex: Knex,
    private readonly sessions: SessionStore,
    private readonly clock: () => Date,
  ) {}

  async resolve(cookie: string | undefined): Promise<Resolved | null> {
    if (!cookie) return null;
    const now = this.clock().getTime();
    const cached = this.cache.get(cookie);
    if (cached && cached.until > now) return cached;
    const session = await this.sessions.get(cookie);
    const user = session ? await findUser(this.knex, session.userId) : null;
    if (!session || !user) {
      this.cache.delete(cookie);
      return null;
    }
    // A user who must use a password has no access until this session has given it.
    if (user.requiresPwd && !session.pwdVerified)
      return { identity: null, csrfToken: session.csrfToken, until: 0 };
    const auth = await toAuthUser(this.knex, user, session.csrfToken, {
      verified: true,
      has: true,
    });
    const identity: Identity = {
      userId: user.id,
      role: user.role,
      access: auth.access,
      departmentIds: user.role === 'ADMIN' ? '*' : user.departmentIds,
      customerId: user.role === 'CUSTOMER' ? user.customerId : null,
    };
    const resolved = { identity, csrfToken: session.csrfToken, until: now + CACHE_MS };
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(cookie, resolved);
    return resolved;
  }

  forget(cookie: string | undefined): void {
    if (cookie) this.cache.delete(cookie);
  }

  /** Express middleware for `/api`: 401 without a session; 403 for a command without the CSRF token. */
  middleware(): RequestHandler {
    return async (req, _res, next) => {
      const resolved = await this.resolve(sessionCookie(req));
      if (!resolved) throw new AppError('NOT_LOGGED_IN', 'Not logged in');
      if (!resolved.identity)
        throw new AppError('PASSWORD_REQUIRED', 'Log in with your password first');
      if (
        req.method !== 'GET' &&
        req.path.startsWith('/command/') &&
        req.get(authRules.csrfHeader) !== resolved.csrfToken
      ) {
        throw new AppError(
          'NO_ACCESS',
          `The ${authRules.csrfHeader} header is missing or does not match the session`,
        );
      }
      attachIdentity(req, resolved.identity);
      next();
    };
  }

  /** The identity of a socket's upgrade request, or null (the socket then gets `login`, 3001). */
  async identifyUpgrade(req: IncomingMessage): Promise<Identity | null> {
    return (await this.resolve(sessionCookie(req)))?.identity ?? null;
  }
}
