import {
  canTransition,
  stepResult,
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
  packages: Record<string, PackageState>;
  steps: ConsignmentAction[];
};

export function decideScan(command: ScanCommand, s: Booked) {
  const scans = command.scans.filter((scan) => !s.scanKeys.has(scanKey(scan)));
  // The same scans again (a queue sent twice): nothing new.
  if (scans.length === 0) return [];
  const packages = Object.fromEntries(
    Object.entries(command.packages).filter(([id, state]) => s.packages[id] !== state),
  );
  const events: OrderStreamEvent[] = [
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
