import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecurringScheduler } from '@nordlog/command-service';
import {
  ERASED_TEXT,
  addDays,
  dayIn,
  daysBetween,
  isWorkingDay,
  weekdayOf,
} from '@nordlog/contracts';
import { silentLogger } from '@nordlog/platform';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import {
  createFirstDepartmentAndCustomer,
  freshPhone,
  startTestSystem,
  type Client,
  type TestSystem,
} from '../support/system.js';

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
const SENDER = { ...osloAddress, name: 'Apotek Storgata', address: 'Storgata 1' };
const RECIPIENT = { ...osloAddress, name: 'Kari Nordmann', address: 'Bogstadveien 10' };

type Row = Record<string, any>;

/**
 * Recurring orders through the gateway (issue 40 part 1, docs/decisions/0058-recurring-orders.md):
 * the commands, the queries, executing a date (twice, and twice at once), public holidays skipped
 * or moved, pause and resume, removal and deletion, the orders a recurring order booked, the
 * scheduler, and the refusals.
 */
describe('recurring orders', () => {
  let sys: TestSystem;
  /** A planner holding only PLANNER_RECURRING_ORDERS, of department 1. */
  let planner: Client;
  /** A planner of department 1 without the flag. */
  let other: Client;
  let bergen: string;

  const countOrders = async () =>
    Number(
      (
        await sys.db
          .knex('es_events')
          .where('type', 'OrderCreated')
          .count<{ count: string }[]>('* as count')
      )[0]!.count,
    );
  const book = async (pickupDate: string, extra: Row = {}, departmentId = '1') => {
    const res = await sys.command('CREATE_ORDER', {
      departmentId,
      customerId: '1',
      pickupDate,
      pickup: SENDER,
      delivery: RECIPIENT,
      customerRef: 'REF-40',
      measurements: [{ weight: 4, quantity: 2 }],
      ...extra,
    });
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };
  const save = async (payload: Row, as: Client = planner) => {
    const res = await as.command('SAVE_RECURRING_ORDER', payload);
    expect(res).toMatchObject({ status: 200 });
    return res.body.ids[0] as string;
  };
  const execute = async (date: string, department = '1') => {
    const res = await planner.command('EXECUTE_RECURRING_ORDERS', { date, department });
    expect(res.status).toBe(200);
    await sys.settled();
    return res;
  };
  const bookedBy = async (recurringOrderId: string) => {
    const res = await planner.query('orders', { recurringOrderId });
    expect(res.status).toBe(200);
    return res.body as Row[];
  };
  const result = async (date: string, recurringOrderId: string) => {
    const res = await planner.query('recurringOrderResult', { department: '1', date });
    expect(res.status).toBe(200);
    return (res.body.rows as Row[]).filter((r) => r.recurringOrderId === recurringOrderId);
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    await createFirstDepartmentAndCustomer(sys);
    await configureNumberSeries(sys);
    bergen = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Bergen',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0];
    planner = sys.as(
      await sys.login({
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        access: ['PLANNER_RECURRING_ORDERS'],
        departmentIds: ['1'],
      }),
    );
    other = sys.as(
      await sys.login({
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        access: ['PLANNER_BOOKING', 'PLANNER_SHIPMENTS'],
        departmentIds: ['1'],
      }),
    );
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('S7-CMD-017 S7-CALL-053 S7-CALL-054 an order made recurring for a date range is listed with its schedule, per department and for several', async () => {
    const orderId = await book(bookingDate(1), { deliveryDate: bookingDate(2) });
    const id = await save({
      orderIds: [orderId],
      name: 'Apotek daily',
      startDate: bookingDate(3),
      endDate: bookingDate(30),
      weekdays: ALL_DAYS,
    });
    const theirs = await save(
      {
        orderIds: [await book(bookingDate(1), {}, bergen)],
        startDate: bookingDate(3),
        weekdays: [1],
      },
      sys,
    );
    await sys.settled();
    const mine = (await planner.query('recurringOrders', { department: '1' })).body as Row[];
    const row = mine.find((r) => r.id === id);
    expect(row).toMatchObject({
      departmentId: '1',
      name: 'Apotek daily',
      startDate: bookingDate(3),
      endDate: bookingDate(30),
      weekdays: ALL_DAYS,
      intervalDays: null,
      holidayPolicy: 'SKIP',
      paused: false,
      orders: [
        expect.objectContaining({
          orderId,
          deliveryOffsetDays: 1,
          order: expect.objectContaining({ customerRef: 'REF-40' }),
        }),
      ],
    });
    expect(mine.map((r) => r.id)).not.toContain(theirs);
    const both = (
      await sys.query('recurringOrdersForDepartmentIds', { departmentIds: ['1', bergen] })
    ).body as Row[];
    expect(both.map((r) => r.id)).toEqual(expect.arrayContaining([id, theirs]));
    // A planner of department 1 asking for both gets its own department's only.
    const narrowed = (
      await planner.query('recurringOrdersForDepartmentIds', { departmentIds: ['1', bergen] })
    ).body as Row[];
    expect(narrowed.map((r) => r.departmentId)).not.toContain(bergen);
    expect(narrowed.map((r) => r.id)).toContain(id);
  });

  it('S7-CMD-020 S7-CALL-055 S7-CALL-094 executing a date books its orders as ordinary orders, listed by recurringOrderId, the date and its result', async () => {
    const source = await book(bookingDate(1), { deliveryDate: bookingDate(2) });
    const id = await save({ orderIds: [source], startDate: bookingDate(3), weekdays: ALL_DAYS });
    await sys.settled();
    expect(await bookedBy(id)).toEqual([]);
    await execute(bookingDate(3));
    const orders = await bookedBy(id);
    expect(orders).toHaveLength(1);
    const [original] = (await sys.query('orders', { ids: [source] })).body as Row[];
    const booked = orders[0]!;
    expect(booked).toMatchObject({
      recurringOrderId: id,
      departmentId: '1',
      customerId: '1',
      order: expect.objectContaining({
        pickupDate: bookingDate(3),
        deliveryDate: bookingDate(4),
        customerRef: 'REF-40',
        delivery: expect.objectContaining({ name: RECIPIENT.name }),
      }),
    });
    // Its own numbers from the series, as a typed order gets.
    expect(booked.shipmentId).toMatch(/^\d{17}$/);
    expect(booked.shipmentId).not.toBe(original!.shipmentId);
    expect(booked.order.measurements[0].packageIds).toHaveLength(2);
    const dates = (await planner.query('getRecurringExecutedDates', { department: '1' }))
      .body as Row[];
    expect(dates.map((d) => d.date)).toContain(bookingDate(3));
    expect(await result(bookingDate(3), id)).toEqual([
      expect.objectContaining({
        status: 'BOOKED',
        occurrence: bookingDate(3),
        orderIds: [booked.id],
      }),
    ]);
    // The result names the booked order's shipment number, as the planner knows it.
    const answer = await planner.query('recurringOrderResult', {
      department: '1',
      date: bookingDate(3),
    });
    expect(answer.body.shipmentIds[booked.id]).toBe(booked.shipmentId);
    // The orders query asks for one of its keys, and refuses a user without a flag that reads it.
    expect((await planner.query('orders', {})).status).toBe(400);
    const live = sys.as(
      await sys.login({
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        access: ['PLANNER_LIVE'],
        departmentIds: ['1'],
      }),
    );
    expect((await live.query('orders', { recurringOrderId: id })).status).toBe(403);
  });

  it('S7-CMD-020 executing a date twice books nothing twice', async () => {
    const id = await save({
      orderIds: [await book(bookingDate(1))],
      startDate: bookingDate(4),
      weekdays: ALL_DAYS,
    });
    await execute(bookingDate(4));
    const before = await countOrders();
    const again = await execute(bookingDate(4));
    expect(again.body.failed).toEqual([]);
    expect(await countOrders()).toBe(before);
    expect(await bookedBy(id)).toHaveLength(1);
  });

  it('S7-CMD-020 two executions of the same date at the same time book each occurrence once', async () => {
    const ids = [
      await save({ orderIds: [await book(bookingDate(1))], startDate: bookingDate(5) }),
      await save({
        orderIds: [await book(bookingDate(1)), await book(bookingDate(1))],
        startDate: bookingDate(5),
        intervalDays: 2,
      }),
    ];
    const date = bookingDate(5);
    const both = await Promise.all([
      planner.command('EXECUTE_RECURRING_ORDERS', { date, department: '1' }),
      planner.command('EXECUTE_RECURRING_ORDERS', { date, department: '1' }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    // The loser of each race decided again on what won: nothing refused.
    expect(both.map((r) => r.body.failed)).toEqual([[], []]);
    await sys.settled();
    const weekday = weekdayOf(date) <= 5;
    // The first repeats on weekdays (the default), the second every two days from the date.
    expect(await bookedBy(ids[0]!)).toHaveLength(weekday ? 1 : 0);
    expect(await bookedBy(ids[1]!)).toHaveLength(2);
    expect((await bookedBy(ids[1]!)).map((o) => o.order.pickupDate)).toEqual([date, date]);
  });

  it('S7-CMD-020 a public holiday skips the occurrence (SKIP) or moves it to the next working day (NEXT_WORKING_DAY)', async () => {
    const holiday = bookingDate(8);
    expect(
      (
        await sys.command('CREATE_HOLIDAY', {
          country: 'NO',
          type: 'PUBLIC_HOLIDAY',
          date: holiday,
        })
      ).status,
    ).toBe(200);
    const skipped = await save({
      orderIds: [await book(bookingDate(1))],
      startDate: holiday,
      weekdays: [weekdayOf(holiday)],
    });
    const moved = await save({
      orderIds: [await book(bookingDate(1))],
      startDate: holiday,
      weekdays: [weekdayOf(holiday)],
      holidayPolicy: 'NEXT_WORKING_DAY',
    });
    let next = addDays(holiday, 1);
    while (!isWorkingDay(next, (d) => d === holiday)) next = addDays(next, 1);
    await execute(holiday);
    expect(await bookedBy(skipped)).toEqual([]);
    expect(await bookedBy(moved)).toEqual([]);
    expect(await result(holiday, skipped)).toEqual([
      expect.objectContaining({ status: 'HOLIDAY', occurrence: holiday }),
    ]);
    expect(await result(holiday, moved)).toEqual([
      expect.objectContaining({ status: 'MOVED', occurrence: holiday, movedTo: next }),
    ]);
    // The calendar shows the coming dates with the move.
    const calendar = (
      await planner.query('recurringOrderCalendar', {
        recurringOrderId: moved,
        fromDate: holiday,
        toDate: addDays(holiday, 7),
      })
    ).body as Row[];
    expect(calendar[0]).toMatchObject({ occurrence: holiday, date: next, holiday: true });
    await execute(next);
    const booked = await bookedBy(moved);
    expect(booked.map((o) => o.order.pickupDate)).toEqual([next]);
    expect(await bookedBy(skipped)).toEqual([]);
    expect(await result(next, moved)).toEqual([
      expect.objectContaining({ status: 'BOOKED', occurrence: holiday, date: next }),
    ]);
  });

  it('S7-CMD-020 a paused recurring order books nothing until it is resumed; a booking rule that refuses is recorded with its message', async () => {
    const date = bookingDate(9);
    const id = await save({
      orderIds: [await book(bookingDate(1))],
      startDate: bookingDate(-3),
      weekdays: ALL_DAYS,
    });
    expect((await planner.command('SET_RECURRING_ORDER_PAUSED', { id, paused: true })).status).toBe(
      200,
    );
    await execute(date);
    expect(await bookedBy(id)).toEqual([]);
    expect(await result(date, id)).toEqual([expect.objectContaining({ status: 'PAUSED' })]);
    expect(
      (await planner.command('SET_RECURRING_ORDER_PAUSED', { id, paused: false })).status,
    ).toBe(200);
    await execute(date);
    expect((await bookedBy(id)).map((o) => o.order.pickupDate)).toEqual([date]);
    // Yesterday lies behind: the booking's clock rule refuses it, and says so.
    const yesterday = bookingDate(-1);
    await execute(yesterday);
    expect(await result(yesterday, id)).toEqual([
      expect.objectContaining({ status: 'REFUSED', message: expect.stringMatching(/.+/) }),
    ]);
    expect((await bookedBy(id)).map((o) => o.order.pickupDate)).toEqual([date]);
  });

  it('S7-CMD-018 orders removed from the listed recurring orders are no longer booked', async () => {
    const [a, b] = [await book(bookingDate(1)), await book(bookingDate(1))];
    const first = await save({ orderIds: [a, b], startDate: bookingDate(10), weekdays: ALL_DAYS });
    const second = await save({ orderIds: [b], startDate: bookingDate(10), weekdays: ALL_DAYS });
    const res = await planner.command('REMOVE_ORDERS_FROM_RECURRING_ORDERS', {
      recurringOrderIds: [first, second],
      orderIds: [b],
    });
    expect(res.status).toBe(200);
    await sys.settled();
    const rows = (await planner.query('recurringOrders', { department: '1' })).body as Row[];
    expect(rows.find((r) => r.id === first)!.orders.map((t: Row) => t.orderId)).toEqual([a]);
    expect(rows.find((r) => r.id === second)!.orders).toEqual([]);
    // Added back with a save of the recurring order (its schedule sent whole).
    await save({
      recurringOrderId: second,
      orderIds: [a],
      startDate: bookingDate(10),
      weekdays: ALL_DAYS,
    });
    await execute(bookingDate(10));
    expect(await bookedBy(first)).toHaveLength(1);
    expect(await bookedBy(second)).toHaveLength(1);
    expect((await bookedBy(first))[0]!.order.customerRef).toBe('REF-40');
  });

  it('S7-CMD-019 DELETE_RECURRING_ORDER: gone from recurringOrders, books nothing more, a second delete is not found', async () => {
    const id = await save({
      orderIds: [await book(bookingDate(1))],
      startDate: bookingDate(11),
      weekdays: ALL_DAYS,
    });
    expect((await planner.command('DELETE_RECURRING_ORDER', { id })).status).toBe(200);
    await sys.settled();
    const rows = (await planner.query('recurringOrders', { department: '1' })).body as Row[];
    expect(rows.map((r) => r.id)).not.toContain(id);
    await execute(bookingDate(11));
    expect(await bookedBy(id)).toEqual([]);
    expect((await planner.command('DELETE_RECURRING_ORDER', { id })).status).toBe(404);
  });

  it('S6-FLAG-037 without PLANNER_RECURRING_ORDERS the commands and queries are refused; another department is refused too', async () => {
    const orderId = await book(bookingDate(1));
    expect(
      (
        await other.command('SAVE_RECURRING_ORDER', {
          orderIds: [orderId],
          startDate: bookingDate(3),
        })
      ).status,
    ).toBe(403);
    expect(
      (await other.command('EXECUTE_RECURRING_ORDERS', { date: bookingDate(3), department: '1' }))
        .status,
    ).toBe(403);
    for (const [name, params] of [
      ['recurringOrders', { department: '1' }],
      ['recurringOrdersForDepartmentIds', { departmentIds: ['1'] }],
      ['getRecurringExecutedDates', { department: '1' }],
      ['recurringOrderResult', { department: '1', date: bookingDate(3) }],
    ] as const)
      expect({ name, status: (await other.query(name, params)).status }).toEqual({
        name,
        status: 403,
      });
    // The planner's own flag does not reach another department's recurring orders.
    expect((await planner.query('recurringOrders', { department: bergen })).status).toBe(403);
    expect(
      (
        await planner.command('EXECUTE_RECURRING_ORDERS', {
          date: bookingDate(3),
          department: bergen,
        })
      ).status,
    ).toBe(404);
    // Orders of two departments do not make one recurring order.
    const res = await sys.command('SAVE_RECURRING_ORDER', {
      orderIds: [orderId, await book(bookingDate(1), {}, bergen)],
      startDate: bookingDate(3),
    });
    expect(res.status).toBe(400);
  });

  it('erasing the source order’s person erases the copy its recurring order holds (0050, 0058)', async () => {
    const orderId = await book(bookingDate(1), {
      delivery: { ...RECIPIENT, name: 'Ola Slettes', phone: '+4791234567' },
    });
    const id = await save({ orderIds: [orderId], startDate: bookingDate(3) });
    await sys.settled();
    const template = async () =>
      ((await planner.query('recurringOrders', { department: '1' })).body as Row[]).find(
        (r) => r.id === id,
      )!.orders[0].order;
    expect((await template()).delivery.name).toBe('Ola Slettes');
    expect((await sys.command('ERASE_PERSONAL_DATA', { orderIds: [orderId] })).status).toBe(200);
    await sys.settled();
    const erased = await template();
    expect(erased.delivery.name).toBe(ERASED_TEXT);
    expect(JSON.stringify(erased)).not.toMatch(/Ola Slettes|91234567/);
    const rows = await sys.db.knex.raw(
      `select count(*) as n from rm_recurring_orders where data::text like '%Ola Slettes%'`,
    );
    expect(Number(rows.rows[0].n)).toBe(0);
  });

  it('the scheduler books the coming days by itself, once however often it runs, also when two run at once', async () => {
    const id = await save({
      orderIds: [await book(bookingDate(1))],
      startDate: bookingDate(1),
      endDate: bookingDate(2),
      weekdays: ALL_DAYS,
    });
    await sys.settled();
    // A second scheduler passing at the same time, as another process's would: the two race on
    // every date (this process's command path has no lock to serialise them).
    const other = new RecurringScheduler({
      run: (name, payload) => sys.run(name, payload),
      knex: sys.db.knex,
      logger: silentLogger(),
    });
    const [first, second] = await Promise.all([sys.recurring.pass(), other.pass()]);
    expect(first).toBeGreaterThan(0);
    expect(second).toBe(first);
    await sys.recurring.pass();
    await sys.settled();
    expect((await bookedBy(id)).map((o) => o.order.pickupDate).sort()).toEqual([
      bookingDate(1),
      bookingDate(2),
    ]);
  });

  it('the scheduler books as far ahead as the department plans: its planning horizon, a week when it names none', async () => {
    const today = dayIn('Europe/Oslo', new Date().toISOString());
    const start = bookingDate(1);
    // Bergen plans up to the day after the start, today included.
    const horizon = daysBetween(today, start) + 2;
    const updated = await sys.command('UPDATE_DEPARTMENT', {
      id: bergen,
      planningHorizonDays: horizon,
    });
    expect(updated.status).toBe(200);
    const id = await save(
      { orderIds: [await book(start, {}, bergen)], startDate: start, weekdays: ALL_DAYS },
      sys,
    );
    await sys.settled();
    await sys.recurring.pass();
    await sys.settled();
    expect(
      (await sys.query('orders', { recurringOrderId: id })).body
        .map((o: { order: { pickupDate: string } }) => o.order.pickupDate)
        .sort(),
    ).toEqual([start, addDays(start, 1)]);
    // Without a horizon of its own: a week from today.
    const cleared = await sys.command('UPDATE_DEPARTMENT', {
      id: bergen,
      planningHorizonDays: null,
    });
    expect(cleared.status).toBe(200);
    await sys.settled();
    await sys.recurring.pass();
    await sys.settled();
    const dates = (await sys.query('orders', { recurringOrderId: id })).body.map(
      (o: { order: { pickupDate: string } }) => o.order.pickupDate,
    );
    expect(dates.sort().at(-1)).toBe(addDays(today, 6));
  });
});
