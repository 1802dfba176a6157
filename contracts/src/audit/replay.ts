import { evolveOrderRow, type OrderEventRecord } from '../consignments/orderRow.js';
import type { OrderRow } from '../consignments/orders.js';
import type { ConsignmentState } from '../consignments/states.js';
import { diffJson, type FieldChange } from './diff.js';
import {
  isDeviationEventType,
  type DeviationEvent,
  type DeviationFields,
} from '../deviations/index.js';

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
  /** A deviation the event recorded, changed or deleted (docs/decisions/0051), before and after. */
  deviation?: { id: string; before: DeviationFields | null; after: DeviationFields | null };
}

/** A deviation after its event (null: deleted). */
function evolveDeviation(
  current: DeviationFields | null,
  event: DeviationEvent,
): DeviationFields | null {
  switch (event.type) {
    case 'DeviationRecorded': {
      const { id: _id, order: _order, ...fields } = event.data;
      return fields;
    }
    case 'DeviationUpdated':
      return current && { ...current, ...event.data.changes };
    case 'DeviationDeleted':
      return null;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * The order after each event, oldest first: the fold the `orders` read model runs
 * (`evolveOrderRow`), kept step by step (docs/decisions/0029-audit-replay.md).
 */
export function replay(events: readonly AuditEvent[]): ReplayStep[] {
  let row: OrderRow | null = null;
  const deviations = new Map<string, DeviationFields | null>();
  return events.map((event) => {
    const before = row;
    row = evolveOrderRow(row, event);
    if (!isDeviationEventType(event.type)) return { event, before, after: row };
    const e = event as unknown as DeviationEvent;
    const was = deviations.get(e.data.id) ?? null;
    const now = evolveDeviation(was, e);
    deviations.set(e.data.id, now);
    return { event, before, after: row, deviation: { id: e.data.id, before: was, after: now } };
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
export const stepChanges = (step: ReplayStep): FieldChange[] => {
  const changes = diffJson(comparable(step.before), comparable(step.after));
  const d = step.deviation;
  if (!d) return changes;
  // A deviation is not part of the order row: its own fields, under `deviations.{id}`.
  return [
    ...changes,
    ...diffJson(d.before, d.after).map((c) => ({ ...c, path: ['deviations', d.id, ...c.path] })),
  ];
};

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
