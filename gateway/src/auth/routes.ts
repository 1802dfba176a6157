import {
  AppError,
  authRules,
  claimEmailSchema,
  impersonableRoles,
  mayLogIn,
  requestPwdResetSchema,
  requestTokenSchema,
  setPwdSchema,
  verifyPwdSchema,
  verifyTokenSchema,
  type UserRow,
} from '@nordlog/contracts';
import {
  validationError,
  type Knex,
  type Logger,
  type MessagePort,
  jsonBody,
} from '@nordlog/platform';
import express, { type Request, type Response, type Router } from 'express';
import type { z } from 'zod';
import { Authenticator } from './authenticate.js';
import { loopbackOnly } from './loopback.js';
import { sessionCookie } from './cookie.js';
import { Delivery } from './delivery.js';
import { loginCodeSms, passwordResetEmail } from './messages.js';
import { PostgresRateLimiter } from './rateLimit.js';
import { CredentialStore, verifyPassword } from './passwords.js';
import { hashSecret, randomSecret, SessionStore } from './sessions.js';
import { readHelpdeskToken, spendHelpdeskToken, type HelpdeskSettings } from './helpdesk.js';
import { TokenStore } from './tokens.js';
import {
  findFirstUserWithRole,
  findUser,
  findUserByEmail,
  findUserByPhone,
  toAuthUser,
} from './users.js';

export interface AuthDeps {
  knex: Knex;
  /** Delivers login codes (SMS) and reset links (e-mail): the outbox, or the live providers. */
  messages: MessagePort;
  /** Where people open the product (PUBLIC_URL): links in e-mails start with it. */
  publicUrl: () => string;
  logger: Logger;
  /** Key of the one-time token HMAC (AUTH_SECRET). */
  secret: string;
  clock?: () => Date;
  /** Token requests per client address in the rate window (default authRules.maxRequestsPerAddress). */
  maxRequestsPerAddress?: number;
  /** Mounts `GET /auth/user/{role}` (development impersonation); only ever true in development. */
  impersonation?: boolean;
  /** Changes a user's data through the command path (claim-email); the composition root wires it. */
  updateUser?: (userId: string, changes: { email: string }) => Promise<void>;
  /** Called when a session ends, to close its sockets. */
  onLogout?: (userId: string) => void;
  /** The help desk's sign-in links (docs/decisions/0074); none configured: no such route. */
  helpdesk?: HelpdeskSettings | null;
  /** Where a customer user goes once logged in: the portal in the product, else its address. */
  customerPortalUrl?: string | null;
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export interface Auth {
  /** `/auth/*` (spec §7). */
  router: Router;
  /** Resolves the caller of `/api/*` and of the socket from the session. */
  authenticator: Authenticator;
  /** `/api/auth/*`: the calls under /api that need no session (customer-login-initiate). */
  apiRouter: Router;
}

/** The customer portal's first page in the product (docs/decisions/0074). */
export const customerPortalHome = '/customer/shipments';

/** The authentication calls of spec §7 (token flow; password flows come next). */
export function createAuth(deps: AuthDeps): Auth {
  const clock = deps.clock ?? (() => new Date());
  const sessions = new SessionStore(deps.knex, clock);
  const authenticator = new Authenticator(deps.knex, sessions, clock);
  const credentials = new CredentialStore(deps.knex, clock);
  const tokens = new TokenStore(deps.knex, deps.secret, clock);
  const delivery = new Delivery(deps.messages, deps.logger, clock);
  // Shared by every gateway process: the counts live in PostgreSQL.
  const perPhone = new PostgresRateLimiter(
    deps.knex,
    'phone',
    authRules.maxRequestsPerPhone,
    authRules.rateWindowMs,
    clock,
  );
  const perAddress = new PostgresRateLimiter(
    deps.knex,
    'address',
    deps.maxRequestsPerAddress ?? authRules.maxRequestsPerAddress,
    authRules.rateWindowMs,
    clock,
  );
  const router = express.Router();
  router.use(jsonBody('16kb'));

  const setCookie = (req: Request, res: Response, value: string, maxAgeMs: number) =>
    res.cookie(authRules.cookieName, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: '/',
      maxAge: maxAgeMs,
    });

  /** The session and its user (a session that still needs the password counts here). */
  const current = async (req: Request) => {
    const session = await sessions.get(sessionCookie(req));
    const user = session ? await findUser(deps.knex, session.userId) : null;
    if (!session || !user || !mayLogIn(user)) throw new AppError('NOT_LOGGED_IN', 'Not logged in');
    return { session, user };
  };
  const describe = async (user: UserRow, csrfToken: string, verified: boolean) =>
    toAuthUser(deps.knex, user, csrfToken, {
      verified,
      has: (await credentials.hashOf(user.id)) !== null,
    });

