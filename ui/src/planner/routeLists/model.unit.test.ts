import { describe, expect, it } from '@jest/globals';
import type { DeliveryNote, RouteStop, SlotView } from '@nordlog/contracts';
import { formats } from './format';
import {
  isDateParam,
  loadList,
  notesBySlot,
  overCapacity,
  receiptRows,
  routeDepotText,
  slotSummary,
} from './model';

const note = (
  orderId: string,
  stopNumber: number,
  packages: { packageId: string | null; weightKg: number; volumeDm3: number }[],
  slotId = 's1',
): DeliveryNote =>
  ({
    orderId,
    shipmentId: `7090001000000001${orderId}`,
    stopNumber,
    slot: { id: slotId },
    recipient: { name: `R${orderId}`, address: 'Gate 1', zipCode: '0150', zipArea: 'Oslo' },
    packages: packages.map((p) => ({ ...p, description: '' })),
    totals: {
      count: packages.length,
      weightKg: packages.reduce((n, p) => n + p.weightKg, 0),
      volumeDm3: packages.reduce((n, p) => n + p.volumeDm3, 0),
    },
  }) as unknown as DeliveryNote;

const stops: RouteStop[] = [
  { kind: 'delivery', consignmentId: 'a' },
  { kind: 'pickup', consignmentId: 'c' },
  { kind: 'delivery', consignmentId: 'b' },
  { kind: 'rest_break' },
  { kind: 'delivery', consignmentId: 'c' },
];
const notes = [
  note('a', 1, [{ packageId: '1', weightKg: 1, volumeDm3: 2 }]),
  note('b', 3, [
    { packageId: '2', weightKg: 2, volumeDm3: 3 },
    { packageId: '3', weightKg: 2, volumeDm3: 3 },
  ]),
  note('c', 5, [{ packageId: '4', weightKg: 10, volumeDm3: 20 }]),
];

describe('route lists: what is loaded, signed for and counted', () => {
  it('a load list is the reverse of the route: the last stop goes in first', () => {
    const { rows, totals } = loadList({ stops }, notes);
    expect(rows.map((r) => [r.packageId, r.stopNumber, r.loadNumber, r.collectedAt])).toEqual([
      // c is picked up on the route (stop 2): listed where it is delivered, not loaded at the depot.
      ['4', 5, null, 2],
      ['2', 3, 1, null],
      ['3', 3, 2, null],
      ['1', 1, 3, null],
    ]);
    expect(totals).toEqual({ count: 3, weight: 5, volume: 8 });
    expect(rows[1]!.address).toBe('Gate 1, 0150 Oslo');
  });

  it('a receipt list names what the courier signs for at the depot, and where the rest is collected', () => {
    const { rows, totals } = receiptRows({ stops }, notes);
    expect(rows.map((r) => [r.note.orderId, r.collectedAt])).toEqual([
      ['a', null],
      ['b', null],
      ['c', 2],
    ]);
    expect(totals).toEqual({ count: 3, weight: 5, volume: 8 });
  });

  it('notes are grouped by slot in stop order', () => {
    const grouped = notesBySlot([note('x', 4, [], 's2'), ...notes, note('y', 2, [], 's2')]);
    expect([...grouped.keys()]).toEqual(['s2', 's1']);
    expect(grouped.get('s2')!.map((n) => n.orderId)).toEqual(['y', 'x']);
  });

  it('load against capacity, and a slot summary without its break', () => {
    expect(
      overCapacity({ count: 3, weight: 50, volume: 8 }, { count: 2, weight: 50, volume: 9 }),
    ).toEqual(['count']);
    expect(overCapacity({ count: 3, weight: 5, volume: 8 }, null)).toEqual([]);
    const slot = {
      stops,
      load: { count: 4, weight: 15, volume: 28 },
      totals: { distanceKm: 12.3, drivingMinutes: 30, endTime: null, late: 0 },
    } as unknown as SlotView;
    expect(slotSummary(slot)).toEqual({ stops: 4, packages: 4, weight: 15, distanceKm: 12.3 });
  });

  it('dates in the route must be calendar dates', () => {
    expect(isDateParam('2026-02-28')).toBe(true);
    expect(isDateParam('2026-02-30')).toBe(false);
    expect(isDateParam('1')).toBe(false);
    expect(isDateParam(undefined)).toBe(false);
  });

  it('times in the department zone, numbers in the language', () => {
    const f = formats('nb', 'Europe/Oslo');
    expect(f.time('2026-07-01T06:05:00.000Z')).toBe('08:05');
    expect(f.kg(1234.5)).toMatch(/^1\s234,5$/);
    expect(f.window('09:00', '12:00')).toBe('09:00–12:00');
    expect(f.window(null, null)).toBe('');
    expect(formats('en', 'Europe/Helsinki').date('2026-07-01')).toBe('01/07/2026');
  });
});

describe("route lists: the unit's depot in the header (0041-depot)", () => {
  const oslo = { lat: 59.911525, lng: 10.75425, address: 'Tollbugata 17, 0152 Oslo' };
  const fornebu = { lat: 59.9, lng: 10.62, address: 'Snarøyveien 30, 1360 Fornebu' };

  it('the start depot, and the end depot when it is another; nothing without one', () => {
    expect(routeDepotText({ startLocation: oslo, endLocation: oslo })).toBe(oslo.address);
    expect(routeDepotText({ startLocation: oslo, endLocation: fornebu })).toBe(
      `${oslo.address} → ${fornebu.address}`,
    );
    expect(routeDepotText({ startLocation: null, endLocation: fornebu })).toBe(fornebu.address);
    expect(routeDepotText({ startLocation: null, endLocation: null })).toBeNull();
    expect(routeDepotText(undefined)).toBeNull();
  });

  it("an old unit's 0,0 is no depot; a depot given by its point shows the point", () => {
    const legacy = { lat: 0, lng: 0 };
    expect(routeDepotText({ startLocation: legacy, endLocation: legacy })).toBeNull();
    expect(routeDepotText({ startLocation: { lat: 59.91, lng: 10.75 } })).toBe('59.91, 10.75');
  });
});
