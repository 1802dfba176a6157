import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addDays, type OptimizingRun } from '@nordlog/contracts';
import { readDay } from '@nordlog/query-service';
import { startBookingSystem } from '../booking/bookingFixture.js';
import { bookingDate } from '../support/booking.js';
import type { TestSystem } from '../support/system.js';
import { countEvents } from '../support/events.js';

type Item = { params?: { field?: string; key?: string } };

const weekdayOf = (date: string) =>
  ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'][new Date(`${date}T12:00:00Z`).getUTCDay()]!;
/** The first date on or after `from` that falls on `weekday`. */
const next = (from: string, weekday: string) => {
  let date = from;
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
};
const weekdays = (start: string, end: string) =>
  ['MON', 'TUE', 'WED', 'THU', 'FRI'].map((weekday) => ({ weekday, start, end }));

/**
 * The optimiser's horizon from the department's calendar (docs/decisions/0098): a day the
 * calendar closes for pickups and deliveries is not planned; on an open day the run's day carries
 * the department's hours, the window of every stop booked without times.
 */
describe("optimising a department's day inside its calendar", () => {
  let sys: TestSystem;
  let oslo: string;
  let bergen: string;
  const sunday = next(bookingDate(3), 'SUN');
  const monday = addDays(sunday, 1);

  beforeAll(async () => {
    ({ sys, oslo, bergen } = await startBookingSystem());
    const week = await sys.command('UPSERT_DEPARTMENT_TIME_WINDOW', {
      departmentId: oslo,
      pickupHours: weekdays('08:00', '15:00'),
      deliveryHours: [...weekdays('09:00', '11:30'), ...weekdays('12:30', '17:00')],
      bookingCutoff: null,
      minimumLeadMinutes: 0,
    });
    expect(week.status).toBe(200);
    await sys.settled();
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('a day closed for pickups and deliveries is 400 on date, nothing written; an open day runs', async () => {
    const before = await countEvents(sys);
    const closed = await sys.command('START_OPTIMIZING', {
      departmentId: oslo,
      date: sunday,
      seconds: 1,
    });
    expect(closed.status).toBe(400);
    expect((closed.body as Item[])[0]!.params).toMatchObject({
      field: 'date',
      key: 'validation.departmentClosed',
    });
    expect(await countEvents(sys)).toBe(before);
    const open = await sys.command('START_OPTIMIZING', {
      departmentId: oslo,
      date: monday,
      seconds: 1,
    });
    expect(open.status).toBe(200);
  });

  it("the run's day carries the open hours (a split day's span); a closed day or a department without a calendar none", async () => {
    const run = (departmentId: string, date: string) =>
      ({
        departmentId,
        date,
        kind: 'day',
        slotIds: [],
        includeUnassigned: true,
      }) as unknown as OptimizingRun;
    expect((await readDay(sys.db.knex, run(oslo, monday))).hours).toEqual({
      pickup: { start: '08:00', end: '15:00' },
      delivery: { start: '09:00', end: '17:00' },
    });
    // A closed day (its run is refused above) and a department without a calendar: any hour.
    for (const [departmentId, date] of [
      [oslo, sunday],
      [bergen, monday],
    ])
      expect((await readDay(sys.db.knex, run(departmentId!, date!))).hours).toEqual({
        pickup: null,
        delivery: null,
      });
  });
});
