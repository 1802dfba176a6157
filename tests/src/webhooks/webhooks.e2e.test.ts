import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebhookWorker } from '@nordlog/command-service';
import { silentLogger, verifyWebhook } from '@nordlog/platform';
import { bookingDate, configureNumberSeries } from '../support/booking.js';
import { startTestSystem, type TestSystem } from '../support/system.js';
import { Receiver } from './receiver.js';

type Row = Record<string, any>;
const block = {
  name: 'Kari',
  address: 'Storgata 1',
  zipCode: '0155',
  zipArea: 'Oslo',
  countryCode: 'NO',
};

/**
 * Webhooks end to end (issue 43 §5, docs/decisions/0070-webhooks.md), against real HTTP receivers
 * this test starts on loopback: signed deliveries of the hook's customer's orders only, a 500 then
 * a retry, a receiver that never answers, the delivery log with the answers, replay, rotation,
 * a day's end, two workers at once, and the address check when sending.
 */
describe('webhooks', () => {
  let sys: TestSystem;
  let department: string;
  let customerA: string;
  let customerB: string;
  const ok = new Receiver(() => 200);
  const other = new Receiver(() => 200);
  const flaky = new Receiver((_r, n) => (n === 1 ? 500 : 200));
  const silent = new Receiver(() => 'hang');
  const urls: Record<string, string> = {};

  const id = async (name: string, payload: Row) => {
    const res = await sys.command(name, payload);
    if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
    return res.body.ids[0] as string;
  };
  const order = (customerId: string) =>
    id('CREATE_ORDER', {
      departmentId: department,
      customerId,
      pickupDate: bookingDate(2),
      pickup: block,
      delivery: block,
      measurements: [{ weight: 1 }],
    });
  const hook = (customerId: string, url: string, events = ['OrderCreated']) =>
    id('CREATE_WEBHOOK', { customerId, url, events, description: 'test' });
  const messages = async (webhookId: string): Promise<Row[]> =>
    (await sys.query('webhookMessages', { webhookId })).body as Row[];
  const details = async (messageId: string): Promise<Row> =>
    (await sys.query('webhookMessage', { id: messageId })).body as Row;
  const secret = async (webhookId: string): Promise<string> =>
    ((await sys.query('webhookSecret', { id: webhookId })).body as Row).secret as string;
  /** The projector queues, then the worker sends what is due. */
  const deliver = async () => {
    await sys.settled();
    await sys.webhooks.pass();
  };
  /** Makes a delivery due now (as if its back-off had passed). */
  const due = (messageId: string) =>
    sys.db.knex('webhook_deliveries').where({ id: messageId }).update({ next_at: new Date() });

  beforeAll(async () => {
    sys = await startTestSystem({ env: { WEBHOOK_TIMEOUT_SECONDS: '1' } });
    await configureNumberSeries(sys);
    department = await id('CREATE_DEPARTMENT', {
      name: 'Oslo',
      departmentType: 'courier',
      country: 'NO',
    });
    customerA = await id('CREATE_CUSTOMER', { name: 'Apotek' });
    customerB = await id('CREATE_CUSTOMER', { name: 'Bok' });
    urls.ok = `${await ok.start()}/a`;
    urls.other = `${await other.start()}/b`;
    urls.flaky = `${await flaky.start()}/f`;
    urls.silent = `${await silent.start()}/s`;
  }, 60_000);

  afterAll(async () => {
    await sys?.shutdown();
    for (const r of [ok, other, flaky, silent]) await r.stop();
  });

  let hookA: string;
  let hookB: string;
  let firstMessage: string;

  it('S7-CMD-060 a hook is created, its secret shown, and a bad URL or event refused', async () => {
    hookA = await hook(customerA, urls.ok!, ['OrderCreated', 'ConsignmentDelivered']);
    hookB = await hook(customerB, urls.other!);
    await sys.settled();
    const listed = (await sys.query('webhooks', { customerId: customerA })).body as Row[];
    expect(listed.map((h) => [h.id, h.url, h.enabled, h.secretVersion])).toEqual([
      [hookA, urls.ok, true, 1],
    ]);
    expect(JSON.stringify(listed)).not.toMatch(/whsec_/);
    expect(await secret(hookA)).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(await secret(hookA)).not.toBe(await secret(hookB));
    for (const bad of [
      { url: 'ftp://127.0.0.1/x' },
      { url: 'http://user:pw@127.0.0.1/x' },
      { events: ['NoSuchEvent'] },
      { events: [] },
    ]) {
      const res = await sys.command('CREATE_WEBHOOK', {
        customerId: customerA,
        url: urls.ok,
        events: ['OrderCreated'],
        ...bad,
      });
      expect(res.status).toBe(400);
    }
    expect(
      (
        await sys.command('CREATE_WEBHOOK', {
          customerId: '999',
          url: urls.ok,
          events: ['OrderCreated'],
        })
      ).status,
    ).toBe(404);
  });

  it("signs each delivery and sends only the hook customer's orders", async () => {
    const orderA = await order(customerA);
    const orderB = await order(customerB);
    await deliver();
    expect(ok.received).toHaveLength(1);
    expect(other.received).toHaveLength(1);
    const [got] = ok.received;
    const body = ok.bodies()[0]!;
    expect(body).toMatchObject({
      type: 'OrderCreated',
      customerId: customerA,
      order: { id: orderA },
    });
    expect(other.bodies()[0]).toMatchObject({ customerId: customerB, order: { id: orderB } });
    // Nothing of the other customer reaches either receiver, and no personal data at all.
    for (const b of ok.bodies()) expect([b.customerId, b.order.id]).toEqual([customerA, orderA]);
    for (const b of other.bodies()) expect([b.customerId, b.order.id]).toEqual([customerB, orderB]);
    expect(got!.body).not.toMatch(/Kari|Storgata/);
    const headers = {
      timestamp: got!.headers['webhook-timestamp'] as string,
      signature: got!.headers['webhook-signature'] as string,
    };
    const now = Math.floor(Date.now() / 1000);
    expect(verifyWebhook(await secret(hookA), headers, got!.body, now)).toBe(true);
    expect(verifyWebhook(await secret(hookB), headers, got!.body, now)).toBe(false);
    expect(verifyWebhook(await secret(hookA), headers, `${got!.body} `, now)).toBe(false);
    expect(verifyWebhook(await secret(hookA), headers, got!.body, now + 600)).toBe(false);
    const [message] = await messages(hookA);
    firstMessage = message!.id;
    expect(got!.headers['webhook-id']).toBe(firstMessage);
    expect(message).toMatchObject({
      status: 'DELIVERED',
      attempts: 1,
      lastStatusCode: 200,
      orderId: orderA,
    });
    const log = await details(firstMessage);
    expect(log.payload).toEqual(body);
    expect(log.attemptsLog).toEqual([
      expect.objectContaining({
        attempt: 1,
        statusCode: 200,
        answer: '{"ok":true,"n":1}',
        error: null,
      }),
    ]);
    // Another pass sends nothing again.
    await sys.webhooks.pass();
    expect(ok.received).toHaveLength(1);
  });

  it('a receiver that answers 500 gets the delivery again after the back-off', async () => {
    const hookF = await hook(customerA, urls.flaky!);
    await sys.settled();
    await order(customerA);
    await deliver();
    expect(flaky.received).toHaveLength(1);
    const [pending] = await messages(hookF);
    expect(pending).toMatchObject({ status: 'PENDING', attempts: 1, lastStatusCode: 500 });
    const wait = Date.parse(pending!.nextAttemptAt) - Date.now();
    expect(wait).toBeGreaterThan(15_000);
    expect(wait).toBeLessThan(40_000);
    await sys.webhooks.pass();
    expect(flaky.received).toHaveLength(1);
    await due(pending!.id);
    await sys.webhooks.pass();
    expect(flaky.received).toHaveLength(2);
    expect(flaky.received[1]!.body).toBe(flaky.received[0]!.body);
    const log = await details(pending!.id);
    expect(log).toMatchObject({ status: 'DELIVERED', attempts: 2 });
    expect(log.attemptsLog.map((a: Row) => [a.statusCode, a.error])).toEqual([
      [500, 'answered 500'],
      [200, null],
    ]);
    await id('DELETE_WEBHOOK', { id: hookF });
  });

  it('a receiver that never answers is timed out, logged and retried until the day is over', async () => {
    const hookS = await hook(customerA, urls.silent!);
    await sys.settled();
    await order(customerA);
    await deliver();
    expect(silent.received).toHaveLength(1);
    const [pending] = await messages(hookS);
    expect(pending).toMatchObject({ status: 'PENDING', attempts: 1, lastStatusCode: null });
    expect(pending!.lastError).toMatch(/no answer within 1000 ms/);
    const log = await details(pending!.id);
    expect(log.attemptsLog[0].durationMs).toBeGreaterThanOrEqual(990);
    // A day after it was queued, the next failure is the last: FAILED, nothing lost from the log.
    await sys.db
      .knex('webhook_deliveries')
      .where({ id: pending!.id })
      .update({ created_at: new Date(Date.now() - 24 * 3600_000 + 5_000), next_at: new Date() });
    await sys.webhooks.pass();
    const failed = await details(pending!.id);
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 2, nextAttemptAt: null });
    expect(failed.attemptsLog).toHaveLength(2);
    // The operator's day (by the day each was queued): which hook fails, with what.
    const dayOf = async (date: string) =>
      (await sys.query('webhookIntegrations', { date })).body as Row[];
    const queued = (await dayOf(failed.createdAt.slice(0, 10))).find((d) => d.webhookId === hookS)!;
    expect(queued).toMatchObject({ failed: 1, delivered: 0, attempts: 2, customerName: 'Apotek' });
    expect(queued.lastFailure).toMatch(/no answer/);
    const today = await dayOf(new Date().toISOString().slice(0, 10));
    // Hook A had every order of customer A so far (3), all delivered at the first try.
    expect(today.find((d) => d.webhookId === hookA)).toMatchObject({
      delivered: 3,
      failed: 0,
      attempts: 3,
    });
    expect(today.find((d) => d.webhookId === hookA)!.p99Ms).toBeGreaterThan(0);
    await id('UPDATE_WEBHOOK', { id: hookS, enabled: false });
  });

  it('replays a message from the log as a new delivery of the same event', async () => {
    const before = ok.received.length;
    const logged = (await messages(hookA)).length;
    await id('REPLAY_WEBHOOK_MESSAGE', { webhookId: hookA, messageId: firstMessage });
    // Another hook's message named under hook A is not found (0070): nothing is sent to A.
    const [messageB] = await messages(hookB);
    const foreign = await sys.command('REPLAY_WEBHOOK_MESSAGE', {
      webhookId: hookA,
      messageId: messageB!.id,
    });
    expect({ status: foreign.status, field: foreign.body[0]?.params?.field }).toEqual({
      status: 404,
      field: 'messageId',
    });
    await deliver();
    expect(ok.received).toHaveLength(before + 1);
    expect(ok.received[before]!.body).toBe(ok.received[0]!.body);
    expect(ok.received[before]!.headers['webhook-id']).not.toBe(firstMessage);
    const log = await messages(hookA);
    expect(log).toHaveLength(logged + 1);
    expect(log[0]).toMatchObject({ replayOf: firstMessage, status: 'DELIVERED' });
    expect(other.received).toHaveLength(1);
  });

  it('S7-CMD-060 a rotated secret signs from then on; events, disable and delete take effect', async () => {
    await id('ROTATE_WEBHOOK_SECRET', { id: hookA });
    await sys.settled();
    const rotated = (await sys.query('webhookSecret', { id: hookA })).body as Row;
    expect(rotated.secretVersion).toBe(2);
    await order(customerA);
    await deliver();
    const last = ok.received.at(-1)!;
    const headers = {
      timestamp: last.headers['webhook-timestamp'] as string,
      signature: last.headers['webhook-signature'] as string,
    };
    expect(
      verifyWebhook(rotated.secret as string, headers, last.body, Math.floor(Date.now() / 1000)),
    ).toBe(true);
    // Events: only ConsignmentDelivered now; a new order sends nothing.
    await id('UPDATE_WEBHOOK', { id: hookA, events: ['ConsignmentDelivered'] });
    const before = ok.received.length;
    await order(customerA);
    await deliver();
    expect(ok.received).toHaveLength(before);
    // Disabled, then deleted: gone from the customer's hooks, nothing more sent.
    await id('UPDATE_WEBHOOK', { id: hookA, enabled: false, events: ['OrderCreated'] });
    await order(customerA);
    await deliver();
    expect(ok.received).toHaveLength(before);
    await id('DELETE_WEBHOOK', { id: hookA });
    await sys.settled();
    const left = (await sys.query('webhooks', { customerId: customerA })).body as Row[];
    expect(left.map((h) => h.id)).not.toContain(hookA);
    expect((await sys.command('UPDATE_WEBHOOK', { id: hookA, enabled: true })).status).toBe(404);
  });

  it('two workers at once post each delivery once', async () => {
    const hookC = await hook(customerB, urls.other!);
    await sys.settled();
    for (let i = 0; i < 12; i++) await order(customerB);
    await sys.settled();
    const second = new WebhookWorker({
      knex: sys.db.knex,
      logger: silentLogger(),
      signingKey: 'development-only-webhook-signing-key-not-secret',
      allowLocal: true,
      batch: 3,
    });
    const before = other.received.length;
    await Promise.all([sys.webhooks.pass(), second.pass(), sys.webhooks.pass()]);
    await sys.webhooks.pass();
    const ids = other.received.slice(before).map((r) => r.headers['webhook-id']);
    // 12 orders to hookB and hookC each.
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    const log = await messages(hookC);
    expect(log.every((m) => m.status === 'DELIVERED' && m.attempts === 1)).toBe(true);
  });

  it('refuses to connect to a private address when sending unless allowed (DNS may change)', async () => {
    const before = other.received.length;
    await order(customerB);
    await sys.settled();
    const strict = new WebhookWorker({
      knex: sys.db.knex,
      logger: silentLogger(),
      signingKey: 'development-only-webhook-signing-key-not-secret',
      allowLocal: false,
    });
    await strict.pass();
    expect(other.received).toHaveLength(before);
    const [latest] = await messages(hookB);
    expect(latest).toMatchObject({ status: 'PENDING', attempts: 1, lastStatusCode: null });
    expect(latest!.lastError).toMatch(/private, loopback/);
  });
});
