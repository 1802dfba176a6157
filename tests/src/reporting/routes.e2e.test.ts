import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  slotStream,
  type AdminReport,
  type ProductivityReport,
  type SlotView,
} from '@nordlog/contracts';
import { meta } from '../eventStore/contract.js';
import {
  awayFromOsloMidnight,
  bookingDate,
  configureNumberSeries,
  osloStops,
} from '../support/booking.js';
import { createCourierVan, createDepartment } from '../support/planning.js';
import { routeDayMismatches } from '../support/routeDays.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';

/**
 * The route figures of the productivity report (issue 45, docs/decisions/0090-route-reports.md)
 * against a hand-computed day. Every place lies on Oslo's meridian (10.75° E), so a leg is its
 * latitudes' difference × 111,195.08 m (a degree on the planning's sphere).
 *
 * Slot "Morgen" (Kari, her van of 200 kg and 0.5 m³, based at 59.91): pickups of orders A and B at
 * 59.91, deliveries of A at 59.92 and of B at 59.94. Planned: 0.01° + 0.02° = 3,335.85 m × the
 * road factor 1.3 = 4,336.61 m, 4.3 km; at a van's 30 km/h 8.67 min, 9. Load: A 30 kg and 100 dm³,
 * B 20 kg and 150 dm³: 50 of 200 kg (0.25), 250 of 500 dm³ (0.5). Started at 08:00, completed at
 * 10:00: 120 min, 4 stops, 2 stops per hour. Kari's positions while it runs: 59.91 (08:01), 59.92
 * (08:05: 1,111.95 m in 4 min, driving), 59.92 (08:06: standing), 60.92 (08:07: 6,672 km/h,
 * noise, left out), 59.94 (08:10: 2,223.90 m from 08:06 in 4 min, driving): 3,335.85 m, 3.3 km,
 * 8 min. Her positions before the start and after the completion count nowhere.
 *
 * Slot "Dag" (Ola, no van; never started): order C, pickup at 59.91, delivery at 59.93. Without a
 * van the route starts at its first stop: 0.02° × 1.3 = 2,891.07 m, 2.9 km, 5.78 min, 6; no
 * capacity, so no load factor; nothing driven or worked.
 */
