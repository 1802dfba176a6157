import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { delivery, order, startBookingSystem, DATE } from './bookingFixture.js';
import { createSlot } from '../support/planning.js';
import { freshPhone, type TestSystem } from '../support/system.js';
import { countEvents } from '../support/events.js';

/**
 * MOVE_ORDERS_NEW and SEARCH_RECIPIENT_ID (docs/decisions/0089-move-orders-new.md): the move to
 * another department all or nothing with each refused order named; the booking form's read-only
 * look-up of an earlier recipient, in the caller's customers and departments.
 */
describe('MOVE_ORDERS_NEW and SEARCH_RECIPIENT_ID', () => {
  let sys: TestSystem;
  let oslo: string;
  let bergen: string;
  const book = async (departmentId: string, over: Record<string, unknown> = {}) => {
    const res = await sys.command('CREATE_ORDER', order(departmentId, over));
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };
  const departmentOf = async (id: string) =>
    (await sys.query('orders', { ids: [id] })).body[0].departmentId as string;

  beforeAll(async () => {
    ({ sys, oslo, bergen } = await startBookingSystem());
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('S7-CMD-041 MOVE_ORDERS_NEW moves every order to the department, a planned one off its slot, as one change', async () => {
    const slotId = await createSlot(sys, oslo, DATE);
    const [planned, waiting] = [await book(oslo), await book(oslo)];
    const plan = await sys.command('UPDATE_CONSIGNMENT_SLOT', {
      consignmentIds: [planned],
      slotId,
    });
    expect(plan.status).toBe(200);
    const moved = await sys.command('MOVE_ORDERS_NEW', {
      orderIds: [planned, waiting],
      departmentId: bergen,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.ids).toEqual([planned, waiting, slotId]);
    expect(moved.body.events).toEqual(['OrderMoved', 'OrderMoved', 'ConsignmentsRemovedFromSlot']);
    expect(moved.body.failed).toEqual([]);
    await sys.settled();
    for (const id of [planned, waiting]) expect(await departmentOf(id)).toBe(bergen);
    const row = (await sys.query('consignments', { ids: [planned] })).body[0];
    expect({ departmentId: row.departmentId, slotId: row.slotId }).toEqual({
      departmentId: bergen,
      slotId: null,
    });
    expect((await sys.query('slotById', { id: slotId })).body.routePoints).toEqual([]);
  });

  it('S7-CMD-041 MOVE_ORDERS_NEW is all or nothing: one refused order names itself and none moves', async () => {
    const [fine, deleted, collected] = [await book(oslo), await book(oslo), await book(oslo)];
    expect((await sys.command('DELETE_ORDERS', { orderIds: [deleted] })).status).toBe(200);
    expect((await sys.command('MANUAL_COLLECT', { consignmentIds: [collected] })).status).toBe(200);
    const before = await countEvents(sys);
    const refused = await sys.command('MOVE_ORDERS_NEW', {
      orderIds: [fine, deleted, collected],
      departmentId: bergen,
    });
    expect(refused.status).toBe(409);
    const items = refused.body as { errorType: string; params: { orderId: string } }[];
    expect(items.map((i) => [i.params.orderId, i.errorType])).toEqual([
      [deleted, 'INVALID_STATE_TRANSITION'],
      [collected, 'INVALID_STATE_TRANSITION'],
    ]);
    expect(await countEvents(sys)).toBe(before);
    // MOVE_ORDERS moves what it can: the same selection moves the one order that may move.
    const partial = await sys.command('MOVE_ORDERS', {
      orderIds: [fine, deleted, collected],
      departmentId: bergen,
    });
    expect(partial.body.ids).toEqual([fine]);
    await sys.settled();
    expect(await departmentOf(fine)).toBe(bergen);
    expect(await departmentOf(collected)).toBe(oslo);
  });

  it('S7-CMD-041 MOVE_ORDERS_NEW: a bad payload is 400, another department is refused as reading it is; nothing changes', async () => {
    const id = await book(oslo);
    const osloPlanner = sys.as(
      await sys.login({ phoneNumber: freshPhone(), role: 'PLANNER', departmentIds: [oslo] }),
    );
    const bergenPlanner = sys.as(
      await sys.login({ phoneNumber: freshPhone(), role: 'PLANNER', departmentIds: [bergen] }),
    );
    const before = await countEvents(sys);
    const bad = await sys.command('MOVE_ORDERS_NEW', { orderIds: [], departmentId: bergen });
    expect(bad.status).toBe(400);
    expect((await sys.command('MOVE_ORDERS_NEW', { orderIds: [id] })).status).toBe(400);
    // The target department outside its access; another department's order.
    const target = await osloPlanner.command('MOVE_ORDERS_NEW', {
      orderIds: [id],
      departmentId: bergen,
    });
    expect(target.status).toBe(404);
    const theirs = await bergenPlanner.command('MOVE_ORDERS_NEW', {
      orderIds: [id],
      departmentId: bergen,
    });
    expect(theirs.status).toBe(404);
    expect(await countEvents(sys)).toBe(before);
    await sys.settled();
    expect(await departmentOf(id)).toBe(oslo);
  });

  describe('SEARCH_RECIPIENT_ID', () => {
    const kari = { ...delivery, phone: '+47 91 23 45 67', email: 'kari@example.no' };
    let addressId: string;
    let karisOrder: string;
    let bergensOrder: string;
    beforeAll(async () => {
      karisOrder = await book(oslo, { delivery: kari });
      bergensOrder = await book(bergen, {
        delivery: { ...kari, address: 'Bryggen 5', zipCode: '5003', zipArea: 'Bergen' },
      });
      const saved = await sys.command('CREATE_ADDRESS', {
        departmentId: oslo,
        customerId: '1',
        usage: 'DELIVERY',
        block: { ...kari, address: 'Thereses gate 1', zipCode: '0168' },
      });
      expect(saved.status).toBe(200);
      addressId = saved.body.ids[0];
      // Another customer's order to the same person.
      const other = await sys.command('CREATE_CUSTOMER', { name: 'Fjord Sko' });
      expect(other.status).toBe(200);
      await book(oslo, { customerId: other.body.ids[0], delivery: kari });
      await sys.settled();
    });
    const search = (payload: Record<string, unknown>, client: Pick<TestSystem, 'command'> = sys) =>
      client.command('SEARCH_RECIPIENT_ID', { customerId: '1', ...payload });

    it('S7-CMD-054 SEARCH_RECIPIENT_ID answers the recipient ids of the customer’s saved address and earlier orders, writing nothing', async () => {
      const before = await countEvents(sys);
      const byPhone = await search({ phone: '912 34 567' });
      expect(byPhone.status).toBe(200);
      expect(byPhone.body.events).toEqual([]);
      expect(byPhone.body.position).toBeNull();
      const found = byPhone.body.recipients as {
        recipientId: string;
        source: string;
        orderId: string | null;
        block: { address: string };
      }[];
      expect(found.map((r) => [r.source, r.recipientId, r.block.address])).toEqual([
        ['ADDRESS_BOOK', addressId, 'Thereses gate 1'],
        ['ORDER', bergensOrder, 'Bryggen 5'],
        ['ORDER', karisOrder, 'Bogstadveien 10'],
      ]);
      const byMail = await search({ email: 'KARI@example.no', departmentId: oslo });
      expect(byMail.body.recipients.map((r: { recipientId: string }) => r.recipientId)).toEqual([
        addressId,
        karisOrder,
      ]);
      const byName = await search({ name: 'nordmann', phone: '+4791234567', departmentId: bergen });
      expect(byName.body.recipients.map((r: { recipientId: string }) => r.recipientId)).toEqual([
        bergensOrder,
      ]);
      expect((await search({ name: 'Nobody Here' })).body.recipients).toEqual([]);
      expect(await countEvents(sys)).toBe(before);
    });

    it('S7-CMD-054 SEARCH_RECIPIENT_ID: a payload without a criterion or with a bad one is 400', async () => {
      for (const payload of [{}, { phone: '12' }, { email: 'kari@' }, { name: 'ka' }]) {
        const res = await search(payload);
        expect(res.status).toBe(400);
        expect(res.body[0].errorType).toBe('VALIDATION_ERROR');
      }
    });

    it("SEARCH_RECIPIENT_ID answers only what the caller may read: another customer's recipients are not found, another department's not answered", async () => {
      const osloPlanner = sys.as(
        await sys.login({ phoneNumber: freshPhone(), role: 'PLANNER', departmentIds: [oslo] }),
      );
      const mine = await search({ phone: '91234567' }, osloPlanner);
      expect(mine.body.recipients.map((r: { recipientId: string }) => r.recipientId)).toEqual([
        addressId,
        karisOrder,
      ]);
      const elsewhere = await search({ phone: '91234567', departmentId: bergen }, osloPlanner);
      expect(elsewhere.status).toBe(404);
      const customer = sys.as(
        await sys.login({
          phoneNumber: freshPhone(),
          role: 'CUSTOMER',
          customerId: '1',
          departmentIds: [oslo, bergen],
        }),
      );
      expect((await search({ phone: '91234567', customerId: '2' }, customer)).status).toBe(404);
      const own = await search({ email: 'kari@example.no' }, customer);
      expect(own.status).toBe(200);
      expect(own.body.recipients).toHaveLength(3);
    });
  });
});
