import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ORDER_DEVIATIONS_TABLE, START } from '@nordlog/contracts';
import { projections } from '@nordlog/projector';
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

/**
 * Deviations as entities of their own (issue 39 part 1, docs/decisions/0051-deviations.md): each
 * command through the gateway, its effect in `orderDeviations`, the consignment's state and the
 * order's history, and its refusals with nothing written.
 */
describe('deviations: create, update, delete; by order and by customer', () => {
  let sys: TestSystem;
  let planner: Session;
  let other: string;
  const countEvents = async () =>
    Number((await sys.db.knex('es_events').count<{ count: string }[]>('* as count'))[0]!.count);

  /** A new order of department 1 and customer 1 (or those given), planned on a new slot. */
  const planned = async (departmentId = '1', customerId = '1') => {
    const res = await sys.command('CREATE_ORDER', {
      departmentId,
      customerId,
      pickupDate: DATE,
      pickup: osloAddress,
      delivery: { ...osloAddress, name: 'Kari Nordmann' },
      measurements: [{ weight: 1 }],
    });
    expect(res.status).toBe(200);
    const orderId = res.body.ids[0] as string;
    const slotId = await createSlot(sys, departmentId, DATE);
    expect(
      (await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [orderId], slotId })).status,
    ).toBe(200);
    return orderId;
  };
  const stateOf = async (orderId: string) =>
    (await sys.query('orders', { ids: [orderId] })).body[0].state as string;

  beforeAll(async () => {
    sys = await startTestSystem();
    await createFirstDepartmentAndCustomer(sys);
    await configureNumberSeries(sys);
    other = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Bergen',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0];
    planner = await sys.login({ phoneNumber: freshPhone(), role: 'PLANNER', departmentIds: ['1'] });
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('S7-CMD-043 S4-FLOW-003 S7-CALL-095 a deviation is created with its reason, text, position and photo, moves the consignment to DEVIATED, and shows in the query and the history', async () => {
    const orderId = await planned();
    const res = await sys.as(planner).command('CREATE_DEVIATION', {
      orderId,
      reason: 'DAMAGED',
      text: 'The box was crushed',
      position: { lat: 59.91, lng: 10.75 },
      photoRef: 'photos/crushed.jpg',
    });
    expect(res.status).toBe(200);
    expect(res.body.events).toEqual(['DeviationRecorded', 'ConsignmentDeviated']);
    const id = res.body.ids[0] as string;
    await sys.settled();
    expect(await stateOf(orderId)).toBe('DEVIATED');
    const byOrder = await sys.as(planner).query('orderDeviations', { orderId });
    expect(byOrder.status).toBe(200);
    expect(byOrder.body).toEqual([
      expect.objectContaining({
        id,
        orderId,
        reason: 'DAMAGED',
        text: 'The box was crushed',
        position: { lat: 59.91, lng: 10.75 },
        photoRef: 'photos/crushed.jpg',
        departmentId: '1',
        customerId: '1',
        date: DATE,
        reportedBy: expect.any(String),
      }),
    ]);
    const history = (await sys.as(planner).query('orderHistory', { orderId })).body as {
      eventType: string;
    }[];
    expect(history.map((h) => h.eventType)).toEqual(
      expect.arrayContaining(['DeviationRecorded', 'ConsignmentDeviated']),
    );
  });

  it('S7-CMD-043 an update changes the fields it names (null clears the text), a delete removes it and leaves the state', async () => {
    const orderId = await planned();
    const id = (
      await sys.as(planner).command('CREATE_DEVIATION', {
        orderId,
        reason: 'NOT_HOME',
        text: 'Rang twice',
      })
    ).body.ids[0] as string;
    const upd = await sys
      .as(planner)
      .command('UPDATE_DEVIATION', { orderId, id, reason: 'CLOSED', text: null });
    expect(upd.status).toBe(200);
    await sys.settled();
    const [row] = (await sys.query('orderDeviations', { orderId })).body;
    expect(row).toEqual(
      expect.objectContaining({ id, reason: 'CLOSED', text: null, updatedBy: expect.any(String) }),
    );
    // A second deviation on a deviated consignment: recorded without a move.
    const again = await sys.as(planner).command('CREATE_DEVIATION', { orderId, reason: 'CLOSED' });
    expect(again.body.events).toEqual(['DeviationRecorded']);
    expect((await sys.as(planner).command('DELETE_DEVIATION', { orderId, id })).status).toBe(200);
    await sys.settled();
    const left = (await sys.query('orderDeviations', { orderId })).body as { id: string }[];
    expect(left.map((d) => d.id)).toEqual([again.body.ids[0]]);
    expect(await stateOf(orderId)).toBe('DEVIATED');
    const history = (await sys.query('orderHistory', { orderId })).body as { eventType: string }[];
    expect(history.map((h) => h.eventType)).toEqual(
      expect.arrayContaining(['DeviationUpdated', 'DeviationDeleted']),
    );
  });

  it('S4-FLOW-003 S7-CMD-038 MANUAL_DEVIATE records a deviation of each consignment with the reason and comment', async () => {
    const orders = [await planned(), await planned()];
    const res = await sys.as(planner).command('MANUAL_DEVIATE', {
      consignmentIds: orders,
      reason: 'WRONG_ADDRESS',
      comment: 'No such number',
    });
    expect(res.status).toBe(200);
    await sys.settled();
    for (const orderId of orders) {
      expect(await stateOf(orderId)).toBe('DEVIATED');
      expect((await sys.query('orderDeviations', { orderId })).body).toEqual([
        expect.objectContaining({ reason: 'WRONG_ADDRESS', text: 'No such number' }),
      ]);
    }
  });

  it('S7-CALL-095 by customer: the customer’s deviations on orders of the dates; a customer user reads its own only; a parameter missing is 4xx', async () => {
    const theirs = (await sys.command('CREATE_CUSTOMER', { name: 'Bok AS' })).body.ids[0] as string;
    const mine = await planned();
    const notMine = await planned('1', theirs);
    for (const orderId of [mine, notMine])
      expect((await sys.command('CREATE_DEVIATION', { orderId, reason: 'REFUSED' })).status).toBe(
        200,
      );
    await sys.settled();
    const byCustomer = (
      await sys.query('orderDeviations', { customerId: '1', fromDate: DATE, toDate: DATE })
    ).body as { orderId: string; customerId: string }[];
    expect(byCustomer.map((d) => d.orderId)).toContain(mine);
    expect(byCustomer.every((d) => d.customerId === '1')).toBe(true);
    const later = await sys.query('orderDeviations', {
      customerId: '1',
      fromDate: bookingDate(3),
    });
    expect(later.body).toEqual([]);
    const customer = await sys.login({
      phoneNumber: freshPhone(),
      role: 'CUSTOMER',
      departmentIds: ['1'],
      customerId: '1',
    });
    const own = await sys.as(customer).query('orderDeviations', { customerId: theirs });
    expect(own.body).toEqual([]);
    expect((await sys.as(customer).query('orderDeviations', { orderId: mine })).body).toHaveLength(
      1,
    );
    const missing = await sys.query('orderDeviations', {});
    expect(missing.status).toBe(400);
    const courier = await sys.login({
      phoneNumber: freshPhone(),
      role: 'COURIER',
      departmentIds: ['1'],
    });
    expect((await sys.as(courier).query('orderDeviations', { orderId: mine })).status).toBe(403);
  });

  it('S7-CMD-043 bad input: a reason not in the catalogue, OTHER without its text, a consignment of another department, an unplanned consignment: each a 4xx naming the rule, nothing written', async () => {
    const orderId = await planned();
    const theirs = await planned(other);
    const unplanned = (
      await sys.command('CREATE_ORDER', {
        departmentId: '1',
        customerId: '1',
        pickupDate: DATE,
        pickup: osloAddress,
        delivery: osloAddress,
        measurements: [{ weight: 1 }],
      })
    ).body.ids[0] as string;
    await sys.settled();
    const before = await countEvents();
    const refused = async (payload: Record<string, unknown>, status: number, rule: RegExp) => {
      const res = await sys.as(planner).command('CREATE_DEVIATION', payload);
      expect({ payload, status: res.status }).toEqual({ payload, status });
      expect(JSON.stringify(res.body)).toMatch(rule);
    };
    await refused({ orderId, reason: 'LATE' }, 400, /VALIDATION_ERROR.*reason/);
    await refused({ orderId, reason: 'OTHER' }, 400, /VALIDATION_ERROR.*text/);
    await refused({ orderId: theirs, reason: 'DAMAGED' }, 404, /orderId/);
    await refused({ orderId: unplanned, reason: 'DAMAGED' }, 409, /INVALID_STATE_TRANSITION/);
    const bulk = await sys
      .as(planner)
      .command('MANUAL_DEVIATE', { consignmentIds: [orderId], reason: 'Not home' });
    expect(bulk.status).toBe(400);
    expect(JSON.stringify(bulk.body)).toMatch(/reason/);
    // Another department's deviation cannot be changed either.
    const id = (await sys.command('CREATE_DEVIATION', { orderId: theirs, reason: 'CLOSED' })).body
      .ids[0] as string;
    const afterAdmin = await countEvents();
    for (const [name, payload] of [
      ['UPDATE_DEVIATION', { orderId: theirs, id, text: 'x' }],
      ['DELETE_DEVIATION', { orderId: theirs, id }],
    ] as const)
      expect((await sys.as(planner).command(name, payload)).status).toBe(404);
    // A deviation that does not exist on the order: 404.
    const unknown = await sys.command('UPDATE_DEVIATION', { orderId, id: '999999', text: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body[0].errorType).toBe('NOT_FOUND');
    expect(afterAdmin).toBe(before + 2);
    expect(await countEvents()).toBe(afterAdmin);
  });

  it('S7-CALL-095 a deviation follows its order to another department: the old department no longer reads it, the new one does; a redelivered move changes nothing, a refold keeps it there', async () => {
    const orderId = await planned();
    const created = await sys.command('CREATE_DEVIATION', {
      orderId,
      reason: 'NO_ACCESS',
      text: 'Gate',
    });
    expect(created.status).toBe(200);
    for (const [name, payload] of [
      ['UNASSIGN_CONSIGNMENTS', { consignmentIds: [orderId], force: true }],
      ['MOVE_ORDERS', { orderIds: [orderId], departmentId: other }],
      // Changed after the move: its own events leave it where the order is.
      ['UPDATE_DEVIATION', { orderId, id: created.body.ids[0], text: 'Gate locked' }],
    ] as const)
      expect({ name, status: (await sys.command(name, payload)).status }).toEqual({
        name,
        status: 200,
      });
    await sys.settled();
    expect((await sys.as(planner).query('orderDeviations', { orderId })).body).toEqual([]);
    const bergen = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [other],
    });
    expect((await sys.as(bergen).query('orderDeviations', { orderId })).body).toEqual([
      expect.objectContaining({ departmentId: other, reason: 'NO_ACCESS', text: 'Gate locked' }),
    ]);
    // Every event of the order delivered again, and folded again from nothing (an erasure's
    // refold, a rebuild): the row stays where the order is.
    const projection = projections.find((p) => p.name === 'orderDeviations')!;
    const events = (await sys.store.readAll(START, 100_000)).filter(
      (e) => e.streamId === `order-${orderId}` && projection.handles(e),
    );
    const row = () => sys.db.knex(ORDER_DEVIATIONS_TABLE).where('order_id', orderId).first();
    const before = await row();
    await sys.db.knex.transaction(async (trx) => {
      expect(await projection.apply(trx, events)).toEqual([]);
    });
    expect(await row()).toEqual(before);
    const trx = await sys.db.knex.transaction();
    await projection.refold!(trx, events);
    expect(await trx(ORDER_DEVIATIONS_TABLE).where('order_id', orderId).first()).toEqual(before);
    await trx.rollback();
  });
});
