import { describe, expect, it } from '@jest/globals';
import { REST_BREAK } from './breaks.js';
import type { RoutePoint } from './routePoints.js';
import { DEFAULT_ROAD_FACTOR, greatCircleMetres } from './travel.js';
import {
  estimateArrivals,
  remainingStops,
  slotEstimates,
  speedKmh,
  type RemainingStop,
} from './arrivals.js';

const DATE = '2026-11-25';
const TZ = 'Europe/Oslo';
/** 09:00 local in Oslo that day (UTC+1). */
const NINE = Date.parse('2026-11-25T08:00:00.000Z');
const MIN = 60_000;

/** Minutes a van (30 km/h) needs between two places by the schedule's rule. */
const vanMinutes = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  ((greatCircleMetres(a, b) * DEFAULT_ROAD_FACTOR) / 1000 / 30) * 60;

const depot = { lat: 59.91, lng: 10.75 };
const east = { lat: 59.91, lng: 10.85 };
const north = { lat: 59.96, lng: 10.85 };

const stop = (
  key: string,
  place: { lat: number; lng: number } | null,
  extra: Partial<RemainingStop> = {},
): RemainingStop => ({
  key,
  lat: place?.lat ?? null,
  lng: place?.lng ?? null,
  earliest: null,
  latest: null,
  serviceMs: 3 * MIN,
  ...extra,
});

/** A planned stop with what the estimates read of it (a delivery at one place unless said). */
const point = (
  sequence: number,
  over: Partial<RoutePoint> & Pick<RoutePoint, 'key' | 'arrival' | 'endTime'>,
): RoutePoint =>
  ({
    sequence,
    type: 'delivery',
    lat: 59.92,
    lng: 10.76,
    timeEarliest: null,
    timeLatest: null,
    done: false,
    ...over,
  }) as RoutePoint;

