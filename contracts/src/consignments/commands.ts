import { z } from 'zod';
import { entityId, idList, latitude, longitude, refuseNullIsland } from '../common.js';
import { deviationReason } from '../deviations/index.js';
import { geoPrecisions } from '../geocoding/index.js';
import { rejectionReasons } from './catalogues.js';
import { createOrderSchema, resolutionSources, updateOrderSchema } from './order.js';

const side = z.enum(['pickup', 'delivery']);
export const resolveAddressSchema = refuseNullIsland(
  z.object({
    consignmentId: entityId,
    side: side.default('delivery'),
    lat: latitude,
    lng: longitude,
    resolvedBy: z.enum(resolutionSources).default('FRONTEND'),
    /** How precise the point is; a point a planner places by hand places the address itself. */
    precision: z.enum(geoPrecisions).default('address'),
  }),
);
export const unresolveAddressSchema = z.object({ consignmentIds: idList });
/**
 * UPDATE_CONSIGNMENT_SLOT: plans consignments onto a slot (or moves them there). A slot over its
 * unit's capacity is refused unless `force` (docs/decisions/0021-planning.md).
 */
export const updateConsignmentSlotSchema = z.object({
  consignmentIds: idList,
  slotId: entityId,
  force: z.boolean().default(false),
});
export const unassignSchema = z.object({
  consignmentIds: idList,
  force: z.boolean().default(false),
});
export const manualOverrideSchema = z.object({
  consignmentIds: idList,
  /** Why the planner overrides what the courier reported (kept in the order history). */
  comment: z.string().max(1000).optional(),
});
/**
 * MANUAL_DEVIATE: each consignment deviates with a reason from the catalogue, and each gets a
 * deviation (docs/decisions/0051-deviations.md) whose text is the comment (OTHER needs one).
 */
export const deviateSchema = manualOverrideSchema
  .extend({ reason: deviationReason })
  .superRefine((v, ctx) => {
    if (v.reason === 'OTHER' && !v.comment?.trim())
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'validation.required' });
  });
export const orderIdsSchema = z.object({ orderIds: idList });
/** REJECT_ORDERS (spec §7): a reason from the list; `OTHER` needs the other reason's text. */
export const rejectOrdersSchema = z
  .object({
    orderIds: idList,
    reason: z.enum(rejectionReasons, { error: 'validation.choice' }),
    otherReason: z.string().trim().max(1000, { error: 'validation.tooLong' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 'OTHER' && !v.otherReason)
      ctx.addIssue({ code: 'custom', path: ['otherReason'], message: 'validation.required' });
  });
/** MOVE_ORDERS (spec §4 flow "move orders to another department"). */
export const moveOrdersSchema = z.object({ orderIds: idList, departmentId: entityId });
/**
 * MOVE_ORDERS_NEW (docs/decisions/0089-move-orders-new.md): the same move, all or nothing: every
 * order moves (and leaves its slot) in one atomic append, or none does and the refusal names each
 * order refused (one error item an order, `params.orderId`).
 */
export const moveOrdersNewSchema = moveOrdersSchema;

export const consignmentCommandSchemas = {
  CREATE_ORDER: createOrderSchema,
  UPDATE_ORDER: updateOrderSchema,
  MOVE_ORDERS: moveOrdersSchema,
  MOVE_ORDERS_NEW: moveOrdersNewSchema,
  ACCEPT_ORDERS: orderIdsSchema,
  REJECT_ORDERS: rejectOrdersSchema,
  RESOLVE_ADDRESS: resolveAddressSchema,
  UNRESOLVE_DELIVERY_ADDRESS: unresolveAddressSchema,
  UNRESOLVE_PICKUP_ADDRESS: unresolveAddressSchema,
  UPDATE_CONSIGNMENT_SLOT: updateConsignmentSlotSchema,
  UNASSIGN_CONSIGNMENTS: unassignSchema,
  MANUAL_COLLECT: manualOverrideSchema,
  MANUAL_DELIVER: manualOverrideSchema,
  MANUAL_DEVIATE: deviateSchema,
  MANUAL_RETURN: manualOverrideSchema,
  DELETE_ORDERS: orderIdsSchema,
  RESTORE_ORDERS: orderIdsSchema,
} as const;
