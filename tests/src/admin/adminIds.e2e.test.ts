import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { configureNumberSeries } from '../support/booking.js';
import { DATE, block } from '../support/commandBases.js';
import { freshPhone, startTestSystem, type Client, type TestSystem } from '../support/system.js';
import { countEvents } from '../support/events.js';

type Item = { errorType?: string; description?: string; params?: { field?: string } };

const fields = (body: unknown) => (body as Item[]).map((i) => i.params?.field);

/**
 * DELETE_CUSTOMER and UPDATE_NUMBER_SERIES through the gateway (docs/decisions/0099): a customer
 * something refers to is refused with 409 naming what, nothing appended; one nothing refers to is
 * deleted and its row goes. A series' name and end change; an end below a number handed out, a
 * moved start and an end over another series are refused with nothing appended.
 */
describe('customers deleted and number series edited (0099)', () => {
  let sys: TestSystem;
  let oslo: string;
  let planner: Client;

  const customer = async (payload: Record<string, unknown>) => {
    const res = await sys.command('CREATE_CUSTOMER', payload);
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };
  const row = async (table: string, id: string) =>
    sys.db.knex(table).where('id', id).first<{ data: Record<string, unknown> } | undefined>('data');

  beforeAll(async () => {
    sys = await startTestSystem();
    oslo = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0] as string;
    planner = sys.as(
      await sys.login({
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        access: ['PLANNER_LIVE'],
        departmentIds: [oslo],
      }),
    );
  }, 120_000);
  afterAll(async () => sys?.shutdown());

  it('S1-GEN-010: a referred-to customer is refused with 409 naming what refers to it, nothing appended; once free it is deleted and its row goes', async () => {
    const main = await customer({ name: 'Apotek', alystraId: 'A-77', departmentId: oslo });
    const sub = await customer({ name: 'Apotek Nord', alystraId: 'A-77', alystraSubcustomer: '2' });
    const group = await sys.command('CREATE_CUSTOMER_GROUP', { name: 'G', customerIds: [main] });
    const key = await sys.command('CREATE_API_KEY', { customerId: main, label: 'Shop' });
    const hook = await sys.command('CREATE_WEBHOOK', {
      customerId: main,
      url: 'http://127.0.0.1:9/hook',
      events: ['OrderCreated'],
    });
    expect([group.status, key.status, hook.status]).toEqual([200, 200, 200]);
    await sys.settled();

    const before = await countEvents(sys);
    const refused = await sys.command('DELETE_CUSTOMER', { id: main });
    expect(refused.status).toBe(409);
    const text = (refused.body as Item[])[0]!.description!;
    for (const kind of ['subcustomers', 'customerGroups', 'apiKeys', 'webhooks'])
      expect({ kind, named: text.includes(kind) }).toEqual({ kind, named: true });
    expect(text).toContain(sub);
    expect(await countEvents(sys)).toBe(before);

    // Without ADMIN_CUSTOMER: refused; an unknown customer: 404.
    expect((await planner.command('DELETE_CUSTOMER', { id: sub })).status).toBe(403);
    expect((await sys.command('DELETE_CUSTOMER', { id: '99999999' })).status).toBe(404);
    expect((await sys.command('DELETE_CUSTOMER', {})).status).toBe(400);

    // The sub-customer refers to nothing: deleted, its row gone, an update of it not found.
    expect((await sys.command('DELETE_CUSTOMER', { id: sub })).status).toBe(200);
    await sys.settled();
    expect(await row('rm_customers', sub)).toBeUndefined();
    expect((await sys.command('UPDATE_CUSTOMER', { id: sub, name: 'x' })).status).toBe(404);

    // Free of the others, the main customer goes too.
    expect((await sys.command('DELETE_CUSTOMER_GROUP', { id: group.body.ids[0] })).status).toBe(
      200,
    );
    expect((await sys.command('REVOKE_API_KEY', { id: key.body.ids[0] })).status).toBe(200);
    expect((await sys.command('DELETE_WEBHOOK', { id: hook.body.ids[0] })).status).toBe(200);
    await sys.settled();
    expect((await sys.command('DELETE_CUSTOMER', { id: main })).status).toBe(200);
    await sys.settled();
    expect(await row('rm_customers', main)).toBeUndefined();
  }, 120_000);

  it('S1-GEN-010: a customer with an order is refused, naming the order', async () => {
    await configureNumberSeries(sys, { companyPrefix: '7011112', departmentId: oslo });
    const booked = await customer({ name: 'Bokhandel', departmentId: oslo });
    const order = await sys.command('CREATE_ORDER', {
      departmentId: oslo,
      customerId: booked,
      pickupDate: DATE,
      pickup: block,
      delivery: block,
      measurements: [{ weight: 1 }],
    });
    expect(order.status).toBe(200);
    await sys.settled();
    const refused = await sys.command('DELETE_CUSTOMER', { id: booked });
    expect(refused.status).toBe(409);
    expect((refused.body as Item[])[0]!.description).toContain('orders');
  }, 120_000);

  it('S1-GEN-012: a series is renamed and its end moved; an end below a number handed out, a moved start and an end over another series are refused with nothing appended', async () => {
    const dep = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Bergen',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0] as string;
    const { gsin } = await configureNumberSeries(sys, {
      companyPrefix: '7011113',
      departmentId: dep,
      lastSerial: 1000,
    });
    const next = await sys.command('CREATE_NUMBER_SERIES', {
      name: 'Next',
      type: 'GSIN',
      companyPrefix: '7011113',
      firstSerial: 2001,
      lastSerial: 3000,
    });
    expect(next.status).toBe(200);
    const c = await customer({ name: 'Kunde', departmentId: dep });
    const order = await sys.command('CREATE_ORDER', {
      departmentId: dep,
      customerId: c,
      pickupDate: DATE,
      pickup: block,
      delivery: block,
      measurements: [{ weight: 1 }],
    });
    expect(order.status).toBe(200);
    await sys.settled();
    const handedOut = Number((await row('rm_number_series', gsin))!.data.nextSerial) - 1;
    expect(handedOut).toBeGreaterThan(0);

    const before = await countEvents(sys);
    const below = await sys.command('UPDATE_NUMBER_SERIES', {
      id: gsin,
      lastSerial: handedOut - 1,
    });
    expect({ status: below.status, fields: fields(below.body) }).toEqual({
      status: 400,
      fields: ['lastSerial'],
    });
    const moved = await sys.command('UPDATE_NUMBER_SERIES', { id: gsin, firstSerial: 5 });
    expect({ status: moved.status, fields: fields(moved.body) }).toEqual({
      status: 400,
      fields: ['firstSerial'],
    });
    const over = await sys.command('UPDATE_NUMBER_SERIES', { id: gsin, lastSerial: 2500 });
    expect(over.status).toBe(409);
    expect((await sys.command('UPDATE_NUMBER_SERIES', { id: '99999999', name: 'x' })).status).toBe(
      404,
    );
    expect(await countEvents(sys)).toBe(before);

    const ok = await sys.command('UPDATE_NUMBER_SERIES', {
      id: gsin,
      name: 'Shipments west',
      lastSerial: handedOut,
    });
    expect(ok.status).toBe(200);
    await sys.settled();
    const after = (await row('rm_number_series', gsin))!.data;
    expect({ name: after.name, lastSerial: after.lastSerial, remaining: after.remaining }).toEqual({
      name: 'Shipments west',
      lastSerial: handedOut,
      remaining: 0,
    });
  }, 120_000);
});
