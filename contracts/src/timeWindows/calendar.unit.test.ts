import { describe, expect, it } from '@jest/globals';
import {
  addProductionTimeWindowSchema,
  calendarIssues,
  dayRules,
  earliestPickup,
  hoursIssues,
  periodIssues,
  upsertDepartmentTimeWindowSchema,
  type CalendarPeriod,
  type CalendarWeek,
  type DepartmentCalendar,
} from './index.js';

const every = (start: string, end: string, except: string[] = []) =>
  ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN']
    .filter((d) => !except.includes(d))
    .map((weekday) => ({ weekday, start, end }));

const week = (over: Partial<CalendarWeek> = {}): CalendarWeek => ({
  pickupHours: every('08:00', '16:00', ['SAT', 'SUN']),
  deliveryHours: every('09:00', '17:00', ['SUN']),
  bookingCutoff: '14:00',
  minimumLeadMinutes: 60,
  ...over,
});

const calendar = (over: Partial<DepartmentCalendar> = {}): DepartmentCalendar => ({
  timeZone: 'Europe/Oslo',
  week: week(),
  production: [],
  holidaysOn: () => [],
  ...over,
});

// 2026-12-07 is a Monday; Oslo is UTC+1 in December, UTC+2 in summer.
const at = (iso: string) => new Date(iso);

