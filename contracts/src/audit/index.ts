import { z } from 'zod';
import { entityId } from '../common.js';
import type { OrderRow } from '../consignments/orders.js';
import type { ConsignmentState } from '../consignments/states.js';
import type { FieldChange } from './diff.js';

export * from './diff.js';
export * from './replay.js';

/**
 * The audit replay (spec §2 `/admin/lmEvents/{shipmentId?}`, §7 apolloAuditLogEntries and its
 * Details query, eventsWithSentLmStatus; docs/decisions/0029-audit-replay.md).
 */

/** What a shipment is found by: its shipment id (GSIN), a package's SSCC or the order id. */
const shipmentKey = z
  .string()
  .trim()
  .regex(/^\d{1,18}$/, 'a shipment id, package id (SSCC) or order id: digits only');

/** Query `apolloAuditLogEntries`: the events of the order a shipment, package or order id names. */
export const auditLogEntriesQuerySchema = z.object({
  /** A shipment id (17 digits), a package id (SSCC, 18 digits) or an order id. */
  id: shipmentKey,
});

/**
 * Query `apolloAuditLogEntriesDetails`: the order as it was after the event of stream revision
 * `revision`, or at the instant `at` (the events up to and including it), rebuilt from the
 * events; neither: as it is now.
 */
export const auditLogDetailsQuerySchema = z
  .object({
    orderId: entityId,
    revision: z.number().int().min(0).max(1_000_000).optional(),
    at: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((p) => p.revision === undefined || p.at === undefined, {
    message: 'give a revision or an instant, not both',
    path: ['at'],
  });

/** Query `eventsWithSentLmStatus`: the state changes of an order (what a last-mile system is sent). */
export const eventsWithSentLmStatusQuerySchema = z.object({ orderId: entityId });

/** Who caused an event: the user's id and, when the users read model knows it, the name. */
export interface AuditActor {
  userId: string;
  userName: string | null;
}

/** One event of an order in the audit log, with the fields of the order it changed. */
export interface AuditLogEntry extends AuditActor {
  /** The event's revision in the order's stream (0: the booking). */
  revision: number;
  /** Global position (decimal string). */
  position: string;
  eventType: string;
  occurredAt: string;
  commandId: string;
  /** The command's wire name (null: not recorded for this event). */
  commandType: string | null;
  /** The consignment state after the event. */
  state: ConsignmentState | null;
  /** What the event changed in the order (`OrderRow`), field by field. */
  changes: FieldChange[];
}

/** Answer of `apolloAuditLogEntries`. */
export interface AuditLog {
  orderId: string;
  shipmentId: string | null;
  departmentId: string;
  customerId: string;
  entries: AuditLogEntry[];
  /**
   * The records the order's history names (departments, customers, slots, units, couriers;
   * `ORDER_NAMED_FIELDS`), with their names, where the reader sees the record by its entity's
   * rule; an id without an entry is shown as the id.
   */
  references: {
    entity: 'departments' | 'customers' | 'slots' | 'units' | 'couriers';
    id: string;
    name: string;
    date?: string;
  }[];
}

/** Answer of `apolloAuditLogEntriesDetails`: the order as of a moment, rebuilt from its events. */
export interface AuditLogDetails {
  orderId: string;
  /** The last event folded (null: the moment lies before the order was booked). */
  asOf: { revision: number; position: string; occurredAt: string } | null;
  /** How many events the order has in all, and how many were folded. */
  eventCount: number;
  foldedCount: number;
  /** The order as of then (null: not booked yet). */
  order: OrderRow | null;
}

/** One status message a last-mile system is sent: an event that changed the consignment state. */
export interface LmStatusEvent extends AuditActor {
  revision: number;
  position: string;
  eventType: string;
  occurredAt: string;
  commandId: string;
  commandType: string | null;
  previousState: ConsignmentState | null;
  state: ConsignmentState;
}
