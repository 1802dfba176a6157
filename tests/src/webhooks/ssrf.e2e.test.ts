import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestSystem, type TestSystem } from '../support/system.js';

/**
 * A webhook URL is checked when it is saved (docs/decisions/0070-webhooks.md): with local
 * receivers not allowed (production's only setting), a private, loopback, link-local or metadata
 * address, a name that resolves to one, or plain http is refused with a clear 400, and nothing is
 * stored. (The check when sending, DNS rebinding, is in webhooks.e2e.test.ts.)
 */
describe('webhook URLs and server-side request forgery', () => {
  let sys: TestSystem;
  let customer: string;

  beforeAll(async () => {
    sys = await startTestSystem({ env: { WEBHOOKS_ALLOW_LOCAL: 'false' } });
    customer = (await sys.command('CREATE_CUSTOMER', { name: 'Apotek' })).body.ids[0] as string;
  }, 60_000);
  afterAll(() => sys?.shutdown());

  const create = (url: string) =>
    sys.command('CREATE_WEBHOOK', { customerId: customer, url, events: ['OrderCreated'] });
  const stored = async () =>
    Number(
      (
        await sys.db
          .knex('es_events')
          .whereIn('type', ['WebhookCreated', 'WebhookUpdated'])
          .count<{ count: string }[]>('* as count')
      )[0]!.count,
    );

  it.each([
    ['http://8.8.8.8/hook', /must use https/],
    ['https://127.0.0.1/hook', /loopback/],
    ['https://localhost:8443/hook', /loopback/],
    ['https://[::1]/hook', /loopback/],
    ['https://10.0.0.5/hook', /private/],
    ['https://192.168.1.20/hook', /private/],
    ['https://169.254.169.254/latest/meta-data/', /link-local/],
    ['https://[fd00:ec2::254]/', /private/],
    ['https://[::ffff:127.0.0.1]/hook', /loopback/],
    ['https://no-such-host.invalid/hook', /does not resolve/],
  ])('refuses %s', async (url, why) => {
    const res = await create(url);
    expect(res.status).toBe(400);
    expect(res.body[0]).toMatchObject({ errorType: 'WEBHOOK_ADDRESS_REFUSED' });
    expect(res.body[0].description).toMatch(why);
    expect(await stored()).toBe(0);
  });

  it('takes a public address, and checks a changed URL again', async () => {
    const res = await create('https://8.8.8.8/hook');
    expect(res.status).toBe(200);
    const id = res.body.ids[0] as string;
    const changed = await sys.command('UPDATE_WEBHOOK', { id, url: 'https://127.0.0.1/hook' });
    expect(changed.status).toBe(400);
    expect(changed.body[0].errorType).toBe('WEBHOOK_ADDRESS_REFUSED');
    expect(await stored()).toBe(1);
  });
});
