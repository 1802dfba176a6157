import { describe, expect, it } from '@jest/globals';
import { REST_BREAK, type RoutePoint, type RouteStop } from '@nordlog/contracts';
import {
  comparisonLines,
  drawable,
  pointsInOrder,
  ROUTE_PALETTE,
  routeColour,
  routeLine,
  sameLine,
  slotRouteColours,
  stopsLine,
  type RouteLineSpec,
} from './routeLineData';

const point = (key: string, lat: number | null, lng: number | null): RoutePoint =>
  ({
    key,
    type: key === REST_BREAK ? REST_BREAK : key.endsWith(':pickup') ? 'pickup' : 'delivery',
    lat,
    lng,
  }) as RoutePoint;

describe('route lines (docs/decisions/0037-planmap.md)', () => {
  it('a route is its places in route order; a break and a stop without a place are passed over', () => {
    const points = [
      point('1:pickup', 59.9, 10.7),
      point('2:delivery', 59.95, 10.8),
      point(REST_BREAK, null, null),
      point('3:delivery', null, null),
      point('1:delivery', 59.91, 10.75),
    ];
    expect(routeLine(points)).toEqual([
      [59.9, 10.7],
      [59.95, 10.8],
      [59.91, 10.75],
    ]);
    // A break that carries a place (none should) is still no place the courier drives to.
    expect(routeLine([point(REST_BREAK, 59, 10), point('1:pickup', 59.9, 10.7)])).toEqual([
      [59.9, 10.7],
    ]);
  });

  it('a route given as its stops is placed stop by stop, in the stops’ order, by pickup or delivery', () => {
    const stops: RouteStop[] = [
      { kind: 'pickup', consignmentId: '7' },
      { kind: REST_BREAK },
      { kind: 'delivery', consignmentId: '8' },
      { kind: 'delivery', consignmentId: '9' },
      { kind: 'delivery', consignmentId: '7' },
    ];
    const places: Record<string, [number, number]> = {
      '7:pickup': [1, 1],
      '7:delivery': [2, 2],
      '8:delivery': [3, 3],
    };
    expect(stopsLine(stops, (id, kind) => places[`${id}:${kind}`] ?? null)).toEqual([
      [1, 1],
      [3, 3],
      [2, 2],
    ]);
  });

  it('the points follow the order of the stops (a reorder not yet answered), leaving out points of no stop', () => {
    const points = [point('1:pickup', 1, 1), point('1:delivery', 2, 2), point('2:delivery', 3, 3)];
    const order: RouteStop[] = [
      { kind: 'delivery', consignmentId: '2' },
      { kind: 'pickup', consignmentId: '1' },
      { kind: 'delivery', consignmentId: '1' },
    ];
    expect(pointsInOrder(points, order).map((p) => p.key)).toEqual([
      '2:delivery',
      '1:pickup',
      '1:delivery',
    ]);
    expect(pointsInOrder(points, order.slice(1)).map((p) => p.key)).toEqual([
      '1:pickup',
      '1:delivery',
    ]);
  });

  it('a slot’s colour is its unit’s, else the palette’s by its place in the day; white is no colour', () => {
    const colours = slotRouteColours(
      [
        { id: 'a', unitId: 'u1' },
        { id: 'b', unitId: null },
        { id: 'c', unitId: 'u2' },
        { id: 'd', unitId: 'gone' },
      ],
      [
        { id: 'u1', color: '#1E88E5' },
        { id: 'u2', color: '#FFFFFF' },
      ],
    );
    expect([...colours]).toEqual([
      ['a', '#1e88e5'],
      ['b', ROUTE_PALETTE[1]],
      ['c', ROUTE_PALETTE[2]],
      ['d', ROUTE_PALETTE[3]],
    ]);
    expect(routeColour(undefined, ROUTE_PALETTE.length)).toBe(ROUTE_PALETTE[0]);
    expect(slotRouteColours([{ id: 'a', unitId: 'u1' }], undefined).get('a')).toBe(
      ROUTE_PALETTE[0],
    );
  });

  it('the comparison is the current route solid and the suggestion dashed, both in the slot’s colour', () => {
    const lines = comparisonLines(
      '5',
      '#123456',
      [point('1:pickup', 1, 1), point('1:delivery', 2, 2)],
      [point('1:pickup', 1, 1), point('2:delivery', 3, 3), point('1:delivery', 2, 2)],
    );
    expect(lines).toEqual([
      {
        slotId: '5',
        kind: 'current',
        colour: '#123456',
        dashed: false,
        latlngs: [
          [1, 1],
          [2, 2],
        ],
      },
      {
        slotId: '5',
        kind: 'suggested',
        colour: '#123456',
        dashed: true,
        latlngs: [
          [1, 1],
          [3, 3],
          [2, 2],
        ],
      },
    ]);
  });

  it('a line of fewer than two places is not drawn; lines are the same by value', () => {
    const line = (latlngs: [number, number][]): RouteLineSpec => ({
      slotId: '1',
      kind: 'current',
      colour: '#000000',
      dashed: false,
      latlngs,
    });
    const two = line([
      [1, 1],
      [2, 2],
    ]);
    expect(drawable([line([]), line([[1, 1]]), two])).toEqual([two]);
    expect(
      sameLine(
        two,
        line([
          [1, 1],
          [2, 2],
        ]),
      ),
    ).toBe(true);
    expect(
      sameLine(
        two,
        line([
          [2, 2],
          [1, 1],
        ]),
      ),
    ).toBe(false);
    expect(sameLine(two, { ...two, dashed: true })).toBe(false);
  });
});
