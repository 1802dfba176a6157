import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { createSlot } from '../support/planning.js';
import { freshPhone, startTestSystem, type Client, type TestSystem } from '../support/system.js';
import { countEvents } from '../support/events.js';

type Item = { errorType?: string; params?: { field?: string; key?: string } };
type Row = Record<string, any>;

/** The refused fields and their message keys of a 400. */
const refused = (res: { status: number; body: unknown }) => {
  expect({ status: res.status, body: res.body }).toEqual(expect.objectContaining({ status: 400 }));
  return Object.fromEntries((res.body as Item[]).map((i) => [i.params?.field, i.params?.key]));
};

const SHD = 'SHD_HOME';
const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

/**
 * Same-day home delivery's places beyond a booking (docs/decisions/0092-shd.md, "Addendum"),
 * through the gateway: a move to another department takes the new department's day (refused
 * when full or off there, nothing written; MOVE_ORDERS and MOVE_ORDERS_NEW), a recurring
 * execution's occurrences take places (a full day recorded as REFUSED with its reason), and a
 * return's legs take places (a full day refuses the return, nothing written).
 */
describe('same-day home delivery: moves, recurring orders and returns', () => {
  let sys: TestSystem;
  let admin: Client;
  const dep: Record<'oslo' | 'bergen' | 'trondheim' | 'tromso', string> = {} as never;
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
  const book = async (departmentId: string, date: string, serviceId = SHD) => {
    const res = await sys.command('CREATE_ORDER', order(departmentId, date, serviceId));
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };
  const used = async (departmentId: string, date: string) => {
    await sys.settled();
    const res = await admin.query('shdSettings', { departmentId, date });
    expect(res.status).toBe(200);
    return (res.body as { used: number }).used;
  };
  const settings = (departmentId: string, enabled: boolean, dailyCapacity: number) =>
    admin.command('UPSERT_SHD_SETTINGS', {
      departmentId,
      enabled,
      serviceIds: [SHD],
      dailyCapacity,
    });

  beforeAll(async () => {
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    for (const name of ['oslo', 'bergen', 'trondheim', 'tromso'] as const) {
      dep[name] = (
        await sys.command('CREATE_DEPARTMENT', { name, departmentType: 'courier', country: 'NO' })
      ).body.ids[0] as string;
      customers[dep[name]] = (
        await sys.command('CREATE_CUSTOMER', { name: `Kunde ${name}`, departmentId: dep[name] })
      ).body.ids[0] as string;
    }
    admin = sys.as(
      await sys.login({
        phoneNumber: freshPhone(),
        role: 'ADMIN',
        access: ['ADMIN_SHD'],
        departmentIds: Object.values(dep),
      }),
    );
    // Oslo and Bergen: one a day; Trondheim: off; Tromsø: no settings (no SHD service).
    expect((await settings(dep.oslo, true, 1)).status).toBe(200);
    expect((await settings(dep.bergen, true, 1)).status).toBe(200);
    expect((await settings(dep.trondheim, false, 5)).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await sys.shutdown();
  });

  it('a move to a department whose day is full or whose SHD is off is refused with nothing written; with room it takes the new day and frees the old', async () => {
    const date = bookingDate(2);
    const a = await book(dep.oslo, date);
    await book(dep.bergen, date);
    const before = await countEvents(sys);
    for (const name of ['MOVE_ORDERS', 'MOVE_ORDERS_NEW']) {
      const move = (departmentId: string) => sys.command(name, { orderIds: [a], departmentId });
      expect(refused(await move(dep.bergen))).toEqual({ deliveryDate: 'validation.shdFull' });
      expect(refused(await move(dep.trondheim))).toEqual({ serviceId: 'validation.shdOff' });
    }
    expect(await countEvents(sys)).toBe(before);
    expect(await used(dep.oslo, date)).toBe(1);
    // Another service moves onto the full day.
    const express = await book(dep.oslo, date, 'EXPRESS');
    expect(
      (await sys.command('MOVE_ORDERS', { orderIds: [express], departmentId: dep.bergen })).status,
    ).toBe(200);
    // A department without settings takes no place; moved back, the order takes Oslo's again.
    expect(
      (await sys.command('MOVE_ORDERS_NEW', { orderIds: [a], departmentId: dep.tromso })).status,
    ).toBe(200);
    expect(await used(dep.oslo, date)).toBe(0);
    expect(
      (await sys.command('MOVE_ORDERS', { orderIds: [a], departmentId: dep.oslo })).status,
    ).toBe(200);
    expect(await used(dep.oslo, date)).toBe(1);
    // With room: each move takes the new department's day and frees the old one's.
    for (const [name, days] of [
      ['MOVE_ORDERS', 3],
      ['MOVE_ORDERS_NEW', 4],
    ] as const) {
      const day = bookingDate(days);
      const b = await book(dep.oslo, day);
      const res = await sys.command(name, { orderIds: [b], departmentId: dep.bergen });
      expect(res.status).toBe(200);
      expect(await used(dep.bergen, day)).toBe(1);
      expect(await used(dep.oslo, day)).toBe(0);
      // Bergen's day is now full: Oslo books its place again, and a move there is refused.
      const c = await book(dep.oslo, day);
      expect(refused(await sys.command(name, { orderIds: [c], departmentId: dep.bergen }))).toEqual(
        { deliveryDate: 'validation.shdFull' },
      );
    }
  }, 120_000);

  it('a recurring execution takes the day’s places: an occurrence of a full day is recorded as refused with its reason, and booked once there is room', async () => {
    const date = bookingDate(6);
    const recurring: string[] = [];
    for (const days of [7, 8]) {
      const template = await book(dep.oslo, bookingDate(days));
      const res = await sys.command('SAVE_RECURRING_ORDER', {
        orderIds: [template],
        startDate: bookingDate(1),
        weekdays: ALL_DAYS,
      });
      expect(res.status).toBe(200);
      recurring.push(res.body.ids[0] as string);
    }
    const execute = async () => {
      const res = await sys.command('EXECUTE_RECURRING_ORDERS', { date, department: dep.oslo });
      expect(res.status).toBe(200);
      await sys.settled();
      const rows = (await sys.query('recurringOrderResult', { department: dep.oslo, date })).body
        .rows as Row[];
      return recurring.map((id) => rows.find((r) => r.recurringOrderId === id)!);
    };
    const first = await execute();
    expect(first.map((r) => r.status).sort()).toEqual(['BOOKED', 'REFUSED']);
    expect(first.find((r) => r.status === 'REFUSED')!.message).toMatch(/fully booked/);
    expect(await used(dep.oslo, date)).toBe(1);
    // Room for one more: the next execution books the refused occurrence.
    expect((await settings(dep.oslo, true, 2)).status).toBe(200);
    const second = await execute();
    expect(second.map((r) => r.status)).toEqual(['BOOKED', 'BOOKED']);
    expect(await used(dep.oslo, date)).toBe(2);
    expect((await settings(dep.oslo, true, 1)).status).toBe(200);
  }, 120_000);

  it('a return’s leg takes its day’s place: a full day refuses the return with nothing written', async () => {
    const orderId = await book(dep.oslo, bookingDate(10));
    const slotId = await createSlot(sys, dep.oslo, bookingDate(10));
    expect(
      (await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [orderId], slotId })).status,
    ).toBe(200);
    expect((await sys.command('CREATE_DEVIATION', { orderId, reason: 'NOT_HOME' })).status).toBe(
      200,
    );
    const full = bookingDate(11);
    await book(dep.oslo, full);
    const before = await countEvents(sys);
    expect(
      refused(await sys.command('COPY_DEVIATED_ORDER', { orderId, pickupDate: full })),
    ).toEqual({ deliveryDate: 'validation.shdFull' });
    expect(await countEvents(sys)).toBe(before);
    const free = bookingDate(12);
    const copy = await sys.command('COPY_DEVIATED_ORDER', { orderId, pickupDate: free });
    expect(copy.status).toBe(200);
    expect(await used(dep.oslo, free)).toBe(1);
  }, 120_000);
});
