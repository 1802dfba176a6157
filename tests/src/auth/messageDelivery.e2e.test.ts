import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '@nordlog/platform';
import {
  liveEnv,
  startMailReceiver,
  startSmsProvider,
  type MailReceiver,
  type SmsProvider,
} from '../support/providers.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('MESSAGE_DELIVERY=live: login codes by SMS (LINK Mobility) and reset links by e-mail (SMTP)', () => {
  let sms: SmsProvider;
  let mail: MailReceiver;
  let sys: TestSystem;
  const logs: Record<string, unknown>[] = [];
  const post = async (path: string, body: unknown, cookie = '') => {
    const res = await fetch(`${sys.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  const outboxCount = async () =>
    Number(
      (await sys.db.knex('message_outbox').count<{ count: string }[]>('* as count'))[0]!.count,
    );

  beforeAll(async () => {
    sms = await startSmsProvider();
    mail = await startMailReceiver();
    sys = await startTestSystem({
      env: liveEnv(sms, mail),
      tokens: sms.tokens,
      logger: createLogger('info', 'nordlog', {
        write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>),
      }),
    });
  });
  afterAll(async () => {
    await sys.shutdown();
    await sms.close();
    await mail.close();
  });

  it('S7-CALL-015 S7-CALL-016 the login code goes to the SMS provider in its request format; nothing is stored in the outbox', async () => {
    const phone = freshPhone();
    await sys.run('CREATE_USER', { name: 'Sms User', phoneNumber: phone, role: 'PLANNER' });
    await sys.settled();
    const mark = sms.tokens.mark();
    const session = await sys.signIn(phone);
    expect(session.cookie).toMatch(/^nordlog_session=/);
    const sent = sms.requests.slice(mark);
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/sms/send',
        authorization: `Basic ${Buffer.from('nordlog:sms-secret').toString('base64')}`,
        body: {
          source: 'Nordlog',
          sourceTON: 'ALPHANUMERIC',
          destination: phone,
          destinationTON: 'MSISDN',
          userData: expect.stringMatching(
            /^Your Nordlog login code is \d{6}\. It is valid for 10 minutes\.$/,
          ),
          platformId: 'COMMON_API',
          platformPartnerId: '4711',
          useDeliveryReport: false,
          ignoreResponse: false,
          relativeValidityTime: 600_000,
          refId: expect.any(String),
        },
      },
    ]);
    expect(await outboxCount()).toBe(0);
  });

  it('an unknown number gets the same answer and no SMS is sent', async () => {
    const mark = sms.tokens.mark();
    expect(await post('/auth/request-token', { phoneNumber: freshPhone() })).toEqual({
      status: 200,
      body: { ok: true },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sms.requests.length).toBe(mark);
  });

  it('S7-CALL-021 S7-CALL-018 the reset link arrives by e-mail (STARTTLS, authenticated), starts with PUBLIC_URL and sets the password', async () => {
    const phone = freshPhone();
    await sys.run('CREATE_USER', {
      name: 'Kari Nordmann',
      phoneNumber: phone,
      role: 'PLANNER',
      email: 'kari.live@example.com',
      requiresPwd: true,
    });
    await sys.settled();
    const from = mail.mails.length;
    expect(await post('/auth/request-pwd-reset', { email: 'Kari.Live@Example.com' })).toEqual({
      status: 200,
      body: { ok: true },
    });
    const received = await mail.next('kari.live@example.com', from);
    expect(received).toMatchObject({
      from: '"Nordlog" <no-reply@nordlog.example>',
      to: 'kari.live@example.com',
      subject: 'Set your Nordlog password',
      secure: true,
      user: 'nordlog',
    });
    expect(received.text).toContain('Hello Kari Nordmann,');
    expect(received.text).toContain('within one hour');
    const token = /^https:\/\/nordlog\.example\/auth\/set-password\/([\w-]+)$/m.exec(
      received.text,
    )?.[1];
    expect(token).toBeDefined();
    expect(await post('/auth/set-pwd', { password: 'a long new password', token })).toEqual({
      status: 200,
      body: { redirectUrl: '/login' },
    });
    const session = await sys.signIn(phone);
    expect(
      (await post('/auth/verify-pwd', { password: 'a long new password' }, session.cookie)).status,
    ).toBe(200);
    expect(await outboxCount()).toBe(0);
  });

  it('an unknown address gets the same answer and no e-mail is sent', async () => {
    const from = mail.mails.length;
    expect(await post('/auth/request-pwd-reset', { email: 'nobody@example.com' })).toEqual({
      status: 200,
      body: { ok: true },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mail.mails.length).toBe(from);
  });

  it('a failing SMS provider: retried, logged as an error, then 503 for every number, known or not', async () => {
    const phone = freshPhone();
    await sys.run('CREATE_USER', { name: 'Unlucky', phoneNumber: phone, role: 'PLANNER' });
    await sys.settled();
    sms.answer(503);
    const mark = sms.tokens.mark();
    // The request is answered before the SMS goes: the same answer as for anyone.
    expect(await post('/auth/request-token', { phoneNumber: phone })).toEqual({
      status: 200,
      body: { ok: true },
    });
    const failed = () =>
      logs.find((l) => l.msg === 'message delivery failed' && l.channel === 'sms');
    await until(() => failed() !== undefined, 'the logged SMS failure');
    expect(sms.requests.length - mark).toBe(3);
    expect(failed()).toMatchObject({
      level: 50,
      scope: 'service',
      to: `${phone.slice(0, 3)}***${phone.slice(-3)}`,
    });
    expect(JSON.stringify(failed())).not.toContain(phone);

    const known = await post('/auth/request-token', { phoneNumber: phone });
    const unknown = await post('/auth/request-token', { phoneNumber: freshPhone() });
    expect(known.status).toBe(503);
    expect(unknown).toEqual(known);
    expect(known.body).toEqual([
      {
        errorType: 'SERVICE_UNAVAILABLE',
        description: 'Login codes cannot be sent right now; try again in a few minutes',
      },
    ]);
    expect(sms.requests.length - mark).toBe(3);
    sms.answer(200);
  });

  it('a dead SMTP server: logged as an error, then 503 for every address, known or not', async () => {
    await sys.run('CREATE_USER', {
      name: 'Ola Nordmann',
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      email: 'ola.live@example.com',
    });
    await sys.settled();
    await mail.close();
    expect(await post('/auth/request-pwd-reset', { email: 'ola.live@example.com' })).toEqual({
      status: 200,
      body: { ok: true },
    });
    const failed = () =>
      logs.find((l) => l.msg === 'message delivery failed' && l.channel === 'email');
    await until(() => failed() !== undefined, 'the logged e-mail failure');
    expect(failed()).toMatchObject({ level: 50, scope: 'service', to: 'o***@example.com' });
    const known = await post('/auth/request-pwd-reset', { email: 'ola.live@example.com' });
    const unknown = await post('/auth/request-pwd-reset', { email: 'nobody@example.com' });
    expect(known.status).toBe(503);
    expect(unknown).toEqual(known);
  });
});
