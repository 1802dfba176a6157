import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { multilegReturnsColumns } from '@nordlog/contracts';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { createSlot } from '../support/planning.js';
import {
  createFirstDepartmentAndCustomer,
  freshPhone,
  startTestSystem,
  type Session,
  type TestSystem,
} from '../support/system.js';

const DATE = bookingDate(2);
const LATER = bookingDate(5);
const TERMINAL = { street: 'Tollbugata 17', postalCode: '0152', town: 'Oslo', country: 'NO' };
const WAREHOUSE = {
  street: 'Alfaset 3. Industrivei 22',
  postalCode: '0668',
  town: 'Oslo',
  country: 'NO',
};
const SENDER = { ...osloAddress, name: 'Apotek Storgata', address: 'Storgata 1' };
const RECIPIENT = {
  ...osloAddress,
  name: 'Kari Nordmann',
  address: 'Bogstadveien 10',
  zipCode: '0355',
  lat: 59.93,
  lng: 10.72,
};

/**
 * Returns (issue 39 part 2, docs/decisions/0057-returns.md): COPY_DEVIATED_ORDER and the
 * multi-leg returns through the gateway, their links both ways (`getOrderReturnDetails`), the
 * customer's return address and "return last leg", the manage-returns lists and the CSV list,
 * and the refusals with nothing written.
 */
