import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { freshPhone, startTestSystem, type Client, type TestSystem } from '../support/system.js';
import { countEvents } from '../support/events.js';

type Item = { errorType?: string; params?: { field?: string; key?: string } };

/** The refused fields and their message keys of a 400. */
const refused = (res: { status: number; body: unknown }) => {
  expect({ status: res.status, body: res.body }).toEqual(expect.objectContaining({ status: 400 }));
  return Object.fromEntries((res.body as Item[]).map((i) => [i.params?.field, i.params?.key]));
};

const SHD = 'SHD_HOME';

/**
 * Same-day home delivery through the gateway (docs/decisions/0092-shd.md): a department's
 * settings (on/off, its services, orders a day); booking its services takes the day's places,
 * a full day or SHD off refuses the booking with nothing written, another department is not
 * touched, a deleted or moved order frees its place; `shdSettings` counts the day.
 */
describe('same-day home delivery', () => {
  let sys: TestSystem;
  let admin: Client;
  let planner: Client;
  let oslo: string;
  let bergen: string;
  const customers: Record<string, string> = {};

  const order = (departmentId: string, date: string, serviceId = SHD) => ({
    departmentId,
    customerId: customers[departmentId],
    pickupDate: date,
    serviceId,
    pickup: osloAddress,
    delivery: { ...osloAddress, name: 'Kari Nordmann', phone: '+4791234567' },
    measurements: [{ weight: 1 }],
  });
  const book = (departmentId: string, date: string, serviceId = SHD) =>
    sys.command('CREATE_ORDER', order(departmentId, date, serviceId));
  const day = async (departmentId: string, date: string) => {
    await sys.settled();
    const res = await admin.query('shdSettings', { departmentId, date });
    expect(res.status).toBe(200);
    return res.body as { used: number; free: number; enabled: boolean; dailyCapacity: number };
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    const department = async (name: string) =>
      (await sys.command('CREATE_DEPARTMENT', { name, departmentType: 'courier', country: 'NO' }))
        .body.ids[0] as string;
    oslo = await department('Oslo');
    bergen = await department('Bergen');
    for (const d of [oslo, bergen])
      customers[d] = (await sys.command('CREATE_CUSTOMER', { name: `Kunde ${d}`, departmentId: d }))
        .body.ids[0] as string;
    const user = async (role: string, access: string[]) =>
      sys.as(
        await sys.login({ phoneNumber: freshPhone(), role, access, departmentIds: [oslo, bergen] }),
      );
    admin = await user('ADMIN', ['ADMIN_SHD']);
    planner = await user('PLANNER', ['PLANNER_BOOKING']);
    for (const [departmentId, dailyCapacity] of [
      [oslo, 2],
      [bergen, 1],
    ] as const) {
      const res = await admin.command('UPSERT_SHD_SETTINGS', {
        departmentId,
        enabled: true,
        serviceIds: [SHD],
        dailyCapacity,
      });
      expect(res.status).toBe(200);
    }
  }, 120_000);

  afterAll(async () => {
    await sys.shutdown();
  });

  it('a full day refuses the next booking of the service with nothing written; other services, days and departments book', async () => {
    const date = bookingDate(2);
    expect((await book(oslo, date)).status).toBe(200);
    expect((await book(oslo, date)).status).toBe(200);
    const before = await countEvents(sys);
    expect(refused(await book(oslo, date))).toEqual({ deliveryDate: 'validation.shdFull' });
    // A batch holding one SHD order of the full day is refused whole.
    const batch = await sys.command('CREATE_ORDERS', {
      orders: [order(oslo, date, 'EXPRESS'), order(oslo, date)],
    });
    expect(refused(batch)).toEqual({ deliveryDate: 'validation.shdFull' });
    expect(await countEvents(sys)).toBe(before);
    expect(await day(oslo, date)).toEqual(
      expect.objectContaining({ used: 2, free: 0, dailyCapacity: 2 }),
    );
    // Another service that day, the service another day, and another department's day book.
    expect((await book(oslo, date, 'EXPRESS')).status).toBe(200);
    expect((await book(oslo, bookingDate(3))).status).toBe(200);
    expect((await book(bergen, date)).status).toBe(200);
    expect(await day(bergen, date)).toEqual(expect.objectContaining({ used: 1, free: 0 }));
    // A batch of two SHD orders on a day with one place left: refused; with one: booked.
    const next = bookingDate(4);
    expect((await book(oslo, next)).status).toBe(200);
    const two = await sys.command('CREATE_ORDERS', {
      orders: [order(oslo, next), order(oslo, next)],
    });
    expect(refused(two)).toEqual({ deliveryDate: 'validation.shdFull' });
    expect((await sys.command('CREATE_ORDERS', { orders: [order(oslo, next)] })).status).toBe(200);
    expect(await day(oslo, next)).toEqual(expect.objectContaining({ used: 2, free: 0 }));
  }, 120_000);

  it('a deleted order frees its place; an edit to a full day is refused, one to another day moves the place', async () => {
    const date = bookingDate(5);
    const first = (await book(oslo, date)).body.ids[0] as string;
    expect((await book(oslo, date)).status).toBe(200);
    expect(refused(await book(oslo, date))).toEqual({ deliveryDate: 'validation.shdFull' });
    expect((await sys.command('DELETE_ORDERS', { orderIds: [first] })).status).toBe(200);
    expect(await day(oslo, date)).toEqual(expect.objectContaining({ used: 1, free: 1 }));
    const third = (await book(oslo, date)).body.ids[0] as string;
    expect(third).toBeDefined();
    // Restoring the deleted order while the day is full: refused, nothing written.
    const full = await countEvents(sys);
    expect(refused(await sys.command('RESTORE_ORDERS', { orderIds: [first] }))).toEqual({
      deliveryDate: 'validation.shdFull',
    });
    expect(await countEvents(sys)).toBe(full);
    // Moving an order of another day onto the full day: refused, nothing written.
    const other = bookingDate(6);
    const mover = (await book(oslo, other)).body.ids[0] as string;
    const before = await countEvents(sys);
    const onFull = await sys.command('UPDATE_ORDER', { orderId: mover, pickupDate: date });
    expect(refused(onFull)).toEqual({ deliveryDate: 'validation.shdFull' });
    expect(await countEvents(sys)).toBe(before);
    // Moving one of the full day's orders away frees the place it had.
    expect(
      (await sys.command('UPDATE_ORDER', { orderId: third, pickupDate: bookingDate(7) })).status,
    ).toBe(200);
    expect(await day(oslo, date)).toEqual(expect.objectContaining({ used: 1, free: 1 }));
    expect(await day(oslo, bookingDate(7))).toEqual(expect.objectContaining({ used: 1 }));
    // With a place free, the deleted order is restored and takes it; moved to Bergen, it frees it.
    expect((await sys.command('RESTORE_ORDERS', { orderIds: [first] })).status).toBe(200);
    expect(await day(oslo, date)).toEqual(expect.objectContaining({ used: 2, free: 0 }));
    expect(
      (await sys.command('MOVE_ORDERS', { orderIds: [first], departmentId: bergen })).status,
    ).toBe(200);
    expect(await day(oslo, date)).toEqual(expect.objectContaining({ used: 1, free: 1 }));
    // A change of service off SHD frees it too; a change of note keeps it.
    expect(
      (await sys.command('UPDATE_ORDER', { orderId: mover, orderNote: 'ring the bell' })).status,
    ).toBe(200);
    expect(await day(oslo, other)).toEqual(expect.objectContaining({ used: 1 }));
    expect(
      (await sys.command('UPDATE_ORDER', { orderId: mover, serviceId: 'EXPRESS' })).status,
    ).toBe(200);
    expect(await day(oslo, other)).toEqual(expect.objectContaining({ used: 0 }));
  }, 120_000);

  it('SHD off refuses its services in that department only; who may set and read it', async () => {
    const date = bookingDate(8);
    const off = await admin.command('UPSERT_SHD_SETTINGS', {
      departmentId: oslo,
      enabled: false,
      serviceIds: [SHD],
      dailyCapacity: 2,
    });
    expect(off.status).toBe(200);
    const before = await countEvents(sys);
    expect(refused(await book(oslo, date))).toEqual({ serviceId: 'validation.shdOff' });
    expect(await countEvents(sys)).toBe(before);
    expect((await book(oslo, date, 'EXPRESS')).status).toBe(200);
    expect((await book(bergen, date)).status).toBe(200);
    expect(await day(oslo, date)).toEqual(expect.objectContaining({ enabled: false, used: 0 }));
    // Bad settings: 400 with the field; the planner without ADMIN_SHD may neither set nor read.
    expect(
      refused(
        await admin.command('UPSERT_SHD_SETTINGS', {
          departmentId: oslo,
          enabled: true,
          serviceIds: ['not a code'],
          dailyCapacity: -1,
        }),
      ),
    ).toEqual(
      expect.objectContaining({
        dailyCapacity: expect.anything(),
        'serviceIds.0': expect.anything(),
      }),
    );
    const set = await planner.command('UPSERT_SHD_SETTINGS', {
      departmentId: oslo,
      enabled: true,
      dailyCapacity: 1,
    });
    expect(set.status).toBe(403);
    expect((await planner.query('shdSettings', { departmentId: oslo })).status).toBe(403);
  }, 120_000);
});
