import { afterAll, describe, expect, it } from '@jest/globals';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';

describe('development impersonation GET /auth/user/{role}', () => {
  const systems: TestSystem[] = [];
  afterAll(async () => Promise.all(systems.map((s) => s.shutdown())));

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
    const sys = await startTestSystem({
      env: { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) },
    });
    systems.push(sys);
    const res = await fetch(`${sys.url}/auth/user/admin`);
    expect(res.status).toBe(404);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});
