import { z } from 'zod';
import { entityId } from '../common.js';

/**
 * Order corrections (spec §3, §4; docs/decisions/0032-invoicing.md): what a courier or planner
 * measured or waited that differs from the booking. A correction is pending until a planner
 * accepts it (with the values to apply, which may differ from the proposal) or rejects it. An
 * accepted correction does not rewrite the booked packages (their labels were printed): it records
 * the measured values, which pricing and invoicing use from then on.
 */
export const orderCorrectionStates = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export type OrderCorrectionState = (typeof orderCorrectionStates)[number];

const minutes = z
  .number()
  .int()
  .min(0)
  .max(24 * 60);
/** The values of the spec's accept payload, without the comment. */
export const correctionValuesShape = {
  numberOfPackages: z.number().int().min(0).max(10_000),
  volumeDmq: z.number().min(0).max(1_000_000),
  weightKilograms: z.number().min(0).max(1_000_000),
  deliveryWaitingTimeInMinutes: minutes.default(0),
  pickupWaitingTimeInMinutes: minutes.default(0),
  deliveryLoadingTimeInMinutes: minutes.default(0),
  pickupLoadingTimeInMinutes: minutes.default(0),
};
export const correctionValuesSchema = z.object(correctionValuesShape);
export type CorrectionValues = z.output<typeof correctionValuesSchema>;

const comment = z.string().trim().max(1000).default('');

/** CREATE_ORDER_CORRECTION: a courier (of the order's slot) or a planner proposes values. */
export const createOrderCorrectionSchema = z.object({
  orderId: entityId,
  ...correctionValuesShape,
  comment,
});
/** ACCEPT_ORDER_CORRECTION (spec §3 accept payload): the values to apply and a comment. */
export const acceptOrderCorrectionSchema = z.object({
  orderId: entityId,
  id: entityId,
  ...correctionValuesShape,
  comment,
});
/** REJECT_ORDER_CORRECTION {orderId, id} (spec §7). */
export const rejectOrderCorrectionSchema = z.object({
  orderId: entityId,
  id: entityId,
  comment,
});

/** An order correction as read (spec §3: orderId, id, existingPackages). */
export interface OrderCorrection {
  id: string;
  orderId: string;
  state: OrderCorrectionState;
  /** The packages the order had when the correction was made. */
  existingPackages: number;
  proposed: CorrectionValues;
  /** The values applied (accepted only). */
  accepted: CorrectionValues | null;
  comment: string;
  createdBy: string | null;
  createdAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  decisionComment: string | null;
}

/** Waiting and loading minutes at both ends, as the price engine counts them. */
export const correctionExtras = (v: CorrectionValues) => ({
  waitingMinutes: v.deliveryWaitingTimeInMinutes + v.pickupWaitingTimeInMinutes,
  loadingMinutes: v.deliveryLoadingTimeInMinutes + v.pickupLoadingTimeInMinutes,
});
