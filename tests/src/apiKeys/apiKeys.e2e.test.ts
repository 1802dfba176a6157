import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { orderStream, parseApiKey } from '@nordlog/contracts';
import {
  DATE,
  integrationWorld,
  orderBody,
  withKey,
  type IntegrationWorld,
} from '../support/apiKeys.js';
import { commandHead, startTestSystem, type TestSystem } from '../support/system.js';

const services = (customerNo: string, zip: string, sub = '') =>
  `/api/external/services?alystraCustomerNo=${customerNo}&subcustomer=${sub}` +
  `&pickupCountryCode=NO&pickupPostalCode=0155&deliveryCountryCode=NO&deliveryPostalCode=${zip}`;

/** The parts of a booking's events that are the same whoever booked it: ids and numbers masked. */
const MASKED = /^(id|orderId|shipmentId|trackingId|packageId|packageIds|trackingKey)$/;
function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, MASKED.test(k) ? '<id>' : masked(v)]),
  );
}

describe('API keys and the integration APIs (issue 43 §4; docs/decisions/0069)', () => {
  let sys: TestSystem;
  let w: IntegrationWorld;
  const createKey = async (customerId: string) => {
    const res = await sys.command('CREATE_API_KEY', { customerId, label: 'Webshop' });
    expect(res.status).toBe(200);
    await sys.settled();
    return res.body.apiKey as { id: string; key: string };
  };
  beforeAll(async () => {
    sys = await startTestSystem({
      env: {
        API_KEY_MAX_REQUESTS_PER_MINUTE: '12',
        API_KEY_MAX_REQUESTS_PER_CUSTOMER_PER_MINUTE: '60',
        API_KEY_MAX_FAILURES_PER_MINUTE: '25',
      },
    });
    w = await integrationWorld(sys);
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('a key is shown once, kept only as a hash: not in its events, its row, a repeat of the command or the change feed', async () => {
    const commandId = crypto.randomUUID();
    const res = await sys.command(
      'CREATE_API_KEY',
      { customerId: w.main, label: 'ERP' },
      { commandId },
    );
    expect(res.status).toBe(200);
    const { id, key } = res.body.apiKey as { id: string; key: string };
    const secret = parseApiKey(key)!.secret;
    expect(res.body.ids).toEqual([id]);
    const again = await sys.command(
      'CREATE_API_KEY',
      { customerId: w.main, label: 'ERP' },
      { commandId },
    );
    expect(again.status).toBe(200);
    expect(again.body.apiKey).toBeUndefined();
    await sys.settled();
    const listed = await sys.query('apiKeys', { customerId: w.main });
    expect(listed.status).toBe(200);
    const row = (listed.body as { id: string }[]).find((r) => r.id === id);
    expect(row).toMatchObject({ id, customerId: w.main, label: 'ERP', revokedAt: null });
    const stored = [
      JSON.stringify(listed.body),
      JSON.stringify(
        await sys.db.knex('es_events').where('stream_id', `api-key-${id}`).select('data'),
      ),
      JSON.stringify(await sys.db.knex('rm_changes').where('entity', 'apiKeys').select('data')),
      JSON.stringify(await sys.db.knex('es_command_results').select('*')),
    ].join('\n');
    expect(stored).not.toContain(secret);
    expect(JSON.stringify(listed.body)).not.toMatch(/[0-9a-f]{64}/);
  });

  it("S7-CALL-003 S7-CALL-033 the services lookup on the external base: the customer number's priced services at the delivery postal code", async () => {
    const { key } = await createKey(w.main);
    const oslo = await withKey(sys.url, services('C-1', '0368'), key);
    expect(oslo.status).toBe(200);
    expect(oslo.body.map((s: { serviceCode: string }) => s.serviceCode)).toEqual([
      'ECONOMY',
      'EXPRESS',
    ]);
    const far = await withKey(sys.url, services('C-1', '5003'), key);
    expect(far.body.map((s: { serviceCode: string }) => s.serviceCode)).toEqual(['ECONOMY']);
    // Its sub-customer has no list of its own: its department's.
    const sub = await withKey(sys.url, services('C-1', '0368', 'S1'), key);
    expect(sub.body).toEqual([expect.objectContaining({ serviceCode: 'ECONOMY', zone: 'OSLO' })]);
    // Another customer's number is not found, as if it did not exist; bad params are 400.
    expect((await withKey(sys.url, services('C-2', '0368'), key)).status).toBe(404);
    const bad = await withKey(sys.url, services('C-1', 'abc'), key);
    expect(bad.status).toBe(400);
    expect(bad.body[0].errorType).toBe('VALIDATION_ERROR');
  });

  it('S7-CALL-004 S7-CALL-035 S7-CALL-036 the checkout look-ups: hd-services and the department matrix', async () => {
    const { key } = await createKey(w.main);
    const hd = await withKey(
      sys.url,
      '/checkout/api/hd-services?customerNumber=C-1&deliveryCountryCode=NO&deliveryPostalCode=0368',
      key,
    );
    expect(hd.status).toBe(200);
    expect(hd.body.map((s: { serviceCode: string }) => s.serviceCode)).toEqual([
      'ECONOMY',
      'EXPRESS',
    ]);
    const matrix = await withKey(
      sys.url,
      '/checkout/api/department-matrix/services?departmentExternalId=D-1&countryCode=NO&postalCode=0368',
      key,
    );
    expect(matrix.status).toBe(200);
    expect(matrix.body).toEqual([
      expect.objectContaining({ serviceCode: 'ECONOMY', currency: 'NOK', zone: 'OSLO' }),
    ]);
    const unknown = await withKey(
      sys.url,
      '/checkout/api/department-matrix/services?departmentExternalId=D-9&countryCode=NO&postalCode=0368',
      key,
    );
    expect(unknown.status).toBe(404);
  });

  it('S7-CALL-103 deliveryWindows {customerId, postalCode, serviceCode}: with a key and at /api/query; a service not offered is 404, a missing param 400', async () => {
    const { key } = await createKey(w.main);
    const path = `/api/external/delivery-windows?customerId=${w.main}&postalCode=0368&serviceCode=EXPRESS`;
    const windows = await withKey(sys.url, path, key);
    expect(windows.status).toBe(200);
    expect(windows.body).toEqual([
      { date: DATE, from: expect.stringContaining(DATE), to: expect.any(String) },
    ]);
    const asked = await sys.query('deliveryWindows', {
      customerId: w.main,
      postalCode: '0368',
      serviceCode: 'EXPRESS',
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual(windows.body);
    const notOffered = await sys.query('deliveryWindows', {
      customerId: w.main,
      postalCode: '5003',
      serviceCode: 'EXPRESS',
    });
    expect(notOffered.status).toBe(404);
    expect((await sys.query('deliveryWindows', { customerId: w.main })).status).toBe(400);
    // Another customer's windows are not this key's to read.
    const theirs = await withKey(
      sys.url,
      `/api/external/delivery-windows?customerId=${w.other}&postalCode=0368&serviceCode=ECONOMY`,
      key,
    );
    expect(theirs.status).toBe(404);
  });

  it("S7-CALL-034 an order created with a key is the same event a planner's typed order is, visible to planners; its sub-customer too; another customer is 403 and stores nothing", async () => {
    const { key } = await createKey(w.main);
    const created = await withKey(sys.url, '/api/external/orders', key, {
      body: orderBody(w.department),
    });
    expect(created.status).toBe(201);
    const orderId = created.body.orderId as string;
    const typed = await sys.command('CREATE_ORDER', {
      ...orderBody(w.department),
      customerId: w.main,
    });
    expect(typed.status).toBe(200);
    const [viaKey, viaPlanner] = await Promise.all(
      [orderId, typed.body.ids[0] as string].map((id) => sys.store.readStream(orderStream(id))),
    );
    expect(viaKey!.length).toBeGreaterThan(0);
    expect(viaKey!.map((e) => e.type)).toEqual(viaPlanner!.map((e) => e.type));
    expect(viaKey![0]!.data).toMatchObject({
      order: { customerId: w.main, departmentId: w.department },
    });
    expect(masked(viaKey!.map((e) => e.data))).toEqual(masked(viaPlanner!.map((e) => e.data)));
    expect(viaKey![0]!.metadata).toMatchObject({ commandType: 'CREATE_ORDER' });
    await sys.settled();
    const seen = await sys.query('orders', { ids: [orderId] });
    expect(seen.body).toEqual([expect.objectContaining({ customerId: w.main })]);

    const forSub = await withKey(sys.url, '/api/external/orders', key, {
      body: { ...orderBody(w.department), customerId: w.sub },
    });
    expect(forSub.status).toBe(201);

    const before = await commandHead(sys);
    const forOther = await withKey(sys.url, '/api/external/orders', key, {
      body: { ...orderBody(w.department), customerId: w.other },
    });
    expect(forOther.status).toBe(403);
    expect(forOther.body[0].errorType).toBe('NO_ACCESS');
    const invalid = await withKey(sys.url, '/api/external/orders', key, {
      body: { ...orderBody(w.department), pickupDate: '2026-02-30' },
    });
    expect(invalid.status).toBe(400);
    expect(await commandHead(sys)).toBe(before);
  });

  it('an Idempotency-Key books once however often the POST is sent', async () => {
    const { key } = await createKey(w.main);
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const first = await withKey(sys.url, '/api/external/orders', key, {
      body: orderBody(w.department),
      headers,
    });
    const second = await withKey(sys.url, '/api/external/orders', key, {
      body: orderBody(w.department),
      headers,
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.orderId).toBe(first.body.orderId);
  });

  it('rotation: the old secret is refused at once, the new one works; revocation: 401; a wrong or missing key: 401, all alike', async () => {
    const { id, key } = await createKey(w.main);
    expect((await withKey(sys.url, services('C-1', '0368'), key)).status).toBe(200);
    const rotated = await sys.command('ROTATE_API_KEY', { id });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.apiKey.key as string;
    expect(fresh).not.toBe(key);
    await sys.settled();
    const old = await withKey(sys.url, services('C-1', '0368'), key);
    expect(old.status).toBe(401);
    expect(old.body[0].errorType).toBe('INVALID_TOKEN');
    expect((await withKey(sys.url, services('C-1', '0368'), fresh)).status).toBe(200);
    expect((await sys.command('REVOKE_API_KEY', { id })).status).toBe(200);
    await sys.settled();
    const revoked = await withKey(sys.url, '/api/external/orders', fresh, {
      body: orderBody(w.department),
    });
    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual(old.body);
    // A revoked key cannot be rotated back to life.
    expect((await sys.command('ROTATE_API_KEY', { id })).status).toBe(409);
    const forged = `${fresh.slice(0, -4)}AAAA`;
    for (const wrong of [forged, 'nlk_x', 'garbage', null])
      expect((await withKey(sys.url, services('C-1', '0368'), wrong)).body).toEqual(old.body);
    // The key is also accepted as X-Api-Key.
    const { key: other } = await createKey(w.main);
    const header = await withKey(sys.url, services('C-1', '0368'), null, {
      headers: { 'x-api-key': other },
    });
    expect(header.status).toBe(200);
  });

  it('each key has its own limit: 429 with Retry-After past it, while another key goes on', async () => {
    const [{ key: busy }, { key: calm }] = [await createKey(w.main), await createKey(w.main)];
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++)
      statuses.push((await withKey(sys.url, services('C-1', '0368'), busy)).status);
    expect(statuses.slice(0, 12).every((s) => s === 200)).toBe(true);
    const over = await withKey(sys.url, services('C-1', '0368'), busy);
    expect(over.status).toBe(429);
    expect(over.body[0].errorType).toBe('TOO_MANY_REQUESTS');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await withKey(sys.url, services('C-1', '0368'), calm)).status).toBe(200);
  });

  it("a customer's keys together have a limit too: more keys do not make more requests (0085)", async () => {
    // C-2's own keys (the other tests use C-1's): five keys of twelve requests reach the 60.
    const keys = [];
    for (let i = 0; i < 6; i++) keys.push((await createKey(w.other)).key);
    const statuses: number[] = [];
    for (const key of keys.slice(0, 5))
      for (let i = 0; i < 12; i++)
        statuses.push((await withKey(sys.url, services('C-2', '0368'), key)).status);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    const over = await withKey(sys.url, services('C-2', '0368'), keys[5]!);
    expect(over.status).toBe(429);
    expect(over.body[0]).toMatchObject({
      errorType: 'TOO_MANY_REQUESTS',
      params: { limit: 'customer' },
    });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another customer's key is not held back by it.
    expect(
      (await withKey(sys.url, services('C-1', '0368'), (await createKey(w.main)).key)).status,
    ).toBe(200);
  });

  it("a session does not open the integration paths, nor a key the session's", async () => {
    const session = await withKey(sys.url, services('C-1', '0368'), null, {
      headers: { cookie: sys.admin.cookie },
    });
    expect(session.status).toBe(401);
    const { key } = await createKey(w.main);
    const query = await withKey(sys.url, '/api/query/departments', key, {
      body: { query: 'departments', params: {} },
    });
    expect(query.status).toBe(401);
    // Under the bases, a path that is not a call is 404 once the key is checked.
    expect((await withKey(sys.url, '/api/external/nothing', key)).status).toBe(404);
    expect((await withKey(sys.url, '/api/external/nothing', null)).status).toBe(401);
  });

  // Last: it leaves this address refused for a minute.
  it('an address presenting refused keys again and again is refused without a look-up (429), a good key with it', async () => {
    const { key } = await createKey(w.main);
    const statuses: number[] = [];
    for (let i = 0; i < 26; i++)
      statuses.push((await withKey(sys.url, services('C-1', '0368'), 'nlk_wrong')).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    const good = await withKey(sys.url, services('C-1', '0368'), key);
    expect(good.status).toBe(429);
    expect(Number(good.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
