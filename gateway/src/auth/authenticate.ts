import {
  AppError,
  authRules,
  CUSTOMERS_TABLE,
  type CustomerRow,
  identityOfUser,
  mayLogIn,
  type Identity,
} from '@nordlog/contracts';
import { attachIdentity, type Knex } from '@nordlog/platform';
import type { RequestHandler } from 'express';
import type { IncomingMessage } from 'node:http';
import { sessionCookie } from './cookie.js';
import { DepartmentGroupDirectory } from './departmentGroups.js';
import type { SessionStore } from './sessions.js';
import { findUser, toAuthUser } from './users.js';

interface Resolved {
  /**
   * Null while the session still needs the user's password. Its department access may still hold
   * `group_{n}`: groups are expanded per request, never cached with the session.
   */
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
  /** Expands department groups to their current members (per request, per socket change). */
  readonly groups: DepartmentGroupDirectory;

  constructor(
    private readonly knex: Knex,
    private readonly sessions: SessionStore,
    private readonly clock: () => Date,
  ) {
    this.groups = new DepartmentGroupDirectory(knex);
  }

  async resolve(cookie: string | undefined): Promise<Resolved | null> {
    if (!cookie) return null;
    const now = this.clock().getTime();
    const cached = this.cache.get(cookie);
    if (cached && cached.until > now) return cached;
    const session = await this.sessions.get(cookie);
    const user = session ? await findUser(this.knex, session.userId) : null;
    // A courier whose log-in was switched off loses its sessions too (within the cache time).
    if (!session || !user || !mayLogIn(user)) {
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
    const identity: Identity = identityOfUser({ ...user, access: auth.access });
    if (identity.customerId)
      identity.customerIds = await customerFamily(this.knex, identity.customerId);
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
      if (needsCsrf(req.method, req.path) && req.get(authRules.csrfHeader) !== resolved.csrfToken) {
        throw new AppError(
          'NO_ACCESS',
          `The ${authRules.csrfHeader} header is missing or does not match the session`,
        );
      }
      attachIdentity(req, await this.groups.expand(resolved.identity));
      next();
    };
  }

  /**
   * The identity of a socket's upgrade request, or null (the socket then gets `login`, 3001).
   * Department groups are not expanded: the socket hub keeps them current itself.
   */
  async identifyUpgrade(req: IncomingMessage): Promise<Identity | null> {
    return (await this.resolve(sessionCookie(req)))?.identity ?? null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Queries only read (POST carries their parameters); matched as routing matches: any case. */
const READ_PATH = /^\/+query(\/|$)/i;

/**
 * Whether a request under `/api` must carry the session's CSRF token: every request that may
 * change something, i.e. every method but GET, HEAD and OPTIONS, on every path but the queries.
 * Deny by default: a path spelled in another case, with doubled slashes or a new API under
 * `/api`, needs the token unless it is a query.
 */
export function needsCsrf(method: string, path: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase()) && !READ_PATH.test(path);
}

/**
 * A customer user's customers (spec §1: customers have sub-customers): a main customer (no
 * sub-customer code) with its sub-customers, the customers with the same customer number and a
 * sub-customer code; a sub-customer alone. An unknown customer: itself (it may be created later).
 */
export async function customerFamily(knex: Knex, customerId: string): Promise<string[]> {
  const own = await knex(CUSTOMERS_TABLE)
    .where('id', customerId)
    .first<{ data: CustomerRow } | undefined>('data');
  const number = own?.data.alystraId ?? '';
  if (!own || number === '' || own.data.alystraSubcustomer !== '') return [customerId];
  const family = await knex(CUSTOMERS_TABLE)
    .whereRaw(`data->>'alystraId' = ?`, [number])
    .andWhereRaw(`data->>'alystraSubcustomer' <> ''`)
    .select<{ id: string }[]>(knex.raw('id::text as id'));
  return [customerId, ...family.map((r) => r.id).filter((id) => id !== customerId)];
}
