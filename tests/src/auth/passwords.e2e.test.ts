import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  freshPhone,
  lastMessageId,
  startTestSystem,
  type TestSystem,
  createFirstDepartmentAndCustomer,
} from '../support/system.js';

describe('password login and reset (spec §7: verify-pwd, claim-email, request-pwd-reset, set-pwd)', () => {
  let sys: TestSystem;
  const call = (method: 'GET' | 'POST', path: string, cookie = '', body?: unknown) =>
    fetch(`${sys.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const resetLink = async (email: string, afterId: number) => {
    for (let i = 0; i < 100; i++) {
      const row = await sys.db
        .knex('message_outbox')
        .where({ recipient: email })
        .andWhere('id', '>', afterId)
        .first<{ body: string }>('body');
      const token = /set-password\/([\w-]+)/.exec(row?.body ?? '')?.[1];
      if (token) return token;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return undefined;
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    await createFirstDepartmentAndCustomer(sys);
  });
  afterAll(async () => sys.shutdown());

  it('S2-AUTH-008 a password user: e-mail first, then a reset link sets the password, then token + password opens the API', async () => {
    const session = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      requiresPwd: true,
      departmentIds: ['1'],
    });
    const me = (await (await call('GET', '/auth/user', session.cookie)).json()) as Record<
      string,
      unknown
    >;
    expect(me).toMatchObject({ requiresPwd: true, requiresEmail: true, hasPassword: false });
    const blocked = await sys.as(session).query('departments', {});
    expect(blocked.status).toBe(401);
    expect(blocked.body[0].errorType).toBe('PASSWORD_REQUIRED');

    const claimed = await call('POST', '/auth/claim-email', session.cookie, {
      email: 'kari@example.com',
    });
    expect(((await claimed.json()) as { requiresEmail: boolean }).requiresEmail).toBe(false);
    await sys.settled();

    const afterId = await lastMessageId(sys);
    expect(
      (await call('POST', '/auth/request-pwd-reset', '', { email: 'Kari@Example.com' })).status,
    ).toBe(200);
    const token = await resetLink('kari@example.com', afterId);
    expect(token).toBeDefined();
    expect((await call('POST', '/auth/set-pwd', '', { password: 'short', token })).status).toBe(
      400,
    );
    const set = await call('POST', '/auth/set-pwd', '', {
      password: 'correct horse battery',
      token,
    });
    expect(await set.json()).toEqual({ redirectUrl: '/login' });
    expect(
      (await call('POST', '/auth/set-pwd', '', { password: 'another long one', token })).status,
    ).toBe(401);
    // Setting the password ended the old session.
    expect((await call('GET', '/auth/user', session.cookie)).status).toBe(401);
  });

  it('verify-pwd: a wrong password is refused, the right one opens the API; 5 wrong ones end the session', async () => {
    const phone = freshPhone();
    await sys.login({
      phoneNumber: phone,
      role: 'PLANNER',
      requiresPwd: true,
      email: 'lars@example.com',
      departmentIds: ['1'],
    });
    const afterId = await lastMessageId(sys);
    await call('POST', '/auth/request-pwd-reset', '', { email: 'lars@example.com' });
    await call('POST', '/auth/set-pwd', '', {
      password: 'a very good password',
      token: await resetLink('lars@example.com', afterId),
    });

    const session = await sys.signIn(phone);
    expect(
      ((await (await call('GET', '/auth/user', session.cookie)).json()) as { hasPassword: boolean })
        .hasPassword,
    ).toBe(true);
    const wrong = await call('POST', '/auth/verify-pwd', session.cookie, { password: 'not it' });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { errorType: string }[])[0]!.errorType).toBe(
      'INVALID_PASSWORD',
    );
    const right = await call('POST', '/auth/verify-pwd', session.cookie, {
      password: 'a very good password',
    });
    expect(((await right.json()) as { requiresPwd: boolean }).requiresPwd).toBe(false);
    expect((await sys.as(session).query('departments', {})).status).toBe(200);

    const other = await sys.signIn(phone);
    for (let i = 0; i < 5; i++)
      expect(
        (await call('POST', '/auth/verify-pwd', other.cookie, { password: 'guess' + i })).status,
      ).toBe(401);
    expect((await call('GET', '/auth/user', other.cookie)).status).toBe(401);
  });

  it('no enumeration: an unknown e-mail gets the same answer and no message', async () => {
    const before = await lastMessageId(sys);
    const res = await call('POST', '/auth/request-pwd-reset', '', { email: 'nobody@example.com' });
    expect(await res.json()).toEqual({ ok: true });
    expect(await lastMessageId(sys)).toBe(before);
  });
});
