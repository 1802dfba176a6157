import {
  agreedState,
  consignmentSteps,
  isValidSscc,
  MAX_PACKAGES_PER_ORDER,
  normaliseScanCode,
  scanPackage,
  stepResult,
  type ConsignmentAction,
  type ConsignmentState,
  type OrderScan,
  type PackageState,
  type Scan,
  type ScanCodeType,
  type ScanRecord,
  type ScanWarning,
} from '@nordlog/contracts';

/**
 * How a batch of scans lands on a slot's route (docs/decisions/0064-courier-scans.md), pure: the
 * handler loads the route's orders, this works out every scan's effect in the batch's order, and
 * the targets append what it found.
 */

/** An order of the route as the scans see it. */
export interface RouteOrder {
  orderId: string;
  state: ConsignmentState;
  collected: boolean;
  shipmentId: string | null;
  loadCarrierId: string | null;
  /** Its packages (SSCCs); an order booked without any counts as one package, its GSIN. */
  packageIds: string[];
  packages: Readonly<Record<string, PackageState>>;
  /**
   * A scan at its stop may add a package to it (scan-to-create, 0071): its customer allows it,
   * its parties' data is not erased, and it was booked with package labels (an order without any
   * is its shipment's one label).
   */
  growable?: boolean;
}

export interface OrderEffect {
  scans: OrderScan[];
  /** The packages scans at its stop added to it (scan-to-create, 0071), in scan order. */
  created: string[];
  packages: Record<string, PackageState>;
  steps: ConsignmentAction[];
}

export interface ScanPlan {
  records: ScanRecord[];
  /** Per order the scans touched: what its stream gets. */
  orders: Map<string, OrderEffect>;
}

/** The packages of an order (its GSIN stands for them when it was booked without SSCCs). */
export const unitsOf = (o: Pick<RouteOrder, 'packageIds' | 'shipmentId' | 'orderId'>) =>
  o.packageIds.length > 0 ? o.packageIds : [o.shipmentId ?? `order:${o.orderId}`];

/** What a code names on the route: a package (SSCC), a shipment (GSIN) or a load carrier. */
function lookup(
  route: readonly RouteOrder[],
  code: string,
): { type: ScanCodeType; hits: { order: RouteOrder; units: string[] }[] } | null {
  for (const order of route)
    if (order.packageIds.includes(code)) return { type: 'SSCC', hits: [{ order, units: [code] }] };
  for (const order of route)
    if (order.shipmentId === code)
      return { type: 'GSIN', hits: [{ order, units: unitsOf(order) }] };
  const held = route.filter((o) => o.loadCarrierId !== null && o.loadCarrierId === code);
  if (held.length > 0)
    return { type: 'LOAD_CARRIER', hits: held.map((order) => ({ order, units: unitsOf(order) })) };
  return null;
}

/** States an order takes no more packages in: its goods are handed over, or it is gone. */
const closed = new Set<ConsignmentState>(['DELIVERED', 'RETURNED', 'DELETED', 'REJECTED']);

/**
 * A code the route does not know, scanned at a stop whose order may grow (0071): a package label
 * (an SSCC with a right check digit) becomes one more package of that order. Null: it may not.
 */
function creatable(
  work: ReadonlyMap<string, RouteOrder>,
  scan: Scan,
): { order: RouteOrder; units: string[] } | null {
  const order = scan.consignmentId === undefined ? undefined : work.get(scan.consignmentId);
  if (!order?.growable || closed.has(order.state) || !isValidSscc(scan.code)) return null;
  if (order.packageIds.length === 0 || order.packageIds.length >= MAX_PACKAGES_PER_ORDER)
    return null;
  return { order, units: [scan.code] };
}

/** Which warning a scan that moved nothing shows: the first in this order of weight. */
const weight: ScanWarning[] = ['final', 'outOfOrder', 'duplicate'];

export function planScans(
  route: readonly RouteOrder[],
  scans: readonly Scan[],
  scanId: (index: number) => string,
  courierId: string | null,
): ScanPlan {
  // Working copies: each scan sees the effect of the batch's scans before it.
  const work = new Map(route.map((o) => [o.orderId, { ...o, packages: { ...o.packages } }]));
  const orders = new Map<string, OrderEffect>();
  const records: ScanRecord[] = [];
  scans.forEach((raw, index) => {
    const scan = { ...raw, code: normaliseScanCode(raw.code) };
    let found = lookup([...work.values()], scan.code);
    const grown = found ? null : creatable(work, scan);
    if (grown) {
      // The order has the package from here on: the batch's later scans find it.
      const o = work.get(grown.order.orderId)!;
      o.packageIds = [...o.packageIds, scan.code];
      found = { type: 'SSCC', hits: [grown] };
    }
    const record: ScanRecord = {
      scanId: scanId(index),
      code: scan.code,
      codeType: found?.type ?? null,
      kind: scan.kind,
      scannedAt: scan.scannedAt,
      courierId,
      position: courierId && scan.position ? scan.position : null,
      orderIds: found ? found.hits.map((h) => h.order.orderId) : [],
      moved: [],
      warning: found ? null : 'notOnRoute',
      consignments: [],
      ...(grown ? { created: scan.code } : {}),
    };
    const warnings: ScanWarning[] = [];
    for (const { order, units } of found?.hits ?? []) {
      const o = work.get(order.orderId)!;
      const effect = orders.get(o.orderId) ?? { scans: [], created: [], packages: {}, steps: [] };
      orders.set(o.orderId, effect);
      if (grown) effect.created.push(scan.code);
      for (const unit of units) {
        const next = scanPackage(o.packages[unit] ?? 'NOT_SCANNED', scan.kind);
        if (next.warning) warnings.push(next.warning);
        else {
          o.packages[unit] = next.state;
          effect.packages[unit] = next.state;
          record.moved.push(unit);
        }
      }
      const steps = consignmentSteps(
        o.state,
        o.collected,
        agreedState(unitsOf(o).map((u) => o.packages[u] ?? 'NOT_SCANNED')),
      );
      if (steps === null) warnings.unshift('consignmentRefused');
      else if (steps.length > 0) {
        effect.steps.push(...steps);
        o.state = stepResult(steps[steps.length - 1]!);
        if (steps.includes('collect')) o.collected = true;
        record.consignments.push({ orderId: o.orderId, state: o.state });
      }
      effect.scans.push({
        scanId: record.scanId,
        code: scan.code,
        kind: scan.kind,
        scannedAt: scan.scannedAt,
        warning: null,
      });
    }
    if (found && warnings.includes('consignmentRefused')) record.warning = 'consignmentRefused';
    else if (found && record.moved.length === 0)
      record.warning = weight.find((w) => warnings.includes(w)) ?? 'duplicate';
    for (const id of record.orderIds) {
      const own = orders.get(id)!.scans.at(-1)!;
      own.warning = record.warning;
    }
    records.push(record);
  });
  return { records, orders };
}
