import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { startTestSystem, storeHead, type TestSystem } from '../support/system.js';

const DATE = bookingDate(2);

/**
 * The booking extras' order updates (issue 44 §7, docs/decisions/0086-booking-extras.md): the
 * service, the vehicle type and the delivery window of booked orders.
 */
describe('booking extras: service level, vehicle type and delivery time of orders', () => {
  let sys: TestSystem;
  let oslo: string;
  let customer: string;
  const services: Record<'road' | 'inactive' | 'weight', string> = {
    road: 'EXPRESS-ROAD',
    inactive: 'EXPRESS-OLD',
    weight: 'WEIGHT-KG',
  };

  const book = async () => {
    const res = await sys.command('CREATE_ORDER', {
      departmentId: oslo,
      customerId: customer,
      pickupDate: DATE,
      pickup: osloAddress,
      delivery: { ...osloAddress, name: 'Kari', address: 'Bogstadveien 1', lat: 59.93 },
      serviceId: services.road,
      deliveryTimeEarliest: '09:00',
      deliveryTimeLatest: '12:00',
      measurements: [{ weight: 10, quantity: 1 }],
    });
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };
  const order = async (id: string) => {
    await sys.settled();
    const res = await sys.query('orders', { ids: [id] });
    expect(res.status).toBe(200);
    return (res.body as { order: Record<string, unknown> }[])[0]!.order;
  };
  const consignment = async (id: string) => {
    await sys.settled();
    return (await sys.query('consignments', { ids: [id] })).body[0] as Record<string, unknown>;
  };
  /** Sends, expects a 4xx, and checks nothing was stored and the order is as it was. */
  const refused = async (id: string, name: string, payload: Record<string, unknown>) => {
    const before = await storeHead(sys);
    const stored = await order(id);
    const res = await sys.command(name, payload);
    expect({ name, payload, status: res.status >= 400 && res.status < 500 }).toEqual({
      name,
      payload,
      status: true,
    });
    expect(await storeHead(sys)).toBe(before);
    expect(await order(id)).toEqual(stored);
    return res.body as { errorType: string; params?: { field?: string } }[];
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    oslo = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0];
    customer = (await sys.command('CREATE_CUSTOMER', { name: 'Apotek', departmentId: oslo })).body
      .ids[0];
    const article = async (code: string, kind: string, active: boolean) =>
      expect(
        (
          await sys.command('CREATE_ARTICLE', {
            code,
            label: code,
            kind,
            group: 'TRANSPORT',
            active,
          })
        ).status,
      ).toBe(200);
    await article(services.road, 'FREIGHT', true);
    await article('EXPRESS-EVENING', 'FREIGHT', true);
    await article(services.inactive, 'FREIGHT', false);
    await article(services.weight, 'WEIGHT', true);
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('S7-CMD-047 UPDATE_ORDER_SERVICE_LEVEL and UPDATE_ORDER_VEHICLE_TYPE take effect in `orders`; invalid payloads are 4xx with no change', async () => {
    const [a, b] = [await book(), await book()];
    const service = await sys.command('UPDATE_ORDER_SERVICE_LEVEL', {
      orderIds: [a, b],
      serviceId: 'EXPRESS-EVENING',
    });
    expect(service.status).toBe(200);
    const vehicle = await sys.command('UPDATE_ORDER_VEHICLE_TYPE', {
      orderIds: [a],
      vehicleType: 'cargobike',
    });
    expect(vehicle.status).toBe(200);
    expect(await order(a)).toMatchObject({
      serviceId: 'EXPRESS-EVENING',
      vehicleType: 'cargobike',
    });
    const other = await order(b);
    expect(other).toMatchObject({ serviceId: 'EXPRESS-EVENING' });
    expect(other.vehicleType).toBeUndefined();
    // The grid's row carries it too: the optimiser reads the type from there (0094).
    expect((await consignment(a)).vehicleType).toBe('cargobike');
    expect((await consignment(b)).vehicleType).toBeNull();

    for (const serviceId of ['', 'NO-SUCH-SERVICE', services.inactive, services.weight]) {
      const body = await refused(a, 'UPDATE_ORDER_SERVICE_LEVEL', { orderIds: [a], serviceId });
      expect(body[0]).toMatchObject({ errorType: 'VALIDATION_ERROR' });
      expect(body[0]!.params?.field).toBe('serviceId');
    }
    await refused(a, 'UPDATE_ORDER_SERVICE_LEVEL', { orderIds: [], serviceId: services.road });
    for (const vehicleType of ['rocket', null, ''])
      await refused(a, 'UPDATE_ORDER_VEHICLE_TYPE', { orderIds: [a], vehicleType });
    await refused(a, 'UPDATE_ORDER_VEHICLE_TYPE', { orderIds: ['999999'], vehicleType: 'van' });
    expect(await order(a)).toMatchObject({
      serviceId: 'EXPRESS-EVENING',
      vehicleType: 'cargobike',
    });
  });

  it('S7-CMD-037 UPDATE_DELIVERY_TIME takes effect in `consignments` and `orders`, the pickup window kept; invalid payloads are 4xx with no change', async () => {
    const id = await book();
    const res = await sys.command('UPDATE_DELIVERY_TIME', {
      orderIds: [id],
      deliveryTimeEarliest: '13:00',
      deliveryTimeLatest: '16:30',
    });
    expect(res.status).toBe(200);
    expect(await consignment(id)).toMatchObject({
      deliveryTimeEarliest: '13:00',
      deliveryTimeLatest: '16:30',
      pickupTimeEarliest: null,
      pickupTimeLatest: null,
    });
    expect(await order(id)).toMatchObject({ deliveryTimeEarliest: '13:00' });
    for (const window of [
      { deliveryTimeEarliest: '25:00', deliveryTimeLatest: '16:00' },
      { deliveryTimeEarliest: '13:00' },
      { deliveryTimeEarliest: '14:00', deliveryTimeLatest: '14:00' },
    ])
      await refused(id, 'UPDATE_DELIVERY_TIME', { orderIds: [id], ...window });
    expect(await consignment(id)).toMatchObject({
      deliveryTimeEarliest: '13:00',
      deliveryTimeLatest: '16:30',
    });
  });

  it('a window past midnight ends the next day, as in the order form', async () => {
    const id = await book();
    const res = await sys.command('UPDATE_DELIVERY_TIME', {
      orderIds: [id],
      deliveryTimeEarliest: '22:00',
      deliveryTimeLatest: '02:00',
    });
    expect(res.status).toBe(200);
    expect(await order(id)).toMatchObject({
      deliveryTimeEarliest: '22:00',
      deliveryTimeLatest: '02:00',
      deliveryEndDate: bookingDate(3),
    });
  });

  it('an order whose goods were collected keeps its service, vehicle type and delivery window: each update is refused', async () => {
    const id = await book();
    expect((await sys.command('MANUAL_COLLECT', { consignmentIds: [id] })).status).toBe(200);
    expect(await consignment(id)).toMatchObject({ state: 'COLLECTED' });
    for (const [name, change] of [
      ['UPDATE_ORDER_SERVICE_LEVEL', { serviceId: 'EXPRESS-EVENING' }],
      ['UPDATE_ORDER_VEHICLE_TYPE', { vehicleType: 'truck' }],
      ['UPDATE_DELIVERY_TIME', { deliveryTimeEarliest: '10:00', deliveryTimeLatest: '11:00' }],
    ] as const) {
      const body = await refused(id, name, { orderIds: [id], ...change });
      expect(body[0]).toMatchObject({ errorType: 'INVALID_STATE_TRANSITION' });
    }
    expect(await order(id)).toMatchObject({
      serviceId: services.road,
      deliveryTimeEarliest: '09:00',
    });
  });
});
