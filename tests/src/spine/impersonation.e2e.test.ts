import { afterAll, describe, expect, it } from '@jest/globals';
import {
  liveEnv,
  startMailReceiver,
  startSmsProvider,
  type MailReceiver,
  type SmsProvider,
} from '../support/providers.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';

describe('development impersonation GET /auth/user/{role}', () => {
  const systems: TestSystem[] = [];
  const providers: (SmsProvider | MailReceiver)[] = [];
  afterAll(async () => {
    await Promise.all(systems.map((s) => s.shutdown()));
    await Promise.all(providers.map((p) => p.close()));
  });

  it('S6-ROLE-032 in development it logs in as a user of the role (planner, read_only_planner, partner, customer, admin, plus_planner)', async () => {
    const sys = await startTestSystem({ env: { NODE_ENV: 'development' } });
    systems.push(sys);
    await sys.run('CREATE_USER', {
      name: 'Pia Partner',
      phoneNumber: freshPhone(),
      role: 'PARTNER',
    });
    await sys.settled();
    const res = await fetch(`${sys.url}/auth/user/partner`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Pia Partner', role: 'PARTNER' });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(
      (
        (await (await fetch(`${sys.url}/auth/user`, { headers: { cookie } })).json()) as {
          role: string;
        }
      ).role,
    ).toBe('PARTNER');
    expect((await fetch(`${sys.url}/auth/user/courier`)).status).toBe(404);
  });

  it('S6-ROLE-033 a production start has no impersonation: 404 and no session', async () => {
    // Production sends real messages (MESSAGE_DELIVERY=live): here to stand-ins on this machine.
    const sms = await startSmsProvider();
    const mail = await startMailReceiver();
    providers.push(sms, mail);
    const sys = await startTestSystem({
      env: { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), ...liveEnv(sms, mail) },
      tokens: sms.tokens,
    });
    systems.push(sys);
    const res = await fetch(`${sys.url}/auth/user/admin`);
    expect(res.status).toBe(404);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});
