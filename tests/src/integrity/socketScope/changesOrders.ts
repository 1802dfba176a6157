import { expect } from '@jest/globals';
import { osloAddress } from '../../support/booking.js';
import { createSlot } from '../../support/planning.js';
import { type TestSystem } from '../../support/system.js';
import { DATE, type Row, type World } from './world.js';

/** An order booked of a department and customer; it joins the orders read. */
export async function bookOrder(
  sys: TestSystem,
  world: World,
  departmentId: string,
  customerId: string,
): Promise<string> {
  const block = osloAddress;
  const res = await sys.command('CREATE_ORDER', {
    departmentId,
    customerId,
    pickupDate: DATE,
    pickup: block,
    delivery: { ...block, name: 'Kari Nordmann', phone: '+4791234567' },
    measurements: [{ weight: 1 }],
  });
  expect(res.status).toBe(200);
  world.orders.push(res.body.ids[0]);
  return res.body.ids[0] as string;
}

/** Orders of both departments and customers, one updated, one moved; returns the first. */
export async function changeOrders(sys: TestSystem, world: World): Promise<string> {
  const { oslo, bergen, mine, theirs } = world;
  const order = (departmentId: string, customerId: string) =>
    bookOrder(sys, world, departmentId, customerId);
  const a = await order(oslo, mine);
  await order(oslo, theirs);
  await order(bergen, theirs);
  const moved = await order(oslo, mine);
  await sys.command('UPDATE_ORDER', { orderId: a, orderNote: 'ring the bell' });
  await sys.command('MOVE_ORDERS', { orderIds: [moved], departmentId: bergen });
  return a;
}

/** Deviations (0051); returns Oslo's slot the orders were planned on. */
export async function changeDeviations(
  sys: TestSystem,
  world: World,
  away: string,
): Promise<string> {
  const { oslo, bergen, mine, theirs } = world;
  const order = (departmentId: string, customerId: string) =>
    bookOrder(sys, world, departmentId, customerId);
  // Deviations of both departments and customers, one updated, one deleted, and one whose order
  // then moves to Bergen: its deviation follows the order (docs/decisions/0051).
  const osloSlot = await createSlot(sys, oslo, DATE);
  const deviate = async (orderId: string, slotId: string) => {
    const planned = await sys.command('UPDATE_CONSIGNMENT_SLOT', {
      consignmentIds: [orderId],
      slotId,
    });
    expect(planned.status).toBe(200);
    const res = await sys.command('CREATE_DEVIATION', {
      orderId,
      reason: 'NOT_HOME',
      text: 'Nobody home',
      position: { lat: 59.91, lng: 10.75 },
    });
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };
  const osloMine = await order(oslo, mine);
  const updated = await deviate(osloMine, osloSlot);
  const removed = await deviate(await order(oslo, theirs), osloSlot);
  await deviate(await order(bergen, theirs), away);
  const travelling = await order(oslo, mine);
  await deviate(travelling, osloSlot);
  for (const [name, payload] of [
    ['UPDATE_DEVIATION', { orderId: osloMine, id: updated, text: 'Neighbour has it' }],
    ['DELETE_DEVIATION', { orderId: world.orders.at(-3), id: removed }],
    ['UNASSIGN_CONSIGNMENTS', { consignmentIds: [travelling], force: true }],
    ['MOVE_ORDERS', { orderIds: [travelling], departmentId: bergen }],
  ] as const)
    expect({ name, status: (await sys.command(name, payload)).status }).toEqual({
      name,
      status: 200,
    });
  return osloSlot;
}

/** Recurring orders executed (0058); returns an order booked by each. */
export async function changeRecurring(sys: TestSystem, world: World, a: string): Promise<string[]> {
  const { oslo, bergen } = world;
  // Recurring orders of both departments, each executed for the day (docs/decisions/0058):
  // its booked orders join the orders read (and take the recipient's answers below).
  const fresh: string[] = [];
  for (const [departmentId, orderId] of [
    [oslo, a],
    [bergen, world.orders[2]!],
  ] as const) {
    const saved = await sys.command('SAVE_RECURRING_ORDER', {
      orderIds: [orderId],
      startDate: DATE,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
    });
    expect(saved.status).toBe(200);
    const run = await sys.command('EXECUTE_RECURRING_ORDERS', {
      date: DATE,
      department: departmentId,
    });
    expect(run.status).toBe(200);
    await sys.settled();
    const booked = await sys.query('orders', { recurringOrderId: saved.body.ids[0] });
    for (const o of booked.body as Row[]) world.orders.push(String(o.id));
    fresh.push(String((booked.body as Row[])[0]!.id));
  }
  return fresh;
}

/** Pre-advice (0062). */
export async function changePreAdvice(sys: TestSystem, world: World, a: string): Promise<void> {
  const { oslo, bergen } = world;
  // Pre-advice of both departments (docs/decisions/0062): a policy each, an order of each locked
  // and asked for by hand.
  for (const [departmentId, orderId] of [
    [oslo, a],
    [bergen, world.orders[2]!],
  ] as const) {
    const policy = await sys.command('CREATE_PRE_ADVICE_POLICY', {
      name: 'On booking',
      departmentId,
      triggers: ['BOOKED'],
      channel: 'SMS',
      texts: [{ language: 'nb', smsText: 'Pakken kommer: {trackingLink}' }],
    });
    expect(policy.status).toBe(200);
    for (const name of ['LOCK_PRE_ADVICE', 'PRE_ADVICE_MANUAL_ATTEMPT'])
      expect((await sys.command(name, { orderIds: [orderId] })).status).toBe(200);
  }
}
