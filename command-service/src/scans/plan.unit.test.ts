import { describe, expect, it } from '@jest/globals';
import {
  canTransition,
  consignmentStates,
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
