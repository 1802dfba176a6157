import type { ConsignmentState } from '../consignments/states.js';
import type { RouteStop } from '../planning/slots.js';

/**
 * "When the courier is N stops away" (docs/decisions/0062, addendum): read from the route's stop
 * order (the slot's `stops`, as planned and reordered) and what the courier has reported (each
 * consignment's state). A pickup stop is behind the courier once its goods are collected (or the
 * order went its own way: delivered, deviated, returned, deleted, rejected); a delivery stop once
 * delivered, deviated, returned, deleted or rejected. Breaks are not stops.
 */
const pickedUp: readonly ConsignmentState[] = [
  'COLLECTED',
  'DELIVERED',
  'DEVIATED',
  'RETURNED',
  'DELETED',
  'REJECTED',
];
const delivered: readonly ConsignmentState[] = [
  'DELIVERED',
  'DEVIATED',
  'RETURNED',
  'DELETED',
  'REJECTED',
];

/** Whether the courier is done with a stop, given its consignment's state. */
export function stopDone(stop: RouteStop, state: string | undefined): boolean {
  if (stop.kind !== 'pickup' && stop.kind !== 'delivery') return true;
  if (state === undefined) return false;
  return (stop.kind === 'pickup' ? pickedUp : delivered).includes(state as ConsignmentState);
}

/**
 * For each consignment whose delivery stop is not done: how many stops the courier has still to
 * make before it (0: it is the next stop). `stateOf` gives each consignment's state.
 */
export function stopsBeforeDeliveries(
  stops: readonly RouteStop[],
  stateOf: (consignmentId: string) => string | undefined,
): Map<string, number> {
  const out = new Map<string, number>();
  let left = 0;
  for (const stop of stops) {
    if (stop.kind !== 'pickup' && stop.kind !== 'delivery') continue;
    if (stopDone(stop, stateOf(stop.consignmentId))) continue;
    if (stop.kind === 'delivery') out.set(stop.consignmentId, left);
    left += 1;
  }
  return out;
}
