import { evolveOrderRow, type OrderEventRecord } from '../consignments/orderRow.js';
import type { OrderRow } from '../consignments/orders.js';
import type { ConsignmentState } from '../consignments/states.js';
import { diffJson, type FieldChange } from './diff.js';

/** A stored event of an order as the audit replay reads it (a row of the order history). */
export interface AuditEvent extends OrderEventRecord {
  position: string;
  metadata: { occurredAt: string; userId: string; commandId: string; commandType?: string | null };
}

/** One step of the replay: the event and the order before and after it. */
export interface ReplayStep {
  event: AuditEvent;
  before: OrderRow | null;
  after: OrderRow | null;
}

/**
 * The order after each event, oldest first: the fold the `orders` read model runs
 * (`evolveOrderRow`), kept step by step (docs/decisions/0029-audit-replay.md).
 */
export function replay(events: readonly AuditEvent[]): ReplayStep[] {
  let row: OrderRow | null = null;
  return events.map((event) => {
    const before = row;
    row = evolveOrderRow(row, event);
    return { event, before, after: row };
  });
}

/**
 * Bookkeeping every event moves (the revision and the time of the last change): left out of the
 * diff, which shows what an event changed in the order.
 */
const BOOKKEEPING = ['revision', 'updatedAtEpoch'] as const;

/** The row as JSON without its bookkeeping (absent fields and `undefined` are the same). */
function comparable(row: OrderRow | null): unknown {
  if (!row) return null;
  const json = JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
  for (const key of BOOKKEEPING) delete json[key];
  return json;
}

/** What one step changed in the order, field by field. */
export const stepChanges = (step: ReplayStep): FieldChange[] =>
  diffJson(comparable(step.before), comparable(step.after));

/** The moment to rebuild the order at: after the event of this revision, or at this instant. */
export type ReplayMoment = { revision?: number | undefined; at?: string | undefined };

/** The events up to and including the moment (all of them when none is given). */
export function eventsUpTo(events: readonly AuditEvent[], moment: ReplayMoment): AuditEvent[] {
  if (moment.revision !== undefined) {
    const last = moment.revision;
    return events.filter((e) => e.streamRevision <= last);
  }
  if (moment.at !== undefined) {
    // A prefix of the stream: the events before the first one that happened later.
    const until = Date.parse(moment.at);
    const later = events.findIndex((e) => Date.parse(e.metadata.occurredAt) > until);
    return later === -1 ? [...events] : events.slice(0, later);
  }
  return [...events];
}

/** The events that changed the consignment's state, with the state before and after. */
export function stateChanges(steps: readonly ReplayStep[]): {
  step: ReplayStep;
  previousState: ConsignmentState | null;
  state: ConsignmentState;
}[] {
  return steps.flatMap((step) => {
    const state = step.after?.state;
    const previousState = step.before?.state ?? null;
    return state !== undefined && state !== previousState ? [{ step, previousState, state }] : [];
  });
}
