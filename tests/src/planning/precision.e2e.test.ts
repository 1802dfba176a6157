import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { createDepartment, createSlot } from '../support/planning.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';

const DATE = bookingDate(2);
/** Where "Tvetenveien 150, 0671" was saved when 150 was read as postal code 1501 (issue 36). */
const MOSS = { lat: 59.4344, lng: 10.6577 };

/**
 * Issue 36 "precision is known and shown": each side's precision goes from the geocoder's answer
 * (or the form's) through the order's events into `orders`, `consignments` (whole rows and the
 * map's selection) and the route points, which also flag a stop far from the rest of its route.
 */
describe('address precision, stored and answered', () => {
  let sys: TestSystem;
  let oslo: string;
  let customer: string;

  const book = async (delivery: Record<string, unknown>) => {
    const res = await sys.command('CREATE_ORDER', {
      departmentId: oslo,
      customerId: customer,
      pickupDate: DATE,
      pickup: { ...osloAddress, precision: 'street' },
      delivery: { ...osloAddress, name: 'Kari', ...delivery },
      measurements: [{ weight: 2, quantity: 1 }],
    });
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };
  const row = async (id: string) => {
    await sys.settled();
    return (await sys.query('consignments', { ids: [id] })).body[0];
  };
  const mapRow = async (id: string) =>
    (
      await sys.query('consignments', {
        ids: [id],
        fields: ['pickupPrecision', 'deliveryPrecision', 'deliveryLat'],
      })
    ).body[0];
  const stored = async (id: string) => (await sys.query('orders', { ids: [id] })).body[0].order;

  beforeAll(async () => {
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    oslo = await createDepartment(sys, 'Oslo', { lat: 59.91, lng: 10.75 });
    customer = (await sys.command('CREATE_CUSTOMER', { name: 'Apotek', departmentId: oslo })).body
      .ids[0];
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it("the geocoder's precision and the form's are stored in the order and answered by every read of it", async () => {
    // No coordinates: the shipped table places 0355 at its postal-code area.
    const id = await book({ address: 'Bogstadveien 10', zipCode: '0355', lat: null, lng: null });
    expect(await row(id)).toMatchObject({
      state: 'RESOLVED',
      pickupPrecision: 'street',
      deliveryPrecision: 'postalCode',
    });
    expect(await mapRow(id)).toMatchObject({
      pickupPrecision: 'street',
      deliveryPrecision: 'postalCode',
    });
    expect(await stored(id)).toMatchObject({
      pickup: { precision: 'street' },
      delivery: { precision: 'postalCode', resolvedBy: 'DATABASE_LOOKUP' },
    });
  });

  it('a point placed by hand (RESOLVE_ADDRESS) places the address itself; unresolving forgets the precision', async () => {
    const id = await book({ lat: null, lng: null });
    const res = await sys.command('RESOLVE_ADDRESS', {
      consignmentId: id,
      side: 'delivery',
      lat: 59.9139,
      lng: 10.7522,
    });
    expect(res.status).toBe(200);
    expect(await row(id)).toMatchObject({ deliveryLat: 59.9139, deliveryPrecision: 'address' });
    expect(await mapRow(id)).toMatchObject({ deliveryPrecision: 'address' });
    expect(await stored(id)).toMatchObject({
      delivery: { lat: 59.9139, precision: 'address', resolvedBy: 'FRONTEND' },
    });
    expect((await sys.command('UNRESOLVE_DELIVERY_ADDRESS', { consignmentIds: [id] })).status).toBe(
      200,
    );
    expect(await row(id)).toMatchObject({ deliveryLat: null, deliveryPrecision: null });
  });

  it("route points answer each stop's precision and flag a stop more than 30 km from every other stop of the route", async () => {
    const slotId = await createSlot(sys, oslo, DATE);
    const near = await book({ lat: 59.93, lng: 10.72, precision: 'address' });
    const far = await book({ ...MOSS, precision: 'postalCode' });
    const planned = await sys.command('UPDATE_CONSIGNMENT_SLOT', {
      consignmentIds: [near, far],
      slotId,
    });
    expect(planned.status).toBe(200);
    await sys.settled();
    const points = (await sys.query('routePoints', { slotId })).body as {
      consignmentId: string;
      type: string;
      precision: string | null;
      outlier: boolean;
    }[];
    const at = (id: string, type: string) =>
      points.find((p) => p.consignmentId === id && p.type === type);
    expect(at(near, 'delivery')).toMatchObject({ precision: 'address', outlier: false });
    expect(at(near, 'pickup')).toMatchObject({ precision: 'street', outlier: false });
    expect(at(far, 'delivery')).toMatchObject({ precision: 'postalCode', outlier: true });
    expect(points.filter((p) => p.outlier)).toHaveLength(1);
    // The slot's own view (the planning board) answers the same points.
    const [slot] = (await sys.query('slots', { fromDate: DATE, toDate: DATE, slotIds: [slotId] }))
      .body;
    expect(
      slot.routePoints.find(
        (p: { consignmentId: string; type: string }) =>
          p.consignmentId === far && p.type === 'delivery',
      ),
    ).toMatchObject({ outlier: true, precision: 'postalCode' });
  });

  it("a planner's pin is kept per department and address, answered by pinnedAddress and reused by the next booking of that address", async () => {
    const door = { lat: 59.92512, lng: 10.72931 };
    const pin = await sys.command('PIN_ADDRESS', {
      departmentId: oslo,
      address: 'Bogstadveien 30',
      zipCode: '0355',
      zipArea: 'Oslo',
      countryCode: 'NO',
      ...door,
    });
    expect(pin.status).toBe(200);
    expect(pin.body.events).toEqual(['AddressPinned']);
    // The same point again is nothing new.
    const again = await sys.command('PIN_ADDRESS', {
      departmentId: oslo,
      address: 'Bogstadveien 30',
      zipCode: '0355',
      countryCode: 'NO',
      ...door,
    });
    expect(again.body.events).toEqual([]);
    await sys.settled();
    // Found by the address's normalised text: case, commas and spaces do not matter.
    const found = await sys.query('pinnedAddress', {
      departmentId: oslo,
      address: '  bogstadveien   30, ',
      zipCode: '0355',
      countryCode: 'NO',
    });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ ...door, departmentId: oslo, address: 'Bogstadveien 30' });
    const elsewhere = await sys.query('pinnedAddress', {
      departmentId: oslo,
      address: 'Bogstadveien 31',
      zipCode: '0355',
      countryCode: 'NO',
    });
    expect(elsewhere.body).toBeNull();
    // The next booking of the address without coordinates is placed at the pin, at the door.
    const id = await book({
      address: 'BOGSTADVEIEN 30',
      zipCode: '0355',
      lat: null,
      lng: null,
    });
    expect(await row(id)).toMatchObject({
      deliveryLat: door.lat,
      deliveryLng: door.lng,
      deliveryPrecision: 'address',
    });
    expect(await stored(id)).toMatchObject({
      delivery: { ...door, precision: 'address', resolvedBy: 'FRONTEND' },
    });
  });

  it("another department neither reads nor sets a department's pins, and its bookings do not use them", async () => {
    const bergen = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Bergen',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0] as string;
    const bergenPlanner = await sys.login({
      name: 'Bergen Planner',
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [bergen],
    });
    const address = { address: 'Bogstadveien 30', zipCode: '0355', countryCode: 'NO' };
    const read = await sys
      .as(bergenPlanner)
      .query('pinnedAddress', { departmentId: oslo, ...address });
    expect(read.status).toBe(200);
    expect(read.body).toBeNull();
    const set = await sys
      .as(bergenPlanner)
      .command('PIN_ADDRESS', { departmentId: oslo, ...address, lat: 60, lng: 10 });
    // Naming a department the caller does not read is answered as a read of it: not found.
    expect(set.status).toBe(404);
    expect(
      (await sys.as(bergenPlanner).query('pinnedAddress', { departmentId: bergen, ...address }))
        .body,
    ).toBeNull();
  });
});
