import { isConsignmentState } from './states.js';

/** Where an order is: its state, department and slot, as the events after its booking move it. */
export interface OrderPlacement {
  /** A consignment state (readers that keep any text there take one). */
  state: string;
  departmentId: string;
  slotId: string | null;
}

/**
 * An order's placement after one of its events other than its booking and edits (which the folds
 * that keep one read from the order itself): the state the event carries, a move to another
 * department (off its slot), an assignment to a slot and the end of one. One fold for every
 * reader that follows orders this way (the invoicing decider, the pre-advice rows).
 */
export function followPlacement<P extends OrderPlacement>(
  placement: P,
  event: { type: string; data: unknown },
): P {
  const data = event.data as { state?: unknown; departmentId?: string; slotId?: string };
  const next: P = isConsignmentState(data.state) ? { ...placement, state: data.state } : placement;
  switch (event.type) {
    case 'OrderMoved':
      return { ...next, departmentId: data.departmentId ?? next.departmentId, slotId: null };
    case 'ConsignmentAssignedToSlot':
      return { ...next, slotId: data.slotId ?? null };
    case 'ConsignmentUnassignedFromSlot':
    case 'OrderDeleted':
      return { ...next, slotId: null };
    default:
      return next;
  }
}
