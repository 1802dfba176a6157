import { expect } from '@jest/globals';
import { osloAddress } from '../../support/booking.js';
import { type TestSystem } from '../../support/system.js';
import { DATE, type World } from './world.js';

/** Same-day home delivery (0092). */
export async function changeSameDay(sys: TestSystem, world: World): Promise<void> {
  const { oslo, bergen, mine, theirs } = world;
  const block = osloAddress;
  // Same-day home delivery on in each department and one such order each (0092): a place
  // taken on each department's day; Oslo's then freed by deleting its order.
  for (const departmentId of [oslo, bergen]) {
    const set = await sys.command('UPSERT_SHD_SETTINGS', {
      departmentId,
      enabled: true,
      serviceIds: ['SHD_HOME'],
      dailyCapacity: 5,
    });
    expect(set.status).toBe(200);
    const res = await sys.command('CREATE_ORDER', {
      departmentId,
      customerId: departmentId === oslo ? mine : theirs,
      pickupDate: DATE,
      serviceId: 'SHD_HOME',
      pickup: block,
      delivery: { ...block, name: 'Kari Nordmann', phone: '+4791234567' },
      measurements: [{ weight: 1 }],
    });
    expect(res.status).toBe(200);
    world.orders.push(res.body.ids[0]);
    if (departmentId === oslo)
      expect((await sys.command('DELETE_ORDERS', { orderIds: [res.body.ids[0]] })).status).toBe(
        200,
      );
  }
}

/** Time windows (0078) and matrix entries (0079). */
export async function changeWindowsAndMatrix(sys: TestSystem, world: World): Promise<void> {
  const { oslo, bergen } = world;
  // Each department's week and a production time window of each, far ahead (0078):
  // after the bookings (a week makes the holiday of DATE close Oslo's pickups).
  for (const departmentId of [oslo, bergen]) {
    expect(
      (
        await sys.command('UPSERT_DEPARTMENT_TIME_WINDOW', {
          departmentId,
          minimumLeadMinutes: 30,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await sys.command('ADD_PRODUCTION_TIME_WINDOW', {
          departmentId,
          name: 'Christmas',
          fromDate: '2031-12-15',
          toDate: '2031-12-23',
        })
      ).status,
    ).toBe(200);
  }
  // A matrix entry of each department, one of them updated (0079).
  for (const departmentId of [oslo, bergen]) {
    const entry = await sys.command('CREATE_MATRIX_ENTRY', {
      departmentId,
      name: 'Sentrum',
      postalCodeFrom: '0150',
      postalCodeTo: '0199',
      serviceCodes: ['EXPRESS'],
    });
    expect(entry.status).toBe(200);
    expect(
      (await sys.command('UPDATE_MATRIX_ENTRY', { id: entry.body.ids[0], leadTimeDays: 2 })).status,
    ).toBe(200);
  }
}
