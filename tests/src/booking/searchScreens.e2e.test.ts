import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bookingDate } from '../support/booking.js';
import { freshPhone, type Session, type TestSystem } from '../support/system.js';
import { delivery, order, startBookingSystem } from './bookingFixture.js';

/**
 * The queries of the search screens and the pickup-orders screen (issue 39 part 5): searchOrders
 * across the caller's departments, searchDeletedOrders and a restore from its result,
 * consignmentsInSameLoadCarrier and pickupOrders (docs/decisions/0052-search-screens.md).
 */
describe('search screens: the queries', () => {
  let sys: TestSystem;
  let oslo: string;
  let bergen: string;
  /** A PLANNER of Oslo only. */
  let osloPlanner: Session;
  beforeAll(async () => {
    ({ sys, oslo, bergen } = await startBookingSystem());
    expect((await sys.command('CREATE_CUSTOMER', { name: 'Fjord Bakeri' })).body.ids).toEqual([
      '2',
    ]);
    osloPlanner = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo],
    });
    await sys.settled();
  }, 60_000);
  afterAll(async () => sys.shutdown());

  /** A word no other test's order holds. */
  const word = () => `q${Math.random().toString(36).slice(2, 9)}`;
  const book = async (departmentId: string, over: Record<string, unknown> = {}) => {
    const res = await sys.command('CREATE_ORDER', order(departmentId, over));
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };
  const ids = (body: { id: string }[]) => body.map((r) => r.id).sort();

  it("S7-CALL-089 S9-CONST-011: searchOrders answers the user's departments only; words with AND by default, OR when asked; states, dates and customers narrow it", async () => {
    const w = word();
    const later = bookingDate(3);
    const a = await book(oslo, { customerRef: `${w}-A` });
    const b = await book(oslo, {
      customerRef: `${w}-B`,
      customerId: '2',
      pickupDate: later,
      delivery: { ...delivery, name: 'Ola Hansen' },
    });
    const c = await book(bergen, { customerRef: `${w}-C` });
    await sys.settled();
    const search = async (params: Record<string, unknown>, as = sys.as(sys.admin)) => {
      const res = await as.query('searchOrders', { searchPhrase: w, ...params });
      expect(res.status).toBe(200);
      return ids(res.body);
    };
    // Across every department of the user: the admin's all, the Oslo planner's Oslo.
    expect(await search({})).toEqual([a, b, c].sort());
    expect(await search({}, sys.as(osloPlanner))).toEqual([a, b].sort());
    expect(await search({ departmentIds: [bergen] }, sys.as(osloPlanner))).toEqual([]);
    // AND (default): every word; OR: any.
    expect(await search({ searchPhrase: `${w} hansen` })).toEqual([b]);
    expect(await search({ searchPhrase: `${w}-a hansen`, searchOperator: 'OR' })).toEqual(
      [a, b].sort(),
    );
    // Dates (the pickup date), customers, states.
    expect(await search({ fromDate: later, toDate: later })).toEqual([b]);
    expect(await search({ toDate: bookingDate(2) })).toEqual([a, c].sort());
    expect(await search({ customerIds: ['2'] })).toEqual([b]);
    await sys.command('DELETE_ORDERS', { orderIds: [c] });
    await sys.settled();
    expect(await search({ states: ['DELETED'] })).toEqual([c]);
    expect((await search({ states: ['UNRESOLVED', 'RESOLVED', 'CREATED'] })).sort()).toEqual(
      [a, b].sort(),
    );
  });

  it('S7-CALL-092: searchDeletedOrders finds the deleted orders of the user’s departments only, and RESTORE_ORDERS brings one back from the result', async () => {
    const w = word();
    const kept = await book(oslo, { customerRef: `${w}-K` });
    const gone = await book(oslo, { customerRef: `${w}-G` });
    const theirs = await book(bergen, { customerRef: `${w}-T` });
    await sys.settled();
    const before = (await sys.query('consignments', { ids: [gone] })).body[0].state as string;
    expect((await sys.command('DELETE_ORDERS', { orderIds: [gone, theirs] })).status).toBe(200);
    await sys.settled();
    const deleted = async (as = sys.as(sys.admin), more: Record<string, unknown> = {}) => {
      const res = await as.query('searchDeletedOrders', { searchPhrase: w, ...more });
      expect(res.status).toBe(200);
      for (const row of res.body) expect(row.state).toBe('DELETED');
      return ids(res.body);
    };
    expect(await deleted()).toEqual([gone, theirs].sort());
    expect(await deleted(sys.as(osloPlanner))).toEqual([gone]);
    expect(await deleted(sys.as(sys.admin), { departmentIds: [bergen] })).toEqual([theirs]);
    // Words combine with OR by default, as searchConsignments' (spec §9).
    expect(await deleted(sys.as(sys.admin), { searchPhrase: `${w}-g ${w}-t` })).toEqual(
      [gone, theirs].sort(),
    );
    expect((await sys.query('searchDeletedOrders', { searchPhrase: 'ab' })).status).toBe(400);
    expect((await sys.query('searchDeletedOrders', {})).status).toBe(400);
    // Restored from the result: out of the deleted orders, back in the state it had.
    const [row] = (await sys.as(osloPlanner).query('searchDeletedOrders', { searchPhrase: w }))
      .body;
    const restored = await sys.as(osloPlanner).command('RESTORE_ORDERS', {
      orderIds: [row.orderId],
    });
    expect(restored.status).toBe(200);
    await sys.settled();
    expect(await deleted(sys.as(osloPlanner))).toEqual([]);
    const [back] = (await sys.query('consignments', { ids: [gone] })).body;
    expect(back.state).toBe(before);
    expect(ids((await sys.query('searchConsignments', { searchPhrase: w })).body)).toContain(kept);
    // Another department's deleted order is not restored by the Oslo planner.
    const refused = await sys.as(osloPlanner).command('RESTORE_ORDERS', { orderIds: [theirs] });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    await sys.settled();
    expect(await deleted(sys.as(sys.admin))).toEqual([theirs]);
  });

  it('S7-CALL-093 S5-VAL-074: consignmentsInSameLoadCarrier answers the rows on the same load carrier in the user’s scope; a row on a load carrier is not editable', async () => {
    const carrier = `PAL-${word()}`;
    const first = await book(oslo, { loadCarrierId: carrier });
    const second = await book(oslo, { loadCarrierId: carrier });
    const elsewhere = await book(bergen, { loadCarrierId: carrier });
    const loose = await book(oslo);
    await book(oslo, { loadCarrierId: `PAL-${word()}` });
    await sys.settled();
    const same = async (consignmentId: string, as = sys.as(sys.admin)) => {
      const res = await as.query('consignmentsInSameLoadCarrier', { consignmentId });
      expect(res.status).toBe(200);
      return res.body as { id: string; loadCarrierId: string; isEditable: boolean }[];
    };
    const all = await same(second);
    // The asked one first, then the others.
    expect(all[0]!.id).toBe(second);
    expect(ids(all)).toEqual([first, second, elsewhere].sort());
    for (const row of all) expect(row).toMatchObject({ loadCarrierId: carrier, isEditable: false });
    expect(ids(await same(first, sys.as(osloPlanner)))).toEqual([first, second].sort());
    // Out of scope, or on no load carrier: none.
    expect(await same(elsewhere, sys.as(osloPlanner))).toEqual([]);
    expect(await same(loose)).toEqual([]);
    expect((await same(loose))[0]).toBeUndefined();
    expect((await sys.query('consignments', { ids: [loose] })).body[0].isEditable).toBe(true);
    expect((await sys.query('consignmentsInSameLoadCarrier', {})).status).toBe(400);
  });

  it('S6-FLAG-039: pickupOrders answers the range’s orders still to be collected; a user holding only PLANNER_PICKUP_ORDERS reads it and not the grid, one without it is refused', async () => {
    const day = bookingDate(4);
    const waiting = await book(oslo, { pickupDate: day });
    const deleted = await book(oslo, { pickupDate: day });
    // Only an order waiting for confirmation can be rejected.
    const rejected = await book(oslo, { pickupDate: day, requiresConfirmation: true });
    const otherDay = await book(oslo, { pickupDate: bookingDate(5) });
    const theirs = await book(bergen, { pickupDate: day });
    await sys.command('DELETE_ORDERS', { orderIds: [deleted] });
    const rejecting = { orderIds: [rejected], reason: 'NO_CAPACITY' };
    expect((await sys.command('REJECT_ORDERS', rejecting)).body.failed).toEqual([]);
    await sys.settled();
    const only = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo],
      access: ['PLANNER_PICKUP_ORDERS'],
    });
    const without = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo],
      access: ['PLANNER_SHIPMENTS'],
    });
    const res = await sys.as(only).query('pickupOrders', { fromDate: day, toDate: day });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([waiting]);
    const admin = await sys.query('pickupOrders', { fromDate: day });
    expect(ids(admin.body)).toEqual([waiting, theirs].sort());
    const range = await sys.query('pickupOrders', {
      departmentIds: [oslo],
      fromDate: day,
      toDate: bookingDate(5),
    });
    expect(ids(range.body)).toEqual([waiting, otherDay].sort());
    expect((await sys.as(only).query('consignments', { fromDate: day })).status).toBe(403);
    expect((await sys.as(without).query('pickupOrders', { fromDate: day })).status).toBe(403);
    expect((await sys.query('pickupOrders', { fromDate: '2026-02-30' })).status).toBe(400);
  });
});