describe('returns: copies of deviated orders and multi-leg returns', () => {
  let sys: TestSystem;
  let planner: Session;
  const countEvents = async () =>
    Number((await sys.db.knex('es_events').count<{ count: string }[]>('* as count'))[0]!.count);
  /** Orders booked: the OrderCreated events in the store. */
  const countOrders = async () =>
    Number(
      (
        await sys.db
          .knex('es_events')
          .where('type', 'OrderCreated')
          .count<{ count: string }[]>('* as count')
      )[0]!.count,
    );

  const book = async (customerId = '1') => {
    const res = await sys.command('CREATE_ORDER', {
      departmentId: '1',
      customerId,
      pickupDate: DATE,
      pickup: SENDER,
      delivery: RECIPIENT,
      customerRef: 'REF-77',
      measurements: [{ weight: 4, quantity: 2 }],
    });
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };
  /** A booked order planned and deviated; `collected`: the courier had the goods first. */
  const deviated = async (reason = 'NOT_HOME', collected = false, customerId = '1') => {
    const orderId = await book(customerId);
    const slotId = await createSlot(sys, '1', DATE);
    await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [orderId], slotId });
    if (collected) await sys.command('MANUAL_COLLECT', { consignmentIds: [orderId] });
    const res = await sys.command('CREATE_DEVIATION', { orderId, reason });
    expect(res.status).toBe(200);
    return orderId;
  };
  const delivered = async (customerId = '1') => {
    const orderId = await book(customerId);
    const slotId = await createSlot(sys, '1', DATE);
    await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [orderId], slotId });
    expect((await sys.command('MANUAL_DELIVER', { consignmentIds: [orderId] })).status).toBe(200);
    return orderId;
  };
  /** A file download as fetch sees it: status, type and text. */
  const download = async (session: Session, path: string, body: unknown) => {
    const res = await fetch(`${sys.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: session.cookie,
        'x-csrf-token': session.csrf,
      },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      contentType: res.headers.get('content-type') ?? '',
      text: await res.text(),
    };
  };
  const orderOf = async (orderId: string) =>
    (await sys.query('orders', { ids: [orderId] })).body[0];
  const details = async (orderId: string) =>
    (await sys.as(planner).query('getOrderReturnDetails', { orderId })).body;

  beforeAll(async () => {
    sys = await startTestSystem();
    await createFirstDepartmentAndCustomer(sys);
    await configureNumberSeries(sys);
    // The terminal returns go through, and a second customer whose returns go to a warehouse.
    await sys.command('UPDATE_DEPARTMENT', {
      id: '1',
      address: TERMINAL,
      location: { lat: 59.908, lng: 10.746 },
    });
    await sys.command('CREATE_CUSTOMER', { name: 'Fjordkraft', returnAddress: WAREHOUSE });
    planner = await sys.login({ phoneNumber: freshPhone(), role: 'PLANNER', departmentIds: ['1'] });
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('S7-CMD-032 S4-FLOW-010 S7-CALL-096 COPY_DEVIATED_ORDER makes a new order with the same contents, linked both ways', async () => {
    const orderId = await deviated();
    const res = await sys.as(planner).command('COPY_DEVIATED_ORDER', { orderId });
    expect(res.status).toBe(200);
    expect(res.body.events).toEqual(['OrderReturnCreated']);
    const copyId = res.body.ids[0] as string;
    expect(copyId).not.toBe(orderId);
    await sys.settled();
    const [original, copy] = [await orderOf(orderId), await orderOf(copyId)];
    // Same contents and parties; new numbers; a new attempt is its own order, to plan again.
    expect(copy.order).toMatchObject({
      customerId: '1',
      customerRef: 'REF-77',
      parentId: orderId,
      pickup: { name: SENDER.name, address: SENDER.address },
      delivery: { name: RECIPIENT.name, address: RECIPIENT.address },
    });
    expect(copy.order.measurements).toEqual([expect.objectContaining({ weight: 4, quantity: 2 })]);
    expect(copy.shipmentId).not.toBe(original.shipmentId);
    expect(copy.order.measurements[0].packageIds).toHaveLength(2);
    expect(copy.state).toBe('RESOLVED');
    expect(original.state).toBe('DEVIATED');
    const back = await details(orderId);
    expect(back.return).toMatchObject({ kind: 'COPY', to: 'SAME_ADDRESS', orderIds: [copyId] });
    expect(back.return.legs).toEqual([
      expect.objectContaining({ orderId: copyId, leg: 1, state: 'RESOLVED' }),
    ]);
    expect(back.eligible).toEqual({ COPY: false, MULTILEG: false, reason: expect.any(String) });
    expect((await details(copyId)).returnOf).toEqual({
      orderId,
      returnId: back.return.returnId,
      kind: 'COPY',
      leg: 1,
      legs: 1,
    });
  });

  it('S1-GEN-027 S7-CALL-087 a copy back to the sender goes to the customer’s return address, from the terminal once the goods were collected', async () => {
    const fjordkraft = '2';
    const address = await sys
      .as(planner)
      .query('customerReturnAddress', { customerId: fjordkraft });
    expect(address.status).toBe(200);
    expect(address.body).toEqual({
      customerId: fjordkraft,
      returnAddress: { ...WAREHOUSE, postalCode: '0668' },
      returnLastLeg: true,
    });
    const orderId = await deviated('REFUSED', true, fjordkraft);
    const res = await sys.as(planner).command('COPY_DEVIATED_ORDER', { orderId, to: 'SENDER' });
    expect(res.status).toBe(200);
    await sys.settled();
    const copy = await orderOf(res.body.ids[0]);
    expect(copy.order.type).toBe('Return');
    expect(copy.order.pickup).toMatchObject({
      name: 'Oslo',
      address: TERMINAL.street,
      zipCode: TERMINAL.postalCode,
      lat: 59.908,
      lng: 10.746,
    });
    expect(copy.order.delivery).toMatchObject({
      name: 'Fjordkraft',
      address: WAREHOUSE.street,
      zipCode: WAREHOUSE.postalCode,
      zipArea: WAREHOUSE.town,
    });
    // A new address is taken as given.
    const again = await deviated();
    const moved = await sys.as(planner).command('COPY_DEVIATED_ORDER', {
      orderId: again,
      to: 'NEW_ADDRESS',
      delivery: { ...RECIPIENT, name: 'Ola Nordmann', address: 'Thereses gate 3' },
      pickupDate: LATER,
    });
    expect(moved.status).toBe(200);
    await sys.settled();
    const newAddress = await orderOf(moved.body.ids[0]);
    expect(newAddress.order).toMatchObject({
      pickupDate: LATER,
      delivery: { name: 'Ola Nordmann', address: 'Thereses gate 3' },
    });
  });

  it('S7-CMD-032 S4-FLOW-009 a multi-leg return of a delivered order is two legs through the terminal, each plannable on its own slot, priced together', async () => {
    const orderId = await delivered();
    const res = await sys.as(planner).command('CREATE_MULTILEG_RETURN', {
      orderId,
      pickupDate: DATE,
    });
    expect(res.status).toBe(200);
    await sys.settled();
    const back = await details(orderId);
    expect(back.return).toMatchObject({ kind: 'MULTILEG', to: null, lastLegSkipped: false });
    const [first, last] = back.return.legs;
    expect(res.body.ids[0]).toBe(first.orderId);
    expect(first).toMatchObject({
      leg: 1,
      pickupDate: DATE,
      pickup: { name: RECIPIENT.name, address: RECIPIENT.address },
      delivery: { name: 'Oslo', address: TERMINAL.street },
    });
    // The last leg goes the day after, from the terminal back to where the goods came from.
    expect(last).toMatchObject({
      leg: 2,
      pickupDate: bookingDate(3),
      pickup: { name: 'Oslo', address: TERMINAL.street },
      delivery: { name: SENDER.name, address: SENDER.address },
    });
    expect(back.return.price).toMatchObject({ orderIds: [first.orderId, last.orderId] });
    expect(back.return.price.legs).toHaveLength(2);
    // Each leg on a slot of its own.
    const morning = await createSlot(sys, '1', DATE);
    const nextDay = await createSlot(sys, '1', bookingDate(3));
    for (const [leg, slotId] of [
      [first.orderId, morning],
      [last.orderId, nextDay],
    ] as const)
      expect(
        (await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [leg], slotId })).status,
      ).toBe(200);
    await sys.settled();
    expect((await details(orderId)).return.legs.map((l: { slotId: string }) => l.slotId)).toEqual([
      morning,
      nextDay,
    ]);
  });

  it('S7-CMD-032 a customer who takes returns back at the terminal gets the first leg only ("return last leg" off)', async () => {
    const customer = (
      await sys.command('CREATE_CUSTOMER', { name: 'Hentes selv AS', returnLastLeg: false })
    ).body.ids[0] as string;
    const orderId = await delivered(customer);
    const res = await sys.as(planner).command('CREATE_MULTILEG_RETURN', { orderId });
    expect(res.status).toBe(200);
    await sys.settled();
    const back = await details(orderId);
    expect(back.return).toMatchObject({ kind: 'MULTILEG', lastLegSkipped: true });
    expect(back.return.legs).toEqual([
      expect.objectContaining({ leg: 1, delivery: expect.objectContaining({ name: 'Oslo' }) }),
    ]);
  });

  it('S7-CMD-032 a return is refused, with nothing written, for an order not deviated or delivered, a second time, a deviated order never collected, and a bad payload', async () => {
    const planned = await book();
    const deviatedOrder = await deviated();
    await sys.as(planner).command('COPY_DEVIATED_ORDER', { orderId: deviatedOrder });
    await sys.settled();
    const [events, orders] = [await countEvents(), await countOrders()];
    const refusals = [
      ['COPY_DEVIATED_ORDER', { orderId: planned }, 409, 'INVALID_STATE_TRANSITION'],
      ['CREATE_MULTILEG_RETURN', { orderId: planned }, 409, 'INVALID_STATE_TRANSITION'],
      ['COPY_DEVIATED_ORDER', { orderId: deviatedOrder }, 409, 'ALREADY_EXISTS'],
      ['CREATE_MULTILEG_RETURN', { orderId: await deviated() }, 409, 'INVALID_STATE_TRANSITION'],
      ['COPY_DEVIATED_ORDER', { orderId: planned, to: 'NEW_ADDRESS' }, 400, 'VALIDATION_ERROR'],
      [
        'CREATE_MULTILEG_RETURN',
        { orderId: planned, pickupDate: LATER, lastLegDate: DATE },
        400,
        'VALIDATION_ERROR',
      ],
      ['COPY_DEVIATED_ORDER', { orderId: '999999' }, 404, 'ORDER_NOT_FOUND'],
    ] as const;
    const after = await countEvents();
    for (const [name, payload, status, errorType] of refusals) {
      const res = await sys.as(planner).command(name, payload);
      expect({ name, payload, status: res.status, errorType: res.body[0]?.errorType }).toEqual({
        name,
        payload,
        status,
        errorType,
      });
      expect(res.body[0].description).toMatch(/.{20}/);
    }
    // Only the deviated order made for the list above was written (its booking, slot, deviation).
    expect(await countEvents()).toBe(after);
    expect(after - events).toBeGreaterThan(0);
    expect(await countOrders()).toBe(orders + 1);
  });

  it('S7-CMD-032 a multi-leg return is both legs or neither: two at once make one return of two orders', async () => {
    const orderId = await delivered();
    await sys.settled();
    const orders = await countOrders();
    const [a, b] = await Promise.all([
      sys.as(planner).command('CREATE_MULTILEG_RETURN', { orderId }),
      sys.as(planner).command('CREATE_MULTILEG_RETURN', { orderId }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await countOrders()).toBe(orders + 2);
  });

  it('S7-CMD-032 CREATE_MULTILEG_RETURNS makes each order’s return on its own and lists the refused', async () => {
    const good = [await delivered(), await delivered()];
    const bad = await book();
    const res = await sys
      .as(planner)
      .command('CREATE_MULTILEG_RETURNS', { orderIds: [...good, bad], pickupDate: DATE });
    expect(res.status).toBe(200);
    expect(res.body.ids).toEqual(good);
    expect(res.body.failed).toEqual([
      expect.objectContaining({ id: bad, errorType: 'INVALID_STATE_TRANSITION' }),
    ]);
    await sys.settled();
    for (const id of good) expect((await details(id)).return.legs).toHaveLength(2);
    expect((await details(bad)).return).toBeNull();
  });

  it('S6-FLAG-031 S7-CALL-030 the manage-returns lists and the multi-leg returns CSV, for the returns flag alone', async () => {
    const toMake = await deviated('DAMAGED');
    const made = await delivered();
    await sys.command('CREATE_MULTILEG_RETURN', { orderId: made, pickupDate: DATE });
    await sys.settled();
    const returnsUser = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: ['1'],
      access: ['PLANNER_MANAGE_RETURNS'],
    });
    const returns = sys.as(returnsUser);
    const list = (params: Record<string, unknown>) =>
      returns.query('manageReturns', {
        departmentId: '1',
        fromDate: DATE,
        toDate: DATE,
        ...params,
      });
    const toMakeRows = (await list({ view: 'TO_MAKE' })).body;
    expect(toMakeRows.map((r: { id: string }) => r.id)).toContain(toMake);
    expect(toMakeRows.find((r: { id: string }) => r.id === toMake).deviation).toMatchObject({
      reason: 'DAMAGED',
    });
    const damaged = (await list({ view: 'TO_MAKE', reasons: ['DAMAGED'] })).body;
    expect(damaged.map((r: { deviation: { reason: string } }) => r.deviation.reason)).toEqual(
      damaged.map(() => 'DAMAGED'),
    );
    expect(
      (await list({ view: 'TO_MAKE', customerIds: ['2'] })).body.map((r: { id: string }) => r.id),
    ).not.toContain(toMake);
    const madeRows = (await list({ view: 'MADE' })).body;
    const row = madeRows.find((r: { id: string }) => r.id === made);
    expect(row.legs).toHaveLength(2);
    expect(madeRows.map((r: { id: string }) => r.id)).not.toContain(toMake);
    // A planner without the flag: the screen's list is refused.
    const shipmentsUser = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: ['1'],
      access: ['PLANNER_SHIPMENTS'],
    });
    const shipmentsOnly = sys.as(shipmentsUser);
    expect(
      (
        await shipmentsOnly.query('manageReturns', {
          departmentId: '1',
          fromDate: DATE,
          toDate: DATE,
        })
      ).status,
    ).toBe(403);
    // The CSV: the documented columns, a line per leg, at the spec's path and under /api.
    for (const path of ['/exportMultilegReturnsList', '/api/exportMultilegReturnsList']) {
      const csv = await download(returnsUser, path, {
        departmentId: '1',
        fromDate: DATE,
        toDate: DATE,
      });
      expect(csv.status).toBe(200);
      expect(csv.contentType).toMatch(/^text\/csv/);
      const lines = csv.text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe(multilegReturnsColumns.join(','));
      const mine = lines.filter((l) => l.split(',')[1] === made);
      expect(mine.map((l) => l.split(',')[10])).toEqual(['1', '2']);
    }
    const refused = await download(shipmentsUser, '/api/exportMultilegReturnsList', {
      departmentId: '1',
      fromDate: DATE,
      toDate: DATE,
    });
    expect(refused.status).toBe(403);
  });
});