describe('route figures of the productivity report (issue 45, 0090)', () => {
  let sys: TestSystem;
  let dep: string;
  let kari: { courier: string; unit: string };
  let ola: { courier: string; unit: string };
  let slots: { morning: string; day: string };
  let orderC: string;
  let command: (name: string, payload: unknown) => Promise<string[]>;
  const TODAY = bookingDate(0);
  const at = (hhmm: string) => `${TODAY}T${hhmm}:00.000Z`;

  beforeAll(async () => {
    sys = await startTestSystem();
    await awayFromOsloMidnight(3);
    await configureNumberSeries(sys);
    const ok = async (name: string, payload: unknown) => {
      const res = await sys.command(name, payload);
      if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
      return res.body.ids as string[];
    };
    command = ok;
    dep = await createDepartment(sys, 'Oslo', { lat: 59.91, lng: 10.75 });
    const [customer] = await ok('CREATE_CUSTOMER', { name: 'Apotek Nord', departmentId: dep });
    const van = { name: 'Van', alystraId: 'U-1', capacity: 10 };
    kari = await createCourierVan(
      ok,
      dep,
      { ...van, weightCapacity: 200, volumeCapacity: 0.5 },
      { name: 'Kari Bud', phoneNumber: freshPhone() },
    );
    ola = await createCourierVan(
      ok,
      dep,
      { ...van, name: 'Van 2', alystraId: 'U-2', weightCapacity: 1, volumeCapacity: 1 },
      { name: 'Ola Bud', phoneNumber: freshPhone() },
    );
    const book = async (i: number, lat: number, weight: number, volume: number) =>
      (
        await ok('CREATE_ORDER', {
          departmentId: dep,
          customerId: customer,
          pickupDate: TODAY,
          ...osloStops(i, { lat, lng: 10.75 }),
          measurements: [{ weight, volume, quantity: 1 }],
        })
      )[0]!;
    const a = await book(0, 59.92, 30, 100);
    const b = await book(1, 59.94, 20, 150);
    const c = await book(2, 59.93, 5, 5);
    orderC = c;
    const slot = async (name: string, courierId: string, unitId: string | null) =>
      (
        await ok('CREATE_SLOT', {
          departmentId: dep,
          name,
          timeFrom: `${TODAY}T06:00:00.000Z`,
          courierId,
          unitId,
        })
      )[0]!;
    const morning = await slot('Morgen', kari.courier, kari.unit);
    const day = await slot('Dag', ola.courier, null);
    slots = { morning, day };
    await sys.settled();
    await ok('UPDATE_CONSIGNMENT_SLOT', { slotId: morning, consignmentIds: [a, b] });
    await ok('UPDATE_CONSIGNMENT_SLOT', { slotId: day, consignmentIds: [c] });
    await ok('UPDATE_ROUTE', {
      slotId: morning,
      stops: [
        { kind: 'pickup', consignmentId: a },
        { kind: 'pickup', consignmentId: b },
        { kind: 'delivery', consignmentId: a },
        { kind: 'delivery', consignmentId: b },
      ],
    });
    const phone = await sys.login({
      phoneNumber: freshPhone(),
      role: 'COURIER',
      courierId: kari.courier,
      departmentIds: [dep],
    });
    const report = async (lat: number, hhmm: string) => {
      const res = await sys.as(phone).command('SET_COURIER_LOCATION', {
        courierId: kari.courier,
        latitude: lat,
        longitude: 10.75,
        accuracy: 5,
        timestamp: at(hhmm),
      });
      if (res.status !== 200) throw new Error(`SET_COURIER_LOCATION: ${JSON.stringify(res.body)}`);
      await sys.settled();
    };
    // The slot's start and completion at fixed times (a command's time is the clock's): the
    // events the courier's CHANGE_SLOT_STATE makes, stored at 08:00 and 10:00.
    const transition = async (transition: string, from: string, state: string, hhmm: string) => {
      await sys.store.appendToStream(
        slotStream(morning),
        'any',
        [{ type: 'SlotStateChanged', data: { id: morning, transition, from, state } }],
        meta({ occurredAt: at(hhmm), userId: 'tester' }),
      );
      await sys.settled();
    };
    await report(59.5, '07:50');
    await transition('start', 'NOT_STARTED', 'IN_PROGRESS', '08:00');
    for (const [lat, hhmm] of [
      [59.91, '08:01'],
      [59.92, '08:05'],
      [59.92, '08:06'],
      [60.92, '08:07'],
      [59.94, '08:10'],
    ] as const)
      await report(lat, hhmm);
    await transition('complete', 'IN_PROGRESS', 'COMPLETED', '10:00');
    await report(59.5, '10:30');
  }, 600_000);
  afterAll(async () => sys.shutdown());

  const routes = async (groupBy: string) => {
    const res = await sys.query('productivityReport', {
      departmentIds: [dep],
      fromDate: TODAY,
      toDate: TODAY,
      groupBy,
    });
    expect(res.status).toBe(200);
    return (res.body as ProductivityReport).routes;
  };
  const none = { drivenKm: 0, drivenMinutes: 0, workingMinutes: 0, workedStops: 0 };
  const morning = {
    slots: 1,
    plannedKm: 4.3,
    plannedDrivingMinutes: 9,
    drivenKm: 3.3,
    drivenMinutes: 8,
    workingMinutes: 120,
    workedStops: 4,
    stopsPerHour: 2,
    loadWeight: 50,
    capacityWeight: 200,
    loadVolume: 250,
    capacityVolume: 500,
    loadFactorWeight: 0.25,
    loadFactorVolume: 0.5,
  };
  const day = {
    slots: 1,
    plannedKm: 2.9,
    plannedDrivingMinutes: 6,
    ...none,
    stopsPerHour: null,
    loadWeight: 0,
    capacityWeight: 0,
    loadVolume: 0,
    capacityVolume: 0,
    loadFactorWeight: null,
    loadFactorVolume: null,
  };
  const totals = {
    ...morning,
    slots: 2,
    plannedKm: 7.2,
    plannedDrivingMinutes: 15,
  };

  it('per courier: planned and driven km and minutes, working time, stops per hour, load factor', async () => {
    const byCourier = await routes('courier');
    expect(byCourier?.rows).toEqual([
      { key: kari.courier, label: 'Kari Bud', ...morning },
      { key: ola.courier, label: 'Ola Bud', ...day },
    ]);
    expect(byCourier?.totals).toEqual(totals);
  });

  it('per unit (the slot without one under none), per day and per slot; none per customer', async () => {
    const byUnit = await routes('unit');
    expect(byUnit?.rows).toEqual([
      { key: kari.unit, label: 'Van', ...morning },
      { key: null, label: null, ...day },
    ]);
    expect((await routes('day'))?.rows).toEqual([{ key: TODAY, label: null, ...totals }]);
    expect(await routes('customer')).toBeNull();
    // Per slot (its route), by name.
    expect((await routes('slot'))?.rows).toEqual([
      { key: slots.day, label: 'Dag', ...day },
      { key: slots.morning, label: 'Morgen', ...morning },
    ]);
  });

  it('the admin report: the same figures per department and per department and day (0101)', async () => {
    const admin = async (type: string) => {
      const res = await sys.query('adminReport', { fromDate: TODAY, toDate: TODAY, type });
      expect(res.status).toBe(200);
      return (res.body as AdminReport).routes;
    };
    expect(await admin('departments')).toEqual({
      rows: [{ key: dep, label: 'Oslo', date: null, ...totals }],
      totals,
    });
    expect(await admin('days')).toEqual({
      rows: [{ key: dep, label: 'Oslo', date: TODAY, ...totals }],
      totals,
    });
    expect(await admin('customers')).toBeNull();
  });

  it('the rollup per department and day (0101 addendum) equals the per-request sums as slots move, are cancelled and deleted', async () => {
    const knex = sys.db.knex;
    const same = async (days: number) =>
      expect(await routeDayMismatches(knex)).toEqual({ days, mismatches: [] });
    // Morgen and Dag: one day of Oslo (the figures above read from it).
    await same(1);
    const ok = async (name: string, payload: unknown) => {
      const res = await sys.command(name, payload);
      expect({ name, status: res.status }).toEqual({ name, status: 200 });
      await sys.settled();
      return res.body.ids as string[];
    };
    const [late] = await ok('CREATE_SLOT', {
      departmentId: dep,
      name: 'Kveld',
      timeFrom: `${TODAY}T15:00:00.000Z`,
      courierId: ola.courier,
    });
    await same(1);
    // To the next day: a second day, the first one less a slot.
    const tomorrow = bookingDate(1);
    await ok('UPDATE_SLOT', { id: late, timeFrom: `${tomorrow}T15:00:00.000Z` });
    await same(2);
    // Cancelled: the next day holds no slot counted, and its row goes (as a rebuild has none).
    await ok('CHANGE_SLOT_STATE', { slotId: late, transition: 'cancel' });
    await same(1);
    const [gone] = await ok('CREATE_SLOT', {
      departmentId: dep,
      name: 'Natt',
      timeFrom: `${TODAY}T20:00:00.000Z`,
      courierId: null,
    });
    await ok('DELETE_SLOT', { id: gone });
    await same(1);
    const [row] = await knex('rm_report_route_days').select('*');
    expect(row).toMatchObject({ department_id: dep, date: TODAY, slots: 2, worked_stops: 4 });
  });

  it('a route is planned again when a consignment on it moves or its unit changes, as the planning screen plans it (0105)', async () => {
    // Order C delivered at 59.95 instead: 0.04° × 1.3 = 5,782.14 m, 5.8 km, 11.56 min, 12.
    await command('UPDATE_ORDER', {
      orderId: orderC,
      delivery: osloStops(2, { lat: 59.95, lng: 10.75 }).delivery,
    });
    // Kari's van takes 400 kg: 50 of 400 kg (0.125).
    await command('UPDATE_UNIT', { id: kari.unit, weightCapacity: 400 });
    await sys.settled();
    const moved = { ...day, plannedKm: 5.8, plannedDrivingMinutes: 12 };
    const bigger = { ...morning, capacityWeight: 400, loadFactorWeight: 0.125 };
    expect((await routes('slot'))?.rows).toEqual([
      { key: slots.day, label: 'Dag', ...moved },
      { key: slots.morning, label: 'Morgen', ...bigger },
    ]);
    // The planning screen's schedule of each slot (computed when asked) has the same figures.
    const res = await sys.query('slots', { departmentIds: [dep], fromDate: TODAY, toDate: TODAY });
    expect(res.status).toBe(200);
    const planned = Object.fromEntries(
      (res.body as SlotView[]).map((v) => [
        v.name,
        [v.totals?.distanceKm, v.totals?.drivingMinutes, v.capacity?.weight ?? null],
      ]),
    );
    expect(planned).toEqual({ Dag: [5.8, 12, null], Morgen: [4.3, 9, 400] });
  });
});
