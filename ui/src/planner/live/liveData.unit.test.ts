import { describe, expect, it } from '@jest/globals';
import type { CourierLocation, RoutePoint, SlotView, UnitRow } from '@nordlog/contracts';
import {
  COURIER_ICON,
  drivenSlots,
  DEFAULT_CENTRE,
  DEFAULT_ZOOM,
  focusPlaces,
  keepUnchangedPositions,
  livePath,
  liveSegments,
  overviewPath,
  positionsByCourier,
  routeColour,
  routeLine,
  sameShownEstimate,
  slotPosition,
  SlotItems,
} from './liveData';

const place = (lat: number | null, lng: number | null) => ({ lat, lng }) as RoutePoint;
const location = (id: string, lat: number, at: string): CourierLocation => ({
  id,
  latitude: lat,
  longitude: 10.7,
  accuracy: 5,
  at,
  userId: id,
  departmentIds: ['1'],
});

describe('live view: map defaults, paths, routes and couriers', () => {
  it('S9-CONST-047: the courier marker is the default marker, 42 × 42 anchored at 24, 24; default view zoom 12 at the Norway centre', () => {
    expect(DEFAULT_ZOOM).toBe(12);
    expect(DEFAULT_CENTRE).toEqual({ lat: 59.911525, lng: 10.75425 });
    expect(COURIER_ICON).toEqual({ iconSize: [42, 42], iconAnchor: [24, 24] });
  });

  it('paths of the live view, of a slot and of the routes overview; what the live path holds', () => {
    expect(livePath('1', '2026-11-25')).toBe('/planner/1/live/2026-11-25');
    expect(livePath('group_2', '2026-11-25', '9')).toBe('/planner/group_2/live/2026-11-25/slots/9');
    expect(overviewPath('1', '2026-11-25')).toBe('/planner/1/routes-overview/2026-11-25');
    expect(liveSegments(undefined)).toEqual({});
    expect(liveSegments('')).toEqual({});
    expect(liveSegments('2026-11-25')).toEqual({ date: '2026-11-25' });
    expect(liveSegments('2026-11-25/slots/9')).toEqual({ date: '2026-11-25', slotId: '9' });
    expect(liveSegments('2026-11-25/slots')).toBeNull();
    expect(liveSegments('2026-11-25/slots/x')).toBeNull();
    expect(liveSegments('2026-11-25/other/9')).toBeNull();
  });

  it('a route in its unit’s colour, else a palette colour (the form’s default white is invisible)', () => {
    expect(routeColour({ color: '#1E88E5' }, 0)).toBe('#1e88e5');
    expect(routeColour({ color: '#ffffff' }, 0)).not.toBe('#ffffff');
    expect(routeColour(undefined, 1)).not.toBe(routeColour(undefined, 0));
    expect(routeColour(undefined, 7)).toBe(routeColour(undefined, 0));
  });

  it('a route’s line skips stops without a place; the latest position per courier', () => {
    expect(routeLine([place(59.9, 10.7), place(null, null), place(59.8, 10.6)])).toEqual([
      [59.9, 10.7],
      [59.8, 10.6],
    ]);
    const positions = positionsByCourier([
      location('7', 59.9, '2026-11-25T08:00:00Z'),
      location('7', 59.95, '2026-11-25T08:05:00Z'),
      location('8', 59.8, '2026-11-25T08:00:00Z'),
    ]);
    expect(positions.get('7')).toEqual({
      lat: 59.95,
      lng: 10.7,
      at: Date.parse('2026-11-25T08:05:00Z'),
    });
    expect(slotPosition({ courierId: '8', state: 'IN_PROGRESS' }, positions)?.lat).toBe(59.8);
    expect(slotPosition({ courierId: '8', state: 'PAUSED' }, positions)?.lat).toBe(59.8);
    expect(slotPosition({ courierId: null, state: 'IN_PROGRESS' }, positions)).toBeNull();
    expect(slotPosition({ courierId: '9', state: 'IN_PROGRESS' }, positions)).toBeNull();
    // Issue 36: a position belongs to the route it was sent on, not to the courier's next slot.
    for (const state of ['NOT_STARTED', 'PLANNED', 'COMPLETED', 'CANCELLED'] as const)
      expect(slotPosition({ courierId: '8', state }, positions)).toBeNull();
  });

  it('the map fits every route, or the focused slot with its courier', () => {
    const slots = [
      { id: '1', courierId: '7', state: 'IN_PROGRESS', routePoints: [place(59.9, 10.7)] },
      { id: '2', courierId: null, routePoints: [place(59.8, 10.6), place(59.7, 10.5)] },
    ] as SlotView[];
    const positions = positionsByCourier([location('7', 60, '2026-11-25T08:00:00Z')]);
    expect(focusPlaces(slots, null, positions)).toEqual([
      [59.9, 10.7],
      [59.8, 10.6],
      [59.7, 10.5],
    ]);
    expect(focusPlaces(slots, '1', positions)).toEqual([
      [59.9, 10.7],
      [60, 10.7],
    ]);
  });

  it('a courier’s report makes again only its own slot’s estimates; every other slot keeps its item', () => {
    const reports = [
      location('7', 59.9, '2026-11-25T08:00:00Z'),
      location('8', 59.8, '2026-11-25T08:00:00Z'),
    ];
    const first = keepUnchangedPositions(new Map(), positionsByCourier(reports));
    // Nothing changed: the same positions; one courier moved: the other keeps its object.
    expect(keepUnchangedPositions(first, positionsByCourier(reports))).toBe(first);
    const moved = keepUnchangedPositions(
      first,
      positionsByCourier([reports[0]!, location('8', 59.81, '2026-11-25T08:01:00Z')]),
    );
    expect(moved).not.toBe(first);
    expect(moved.get('7')).toBe(first.get('7'));
    // A row the cache kept gives the same position object without comparing (none is made again).
    expect(positionsByCourier([reports[0]!]).get('7')).toBe(first.get('7'));
    expect(moved.get('8')).toEqual({
      lat: 59.81,
      lng: 10.7,
      at: Date.parse('2026-11-25T08:01:00Z'),
    });

    const estimated: string[] = [];
    const items = new SlotItems((slot, _unit, position) => {
      estimated.push(slot.id);
      return new Map(
        position ? [[`${slot.id}:stop`, { key: 'x', arrival: position.at, late: false }]] : [],
      );
    });
    const slots = [
      { id: '1', courierId: '7', unitId: '3', state: 'IN_PROGRESS' },
      { id: '2', courierId: '8', unitId: null, state: 'IN_PROGRESS' },
      { id: '3', courierId: null, unitId: null, state: 'IN_PROGRESS' },
    ] as SlotView[];
    const units = [{ id: '3', color: '#1e88e5' }] as UnitRow[];
    const before = items.items(slots, units, first, 'Europe/Oslo');
    expect(estimated).toEqual(['1', '2', '3']);
    expect(before.map((s) => s.colour)[0]).toBe('#1e88e5');
    expect(before[1]!.estimates.get('2:stop')?.arrival).toBe(Date.parse('2026-11-25T08:00:00Z'));
    const after = items.items(slots, units, moved, 'Europe/Oslo');
    expect(estimated).toEqual(['1', '2', '3', '2']);
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(before[2]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]!.estimates.get('2:stop')?.arrival).toBe(Date.parse('2026-11-25T08:01:00Z'));
    // A changed slot (its stops) or zone makes its item again; the same inputs, the same items.
    const changed = [slots[0]!, { ...slots[1]! }, slots[2]!];
    const again = items.items(changed, units, moved, 'Europe/Oslo');
    expect(again[1]).not.toBe(after[1]);
    expect(again[0]).toBe(after[0]);
    expect(items.items(changed, units, moved, 'Europe/Oslo')).toEqual(again);
    expect(items.items(changed, units, moved, 'Europe/Stockholm')[0]).not.toBe(again[0]);
  });

  it('a stop keeps drawing its estimate while the minute it shows and its lateness stay', () => {
    const at = Date.parse('2026-11-28T10:15:00Z');
    const estimate = (arrival: number, late = false) => ({ key: 's1', arrival, late });
    expect(sameShownEstimate(estimate(at + 5_000), estimate(at + 59_999))).toBe(true);
    expect(sameShownEstimate(estimate(at + 59_999), estimate(at + 60_000))).toBe(false);
    expect(sameShownEstimate(estimate(at), estimate(at, true))).toBe(false);
    expect(sameShownEstimate(estimate(at), { ...estimate(at), key: 's2' })).toBe(false);
    expect(sameShownEstimate(undefined, undefined)).toBe(true);
    expect(sameShownEstimate(estimate(at), undefined)).toBe(false);
    // The shown minute is the epoch minute in the product's zones.
    const clock = (ms: number) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Helsinki',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(ms);
    expect(clock(at + 59_999)).toBe(clock(at));
    expect(clock(at + 60_000)).not.toBe(clock(at));
  });

  it('each courier’s driven slot: one under way (or paused) before its first; slots without a courier are nobody’s', () => {
    const item = (id: number, courierId: string | null, state: string) => ({
      slot: { id, courierId, state } as unknown as SlotView,
      colour: '#000',
      estimates: new Map(),
    });
    const a = item(1, '7', 'DISPATCHED');
    const b = item(2, '7', 'IN_PROGRESS');
    const c = item(3, '7', 'PAUSED');
    const d = item(4, '8', 'COMPLETED');
    const e = item(5, '8', 'DISPATCHED');
    const f = item(6, null, 'IN_PROGRESS');
    const driven = drivenSlots([a, b, c, d, e, f]);
    expect(driven.get('7')).toBe(b);
    expect(driven.get('8')).toBe(d);
    expect([...driven.keys()].sort()).toEqual(['7', '8']);
    expect(drivenSlots([a, c]).get('7')).toBe(c);
  });
});
