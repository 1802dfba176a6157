import { z } from 'zod';
import { entityId, isoDate } from '../common.js';
import { searchConsignmentsQuerySchema } from './gridRow.js';
import { notCollectedStates, type ConsignmentState } from './states.js';

/**
 * Query `searchDeletedOrders` (spec §7, "the same parameters as searchConsignments"): the deleted
 * orders' grid rows matching the phrase, words combined with OR by default (spec §9), to restore
 * one (RESTORE_ORDERS) from the result. The state is DELETED by definition: no state parameter
 * (docs/decisions/0052-search-screens.md).
 */
export const searchDeletedOrdersQuerySchema = searchConsignmentsQuerySchema.omit({
  states: true,
  state: true,
});

/**
 * Query `consignmentsInSameLoadCarrier` (spec §7): the grid rows of the consignments on the same
 * load carrier (pallet, cage, container) as this one, itself included; none when it is on none.
 */
export const consignmentsInSameLoadCarrierQuerySchema = z.object({ consignmentId: entityId });

/**
 * The states of a pickup order: the goods are still to be collected and the order is not refused
 * (spec §4's not-collected group without REJECTED; docs/decisions/0052-search-screens.md).
 */
export const pickupOrderStates: readonly ConsignmentState[] = notCollectedStates.filter(
  (s) => s !== 'REJECTED',
);

/** Query `pickupOrders`: the pickup-orders screen (spec §2 `/pickup-orders/{fromDate?}/{toDate?}`). */
export const pickupOrdersQuerySchema = z.object({
  departmentIds: z.array(entityId).optional(),
  /** Default: today in the first department's country; `toDate` defaults to `fromDate`. */
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
  limit: z.number().int().min(1).max(5000).default(5000),
});
