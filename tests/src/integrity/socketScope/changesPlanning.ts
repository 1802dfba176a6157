import { expect } from '@jest/globals';
import { createSlot } from '../../support/planning.js';
import { startRun, waitForRun } from '../../support/optimizing.js';
import { freshPhone, type TestSystem } from '../../support/system.js';
import { DATE, type Row, type User, type World } from './world.js';

/** Label documents and a courier's location. */
export async function changeLabels(sys: TestSystem, world: World, a: string): Promise<void> {
  const { oslo, bergen } = world;
  // Label documents of one department, of two, and of two customers of one department.
  const [, osloTheirs, bergenTheirs] = world.orders;
  for (const payload of [
    { orderIds: [a] },
    { orderIds: [a, bergenTheirs!] },
    { orderIds: [a, osloTheirs!] },
  ])
    expect((await sys.command('CREATE_MULTIPLE_LABEL', payload)).status).toBe(200);
  expect((await sys.command('CREATE_LABEL', { orderId: osloTheirs })).status).toBe(200);
  const courier = await sys.login({
    phoneNumber: freshPhone(),
    role: 'COURIER',
    departmentIds: [oslo, bergen],
    courierId: '72',
  });
  expect(
    (
      await sys.as(courier).command('SET_COURIER_LOCATION', {
        courierId: '72',
        latitude: 60.39,
        longitude: 5.32,
        accuracy: 10,
        timestamp: new Date().toISOString(),
      })
    ).status,
  ).toBe(200);
}

/** Courier users, units, slots and scans; returns the courier's slot and Bergen's. */
export async function changeFleet(
  sys: TestSystem,
  world: World,
  users: User[],
  a: string,
): Promise<{ driven: string; away: string }> {
  const { oslo, bergen } = world;
  // Courier users and units of both departments, a vehicle of Bergen lent to Oslo, a courier
  // moved from Oslo to Bergen.
  const courierOf = async (departmentId: string) => {
    const res = await sys.command('CREATE_COURIER_USER', {
      name: 'Bud',
      phoneNumber: freshPhone(),
      departmentId,
    });
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };
  const osloCourier = await courierOf(oslo);
  const bergenCourier = await courierOf(bergen);
  const unit = (departmentId: string, courierUserIds: string[], isUnit = true) => ({
    name: 'Van',
    alystraId: 'U',
    departmentId,
    capacity: 10,
    weightCapacity: 500,
    volumeCapacity: 8,
    vehicleType: 'van',
    fuelType: 'diesel',
    courierUserIds,
    isUnit,
  });
  for (const payload of [unit(oslo, [osloCourier]), unit(bergen, [bergenCourier])])
    expect((await sys.command('CREATE_UNIT', payload)).status).toBe(200);
  const lent = (await sys.command('CREATE_UNIT', unit(bergen, [], false))).body.ids[0];
  expect(
    (await sys.command('ASSIGN_VEHICLE_TO_DEPARTMENT', { vehicleId: lent, departmentId: oslo }))
      .status,
  ).toBe(200);
  expect(
    (await sys.command('UPDATE_COURIER_USER', { id: osloCourier, departmentId: bergen })).status,
  ).toBe(200);
  // Slots of both departments, one the courier drives (started, with a stop), and templates.
  const driven = await createSlot(sys, oslo, DATE, { courierId: world.courier });
  await createSlot(sys, oslo, DATE);
  const away = await createSlot(sys, bergen, DATE);
  expect(
    (await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [a], slotId: driven })).status,
  ).toBe(200);
  expect(
    (await sys.command('CHANGE_SLOT_STATE', { slotId: driven, transition: 'start' })).status,
  ).toBe(200);
  expect((await sys.command('UPDATE_SLOT', { id: away, name: 'Bergen late' })).status).toBe(200);
  // Scans (0064): the courier's on the slot it drives, a planner's on Bergen's.
  const scan = (slotId: string) => ({
    slotId,
    scans: [{ code: '370000000000000017', kind: 'LOADED', scannedAt: new Date().toISOString() }],
  });
  const driver = users.find((u) => u.label === 'COURIER')!.session;
  expect((await sys.as(driver).command('ADD_SCANNED_EVENTS', scan(driven))).status).toBe(200);
  expect((await sys.command('ADD_SCANNED_EVENTS', scan(away))).status).toBe(200);
  world.scanned.push(driven, away);
  return { driven, away };
}

/** A template of each department. */
export async function changeTemplates(sys: TestSystem, world: World): Promise<void> {
  const { oslo, bergen } = world;
  for (const departmentId of [oslo, bergen])
    expect(
      (
        await sys.command('CREATE_OR_UPDATE_TEMPLATE', {
          departmentId,
          name: 'Weekdays',
          slots: [{ key: 'm', name: 'Morning', timeFrom: '07:00' }],
        })
      ).status,
    ).toBe(200);
}

/** Optimising runs and their suggested routes, one cancelled. */
export async function changeOptimizing(sys: TestSystem, world: World): Promise<void> {
  const { oslo, bergen } = world;
  // Optimising runs of both departments' days, their suggested routes, one of them cancelled.
  for (const departmentId of [oslo, bergen])
    await waitForRun(
      sys,
      await startRun(sys, 'START_OPTIMIZING', { departmentId, date: DATE, seconds: 1 }),
      ['COMPLETED'],
    );
  await sys.settled();
  const suggested = (await sys.query('routeSuggestions', { date: DATE })).body as Row[];
  expect(suggested.length).toBeGreaterThanOrEqual(2);
  expect(
    (await sys.command('CANCEL_SUGGESTED_ROUTE', { slot: String(suggested[0]!.slotId) })).status,
  ).toBe(200);
  await sys.settled();
}
