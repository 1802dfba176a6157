import { z } from 'zod';
import { calendarDate, entityId, position } from '../common.js';

/**
 * Deviations (spec §3, §4, §7; docs/decisions/0051-deviations.md): what went wrong at a stop, as
 * an entity of its own on the order's stream, so that a deviation and the consignment's move to
 * DEVIATED are one append.
 */
export const ORDER_DEVIATIONS_TABLE = 'rm_order_deviations';
export const ORDER_DEVIATIONS_ENTITY = 'orderDeviations';

/** The catalogue of reasons, in the order the dialogs offer them; OTHER needs its text. */
export const deviationReasons = [
  'NOT_HOME',
  'REFUSED',
  'DAMAGED',
  'WRONG_ADDRESS',
  'NO_ACCESS',
  'CLOSED',
  'OTHER',
] as const;
export type DeviationReason = (typeof deviationReasons)[number];

export const deviationReason = z.enum(deviationReasons, { error: 'validation.choice' });
const text = z.string().trim().max(1000, { error: 'validation.tooLong' });
/** A reference to a photo kept elsewhere (a file store's key or URL), not the photo itself. */
const photoRef = z.string().trim().min(1, 'required').max(500);

const otherNeedsText = (
  v: { reason?: DeviationReason | undefined; text?: string | null | undefined },
  ctx: z.RefinementCtx,
) => {
  if (v.reason === 'OTHER' && !v.text)
    ctx.addIssue({ code: 'custom', path: ['text'], message: 'validation.required' });
};

/** The fields of a reported deviation (MANUAL_DEVIATE's too). */
export const deviationReportShape = {
  reason: deviationReason,
  text: text.optional(),
  /** Where the reporter was (the courier's page sends the phone's position). */
  position: position.optional(),
  photoRef: photoRef.optional(),
};

/** CREATE_DEVIATION: a deviation on one order; it moves the consignment to DEVIATED. */
export const createDeviationSchema = z
  .object({ orderId: entityId, ...deviationReportShape })
  .superRefine(otherNeedsText);

/**
 * UPDATE_DEVIATION: the reason, text and photo reference (a field left out is unchanged, null
 * clears the text or the photo). The position is where it was reported: not changed afterwards.
 */
export const updateDeviationSchema = z
  .object({
    orderId: entityId,
    id: entityId,
    reason: deviationReason.optional(),
    text: text.nullable().optional(),
    photoRef: photoRef.nullable().optional(),
  })
  .superRefine(otherNeedsText);

/** DELETE_DEVIATION: a deviation recorded by mistake; the consignment's state stays. */
export const deleteDeviationSchema = z.object({ orderId: entityId, id: entityId });

export const deviationCommandSchemas = {
  CREATE_DEVIATION: createDeviationSchema,
  UPDATE_DEVIATION: updateDeviationSchema,
  DELETE_DEVIATION: deleteDeviationSchema,
} as const;

/**
 * Query `orderDeviations` (spec §7 "by customer or order"): an order's deviations, or a customer's
 * on orders dated `fromDate`…`toDate` (the order's date, as the shipments grid reads it).
 */
export const orderDeviationsQuerySchema = z
  .object({
    orderId: entityId.optional(),
    customerId: entityId.optional(),
    fromDate: calendarDate.optional(),
    toDate: calendarDate.optional(),
  })
  .refine((v) => (v.orderId === undefined) !== (v.customerId === undefined), {
    message: 'name an orderId or a customerId (one of them)',
    path: ['orderId'],
  });

/** The order a deviation belongs to, as it was when reported (who may read it follows it). */
export interface DeviationOrderScope {
  departmentId: string;
  customerId: string;
  /** The order's (pickup) date. */
  date: string;
}

export interface DeviationFields {
  reason: DeviationReason;
  text: string | null;
  position: { lat: number; lng: number } | null;
  photoRef: string | null;
}

export type DeviationEvent =
  | {
      type: 'DeviationRecorded';
      data: DeviationFields & { id: string; order: DeviationOrderScope };
    }
  | {
      type: 'DeviationUpdated';
      data: {
        id: string;
        changes: Partial<Pick<DeviationFields, 'reason' | 'text' | 'photoRef'>>;
      };
    }
  | { type: 'DeviationDeleted'; data: { id: string } };
export type DeviationEventType = DeviationEvent['type'];

export const deviationEventTypes: readonly DeviationEventType[] = [
  'DeviationRecorded',
  'DeviationUpdated',
  'DeviationDeleted',
];
export const isDeviationEventType = (type: string): type is DeviationEventType =>
  (deviationEventTypes as readonly string[]).includes(type);

/** A deviation as read (query `orderDeviations`, socket entity `orderDeviations`). */
export interface OrderDeviationRow extends DeviationFields, DeviationOrderScope {
  id: string;
  orderId: string;
  /** Who reported it, and when (the event's metadata). */
  reportedBy: string;
  reportedAt: string;
  updatedBy: string | null;
  updatedAt: string | null;
  revision: number;
  /** Bookkeeping: the revision of the order's event its department, customer and date are from. */
  scopeRevision: number;
}
