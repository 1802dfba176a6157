import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSystem, type System } from '@nordlog/deploy';
import { silentLogger } from '@nordlog/platform';
import { bookingDate, configureNumberSeries } from '../support/booking.js';
import { startTestSystem, testConfig, type TestSystem } from '../support/system.js';

/**
 * Bookings read their department and the number-series catalogue from a per-process cache
 * (docs/decisions/0017). A change made through another process reaches it by the change signal,
 * well before the cache's time limit of 5 s.
 */
describe('reference cache across processes', () => {
  let a: TestSystem;
  let b: System;
  let dep: string;
  beforeAll(async () => {
    a = await startTestSystem();
    b = await startSystem(testConfig(a.db.url), silentLogger(), { projectorInWorker: false });
    dep = (
      await a.command('CREATE_DEPARTMENT', {
        name: 'Drammen',
        departmentType: 'courier',
        country: 'NO',
        location: { lat: 59.74, lng: 10.2 },
      })
    ).body.ids[0];
    await configureNumberSeries(a);
    // The bookings' customer 1: a booking names a customer that exists (issue 36).
    expect((await a.command('CREATE_CUSTOMER', { name: 'Apotek' })).body.ids).toEqual(['1']);
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.shutdown();
  });

  const bookOnB = async () => {
    const res = await b.run('CREATE_ORDER', {
      departmentId: dep,
      customerId: '1',
      pickupDate: bookingDate(),
      pickup: { phone: '+47' },
      delivery: {
        name: 'Kari Nordmann',
        address: 'Bogstadveien 10',
        zipCode: '0355',
        zipArea: 'Oslo',
        countryCode: 'NO',
        lat: 59.93,
        lng: 10.72,
      },
      measurements: [{ weight: 2, length: 30, width: 20, height: 15 }],
    });
    expect(res.status).toBe(200);
    const orderId = (res.body as { ids: string[] }).ids[0]!;
    // Read as the product reads it: the pickup's name is personal data, sealed in the store (0050).
    const events = await b.store.readStream(`order-${orderId}`);
    return (events[0]!.data as { order?: { pickup?: { name?: string } } }).order?.pickup?.name;
  };

  it('a department renamed through one process is used by bookings on another within a second', async () => {
    // The first booking also marks the series used (an append to the catalogue, which drops B's
    // cache); the second leaves the department cached on B.
    expect(await bookOnB()).toBe('Drammen');
    expect(await bookOnB()).toBe('Drammen');
    const renamed = await a.command('UPDATE_DEPARTMENT', {
      id: dep,
      name: 'Drammen terminal',
      departmentType: 'courier',
      country: 'NO',
      location: { lat: 59.74, lng: 10.2 },
    });
    expect(renamed.status).toBe(200);
    const since = Date.now();
    let name = await bookOnB();
    while (name !== 'Drammen terminal' && Date.now() - since < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      name = await bookOnB();
    }
    expect(name).toBe('Drammen terminal');
  });
});
