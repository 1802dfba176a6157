import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { delivery, order, startBookingSystem } from './bookingFixture.js';
import { freshPhone, type TestSystem } from '../support/system.js';

/** An address the gazetteer cannot place (no such postal code). */
const nowhere = (address: string, name = 'Kari Nordmann') => ({
  delivery: { ...delivery, name, address, zipCode: '0000', zipArea: 'Nowhere' },
});

interface Line {
  id: string;
  departmentId: string;
  address: string;
  zipCode: string;
  orders: { orderId: string; side: string; name: string; customerName: string | null }[];
}

/**
 * Unresolved addresses (spec §2 `/unresolved`, `/coordinates`; §7; docs/decisions/0053): one line
 * per address as booked, with its orders; placing it resolves them all.
 */
describe('unresolved addresses', () => {
  let sys: TestSystem;
  let oslo: string;
  let bergen: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    ({ sys, oslo, bergen } = await startBookingSystem());
    const book = async (key: string, departmentId: string, over: Record<string, unknown>) => {
      const res = await sys.command('CREATE_ORDER', order(departmentId, over));
      expect(res.status).toBe(200);
      ids[key] = res.body.ids[0];
    };
    // The same address twice, written differently; another address; a placed one; Bergen's.
    await book('a1', oslo, nowhere('Ukjentveien 1'));
    await book('a2', oslo, nowhere('ukjentveien  1,', 'Ola Nordmann'));
    await book('b', oslo, nowhere('Glemtgata 7'));
    await book('found', oslo, {});
    await book('bergen', bergen, nowhere('Ukjentveien 1'));
    await sys.settled();
  }, 60_000);
  afterAll(async () => sys.shutdown());

  const lines = async (departmentIds: string[]) => {
    const res = await sys.query('unresolvedAddresses', { departmentIds });
    expect(res.status).toBe(200);
    return res.body as Line[];
  };

  it('S7-CALL-101 unresolvedAddresses: one line per address as booked with its orders; unresolvedAddressCount counts the lines', async () => {
    const found = await lines([oslo]);
    expect(found.map((l) => [l.address, l.zipCode, l.orders.map((o) => o.orderId).sort()])).toEqual(
      [
        ['Ukjentveien 1', '0000', [ids.a1, ids.a2].sort()],
        ['Glemtgata 7', '0000', [ids.b]],
      ],
    );
    expect(found[0]!.orders.map((o) => [o.side, o.name, o.customerName]).sort()).toEqual([
      ['delivery', 'Kari Nordmann', 'Nordlys Apotek'],
      ['delivery', 'Ola Nordmann', 'Nordlys Apotek'],
    ]);
    const count = await sys.query('unresolvedAddressCount', { departmentIds: [oslo] });
    expect([count.status, count.body]).toEqual([200, { count: 2, orders: 3 }]);
    // Both departments: Bergen's booking of the same text is a line of its own (its own pins).
    const both = await sys.query('unresolvedAddressCount', { departmentIds: [oslo, bergen] });
    expect(both.body).toEqual({ count: 3, orders: 4 });
    expect((await lines([oslo, bergen])).map((l) => l.departmentId).sort()).toEqual(
      [oslo, oslo, bergen].sort(),
    );
    // Params out of range are refused naming the field.
    const bad = await sys.query('unresolvedAddresses', { departmentIds: [oslo], limit: 0 });
    expect(bad.status).toBe(400);
  });

  it('S6-FLAG-027 PLANNER_UNRESOLVED reads both queries; the shipments flag reads the count only; other planners are refused; a planner sees only their departments', async () => {
    const user = async (access: string[], departmentIds = [oslo]) =>
      sys.as(
        await sys.login({ phoneNumber: freshPhone(), role: 'PLANNER', departmentIds, access }),
      );
    const unresolved = await user(['PLANNER_UNRESOLVED']);
    expect((await unresolved.query('unresolvedAddresses', {})).body).toHaveLength(2);
    expect((await unresolved.query('unresolvedAddressCount', {})).body).toEqual({
      count: 2,
      orders: 3,
    });
    // Asking for a department outside the caller's access finds nothing there.
    expect(
      (await unresolved.query('unresolvedAddressCount', { departmentIds: [bergen] })).body,
    ).toEqual({ count: 0, orders: 0 });
    const shipments = await user(['PLANNER_SHIPMENTS']);
    expect((await shipments.query('unresolvedAddressCount', {})).status).toBe(200);
    expect((await shipments.query('unresolvedAddresses', {})).status).toBe(403);
    const booking = await user(['PLANNER_BOOKING']);
    for (const name of ['unresolvedAddresses', 'unresolvedAddressCount'])
      expect([name, (await booking.query(name, {})).status]).toEqual([name, 403]);
  });

  it('S7-CMD-035 RESOLVE_ADDRESS for every order of a line places the address: the line goes and the count drops', async () => {
    const [line] = await lines([oslo]);
    for (const o of line!.orders) {
      const res = await sys.command('RESOLVE_ADDRESS', {
        consignmentId: o.orderId,
        side: o.side,
        lat: 59.95,
        lng: 10.8,
      });
      expect(res.status).toBe(200);
    }
    await sys.settled();
    expect((await lines([oslo])).map((l) => l.address)).toEqual(['Glemtgata 7']);
    expect((await sys.query('unresolvedAddressCount', { departmentIds: [oslo] })).body).toEqual({
      count: 1,
      orders: 1,
    });
    const [stored] = (await sys.query('orders', { ids: [ids.a1] })).body;
    expect([stored.state, stored.order.delivery.lat]).toEqual(['RESOLVED', 59.95]);
  });
});
