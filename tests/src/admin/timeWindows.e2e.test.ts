import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addDays } from '@nordlog/contracts';
import { bookingDate } from '../support/booking.js';
import { order, startBookingSystem } from '../booking/bookingFixture.js';
import { freshPhone, type Client, type TestSystem } from '../support/system.js';
import { countEvents } from '../support/events.js';

type Row = Record<string, any>;
type Item = { params?: { field?: string; key?: string }; description?: string };

/** The refused fields and their message keys of a 400. */
const refused = (res: { status: number; body: unknown }) => {
  expect(res.status).toBe(400);
  return Object.fromEntries((res.body as Item[]).map((i) => [i.params?.field, i.params?.key]));
};

const weekdayOf = (date: string) =>
  ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'][new Date(`${date}T12:00:00Z`).getUTCDay()]!;
const every = (start: string, end: string, except: string[] = []) =>
  ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN']
    .filter((d) => !except.includes(d))
    .map((weekday) => ({ weekday, start, end }));

/**
 * A department's calendar through the gateway (docs/decisions/0078-time-windows.md): the week
 * (UPSERT_DEPARTMENT_TIME_WINDOW, `departmentTimeWindows`), production time windows (add, edit,
 * delete, `productionTimeWindows`), bad input refused with the field and nothing written, who may
 * call them, and booking and recurring orders inside the windows.
 */
