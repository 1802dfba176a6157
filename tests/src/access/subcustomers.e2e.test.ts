import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';

/**
 * Customer users see their own customer's data and, for a main customer, its sub-customers'
 * (customers with the same customer number and a sub-customer code); never another customer's.
 */
describe('customer users and sub-customers', () => {
  let sys: TestSystem;
  let main: string;
  let sub: string;
  let other: string;
  let dep = '';
  const orders = new Map<string, string>();

  beforeAll(async () => {
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    dep = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0];
    const customer = async (name: string, alystraId: string, alystraSubcustomer: string) =>
      (
        await sys.command('CREATE_CUSTOMER', {
          name,
          departmentId: dep,
          alystraId,
          alystraSubcustomer,
        })
      ).body.ids[0] as string;
    main = await customer('Main AS', '1000', '');
    sub = await customer('Main AS, Bergen', '1000', '01');
    other = await customer('Other AS', '2000', '');
    const block = osloAddress;
    for (const c of [main, sub, other]) {
      const made = await sys.command('CREATE_ORDER', {
        departmentId: dep,
        customerId: c,
        pickupDate: bookingDate(),
        pickup: block,
        delivery: block,
        measurements: [{ weight: 1 }],
      });
      expect(made.status).toBe(200);
      orders.set(c, made.body.ids[0]);
    }
    await sys.settled();
  }, 60_000);
  afterAll(async () => {
    await sys?.shutdown();
  });

  const seen = async (customerId: string) => {
    const user = await sys.login({
      phoneNumber: freshPhone(),
      role: 'CUSTOMER',
      customerId,
      departmentIds: [dep],
    });
    const rows = (await sys.as(user).query('consignments', { fromDate: bookingDate() })).body as {
      customerId: string;
    }[];
    return { user, customers: [...new Set(rows.map((r) => r.customerId))].sort() };
  };

  it("S1-GEN-025: a main customer's user sees its sub-customers' orders too, and lists them", async () => {
    const { user, customers } = await seen(main);
    expect(customers).toEqual([main, sub].sort());
    const subs = await sys.as(user).query('subcustomersForAlystraId', { alystraId: '1000' });
    expect(subs.status).toBe(200);
    expect(subs.body.map((c: { id: string }) => c.id)).toEqual([sub]);
    expect(
      (await sys.as(user).query('subcustomersForAlystraId', { alystraId: '2000' })).body,
    ).toEqual([]);
    const history = await sys.as(user).query('orderHistory', { orderId: orders.get(other) });
    expect(history.status).toBe(404);
    expect((await sys.as(user).query('orderHistory', { orderId: orders.get(sub) })).status).toBe(
      200,
    );
  });

  it("a sub-customer's user sees only that sub-customer", async () => {
    expect((await seen(sub)).customers).toEqual([sub]);
  });

  it("another customer's user sees none of them", async () => {
    expect((await seen(other)).customers).toEqual([other]);
  });
});
