import { describe, expect, it } from '@jest/globals';
import { REST_BREAK, type ConsignmentRow, type RouteStop } from '@nordlog/contracts';
import { scheduleSlot, type ScheduleUnit } from './schedule.js';

const zone = 'Europe/Oslo';

/** A consignment with the fields the schedule reads: its places, windows and load. */
const row = (id: string, over: Partial<ConsignmentRow>): ConsignmentRow =>
  ({
    id,
    shipmentId: null,
    customerId: '1',
    state: 'ASSIGNED',
    packageCount: 1,
    weightValue: 1,
    volumeValue: 1,
    pickupName: 'P',
    pickupAddress: 'Storgata 1',
    pickupZipCode: '0155',
    pickupZipArea: 'Oslo',
    pickupLat: null,
    pickupLng: null,
    pickupTimeEarliest: null,
    pickupTimeLatest: null,
    deliveryName: 'D',
    deliveryAddress: 'Tvetenveien 150',
    deliveryZipCode: '0671',
    deliveryZipArea: 'Oslo',
    deliveryLat: null,
    deliveryLng: null,
    deliveryTimeEarliest: null,
    deliveryTimeLatest: null,
    ...over,
  }) as ConsignmentRow;

const unit = (over: Partial<ScheduleUnit> = {}): ScheduleUnit => ({
  startLocation: null,
  endLocation: null,
  speedFactor: 1,
  serviceTimeFactor: 1,
  vehicleType: 'van',
  break: { type: 'TimeWindow', earliest: '11:00', latest: '11:30', duration: 'PT30M' },
  capacity: 10,
  weightCapacity: 1000,
  volumeCapacity: 10,
  ...over,
});

/** A slot of 15 January 2026 (Oslo UTC+1) from 08:00 to `to` local. */
const slot = (stops: RouteStop[], to: string | null = '2026-01-15T12:00:00+01:00') => ({
  id: '1',
  date: '2026-01-15',
  timeFrom: '2026-01-15T08:00:00+01:00',
  timeTo: to,
  stops,
  shouldDriverNotReturn: true,
});

describe('scheduleSlot: waiting and overtime (issue 36)', () => {
  it('a stop reached before its window waits until it opens; the route sums the waiting', () => {
    // Both stops sit on the unit's (unset) start: no driving, so the courier is there at 08:00.
    const rows = new Map([
      ['1', row('1', { deliveryTimeEarliest: '10:00', deliveryTimeLatest: '12:00' })],
      ['2', row('2', { pickupTimeEarliest: '10:30', pickupTimeLatest: '11:00' })],
    ]);
    const s = scheduleSlot(
      slot([
        { kind: 'delivery', consignmentId: '1' },
        { kind: 'pickup', consignmentId: '2' },
      ]),
      unit({ break: { type: 'NoBreakTime' } }),
      rows,
      zone,
    );
    const [a, b] = s.routePoints;
    expect(a!.arrival).toBe('2026-01-15T07:00:00.000Z');
    expect(a!.start).toBe('2026-01-15T09:00:00.000Z');
    expect(a!.waitingMinutes).toBe(120);
    // Served 3 minutes (the default delivery), then waits 27 minutes for 10:30.
    expect(b!.arrival).toBe('2026-01-15T09:03:00.000Z');
    expect(b!.waitingMinutes).toBe(27);
    expect(b!.endTime).toBe('2026-01-15T09:32:00.000Z');
    expect(s.totals.waitingMinutes).toBe(147);
    expect(s.totals.overtimeMinutes).toBe(0);
  });

  it('a route that ends after its slot is in overtime by the minutes past the slot end', () => {
    const rows = new Map([
      ['1', row('1', { deliveryTimeEarliest: '12:30', deliveryTimeLatest: '13:00' })],
    ]);
    const s = scheduleSlot(
      slot([{ kind: 'delivery', consignmentId: '1' }]),
      unit({ break: { type: 'NoBreakTime' } }),
      rows,
      zone,
    );
    // Starts 12:30 local, served 3 minutes: ends 12:33, 33 minutes past the slot's 12:00.
    expect(s.totals.endTime).toBe('2026-01-15T11:33:00.000Z');
    expect(s.totals.overtimeMinutes).toBe(33);
    // A slot without an end has no overtime.
    const open = scheduleSlot(
      slot([{ kind: 'delivery', consignmentId: '1' }], null),
      unit({ break: { type: 'NoBreakTime' } }),
      rows,
      zone,
    );
    expect(open.totals.overtimeMinutes).toBe(0);
  });

  it('an empty slot’s break is a break, not waiting; a break between stops waits like a stop', () => {
    const empty = scheduleSlot(slot([{ kind: REST_BREAK }]), unit(), new Map(), zone);
    const [brk] = empty.routePoints;
    expect(brk!.start).toBe('2026-01-15T10:00:00.000Z');
    expect(brk!.endTime).toBe('2026-01-15T10:30:00.000Z');
    expect(brk!.waitingMinutes).toBe(0);
    expect(empty.totals.waitingMinutes).toBe(0);

    const rows = new Map([
      ['1', row('1', { deliveryTimeEarliest: '12:00', deliveryTimeLatest: '13:00' })],
    ]);
    const between = scheduleSlot(
      slot([{ kind: REST_BREAK }, { kind: 'delivery', consignmentId: '1' }], null),
      unit(),
      rows,
      zone,
    );
    // At the break from 08:00, it opens at 11:00: 180 minutes idle; after it (11:30) the stop
    // waits 30 minutes for 12:00.
    expect(between.routePoints.map((p) => p.waitingMinutes)).toEqual([180, 30]);
    expect(between.totals.waitingMinutes).toBe(210);
  });
});

describe("scheduleSlot: the unit's depot (0041-depot)", () => {
  const stop = row('1', { deliveryLat: 59.95, deliveryLng: 10.75 });
  const drive = (over: Partial<ScheduleUnit>) =>
    scheduleSlot(
      { ...slot([{ kind: 'delivery', consignmentId: '1' }]), shouldDriverNotReturn: false },
      unit({ break: { type: 'NoBreakTime' }, ...over }),
      new Map([['1', stop]]),
      zone,
    ).totals.distanceKm;

  it('the route drives from the depot and back to it; no depot (null) or an old 0,0 drives nothing', () => {
    const depot = { lat: 59.91, lng: 10.75, address: 'Tollbugata 17, 0152 Oslo' };
    // 0.04° of latitude (~4.4 km) each way, times the road factor.
    expect(drive({ startLocation: depot, endLocation: depot })).toBeGreaterThan(8);
    expect(drive({ startLocation: null, endLocation: null })).toBe(0);
    const legacy = { lat: 0, lng: 0 } as unknown as null;
    expect(drive({ startLocation: legacy, endLocation: legacy })).toBe(0);
    // Without an end depot the route returns to its start.
    expect(drive({ startLocation: depot, endLocation: null })).toBe(
      drive({ startLocation: depot, endLocation: depot }),
    );
  });
});