describe('department and production time windows', () => {
  let sys: TestSystem;
  let oslo: string;
  let bergen: string;
  /** A PLUS_PLANNER of Bergen only with ADMIN_PRODUCTION_TIME_WINDOW: a scoped admin. */
  let bergenAdmin: Client;
  /** A planner who books but holds no calendar flag of an administrator. */
  let booker: Client;
  /** A planner with neither flag. */
  let outsider: Client;

  beforeAll(async () => {
    ({ sys, oslo, bergen } = await startBookingSystem());
    const user = (role: string, access: string[], departmentIds: string[]) =>
      sys.login({ phoneNumber: freshPhone(), role, access, departmentIds });
    bergenAdmin = sys.as(await user('PLUS_PLANNER', ['ADMIN_PRODUCTION_TIME_WINDOW'], [bergen]));
    booker = sys.as(await user('PLANNER', ['PLANNER_BOOKING'], [oslo]));
    outsider = sys.as(await user('PLANNER', ['PLANNER_LIVE'], [oslo]));
  }, 60_000);
  afterAll(async () => sys.shutdown());

  const week = async (departmentId: string, client: Client = sys) => {
    await sys.settled();
    return client.query('departmentTimeWindows', { departmentId });
  };
  const setWeek = (fields: Record<string, unknown>, departmentId = oslo) =>
    sys.command('UPSERT_DEPARTMENT_TIME_WINDOW', { departmentId, ...fields });

  it('S7-CMD-026 S7-CALL-057 UPSERT_DEPARTMENT_TIME_WINDOW sets the week; departmentTimeWindows answers it in the department time zone', async () => {
    const none = await week(oslo);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ departmentId: oslo, pickupHours: [], revision: null });
    const fields = {
      pickupHours: [
        { weekday: 'MON', start: '08:00', end: '11:30' },
        { weekday: 'MON', start: '12:30', end: '16:00' },
      ],
      deliveryHours: [{ weekday: 'TUE', start: '09:00', end: '17:00' }],
      bookingCutoff: '14:00',
      minimumLeadMinutes: 60,
    };
    expect((await setWeek(fields)).status).toBe(200);
    const set = await week(oslo);
    expect(set.body).toMatchObject({ ...fields, departmentId: oslo, timeZone: 'Europe/Oslo' });
    // The same week again writes nothing.
    const before = await countEvents(sys);
    expect((await setWeek(fields)).status).toBe(200);
    expect(await countEvents(sys)).toBe(before);
    // Replaced as a whole: back to no hours (open at every hour).
    expect((await setWeek({})).status).toBe(200);
    expect((await week(oslo)).body).toMatchObject({ pickupHours: [], bookingCutoff: null });
  });

  it('S7-CMD-026 a window that ends before it starts, or overlaps another of its day, is 400 naming the field; nothing is written', async () => {
    const before = await countEvents(sys);
    expect(
      refused(await setWeek({ pickupHours: [{ weekday: 'MON', start: '16:00', end: '08:00' }] })),
    ).toEqual({ 'pickupHours.0.end': 'validation.timeWindow' });
    expect(
      refused(
        await setWeek({
          deliveryHours: [
            { weekday: 'WED', start: '08:00', end: '12:00' },
            { weekday: 'THU', start: '08:00', end: '12:00' },
            { weekday: 'WED', start: '11:00', end: '15:00' },
          ],
        }),
      ),
    ).toEqual({ 'deliveryHours.2.start': 'validation.overlap' });
    expect(refused(await setWeek({ bookingCutoff: '25:00' }))).toEqual({
      bookingCutoff: 'validation.time',
    });
    expect(await countEvents(sys)).toBe(before);
  });

  it('S7-CALL-057 S6-FLAG-011 a missing department is 400; readers need a calendar flag and the department', async () => {
    expect((await sys.query('departmentTimeWindows', {})).status).toBe(400);
    expect((await week(oslo, booker)).status).toBe(200);
    expect((await week(oslo, outsider)).status).toBe(403);
    expect((await outsider.query('productionTimeWindows', {})).status).toBe(403);
    expect((await week(oslo, bergenAdmin)).status).toBe(403);
    expect((await week(bergen, bergenAdmin)).status).toBe(200);
  });

  it('S7-CMD-055 production time windows are added, edited and deleted; productionTimeWindows lists them', async () => {
    const add = await sys.command('ADD_PRODUCTION_TIME_WINDOW', {
      departmentId: bergen,
      name: 'Christmas 2031',
      fromDate: '2031-12-15',
      toDate: '2031-12-23',
      pickupHours: every('09:00', '15:00'),
    });
    expect(add.status).toBe(200);
    const id = String(add.body.ids[0]);
    const listed = async (params: Record<string, unknown> = { departmentId: bergen }) => {
      await sys.settled();
      const res = await sys.query('productionTimeWindows', params);
      expect(res.status).toBe(200);
      return res.body as Row[];
    };
    expect(await listed()).toEqual([
      expect.objectContaining({ id, name: 'Christmas 2031', toDate: '2031-12-23' }),
    ]);
    expect(
      (await sys.command('EDIT_PRODUCTION_TIME_WINDOW', { id, toDate: '2031-12-24' })).status,
    ).toBe(200);
    expect((await listed())[0]).toMatchObject({ name: 'Christmas 2031', toDate: '2031-12-24' });
    expect(await listed({ fromDate: '2032-01-01' })).toEqual([]);
    expect((await sys.command('DELETE_PRODUCTION_TIME_WINDOW', { id })).status).toBe(200);
    expect(await listed()).toEqual([]);
    expect((await sys.command('DELETE_PRODUCTION_TIME_WINDOW', { id })).status).toBe(404);
  });

  it('S7-CMD-055 overlapping windows of one department, and dates that end before they start, are 400 naming the field; nothing is written', async () => {
    const base = {
      departmentId: oslo,
      name: 'Summer 2032',
      fromDate: '2032-07-01',
      toDate: '2032-07-31',
    };
    const first = await sys.command('ADD_PRODUCTION_TIME_WINDOW', base);
    expect(first.status).toBe(200);
    // Another department's window on the same dates is its own business.
    expect(
      (await sys.command('ADD_PRODUCTION_TIME_WINDOW', { ...base, departmentId: bergen })).status,
    ).toBe(200);
    const later = await sys.command('ADD_PRODUCTION_TIME_WINDOW', {
      ...base,
      name: 'August 2032',
      fromDate: '2032-08-01',
      toDate: '2032-08-31',
    });
    expect(later.status).toBe(200);
    const before = await countEvents(sys);
    const overlap = await sys.command('ADD_PRODUCTION_TIME_WINDOW', {
      ...base,
      fromDate: '2032-07-31',
      toDate: '2032-08-02',
    });
    expect(refused(overlap)).toEqual({ fromDate: 'validation.overlap' });
    expect((overlap.body as Item[])[0]!.description).toContain('Summer 2032');
    expect(
      refused(
        await sys.command('ADD_PRODUCTION_TIME_WINDOW', {
          ...base,
          fromDate: '2033-02-10',
          toDate: '2033-02-01',
        }),
      ),
    ).toEqual({ toDate: 'validation.dateRange' });
    // An edit is held to the same rules, on the window it makes.
    const id = String(later.body.ids[0]);
    expect(
      refused(await sys.command('EDIT_PRODUCTION_TIME_WINDOW', { id, fromDate: '2032-07-15' })),
    ).toEqual({ fromDate: 'validation.overlap' });
    expect(
      refused(await sys.command('EDIT_PRODUCTION_TIME_WINDOW', { id, toDate: '2032-07-30' })),
    ).toEqual({ toDate: 'validation.dateRange' });
    expect(
      refused(
        await sys.command('EDIT_PRODUCTION_TIME_WINDOW', {
          id,
          pickupHours: [{ weekday: 'FRI', start: '12:00', end: '12:00' }],
        }),
      ),
    ).toEqual({ 'pickupHours.0.end': 'validation.timeWindow' });
    expect(await countEvents(sys)).toBe(before);
  });

  it('S6-FLAG-011 a department administrator keeps the windows of its own departments only', async () => {
    const mine = {
      departmentId: bergen,
      name: 'Stocktaking',
      fromDate: '2034-01-02',
      toDate: '2034-01-03',
    };
    const added = await bergenAdmin.command('ADD_PRODUCTION_TIME_WINDOW', mine);
    expect(added.status).toBe(200);
    expect(
      (await bergenAdmin.command('ADD_PRODUCTION_TIME_WINDOW', { ...mine, departmentId: oslo }))
        .status,
      // A department outside the caller's access is one it cannot name (the references' rule).
    ).toBe(404);
    const osloWindow = await sys.command('ADD_PRODUCTION_TIME_WINDOW', {
      ...mine,
      departmentId: oslo,
    });
    const osloId = String(osloWindow.body.ids[0]);
    expect(
      (await bergenAdmin.command('DELETE_PRODUCTION_TIME_WINDOW', { id: osloId })).status,
    ).toBe(403);
    expect(
      (await bergenAdmin.command('UPSERT_DEPARTMENT_TIME_WINDOW', { departmentId: oslo })).status,
    ).toBe(404);
    await sys.settled();
    const seen = (await bergenAdmin.query('productionTimeWindows', {})).body as Row[];
    expect(seen.map((w) => w.departmentId)).not.toContain(oslo);
    expect(seen.map((w) => String(w.id))).toContain(String(added.body.ids[0]));
  });

  describe('booking inside the windows', () => {
    const book = (over: Record<string, unknown>) =>
      sys.command('CREATE_ORDER', order(bergen, over));
    const tomorrow = bookingDate(1);
    const dayAfter = bookingDate(2);

    afterAll(async () => {
      await setWeek({}, bergen);
    });

    it('after the cut-off a same-day pickup is refused on pickupDate; the next open day is booked', async () => {
      // A cut-off at midnight: a pickup today is always too late.
      expect((await setWeek({ bookingCutoff: '00:00' }, bergen)).status).toBe(200);
      expect(refused(await book({ pickupDate: bookingDate(0) }))).toEqual({
        pickupDate: 'validation.afterCutoff',
      });
      expect((await book({ pickupDate: tomorrow })).status).toBe(200);
    });

    it('a day without pickup hours is closed; times outside the hours are refused on their field', async () => {
      const closed = weekdayOf(dayAfter);
      expect(
        (
          await setWeek(
            {
              pickupHours: every('08:00', '16:00', [closed]),
              deliveryHours: every('09:00', '18:00'),
            },
            bergen,
          )
        ).status,
      ).toBe(200);
      const before = await countEvents(sys);
      expect(refused(await book({ pickupDate: dayAfter }))).toEqual({
        pickupDate: 'validation.pickupClosed',
      });
      expect(
        refused(
          await book({
            pickupDate: tomorrow,
            pickupTimeEarliest: '07:00',
            pickupTimeLatest: '17:00',
            deliveryTimeEarliest: '19:00',
            deliveryTimeLatest: '20:00',
          }),
        ),
      ).toEqual({
        pickupTimeEarliest: 'validation.outsidePickupHours',
        pickupTimeLatest: 'validation.outsidePickupHours',
        deliveryTimeEarliest: 'validation.outsideDeliveryHours',
        deliveryTimeLatest: 'validation.outsideDeliveryHours',
      });
      expect(await countEvents(sys)).toBe(before);
      expect(
        (
          await book({
            pickupDate: tomorrow,
            pickupTimeEarliest: '08:00',
            pickupTimeLatest: '16:00',
            deliveryTimeEarliest: '09:00',
            deliveryTimeLatest: '18:00',
          })
        ).status,
      ).toBe(200);
    });

    it('a production time window replaces the week on its dates; a no-pickup holiday closes a governed day', async () => {
      expect((await setWeek({ pickupHours: every('08:00', '16:00') }, bergen)).status).toBe(200);
      const added = await sys.command('ADD_PRODUCTION_TIME_WINDOW', {
        departmentId: bergen,
        name: 'Closed for stocktaking',
        fromDate: dayAfter,
        toDate: dayAfter,
      });
      expect(added.status).toBe(200);
      // A window without hours closes its dates for pickups and deliveries alike.
      expect(refused(await book({ pickupDate: dayAfter }))).toEqual({
        pickupDate: 'validation.pickupClosed',
        deliveryDate: 'validation.deliveryClosed',
      });
      expect(
        (await sys.command('DELETE_PRODUCTION_TIME_WINDOW', { id: added.body.ids[0] })).status,
      ).toBe(200);
      expect((await book({ pickupDate: dayAfter })).status).toBe(200);
      expect(
        (await sys.command('CREATE_HOLIDAY', { country: 'NO', type: 'NO_PICKUP', date: dayAfter }))
          .status,
      ).toBe(200);
      expect(refused(await book({ pickupDate: dayAfter }))).toEqual({
        pickupDate: 'validation.pickupClosed',
      });
    });

    it('the lead time sets the earliest pickup: a pickup ending before it is refused on pickupTimeLatest', async () => {
      // A day's lead: tomorrow's pickup may end no earlier than this minute tomorrow.
      expect((await setWeek({ minimumLeadMinutes: 1440 }, bergen)).status).toBe(200);
      const edge = await book({ pickupDate: tomorrow, pickupTimeLatest: '00:00' });
      const now = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Oslo',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date());
      if (now !== '00:00')
        expect(refused(edge)).toEqual({ pickupTimeLatest: 'validation.beforeEarliestPickup' });
      // The holiday of the day after tomorrow (above) aside, the next day has time left.
      expect((await book({ pickupDate: addDays(tomorrow, 2) })).status).toBe(200);
    });
  });

  describe('recurring orders inside the windows', () => {
    const isoWeekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay() || 7;
    const execute = async (date: string) => {
      expect(
        (await sys.command('EXECUTE_RECURRING_ORDERS', { date, department: oslo })).status,
      ).toBe(200);
      await sys.settled();
      const res = await sys.query('recurringOrderResult', { department: oslo, date });
      expect(res.status).toBe(200);
      return res.body.rows as Row[];
    };
    const bookedBy = async (recurringOrderId: string) =>
      (await sys.query('orders', { recurringOrderId })).body as Row[];
    const recurring = async (date: string, extra: Record<string, unknown> = {}) => {
      const source = await sys.command(
        'CREATE_ORDER',
        order(oslo, { pickupDate: bookingDate(1), ...extra }),
      );
      expect(source.status).toBe(200);
      const saved = await sys.command('SAVE_RECURRING_ORDER', {
        orderIds: [source.body.ids[0]],
        startDate: date,
        weekdays: [isoWeekday(date)],
      });
      expect(saved.status).toBe(200);
      return String(saved.body.ids[0]);
    };

    afterAll(async () => {
      await setWeek({});
    });

    it('a day the department has no pickups is skipped as a holiday; a pickup outside the hours is refused with its reason', async () => {
      const closed = bookingDate(9);
      const open = bookingDate(10);
      const skipped = await recurring(closed);
      const early = await recurring(open, {
        pickupTimeEarliest: '06:00',
        pickupTimeLatest: '07:00',
      });
      expect(
        (await setWeek({ pickupHours: every('08:00', '16:00', [weekdayOf(closed)]) })).status,
      ).toBe(200);
      const rows = await execute(closed);
      expect(rows.filter((r) => r.recurringOrderId === skipped)).toEqual([
        expect.objectContaining({ status: 'HOLIDAY', occurrence: closed }),
      ]);
      expect(await bookedBy(skipped)).toEqual([]);
      // The recurring order's calendar shows the closed day as the execution counted it.
      const shown = await sys.query('recurringOrderCalendar', {
        recurringOrderId: skipped,
        fromDate: closed,
        toDate: closed,
      });
      expect(shown.body).toEqual([expect.objectContaining({ occurrence: closed, holiday: true })]);
      const refusedRows = (await execute(open)).filter((r) => r.recurringOrderId === early);
      expect(refusedRows).toEqual([expect.objectContaining({ status: 'REFUSED' })]);
      expect(JSON.stringify(refusedRows[0])).toContain('pickup hours');
      expect(await bookedBy(early)).toEqual([]);
    });
  });
});
