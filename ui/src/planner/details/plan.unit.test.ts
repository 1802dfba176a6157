import { describe, expect, it } from '@jest/globals';
import type { RoutePoint, SlotView } from '@nordlog/contracts';
import { shipmentPlan } from './plan';

const point = (
  sequence: number,
  type: RoutePoint['type'],
  consignmentId: string | null,
  arrival: string,
  extra: Partial<RoutePoint> = {},
): RoutePoint => ({
  key: consignmentId ? `${consignmentId}:${type}` : 'rest_break',
  slotId: '7',
  sequence,
  type,
  consignmentId,
  shipmentId: null,
  customerId: null,
  name: '',
  address: '',
  zipCode: '',
  zipArea: '',
  lat: null,
  lng: null,
  timeEarliest: null,
  timeLatest: null,
  arrival,
  start: arrival,
  endTime: arrival,
  waitingMinutes: 0,
  late: false,
  distanceKm: 0,
  state: null,
  done: false,
  packageCount: 1,
  weight: 1,
  volume: 0,
  ...extra,
});

const slot = (points: RoutePoint[], over: Partial<SlotView> = {}): SlotView =>
  ({
    id: '7',
    departmentId: '1',
    date: '2026-12-02',
    name: 'Morning 1',
    timeFrom: '2026-12-02T08:00:00+01:00',
    timeTo: '2026-12-02T16:00:00+01:00',
    state: 'PLANNED',
    slotMode: 'route',
    shouldDriverNotReturn: false,
    courierId: '12',
    unitId: '3',
    vehicleId: null,
    manualPlanning: false,
    areas: [],
    stops: [],
    templateId: null,
    revision: 1,
    updatedAtEpoch: 0,
    deleted: false,
    routePoints: points,
    ...over,
  }) as SlotView;

describe('the details panel: where a shipment is on its route (issue 36)', () => {
  it('numbers its stops among the visits as the label does, breaks not counted, in route order', () => {
    const plan = shipmentPlan(
      slot([
        // Given out of order: the route order is the sequence.
        point(4, 'delivery', '42', '2026-12-02T10:40:00Z', { late: true }),
        point(1, 'pickup', '41', '2026-12-02T08:10:00Z'),
        point(2, 'rest_break', null, '2026-12-02T09:00:00Z'),
        point(3, 'pickup', '42', '2026-12-02T09:40:00Z', {
          start: '2026-12-02T10:00:00Z',
          waitingMinutes: 20,
        }),
        point(5, 'delivery', '41', '2026-12-02T11:00:00Z'),
      ]),
      '42',
      { courier: 'Kari Nordmann', unit: 'Van 3' },
    );
    expect(plan.visits).toBe(4);
    expect(plan.stops).toEqual([
      {
        kind: 'pickup',
        number: 2,
        arrival: '2026-12-02T09:40:00Z',
        start: '2026-12-02T10:00:00Z',
        waitingMinutes: 20,
        late: false,
        done: false,
      },
      {
        kind: 'delivery',
        number: 3,
        arrival: '2026-12-02T10:40:00Z',
        start: '2026-12-02T10:40:00Z',
        waitingMinutes: 0,
        late: true,
        done: false,
      },
    ]);
    expect(plan).toMatchObject({
      slotName: 'Morning 1',
      courierName: 'Kari Nordmann',
      unitName: 'Van 3',
    });
  });

  it('names no courier or unit the slot does not have, whatever names are at hand', () => {
    const plan = shipmentPlan(slot([], { courierId: null, unitId: null }), '42', {
      courier: 'Kari Nordmann',
      unit: 'Van 3',
    });
    expect(plan).toMatchObject({ courierName: null, unitName: null, visits: 0, stops: [] });
  });

  it('a shipment not yet on the route (points not computed, or another slot’s) has no stops', () => {
    expect(shipmentPlan(slot([point(1, 'pickup', '41', 'x')]), '42').stops).toEqual([]);
    expect(shipmentPlan(slot([], { routePoints: undefined }), '42').stops).toEqual([]);
  });
});
