import { afterAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import {
  liveEnv,
  startMailReceiver,
  startSmsProvider,
  type MailReceiver,
  type SmsProvider,
} from '../support/providers.js';
import { roles } from '@nordlog/contracts';
import {
  createFirstDepartmentAndCustomer,
  freshPhone,
  startTestSystem,
  type TestSystem,
} from '../support/system.js';

describe('development impersonation GET /auth/user/{role}', () => {
  const systems: TestSystem[] = [];
  const providers: (SmsProvider | MailReceiver)[] = [];
  afterAll(async () => {
    await Promise.all(systems.map((s) => s.shutdown()));
    await Promise.all(providers.map((p) => p.close()));
  });

  it('S6-ROLE-032 in development it logs in as a user of the role, for every role (the six of spec §6, COURIER and ACCOUNTING)', async () => {
    const sys = await startTestSystem({ env: { NODE_ENV: 'development' } });
    systems.push(sys);
    await createFirstDepartmentAndCustomer(sys);
    const departmentId = '1';
    // The test system's own user is an ADMIN; every other role gets a user of its own.
    for (const role of roles.filter((r) => r !== 'ADMIN')) {
      const phoneNumber = freshPhone();
      if (role === 'COURIER')
        await sys.run('CREATE_COURIER_USER', { name: `A ${role}`, phoneNumber, departmentId });
      else
        await sys.run('CREATE_USER', {
          name: `A ${role}`,
          phoneNumber,
          role,
          ...(role === 'CUSTOMER' ? { customerId: '1' } : { departmentIds: [departmentId] }),
        });
    }
    await sys.settled();
    for (const role of roles) {
      const res = await fetch(`${sys.url}/auth/user/${role.toLowerCase()}`);
      expect({ role, status: res.status }).toEqual({ role, status: 200 });
      expect(((await res.json()) as { role: string }).role).toBe(role);
      const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
      const me = await fetch(`${sys.url}/auth/user`, { headers: { cookie } });
      expect(((await me.json()) as { role: string }).role).toBe(role);
    }
    expect((await fetch(`${sys.url}/auth/user/nobody`)).status).toBe(404);
  });

  it('S6-ROLE-033 a production start has no impersonation: 404 and no session', async () => {
    // Production sends real messages (MESSAGE_DELIVERY=live): here to stand-ins on this machine.
    const sms = await startSmsProvider();
    const mail = await startMailReceiver();
    providers.push(sms, mail);
    const sys = await startTestSystem({
      env: {
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        PERSONAL_DATA_KEY: randomBytes(32).toString('base64'),
        WEBHOOK_SIGNING_KEY: randomBytes(32).toString('base64'),
        WEBHOOKS_ALLOW_LOCAL: 'false',
        ...liveEnv(sms, mail),
      },
      tokens: sms.tokens,
    });
    systems.push(sys);
    const res = await fetch(`${sys.url}/auth/user/admin`);
    expect(res.status).toBe(404);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});
