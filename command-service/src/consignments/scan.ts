import {
  canTransition,
  stepResult,
  type BookedOrder,
  type ConsignmentAction,
  type OrderScan,
  type PackageState,
} from '@nordlog/contracts';
import { refuse } from './refuse.js';
import { scanKey, type Booked, type OrderStreamEvent } from './state.js';

/**
 * Scans of its packages (docs/decisions/0064-courier-scans.md): the packages' new states and the
 * §4 actions their agreement takes the consignment through, as the handler worked them out on
 * this revision (each action is checked against the table again here).
 */
export type ScanCommand = {
  type: 'SCAN';
  slotId: string;
  scans: OrderScan[];
  /** Packages scans at its stop add to it (scan-to-create, 0071). */
  created?: string[];
  packages: Record<string, PackageState>;
  steps: ConsignmentAction[];
};

/**
 * The order with the packages a scan created (0071): each one more line like the order's first,
 * of one package, its label's SSCC. The order is otherwise as it was (an OrderUpdated, so every
 * read model, the price and the customer's webhooks see the package as they see an edit's).
 */
function withCreatedPackages(order: BookedOrder, created: readonly string[]): BookedOrder | null {
  const known = new Set(order.measurements.flatMap((l) => l.packageIds ?? []));
  const fresh = [...new Set(created)].filter((id) => !known.has(id));
  const first = order.measurements[0];
  if (fresh.length === 0 || !first) return null;
  const lines = fresh.map((id) => ({ ...first, quantity: 1, packageId: id, packageIds: [id] }));
  return { ...order, measurements: [...order.measurements, ...lines] };
}

export function decideScan(command: ScanCommand, s: Booked) {
  const scans = command.scans.filter((scan) => !s.scanKeys.has(scanKey(scan)));
  // The same scans again (a queue sent twice): nothing new.
  if (scans.length === 0) return [];
  const packages = Object.fromEntries(
    Object.entries(command.packages).filter(([id, state]) => s.packages[id] !== state),
  );
  const grown = s.erased ? null : withCreatedPackages(s.order, command.created ?? []);
  const events: OrderStreamEvent[] = [
    ...(grown ? [{ type: 'OrderUpdated' as const, data: { order: grown, state: s.state } }] : []),
    { type: 'PackagesScanned', data: { slotId: command.slotId, scans, packages } },
  ];
  let state = s.state;
  for (const step of command.steps) {
    if (!canTransition(step, state)) refuse(step, state);
    state = stepResult(step);
    const data = { manual: false, comment: null };
    events.push(
      state === 'COLLECTED'
        ? { type: 'ConsignmentCollected', data: { ...data, state: 'COLLECTED' } }
        : state === 'DELIVERED'
          ? { type: 'ConsignmentDelivered', data: { ...data, state: 'DELIVERED' } }
          : { type: 'ConsignmentReturned', data: { ...data, state: 'RETURNED' } },
    );
  }
  return events;
}
