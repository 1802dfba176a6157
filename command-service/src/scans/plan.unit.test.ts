import { describe, expect, it } from '@jest/globals';
import {
  canTransition,
  consignmentStates,
  gs1CheckDigit,
  MAX_PACKAGES_PER_ORDER,
  packageRank,
  scanKinds,
  type ConsignmentState,
  type PackageState,
  type Scan,
} from '@nordlog/contracts';
import fc from 'fast-check';
import { planScans, unitsOf, type RouteOrder } from './plan.js';

const order = (over: Partial<RouteOrder> = {}): RouteOrder => ({
  orderId: '1',
  state: 'ASSIGNED',
  collected: false,
  shipmentId: '70900010000000017',
  loadCarrierId: null,
  packageIds: ['370900010000000011', '370900010000000028'],
  packages: {},
  ...over,
});
const scan = (code: string, kind: Scan['kind'], minute = 0): Scan => ({
  code,
  kind,
  scannedAt: new Date(Date.UTC(2026, 0, 1, 8, minute)).toISOString(),
});
const plan = (route: RouteOrder[], scans: Scan[]) => planScans(route, scans, (i) => `c:${i}`, '7');

describe('scans: the package machine and the consignment it moves (0064)', () => {
  it('a consignment is collected when its last package is picked up, delivered when its last is', () => {
    const o = order();
    const [a, b] = o.packageIds as [string, string];
    const { records, orders } = plan(
      [o],
      [scan(a, 'PICKED_UP'), scan(b, 'LOADED'), scan(a, 'DELIVERED'), scan(b, 'DELIVERED')],
    );
    expect(records.map((r) => r.consignments)).toEqual([
      [],
      [{ orderId: '1', state: 'COLLECTED' }],
      [],
      [{ orderId: '1', state: 'DELIVERED' }],
    ]);
    expect(orders.get('1')!.steps).toEqual(['collect', 'deliver']);
    expect(orders.get('1')!.packages).toEqual({ [a]: 'DELIVERED', [b]: 'DELIVERED' });
  });

  it('warns of a second scan of a kind, a scan back, a scan after delivery and a code off the route', () => {
    const o = order();
    const [a] = o.packageIds as [string];
    const { records } = plan(
      [o],
      [
        scan(a, 'LOADED'),
        scan(a, 'LOADED', 1),
        scan(a, 'PICKED_UP', 2),
        scan(o.shipmentId!, 'DELIVERED', 3),
        scan(a, 'RETURNED', 4),
        scan('999', 'LOADED', 5),
      ],
    );
    expect(records.map((r) => r.warning)).toEqual([
      null,
      'duplicate',
      'outOfOrder',
      null,
      'final',
      'notOnRoute',
    ]);
  });

  it('the packages of a consignment the table cannot move move alone, with a warning', () => {
    const o = order({ state: 'DELETED' });
    const { records, orders } = plan([o], [scan(o.shipmentId!, 'LOADED')]);
    expect(records[0]).toMatchObject({ warning: 'consignmentRefused', consignments: [] });
    expect(orders.get('1')!.steps).toEqual([]);
  });

  it('a load carrier counts for what it holds; an order without SSCCs is one package, its GSIN', () => {
    const a = order({ orderId: '1', loadCarrierId: 'CAGE' });
    const b = order({ orderId: '2', loadCarrierId: 'CAGE', packageIds: [], shipmentId: '5' });
    expect(unitsOf(b)).toEqual(['5']);
    const { records } = plan([a, b], [scan('CAGE', 'PICKED_UP')]);
    expect(records[0]).toMatchObject({ codeType: 'LOAD_CARRIER', orderIds: ['1', '2'] });
    expect(records[0]!.consignments.map((c) => c.state)).toEqual(['COLLECTED', 'COLLECTED']);
  });

  it('property: no sequence of scans takes a consignment a way the §4 table forbids, nor a package back', () => {
    const codes = ['370900010000000011', '370900010000000028', '70900010000000017', 'CAGE', 'X'];
    const start = fc.constantFrom<ConsignmentState>(...consignmentStates);
    const scans = fc.array(
      fc.record({ code: fc.constantFrom(...codes), kind: fc.constantFrom(...scanKinds) }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(start, fc.boolean(), scans, (state, collected, list) => {
        const o = order({ state, collected, loadCarrierId: 'CAGE' });
        const { records, orders } = plan(
          [o],
          list.map((s, i) => scan(s.code, s.kind, i)),
        );
        // Every step is allowed from the state before it.
        let current = state;
        for (const step of orders.get('1')?.steps ?? []) {
          expect(canTransition(step, current)).toBe(true);
          current =
            step === 'collect' ? 'COLLECTED' : step === 'deliver' ? 'DELIVERED' : 'RETURNED';
        }
        // Final states are never left; a package never goes back a step.
        if (state === 'DELIVERED' || state === 'RETURNED' || state === 'DELETED')
          expect(current).toBe(state);
        const seen = new Map<string, PackageState>();
        for (const r of records) {
          for (const id of r.moved) {
            const before = seen.get(id) ?? 'NOT_SCANNED';
            expect(packageRank[r.kind]).toBeGreaterThan(packageRank[before]);
            seen.set(id, r.kind);
          }
          // A scan that moved nothing says why.
          if (r.moved.length === 0) expect(r.warning).not.toBeNull();
        }
      }),
      { numRuns: 500 },
    );
  });
});

/** A shipper's own label: an SSCC of its company prefix with a right check digit. */
const own = (serial: number) => {
  const body = `3735000${String(serial).padStart(10, '0')}`;
  return body + String(gs1CheckDigit(body));
};
/** An order of one booked package whose customer lets scans at its stop add packages. */
const growing = (over: Partial<RouteOrder> = {}) =>
  order({ packageIds: ['370900010000000011'], growable: true, ...over });
const at = (code: string, kind: Scan['kind'], minute = 0, consignmentId?: string): Scan => ({
  ...scan(code, kind, minute),
  ...(consignmentId ? { consignmentId } : {}),
});

describe('scan-to-create packages (0071 addendum)', () => {
  it('a label of its own scanned at a stop whose customer allows it becomes one more package of that order, moved by the scan', () => {
    const o = growing();
    const label = own(1);
    const { records, orders } = plan([o], [at(label, 'PICKED_UP', 0, '1')]);
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
      [growing()],
      [
        at(label, 'PICKED_UP', 0, '1'),
        at('370900010000000011', 'PICKED_UP', 1),
        at(label, 'DELIVERED', 2),
        at('370900010000000011', 'DELIVERED', 3),
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
      [[growing()], at(label, 'LOADED')],
      [[growing()], at(label, 'LOADED', 0, '2')],
      [[growing({ growable: false })], at(label, 'LOADED', 0, '1')],
      [[growing({ state: 'DELIVERED' })], at(label, 'LOADED', 0, '1')],
      [[growing()], at(bad, 'LOADED', 0, '1')],
      [[growing()], at('ABC-123', 'LOADED', 0, '1')],
      // Booked without labels: its shipment's one label stands for its goods.
      [[growing({ packageIds: [] })], at(label, 'LOADED', 0, '1')],
      [
        [
          growing({
            packageIds: Array.from({ length: MAX_PACKAGES_PER_ORDER }, (_, i) => own(100 + i)),
          }),
        ],
        at(label, 'LOADED', 0, '1'),
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
    const other = growing({ orderId: '2', packageIds: [own(9)] });
    const { records, orders } = plan([growing(), other], [at(own(9), 'LOADED', 0, '1')]);
    expect(records[0]).toMatchObject({ orderIds: ['2'], moved: [own(9)], warning: null });
    expect(records[0]!.created).toBeUndefined();
    expect(orders.get('2')!.created).toEqual([]);
  });
});