  router.get('/user', async (req, res) => {
    const { session, user } = await current(req);
    res
      .set('Cache-Control', 'no-store')
      .json(await describe(user, session.csrfToken, session.pwdVerified));
  });

  router.post('/verify-pwd', async (req, res) => {
    const { password } = parse(verifyPwdSchema, req.body);
    const { session, user } = await current(req);
    if (await verifyPassword(password, await credentials.hashOf(user.id))) {
      await sessions.passwordVerified(session.idHash);
      authenticator.forget(sessionCookie(req));
      return void res.json(await describe(user, session.csrfToken, true));
    }
    if ((await sessions.passwordFailed(session.idHash)) >= authRules.maxPasswordTries) {
      await sessions.end(sessionCookie(req));
      res.clearCookie(authRules.cookieName, { path: '/' });
    }
    throw new AppError('INVALID_PASSWORD', 'The password is wrong');
  });

  router.post('/claim-email', async (req, res) => {
    const { email } = parse(claimEmailSchema, req.body);
    const { session, user } = await current(req);
    if (!deps.updateUser)
      throw new AppError('SERVICE_UNAVAILABLE', 'E-mail addresses cannot be changed here');
    await deps.updateUser(user.id, { email });
    authenticator.forget(sessionCookie(req));
    res.json(
      await describe(
        { ...user, email, requiresEmail: false },
        session.csrfToken,
        session.pwdVerified,
      ),
    );
  });

  router.post('/request-pwd-reset', async (req, res) => {
    const { email } = parse(requestPwdResetSchema, req.body);
    delivery.ensureAvailable('email');
    const address = req.ip ?? 'unknown';
    if (!(await perAddress.hit(address)))
      throw new AppError(
        'TOO_MANY_REQUESTS',
        'Too many requests; wait a few minutes and try again',
      ).retryAfter(await perAddress.retryAfterMs(address));
    const user = await findUserByEmail(deps.knex, email);
    // The same answer whether or not the address belongs to a user; the mail goes afterwards.
    if (user) {
      const token = randomSecret();
      await deps.knex('auth_pwd_resets').insert({
        token_hash: hashSecret(token),
        user_id: user.id,
        expires_at: new Date(clock().getTime() + authRules.resetTtlMs),
      });
      const link = `${deps.publicUrl()}/auth/set-password/${token}`;
      void delivery.dispatch(passwordResetEmail(user.email ?? email, user.name, link));
    }
    res.json({ ok: true });
  });

  router.post('/set-pwd', async (req, res) => {
    const { password, token } = parse(setPwdSchema, req.body);
    const rows = await deps
      .knex('auth_pwd_resets')
      .where({ token_hash: hashSecret(token) })
      .delete()
      .returning<{ user_id: string; expires_at: Date }[]>(['user_id', 'expires_at']);
    const reset = rows[0];
    if (!reset || reset.expires_at.getTime() <= clock().getTime())
      throw new AppError('INVALID_TOKEN', 'The link is wrong or has expired; ask for a new one');
    await credentials.set(reset.user_id, password);
    // A new password ends every session of the user; they log in again (spec §7: then /login).
    await sessions.endAllOf(reset.user_id);
    deps.onLogout?.(reset.user_id);
    res.json({ redirectUrl: '/login' });
  });

  if (deps.impersonation) {
    // Spec §6: development-only impersonation, as the first user of that role (e.g. a demo user).
    // Answers only callers on this machine (and exists only in development).
    router.get(
      '/user/:role',
      loopbackOnly(async (req, res) => {
        const asked = String(req.params.role ?? '');
        const role = asked.toUpperCase();
        if (!(impersonableRoles as readonly string[]).includes(role))
          throw new AppError('NOT_FOUND', `No impersonation for ${asked}`);
        const user = await findFirstUserWithRole(deps.knex, role);
        if (!user) throw new AppError('NOT_FOUND', `No user has the role ${role}`);
        authenticator.forget(sessionCookie(req));
        await sessions.end(sessionCookie(req));
        const session = await sessions.create(user.id);
        setCookie(req, res, session.id, authRules.sessionAbsoluteMs);
        res.json(await describe(user, session.csrfToken, false));
      }),
    );
  }

