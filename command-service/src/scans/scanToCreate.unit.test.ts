import { describe, expect, it } from '@jest/globals';
import { gs1CheckDigit, MAX_PACKAGES_PER_ORDER, type Scan } from '@nordlog/contracts';
import { planScans, type RouteOrder } from './plan.js';

/** A shipper's own label: an SSCC of its company prefix with a right check digit. */
const own = (serial: number) => {
  const body = `3735000${String(serial).padStart(10, '0')}`;
  return body + String(gs1CheckDigit(body));
};
const order = (over: Partial<RouteOrder> = {}): RouteOrder => ({
  orderId: '1',
  state: 'ASSIGNED',
  collected: false,
  shipmentId: '70900010000000017',
  loadCarrierId: null,
  packageIds: ['370900010000000011'],
  packages: {},
  growable: true,
  ...over,
});
const scan = (code: string, kind: Scan['kind'], minute = 0, consignmentId?: string): Scan => ({
  code,
  kind,
  scannedAt: new Date(Date.UTC(2026, 0, 1, 8, minute)).toISOString(),
  ...(consignmentId ? { consignmentId } : {}),
});
const plan = (route: RouteOrder[], scans: Scan[]) => planScans(route, scans, (i) => `c:${i}`, '7');

describe('scan-to-create packages (0071 addendum)', () => {
  it('a label of its own scanned at a stop whose customer allows it becomes one more package of that order, moved by the scan', () => {
    const o = order();
    const label = own(1);
    const { records, orders } = plan([o], [scan(label, 'PICKED_UP', 0, '1')]);
    expect(records[0]).toMatchObject({
      code: label,
      codeType: 'SSCC',
      orderIds: ['1'],
      moved: [label],
      warning: null,
      created: label,
    });
    expect(orders.get('1')).toMatchObject({
      created: [label],
      packages: { [label]: 'PICKED_UP' },
    });
    // The order's booked package is not scanned yet: the consignment is not collected.
    expect(orders.get('1')!.steps).toEqual([]);
    expect(o.packageIds).toEqual(['370900010000000011']);
  });

  it('the batch’s later scans find the created package; once all agree the consignment moves', () => {
    const label = own(2);
    const { records, orders } = plan(
      [order()],
      [
        scan(label, 'PICKED_UP', 0, '1'),
        scan('370900010000000011', 'PICKED_UP', 1),
        scan(label, 'DELIVERED', 2),
        scan('370900010000000011', 'DELIVERED', 3),
      ],
    );
    expect(records.map((r) => r.created ?? null)).toEqual([label, null, null, null]);
    expect(records.map((r) => r.warning)).toEqual([null, null, null, null]);
    expect(orders.get('1')!.created).toEqual([label]);
    expect(orders.get('1')!.steps).toEqual(['collect', 'deliver']);
  });

  it('creates nothing without a stop, at another order’s stop, for a customer without the setting, off a closed order, or from a code that is no SSCC', () => {
    const label = own(3);
    const bad = `${label.slice(0, -1)}${(Number(label.at(-1)) + 1) % 10}`;
    const cases: [RouteOrder[], Scan][] = [
      [[order()], scan(label, 'LOADED')],
      [[order()], scan(label, 'LOADED', 0, '2')],
      [[order({ growable: false })], scan(label, 'LOADED', 0, '1')],
      [[order({ state: 'DELIVERED' })], scan(label, 'LOADED', 0, '1')],
      [[order()], scan(bad, 'LOADED', 0, '1')],
      [[order()], scan('ABC-123', 'LOADED', 0, '1')],
      // Booked without labels: its shipment's one label stands for its goods.
      [[order({ packageIds: [] })], scan(label, 'LOADED', 0, '1')],
      [
        [
          order({
            packageIds: Array.from({ length: MAX_PACKAGES_PER_ORDER }, (_, i) => own(100 + i)),
          }),
        ],
        scan(label, 'LOADED', 0, '1'),
      ],
    ];
    for (const [route, s] of cases) {
      const { records, orders } = plan(route, [s]);
      expect([records[0]!.warning, records[0]!.created, orders.size]).toEqual([
        'notOnRoute',
        undefined,
        0,
      ]);
    }
  });

  it('a code the route knows is never created again, at any stop', () => {
    const other = order({ orderId: '2', packageIds: [own(9)] });
    const { records, orders } = plan([order(), other], [scan(own(9), 'LOADED', 0, '1')]);
    expect(records[0]).toMatchObject({ orderIds: ['2'], moved: [own(9)], warning: null });
    expect(records[0]!.created).toBeUndefined();
    expect(orders.get('2')!.created).toEqual([]);
  });
});
