import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';
import { Receiver } from '../webhooks/receiver.js';
import { countEvents } from '../support/events.js';

type Row = Record<string, any>;

/**
 * The customer's own webhooks and API keys in the portal (docs/decisions/0085-portal-integrations.md):
 * a customer user reads and keeps those of its customer and sub-customers, and every query and
 * command of another customer's hooks, log or keys is refused with the 404 a read of something
 * that does not exist answers (spec §8 body: `[{errorType, description}]`), nothing written.
 */
describe("the customer's webhooks and API keys, scoped on the server", () => {
  let sys: TestSystem;
  let dep: string;
  /** Customer A (main), A's sub-customer, and customer B. */
  let a: string;
  let aSub: string;
  let b: string;
  let userA: Session;
  let hookA: string;
  let hookB: string;
  let messageA: string;
  let messageB: string;
  let keyB: string;
  const receiverA = new Receiver(() => 200);
  const receiverB = new Receiver(() => 200);
  let urlA = '';
  let urlB = '';

  const ok = async (name: string, payload: unknown) => {
    const res = await sys.command(name, payload);
    if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
    return res.body.ids[0] as string;
  };
  const order = (customerId: string) =>
    ok('CREATE_ORDER', {
      departmentId: dep,
      customerId,
      pickupDate: bookingDate(2),
      pickup: osloAddress,
      delivery: osloAddress,
      measurements: [{ weight: 1 }],
    });
  const deliver = async () => {
    await sys.settled();
    await sys.webhooks.pass();
  };
  /** A refusal as a read of something missing: 404, the spec §8 error list, nothing written. */
  const refused = async (res: Promise<{ status: number; body: any }>, before?: number) => {
    const answer = await res;
    expect({ status: answer.status, errorType: answer.body?.[0]?.errorType }).toEqual({
      status: 404,
      errorType: 'NOT_FOUND',
    });
    expect(typeof answer.body[0].description).toBe('string');
    if (before !== undefined) expect(await countEvents(sys)).toBe(before);
  };

  beforeAll(async () => {
    sys = await startTestSystem({ env: { WEBHOOK_TIMEOUT_SECONDS: '1' } });
    await configureNumberSeries(sys);
    dep = await ok('CREATE_DEPARTMENT', { name: 'Oslo', departmentType: 'courier', country: 'NO' });
    const customer = (name: string, alystraId: string, alystraSubcustomer: string) =>
      ok('CREATE_CUSTOMER', { name, departmentId: dep, alystraId, alystraSubcustomer });
    a = await customer('Alfa AS', '4100', '');
    aSub = await customer('Alfa AS, Bergen', '4100', '01');
    b = await customer('Beta AS', '4200', '');
    urlA = `${await receiverA.start()}/a`;
    urlB = `${await receiverB.start()}/b`;
    // The administrator's hooks, one for each customer, and a key of B's.
    hookA = await ok('CREATE_WEBHOOK', { customerId: a, url: urlA, events: ['OrderCreated'] });
    hookB = await ok('CREATE_WEBHOOK', { customerId: b, url: urlB, events: ['OrderCreated'] });
    keyB = await ok('CREATE_API_KEY', { customerId: b, label: 'Beta ERP' });
    await sys.settled();
    await order(a);
    await order(b);
    await deliver();
    const log = (await sys.query('webhookMessages', {})).body as Row[];
    messageA = log.find((m) => m.webhookId === hookA)!.id as string;
    messageB = log.find((m) => m.webhookId === hookB)!.id as string;
    const phone = freshPhone();
    await sys.run('CREATE_USER', {
      name: 'Alfa IT',
      phoneNumber: phone,
      role: 'CUSTOMER',
      customerId: a,
      departmentIds: [dep],
    });
    userA = await sys.signIn(phone);
  }, 120_000);
  afterAll(async () => {
    await sys?.shutdown();
    await receiverA.stop();
    await receiverB.stop();
  });

  it("reads its own and its sub-customer's hooks, log, messages and keys, never B's", async () => {
    const as = sys.as(userA);
    const own = await as.query('webhooks', { customerId: a });
    expect(own.status).toBe(200);
    expect((own.body as Row[]).map((h) => h.id)).toEqual([hookA]);
    expect((await as.query('webhooks', { customerId: aSub })).body).toEqual([]);
    await refused(as.query('webhooks', { customerId: b }));

    const log = await as.query('webhookMessages', {});
    expect(log.status).toBe(200);
    expect((log.body as Row[]).map((m) => m.id)).toEqual([messageA]);
    expect((await as.query('webhookMessages', { webhookId: hookB })).body).toEqual([]);
    await refused(as.query('webhookMessages', { customerId: b }));

    const message = await as.query('webhookMessage', { id: messageA });
    expect(message.status).toBe(200);
    expect(message.body).toMatchObject({ webhookId: hookA, status: 'DELIVERED' });
    await refused(as.query('webhookMessage', { id: messageB }));
    await refused(as.query('webhookSecret', { id: hookB }));

    expect((await as.query('apiKeys', { customerId: a })).body).toEqual([]);
    await refused(as.query('apiKeys', { customerId: b }));
  });

  it("keeps its own hooks (create, secret once, update, rotate, replay, delete); B's are refused", async () => {
    const as = sys.as(userA);
    const created = await as.command('CREATE_WEBHOOK', {
      customerId: aSub,
      url: urlA,
      events: ['OrderCreated'],
    });
    expect(created.status).toBe(200);
    const mine = created.body.ids[0] as string;
    await sys.settled();
    const secret = await as.query('webhookSecret', { id: mine });
    expect(secret.status).toBe(200);
    expect(secret.body.secret).toMatch(/^whsec_/);
    expect((await as.command('UPDATE_WEBHOOK', { id: mine, enabled: false })).status).toBe(200);
    expect((await as.command('ROTATE_WEBHOOK_SECRET', { id: mine })).status).toBe(200);
    expect(
      (await as.command('REPLAY_WEBHOOK_MESSAGE', { webhookId: hookA, messageId: messageA }))
        .status,
    ).toBe(200);
    expect((await as.command('DELETE_WEBHOOK', { id: mine })).status).toBe(200);
    await deliver();
    expect(receiverA.received).toHaveLength(2); // the order, then its replay

    const before = await countEvents(sys);
    await refused(
      as.command('CREATE_WEBHOOK', { customerId: b, url: urlA, events: ['OrderCreated'] }),
      before,
    );
    await refused(as.command('UPDATE_WEBHOOK', { id: hookB, url: urlA }), before);
    await refused(as.command('ROTATE_WEBHOOK_SECRET', { id: hookB }), before);
    await refused(as.command('DELETE_WEBHOOK', { id: hookB }), before);
    await refused(
      as.command('REPLAY_WEBHOOK_MESSAGE', { webhookId: hookB, messageId: messageB }),
      before,
    );
    // B's message named on A's own hook: not found, as B's hook is (0070), nothing written;
    // neither receiver hears of it again.
    await refused(
      as.command('REPLAY_WEBHOOK_MESSAGE', { webhookId: hookA, messageId: messageB }),
      before,
    );
    await deliver();
    expect(receiverA.received).toHaveLength(2);
    expect(receiverB.received).toHaveLength(1);
    const log = (await sys.query('webhookMessages', { webhookId: hookA })).body as Row[];
    expect(log.every((m) => m.customerId === a)).toBe(true);
  });

  it("creates, rotates and revokes its own API keys, each shown once; B's are refused", async () => {
    const as = sys.as(userA);
    const created = await as.command('CREATE_API_KEY', { customerId: a, label: 'Alfa webshop' });
    expect(created.status).toBe(200);
    const id = created.body.ids[0] as string;
    expect(created.body.apiKey).toMatchObject({ id, key: expect.stringMatching(/^nlk_/) });
    const rotated = await as.command('ROTATE_API_KEY', { id });
    expect(rotated.status).toBe(200);
    expect(rotated.body.apiKey.key).not.toBe(created.body.apiKey.key);
    await sys.settled();
    const listed = await as.query('apiKeys', { customerId: a });
    expect((listed.body as Row[]).map((k) => [k.id, k.label, k.revokedAt])).toEqual([
      [id, 'Alfa webshop', null],
    ]);
    // The list never holds a key again.
    expect(JSON.stringify(listed.body)).not.toContain(rotated.body.apiKey.key);
    expect((await as.command('REVOKE_API_KEY', { id })).status).toBe(200);

    const before = await countEvents(sys);
    await refused(as.command('CREATE_API_KEY', { customerId: b, label: 'x' }), before);
    await refused(as.command('ROTATE_API_KEY', { id: keyB }), before);
    await refused(as.command('REVOKE_API_KEY', { id: keyB }), before);
    await sys.settled();
    const theirs = (await sys.query('apiKeys', { customerId: b })).body as Row[];
    expect(theirs.map((k) => [k.id, k.rotatedAt, k.revokedAt])).toEqual([[keyB, null, null]]);
  });
});