  /**
   * Sends a login code to the phone (the rate limits first); the same answer, and the same
   * work, whether or not the number belongs to a user; the SMS goes afterwards.
   */
  const sendLoginCode = async (req: Request, phoneNumber: string) => {
    delivery.ensureAvailable('sms');
    // Each limit is asked only when the one before let the request through, as before.
    const address = req.ip ?? 'unknown';
    const refusedBy = !(await perAddress.hit(address))
      ? perAddress.retryAfterMs(address)
      : !(await perPhone.hit(phoneNumber))
        ? perPhone.retryAfterMs(phoneNumber)
        : undefined;
    if (refusedBy) {
      throw new AppError(
        'TOO_MANY_REQUESTS',
        'Too many token requests; wait a few minutes and try again',
      ).retryAfter(await refusedBy);
    }
    const token = await tokens.issue(phoneNumber);
    const user = await findUserByPhone(deps.knex, phoneNumber);
    if (user) void delivery.dispatch(loginCodeSms(phoneNumber, token));
  };

  router.post('/request-token', async (req, res) => {
    const { phoneNumber } = parse(requestTokenSchema, req.body);
    await sendLoginCode(req, phoneNumber);
    res.json({ ok: true });
  });

  /** A new session for `user`, replacing whatever session the request came with. */
  const startSession = async (req: Request, res: Response, user: UserRow) => {
    // A new session id at every login: a session id planted before login is never promoted.
    authenticator.forget(sessionCookie(req));
    await sessions.end(sessionCookie(req));
    const session = await sessions.create(user.id);
    setCookie(req, res, session.id, authRules.sessionAbsoluteMs);
    return session;
  };

  // The help desk's one-time sign-in link (spec §2; docs/decisions/0074): POST {token}; the
  // page at the same path (GET, the web app's) posts the token of its address.
  const helpdesk = deps.helpdesk;
  if (helpdesk) {
    router.post(`/${helpdesk.name}/token`, async (req, res) => {
      const body = (req.body ?? {}) as { token?: unknown };
      if (typeof body.token !== 'string' || body.token.length > 2048)
        throw new AppError('INVALID_TOKEN', 'The sign-in link is wrong, used or expired');
      const now = clock();
      const claims = readHelpdeskToken(body.token, helpdesk.secret, now);
      const user = await spendHelpdeskToken(
        deps.knex,
        claims,
        await findUser(deps.knex, claims.sub),
        req.ip ?? null,
        now,
      );
      deps.logger.info(
        { userId: user.id, tokenId: claims.jti, helpdesk: helpdesk.name },
        'help-desk sign-in',
      );
      const session = await startSession(req, res, user);
      res.json({
        ...(await describe(user, session.csrfToken, false)),
        redirectUrl: deps.customerPortalUrl ?? customerPortalHome,
      });
    });
  }

  router.post('/verify-token', async (req, res) => {
    const { phoneNumber, token } = parse(verifyTokenSchema, req.body);
    const valid = await tokens.verify(phoneNumber, token);
    const user = valid ? await findUserByPhone(deps.knex, phoneNumber) : null;
    if (!user)
      throw new AppError('INVALID_TOKEN', 'The code is wrong or has expired; ask for a new one');
    // Spec §3 canLogIn: told only to whoever holds the phone (the code was right).
    if (!mayLogIn(user))
      throw new AppError(
        'LOGIN_NOT_ALLOWED',
        'This courier may not log in (log-in is switched off); ask your planner',
      );
    const session = await startSession(req, res, user);
    res.json(await describe(user, session.csrfToken, false));
  });

  // POST only: a link or an image on another site cannot log a user out.
  router.post('/logout', async (req, res) => {
    authenticator.forget(sessionCookie(req));
    const userId = await sessions.end(sessionCookie(req));
    if (userId) deps.onLogout?.(userId);
    res.clearCookie(authRules.cookieName, { path: '/' });
    res.json({ redirectUrl: '/' });
  });

  // Spec §7: the customer login starts at api/auth/customer-login-initiate (docs/decisions/0074):
  // the login code goes to the phone as at /auth/request-token, and the answer says where the
  // login goes on: the login page, then the customer portal.
  const apiRouter = express.Router();
  apiRouter.use(jsonBody('16kb'));
  apiRouter.post('/customer-login-initiate', async (req, res) => {
    const { phoneNumber } = parse(requestTokenSchema, req.body);
    await sendLoginCode(req, phoneNumber);
    const portal = deps.customerPortalUrl ?? customerPortalHome;
    res.json({
      ok: true,
      loginUrl: `/login?redirectTo=${encodeURIComponent(customerPortalHome)}`,
      portalUrl: portal,
    });
  });

  return { router, authenticator, apiRouter };
}
