import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bookingDate } from '../support/booking.js';
import { createCourier, createSlot } from '../support/planning.js';
import { connectSocket } from '../support/socket.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/** Spec §6/§7: the restricted courier role may send only its own location report. */
describe('courier location', () => {
  let sys: TestSystem;
  let dep: string;
  let courier: Session;
  let planner: Session;
  const report = (courierId: string, minute: number, extra: Record<string, unknown> = {}) => ({
    courierId,
    latitude: 59.91,
    longitude: 10.75,
    accuracy: 15,
    timestamp: `2026-11-22T08:${String(minute).padStart(2, '0')}:00.000+01:00`,
    ...extra,
  });

  beforeAll(async () => {
    sys = await startTestSystem();
    dep = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0];
    courier = await sys.login({
      phoneNumber: freshPhone(),
      role: 'COURIER',
      courierId: '7',
      departmentIds: [dep],
    });
    planner = await sys.login({ phoneNumber: freshPhone(), role: 'PLANNER', departmentIds: [dep] });
  }, 60_000);
  afterAll(async () => {
    await sys?.shutdown();
  });

  it('S6-ROLE-016 S6-ROLE-025 S7-CMD-034: a courier reports its own location, planners of its department see it live; anything else is refused', async () => {
    const socket = await connectSocket(sys.url, `departmentIds=${dep}&types=courierLocations`, {
      cookie: planner.cookie,
    });
    const sent = await sys.as(courier).command('SET_COURIER_LOCATION', report('7', 1));
    expect(sent.status).toBe(200);
    expect(sent.body.events).toEqual(['CourierLocationReported']);
    // The same measurement again (a retry) or an older one changes nothing.
    expect(
      (await sys.as(courier).command('SET_COURIER_LOCATION', report('7', 0))).body.events,
    ).toEqual([]);
    // Another courier's location, another command: refused with NO_ACCESS.
    const other = await sys.as(courier).command('SET_COURIER_LOCATION', report('8', 2));
    expect(other.status).toBe(403);
    expect(other.body[0].errorType).toBe('NO_ACCESS');
    const command = await sys
      .as(courier)
      .command('CREATE_DEPARTMENT', { name: 'X', departmentType: 'courier', country: 'NO' });
    expect(command.status).toBe(403);
    // A planner may not report for a courier.
    expect((await sys.as(planner).command('SET_COURIER_LOCATION', report('7', 3))).status).toBe(
      403,
    );
    // Bad coordinates: 400, nothing stored.
    expect(
      (await sys.as(courier).command('SET_COURIER_LOCATION', report('7', 4, { latitude: 91 })))
        .status,
    ).toBe(400);
    await sys.settled();
    const seen = await sys
      .as(planner)
      .query('courierLocationsByDepartmentId', { departmentId: dep });
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual([
      expect.objectContaining({
        id: '7',
        latitude: 59.91,
        longitude: 10.75,
        accuracy: 15,
        at: '2026-11-22T07:01:00.000Z',
        departmentIds: [dep],
      }),
    ]);
    await socket.next((m) => m.entity === 'courierLocations' && m.id === '7');
    socket.close();
    // A customer user of the department does not see couriers.
    const customerId = (await sys.command('CREATE_CUSTOMER', { name: 'Apotek 1' })).body.ids[0];
    const customer = await sys.login({
      phoneNumber: freshPhone(),
      role: 'CUSTOMER',
      customerId,
      departmentIds: [dep],
    });
    expect(
      (await sys.as(customer).query('courierLocationsByDepartmentId', { departmentId: dep }))
        .status,
    ).toBe(403);
  });

  it("S7-CALL-079 courierLocationsBySlotId answers the position of the slot's courier to readers of the slot", async () => {
    const driver = await createCourier(sys, [dep]);
    const driven = await createSlot(sys, dep, bookingDate(), { courierId: driver.id });
    const idle = await createSlot(sys, dep, bookingDate());
    const session = await sys.signIn(driver.phoneNumber);
    expect(
      (await sys.as(session).command('SET_COURIER_LOCATION', report(driver.id, 5))).status,
    ).toBe(200);
    await sys.settled();
    const asPlanner = sys.as(planner);
    const rows = (await asPlanner.query('courierLocationsBySlotId', { slotId: driven })).body as {
      id: string;
      latitude: number;
    }[];
    expect(rows.map((r) => [r.id, r.latitude])).toEqual([[driver.id, 59.91]]);
    expect((await asPlanner.query('courierLocationsBySlotId', { slotId: idle })).body).toEqual([]);
    expect((await asPlanner.query('courierLocationsBySlotId', {})).status).toBe(400);
    const stranger = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [
        (
          await sys.command('CREATE_DEPARTMENT', {
            name: 'Bergen',
            departmentType: 'courier',
            country: 'NO',
          })
        ).body.ids[0],
      ],
    });
    expect(
      (await sys.as(stranger).query('courierLocationsBySlotId', { slotId: driven })).body,
    ).toEqual([]);
    const clerk = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [dep],
      access: ['PLANNER_BOOKING'],
    });
    expect((await sys.as(clerk).query('courierLocationsBySlotId', { slotId: driven })).status).toBe(
      403,
    );
  });
  it('S1-GEN-031 while its route is in progress the courier reports its location, and readers of the slot see it', async () => {
    const driver = await createCourier(sys, [dep]);
    const date = bookingDate();
    const slotId = await createSlot(sys, dep, date, { courierId: driver.id });
    const session = sys.as(await sys.signIn(driver.phoneNumber));
    expect((await sys.command('CHANGE_SLOT_STATE', { slotId, transition: 'start' })).status).toBe(
      200,
    );
    await sys.settled();
    const own = (await session.query('courierSlots', { date })).body as {
      id: string;
      state: string;
    }[];
    expect(own.map((s) => [s.id, s.state])).toEqual([[slotId, 'IN_PROGRESS']]);
    const sent = await session.command('SET_COURIER_LOCATION', report(driver.id, 9));
    expect(sent.status).toBe(200);
    expect(sent.body.events).toEqual(['CourierLocationReported']);
    await sys.settled();
    const seen = await sys.as(planner).query('courierLocationsBySlotId', { slotId });
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual([
      expect.objectContaining({
        id: driver.id,
        latitude: 59.91,
        longitude: 10.75,
        at: '2026-11-22T07:09:00.000Z',
      }),
    ]);
  });
});