describe('a department calendar (docs/decisions/0078)', () => {
  it('refuses a window that ends before it starts, and overlapping windows of one weekday, naming the field', () => {
    expect(
      hoursIssues({
        pickupHours: [
          { weekday: 'MON', start: '08:00', end: '12:00' },
          { weekday: 'TUE', start: '10:00', end: '09:00' },
          { weekday: 'MON', start: '11:59', end: '13:00' },
          { weekday: 'MON', start: '13:00', end: '14:00' },
        ],
        deliveryHours: [],
      }),
    ).toEqual([
      { path: ['pickupHours', 1, 'end'], message: 'validation.timeWindow' },
      { path: ['pickupHours', 2, 'start'], message: 'validation.overlap' },
    ]);
    expect(periodIssues({ fromDate: '2031-01-10', toDate: '2031-01-09' })).toEqual([
      { path: ['toDate'], message: 'validation.dateRange' },
    ]);
    expect(periodIssues({ fromDate: '2031-01-01', toDate: '2032-01-02' })).toEqual([
      { path: ['toDate'], message: 'validation.periodTooLong' },
    ]);
  });

  it('the schemas carry the same rules, so the form shows them', () => {
    const week = upsertDepartmentTimeWindowSchema.safeParse({
      departmentId: '1',
      deliveryHours: [{ weekday: 'FRI', start: '12:00', end: '12:00' }],
      bookingCutoff: '24:00',
    });
    expect(week.success).toBe(false);
    expect(week.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['bookingCutoff', 'validation.time'],
      ['deliveryHours.0.end', 'validation.timeWindow'],
    ]);
    const window = addProductionTimeWindowSchema.safeParse({
      departmentId: '1',
      name: 'Peak',
      fromDate: '2031-12-10',
      toDate: '2031-12-01',
    });
    expect(window.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['toDate', 'validation.dateRange'],
    ]);
  });

  it('a week without hours of a kind is open at any hour; a production window replaces the week, closed on days without hours', () => {
    const peak: CalendarPeriod = {
      fromDate: '2026-12-14',
      toDate: '2026-12-20',
      pickupHours: every('07:00', '20:00'),
      deliveryHours: [],
      bookingCutoff: '18:00',
    };
    const cal = calendar({ week: week({ deliveryHours: [] }), production: [peak] });
    expect(dayRules(cal, '2026-12-07', 'delivery')).toMatchObject({ open: true, hours: null });
    expect(dayRules(cal, '2026-12-12', 'pickup')).toMatchObject({ open: false }); // Saturday
    expect(dayRules(cal, '2026-12-19', 'pickup')).toMatchObject({
      open: true,
      hours: [{ start: 420, end: 1200 }],
      cutoff: '18:00',
    });
    expect(dayRules(cal, '2026-12-15', 'delivery')).toMatchObject({ open: false });
    // No calendar at all: every day at every hour, holidays included (as before 0078).
    const none = calendar({ week: null, holidaysOn: () => ['PUBLIC_HOLIDAY'] });
    expect(dayRules(none, '2026-12-25', 'pickup')).toMatchObject({ open: true, governed: false });
  });

  it('a governed date is closed on public holidays and on the days without pickups or deliveries', () => {
    const cal = calendar({
      holidaysOn: (d) =>
        d === '2026-12-25' ? ['PUBLIC_HOLIDAY'] : d === '2026-12-23' ? ['NO_PICKUP'] : [],
    });
    expect(dayRules(cal, '2026-12-25', 'delivery').open).toBe(false);
    expect(dayRules(cal, '2026-12-23', 'pickup').open).toBe(false);
    expect(dayRules(cal, '2026-12-23', 'delivery').open).toBe(true);
  });

  it('the cut-off: after it a pickup today is refused on pickupDate; the next open day is the earliest pickup', () => {
    const cal = calendar();
    const before = at('2026-12-07T12:00:00Z'); // 13:00 in Oslo, Monday
    const after = at('2026-12-07T13:30:00Z'); // 14:30 in Oslo
    expect(calendarIssues({ pickupDate: '2026-12-07' }, cal, before)).toEqual([]);
    expect(calendarIssues({ pickupDate: '2026-12-07' }, cal, after)).toEqual([
      { path: ['pickupDate'], message: 'validation.afterCutoff' },
    ]);
    expect(earliestPickup(cal, before)).toEqual({ date: '2026-12-07', time: '14:00' });
    expect(earliestPickup(cal, after)).toEqual({ date: '2026-12-08', time: '08:00' });
    // Friday after the cut-off: the weekend is closed, Monday is next.
    expect(earliestPickup(cal, at('2026-12-11T15:00:00Z'))).toEqual({
      date: '2026-12-14',
      time: '08:00',
    });
  });

  it('the lead time: a pickup ending before the earliest pickup is refused on pickupTimeLatest', () => {
    const cal = calendar({ week: week({ bookingCutoff: null, minimumLeadMinutes: 120 }) });
    const now = at('2026-12-07T09:00:00Z'); // 10:00 in Oslo
    expect(
      calendarIssues({ pickupDate: '2026-12-07', pickupTimeLatest: '11:30' }, cal, now),
    ).toEqual([{ path: ['pickupTimeLatest'], message: 'validation.beforeEarliestPickup' }]);
    expect(
      calendarIssues({ pickupDate: '2026-12-07', pickupTimeLatest: '12:00' }, cal, now),
    ).toEqual([]);
    // Too little of the day left after the lead time: too late for today.
    expect(calendarIssues({ pickupDate: '2026-12-07' }, cal, at('2026-12-07T13:30:00Z'))).toEqual([
      { path: ['pickupDate'], message: 'validation.afterCutoff' },
    ]);
  });

  it('times outside the day’s hours are refused on their own field; an overnight delivery window counts by its start', () => {
    const cal = calendar({ week: week({ bookingCutoff: null, minimumLeadMinutes: 0 }) });
    const now = at('2026-12-01T08:00:00Z');
    expect(
      calendarIssues(
        {
          pickupDate: '2026-12-08',
          pickupTimeEarliest: '07:59',
          pickupTimeLatest: '16:01',
          deliveryTimeEarliest: '08:00',
          deliveryTimeLatest: '17:30',
        },
        cal,
        now,
      ),
    ).toEqual([
      { path: ['pickupTimeEarliest'], message: 'validation.outsidePickupHours' },
      { path: ['pickupTimeLatest'], message: 'validation.outsidePickupHours' },
      { path: ['deliveryTimeEarliest'], message: 'validation.outsideDeliveryHours' },
      { path: ['deliveryTimeLatest'], message: 'validation.outsideDeliveryHours' },
    ]);
    expect(
      calendarIssues(
        {
          pickupDate: '2026-12-08',
          pickupTimeEarliest: '08:00',
          pickupTimeLatest: '16:00',
          deliveryTimeEarliest: '16:00',
          deliveryTimeLatest: '02:00',
        },
        cal,
        now,
      ),
    ).toEqual([]);
    // Before the day's opening is outside the hours, not before the earliest pickup.
    expect(
      calendarIssues({ pickupDate: '2026-12-08', pickupTimeLatest: '07:00' }, cal, now),
    ).toEqual([{ path: ['pickupTimeLatest'], message: 'validation.outsidePickupHours' }]);
    expect(
      calendarIssues({ pickupDate: '2026-12-08', deliveryDate: '2026-12-13' }, cal, now),
    ).toEqual([{ path: ['deliveryDate'], message: 'validation.deliveryClosed' }]);
  });

  it('local time follows daylight saving: the cut-off is the department’s wall clock in summer too', () => {
    const cal = calendar();
    // 2027-06-07 is a Monday; 12:30 UTC is 14:30 in Oslo (UTC+2): after the 14:00 cut-off.
    expect(calendarIssues({ pickupDate: '2027-06-07' }, cal, at('2027-06-07T12:30:00Z'))).toEqual([
      { path: ['pickupDate'], message: 'validation.afterCutoff' },
    ]);
    expect(calendarIssues({ pickupDate: '2027-06-07' }, cal, at('2027-06-07T11:30:00Z'))).toEqual(
      [],
    );
  });
});
