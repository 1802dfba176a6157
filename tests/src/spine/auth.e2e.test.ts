import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  lastMessageId,
  startTestSystem,
  waitForToken,
  type TestSystem,
  createFirstDepartmentAndCustomer,
} from '../support/system.js';

const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0]!;

describe('login with a one-time token (spec §7 authentication)', () => {
  let sys: TestSystem;
  const get = (path: string, cookie = '') =>
    fetch(`${sys.url}${path}`, { headers: cookie ? { cookie } : {} });
  const post = (path: string, body: unknown, cookie = '') =>
    fetch(`${sys.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  /** Asks for a code and returns the one that was sent (undefined when none was). */
  const requestToken = async (phoneNumber: string, normalised: string) => {
    const afterId = await lastMessageId(sys);
    const res = await post('/auth/request-token', { phoneNumber });
    return { res, token: await waitForToken(sys, normalised, afterId) };
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    await createFirstDepartmentAndCustomer(sys);
    await sys.command('CREATE_USER', {
      name: 'Kari Planner',
      phoneNumber: '91234567',
      role: 'PLANNER',
      departmentIds: ['1'],
    });
    await sys.command('CREATE_USER', {
      name: 'Lars Locked',
      phoneNumber: '92222222',
      role: 'PLANNER',
    });
    await sys.command('CREATE_USER', {
      name: 'Rita Rate',
      phoneNumber: '93333333',
      role: 'PLANNER',
    });
    await sys.settled();
  });
  afterAll(async () => sys.shutdown());

  it('S3-ENT-047 S7-CALL-013 S7-CALL-014 S7-CALL-015 S7-CALL-016 token login: request, verify, /auth/user, logout', async () => {
    expect((await get('/auth/user')).status).toBe(401);
    const { res, token } = await requestToken('912 34 567', '+4791234567');
    expect(res.status).toBe(200);
    expect(token).toMatch(/^\d{6}$/);
    const verified = await post('/auth/verify-token', { phoneNumber: '+4791234567', token });
    expect(verified.status).toBe(200);
    const cookie = cookieOf(verified);
    expect(verified.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(verified.headers.get('set-cookie')).toMatch(/SameSite=Lax/i);
    const me = await get('/auth/user', cookie);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      name: 'Kari Planner',
      role: 'PLANNER',
      requiresEmail: false,
      requiresPwd: false,
      courierId: null,
      departmentIds: ['1'],
      csrfToken: expect.any(String),
    });
    // Logout is a POST: a GET (a link or an image on another site) logs nobody out.
    expect((await get('/auth/logout', cookie)).status).toBe(404);
    expect((await get('/auth/user', cookie)).status).toBe(200);
    const out = await post('/auth/logout', {}, cookie);
    expect(await out.json()).toEqual({ redirectUrl: '/' });
    expect((await get('/auth/user', cookie)).status).toBe(401);
  });

  it('a token works once; a wrong one is refused with the same message as an unknown number', async () => {
    const token = (await requestToken('91234567', '+4791234567')).token!;
    const wrong = await post('/auth/verify-token', {
      phoneNumber: '91234567',
      token: token === '000000' ? '000001' : '000000',
    });
    expect(wrong.status).toBe(401);
    const unknown = await post('/auth/verify-token', { phoneNumber: '99999999', token: '123456' });
    expect(await unknown.json()).toEqual(await wrong.json());
    expect((await post('/auth/verify-token', { phoneNumber: '91234567', token })).status).toBe(200);
    expect((await post('/auth/verify-token', { phoneNumber: '91234567', token })).status).toBe(401);
  });

  it('no user enumeration: an unknown number gets the same answer and no message is sent', async () => {
    const before = await sys.db.knex('message_outbox').count<{ count: string }[]>('* as count');
    const res = await post('/auth/request-token', { phoneNumber: '98888888' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(await sys.db.knex('message_outbox').count<{ count: string }[]>('* as count')).toEqual(
      before,
    );
  });

  it('locks the token after 5 wrong tries', async () => {
    const token = (await requestToken('92222222', '+4792222222')).token!;
    const wrong = token === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++)
      expect(
        (await post('/auth/verify-token', { phoneNumber: '92222222', token: wrong })).status,
      ).toBe(401);
    expect((await post('/auth/verify-token', { phoneNumber: '92222222', token })).status).toBe(401);
  });

  it('a new session id at login: a cookie set before login is not promoted', async () => {
    const planted = 'nordlog_session=attacker-chosen-id';
    const { token } = await requestToken('91234567', '+4791234567');
    const verified = await post('/auth/verify-token', { phoneNumber: '91234567', token }, planted);
    expect(cookieOf(verified)).not.toBe(planted);
    expect((await get('/auth/user', planted)).status).toBe(401);
    expect((await get('/auth/user', cookieOf(verified))).status).toBe(200);
  });

  it('rate-limits token requests per phone number (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post('/auth/request-token', { phoneNumber: '93333333' })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('refuses a malformed phone number or token with 400', async () => {
    expect((await post('/auth/request-token', { phoneNumber: 'abc' })).status).toBe(400);
    expect(
      (await post('/auth/verify-token', { phoneNumber: '91234567', token: '12' })).status,
    ).toBe(400);
  });
});
