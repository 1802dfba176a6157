import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';

/**
 * Issue 13: the shipments grid showed a bare customer number ("6") for a customer of another
 * department and searching the customer's name found nothing. The grid row carries the customer's
 * current name whatever department it is in, renames reach every row, and the name is a search
 * word; the order queries (the unconfirmed orders page) carry it too.
 */
describe('customer names on shipments', () => {
  let sys: TestSystem;
  let oslo: string;
  let bergen: string;
  let customer: string;

  beforeAll(async () => {
    sys = await startTestSystem();
    const department = async (name: string) =>
      (await sys.command('CREATE_DEPARTMENT', { name, departmentType: 'courier', country: 'NO' }))
        .body.ids[0] as string;
    oslo = await department('Oslo');
    bergen = await department('Bergen');
    customer = (await sys.command('CREATE_CUSTOMER', { name: 'Fjord Elektro', departmentId: oslo }))
      .body.ids[0];
    await configureNumberSeries(sys);
    await sys.settled();
  }, 60_000);

  afterAll(async () => {
    await sys?.shutdown();
  });

  it('a row moved to another department keeps its customer’s name for a planner who cannot read that customer; a rename reaches it; the name finds it', async () => {
    const booked = await sys.command('CREATE_ORDER', {
      departmentId: oslo,
      customerId: customer,
      pickupDate: bookingDate(),
      pickup: { ...osloAddress, name: 'Lager' },
      delivery: { ...osloAddress, name: 'Kari' },
      measurements: [{ weight: 2, length: 30, width: 20, height: 15 }],
    });
    expect(booked.status).toBe(200);
    const id: string = booked.body.ids[0];
    expect(
      (await sys.command('MOVE_ORDERS', { orderIds: [id], departmentId: bergen })).status,
    ).toBe(200);
    await sys.settled();

    const planner = sys.as(
      await sys.login({
        name: 'Bergen Planner',
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        departmentIds: [bergen],
      }),
    );
    // The planner of Bergen reads no customer of Oslo, but the row names it.
    const customers = await planner.get(
      `/api/rest/customers?filter=${encodeURIComponent(JSON.stringify({ id: [customer] }))}`,
    );
    expect(customers.body).toEqual([]);
    const rows = async () =>
      (
        await planner.query('consignments', {
          departmentIds: [bergen],
          fromDate: bookingDate(),
          toDate: bookingDate(),
        })
      ).body as { id: string; customerName: string | null }[];
    expect((await rows()).find((r) => r.id === id)?.customerName).toBe('Fjord Elektro');

    expect(
      (await sys.command('UPDATE_CUSTOMER', { id: customer, name: 'Fjord Elektro Vest' })).status,
    ).toBe(200);
    await sys.settled();
    expect((await rows()).find((r) => r.id === id)?.customerName).toBe('Fjord Elektro Vest');

    const found = await planner.query('searchConsignments', { searchPhrase: 'elektro vest' });
    expect(found.body.map((r: { id: string }) => r.id)).toEqual([id]);
    const [order] = (await planner.query('orders', { ids: [id] })).body;
    expect(order.customerName).toBe('Fjord Elektro Vest');
  });
});