describe('live view: estimated arrivals from the courier’s position', () => {
  it('drives great-circle × road factor at the vehicle speed × speed factor, then serves each stop', () => {
    const [first, second] = estimateArrivals(
      { ...depot, at: NINE },
      [stop('a', east), stop('b', north)],
      30,
      NINE,
    );
    expect(first!.arrival).toBeCloseTo(NINE + vanMinutes(depot, east) * MIN, 0);
    expect(second!.arrival).toBeCloseTo(
      first!.arrival + 3 * MIN + vanMinutes(east, north) * MIN,
      0,
    );
    expect(first!.late).toBe(false);
  });

  it('speeds: the vehicle type’s default × the unit’s speed factor; a van without a unit', () => {
    expect(speedKmh({ vehicleType: 'van', speedFactor: 1 })).toBe(30);
    expect(speedKmh({ vehicleType: 'cargobike', speedFactor: 0.7 })).toBeCloseTo(9.1);
    expect(speedKmh(null)).toBe(30);
  });

  it('waits for a window to open, is late after its end, and a stop without a place only takes its time', () => {
    const opens = NINE + 60 * MIN;
    const [early, breakStop, after] = estimateArrivals(
      { ...depot, at: NINE },
      [
        stop('a', east, { earliest: opens }),
        stop(REST_BREAK, null, { serviceMs: 30 * MIN }),
        stop('b', east, { latest: opens + 10 * MIN }),
      ],
      30,
      NINE,
    );
    expect(early!.arrival).toBeLessThan(opens);
    // Served from the window's start for 3 minutes, then a 30-minute break where it stands.
    expect(breakStop!.arrival).toBe(opens + 3 * MIN);
    expect(after!.arrival).toBe(opens + 33 * MIN);
    expect(after!.late).toBe(true);
  });

  it('leaves at the later of the report and now', () => {
    const now = NINE + 15 * MIN;
    const [a] = estimateArrivals({ ...depot, at: NINE }, [stop('a', depot)], 30, now);
    expect(a!.arrival).toBe(now);
    const [b] = estimateArrivals({ ...depot, at: now + MIN }, [stop('a', depot)], 30, now);
    expect(b!.arrival).toBe(now + MIN);
  });

  it('a courier nearer to the stops arrives earlier', () => {
    const stops = [stop('a', north)];
    const far = estimateArrivals({ ...depot, at: NINE }, stops, 30, NINE)[0]!.arrival;
    const near = estimateArrivals({ ...east, at: NINE }, stops, 30, NINE)[0]!.arrival;
    expect(near).toBeLessThan(far);
  });

  it('remaining stops: not done, in order; a break already passed is dropped; service time read back from the plan', () => {
    const points = [
      point(1, {
        key: '1:delivery',
        done: true,
        arrival: '2026-11-25T08:10:00.000Z',
        endTime: '2026-11-25T08:13:00.000Z',
      }),
      point(2, {
        key: REST_BREAK,
        type: REST_BREAK,
        consignmentId: null,
        lat: null,
        lng: null,
        arrival: '2026-11-25T08:13:00.000Z',
        endTime: '2026-11-25T08:43:00.000Z',
      }),
      point(3, {
        key: '3:delivery',
        done: true,
        arrival: '2026-11-25T08:50:00.000Z',
        endTime: '2026-11-25T08:53:00.000Z',
      }),
      // Arrives 09:00 local, waits for its 10:00 window, served 4 minutes (an order's own time).
      point(4, {
        key: '4:delivery',
        timeEarliest: '10:00',
        timeLatest: '11:00',
        arrival: '2026-11-25T08:00:00.000Z',
        endTime: '2026-11-25T09:04:00.000Z',
      }),
      point(5, {
        key: '5:pickup',
        type: 'pickup',
        arrival: '2026-11-25T09:10:00.000Z',
        endTime: '2026-11-25T09:12:00.000Z',
      }),
    ];
    expect(remainingStops(points, DATE, TZ)).toEqual([
      {
        key: '4:delivery',
        lat: 59.92,
        lng: 10.76,
        earliest: Date.parse('2026-11-25T09:00:00.000Z'),
        latest: Date.parse('2026-11-25T10:00:00.000Z'),
        serviceMs: 4 * MIN,
      },
      { key: '5:pickup', lat: 59.92, lng: 10.76, earliest: null, latest: null, serviceMs: 2 * MIN },
    ]);
    // A break not yet passed stays, with its length.
    const ahead = remainingStops([points[0]!, points[1]!, points[3]!], DATE, TZ);
    expect(ahead.map((s) => [s.key, s.serviceMs])).toEqual([
      [REST_BREAK, 30 * MIN],
      ['4:delivery', 4 * MIN],
    ]);
  });

  it('a slot’s estimates: only while its courier drives it and has reported a position', () => {
    const routePoints = [
      point(1, {
        key: '1:delivery',
        arrival: '2026-11-25T08:10:00.000Z',
        endTime: '2026-11-25T08:13:00.000Z',
      }),
    ];
    const position = { ...depot, at: NINE };
    const unit = { vehicleType: 'van' as const, speedFactor: 1 };
    for (const state of ['NOT_STARTED', 'PLANNED', 'COMPLETED', 'CANCELLED'] as const)
      expect(slotEstimates({ state, date: DATE, routePoints }, unit, position, TZ, NINE).size).toBe(
        0,
      );
    expect(
      slotEstimates({ state: 'IN_PROGRESS', date: DATE, routePoints }, unit, null, TZ, NINE).size,
    ).toBe(0);
    const running = slotEstimates(
      { state: 'IN_PROGRESS', date: DATE, routePoints },
      unit,
      position,
      TZ,
      NINE,
    );
    expect([...running.keys()]).toEqual(['1:delivery']);
    expect(running.get('1:delivery')!.arrival).toBeCloseTo(
      NINE + vanMinutes(depot, { lat: 59.92, lng: 10.76 }) * MIN,
      0,
    );
    expect(
      slotEstimates({ state: 'PAUSED', date: DATE, routePoints }, unit, position, TZ, NINE).size,
    ).toBe(1);
  });
});
