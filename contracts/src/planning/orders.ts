import { z } from 'zod';
import { hhmm, idList } from '../common.js';
import { vehicleTypes } from '../consignments/catalogues.js';

/** Seconds as the form's mm:ss (the inverse of `durationSeconds`); null is blank. */
export const secondsToMmss = (seconds: number | null | undefined): string =>
  seconds === null || seconds === undefined
    ? ''
    : `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/** A stop's service time in seconds (at most 999:59, what the form's mm:ss holds). */
export const stopDurationSeconds = z.number().int().min(0).max(59_999).nullable();

/** Spec §7 set durations {orderIds, pickupDurationSeconds, deliveryDurationSeconds}. */
export const setDurationsSchema = z.object({
  orderIds: idList,
  pickupDurationSeconds: stopDurationSeconds,
  deliveryDurationSeconds: stopDurationSeconds,
});

/** Spec §7 order grouping {groupId, groupName, orderIds, fixedOrder, paidTogether}. */
export const groupOrdersSchema = z.object({
  groupId: z.string().trim().min(1).max(50),
  groupName: z.string().trim().max(200).default(''),
  orderIds: idList,
  fixedOrder: z.boolean().default(false),
  paidTogether: z.boolean().default(false),
});

/** UPDATE_PICKUP_AND_DELIVERY_TIMES: new time windows for orders (a field left out is kept). */
export const updateTimesSchema = z
  .object({
    orderIds: idList,
    pickupTimeEarliest: hhmm.optional(),
    pickupTimeLatest: hhmm.optional(),
    deliveryTimeEarliest: hhmm.optional(),
    deliveryTimeLatest: hhmm.optional(),
  })
  .refine(
    (v) =>
      v.pickupTimeEarliest !== undefined ||
      v.pickupTimeLatest !== undefined ||
      v.deliveryTimeEarliest !== undefined ||
      v.deliveryTimeLatest !== undefined,
    { error: 'validation.required' },
  );

/**
 * UPDATE_ORDER_SERVICE_LEVEL: the service (a transport article's code, what the booking form's
 * service picker offers) the orders are booked on (docs/decisions/0086-booking-extras.md).
 */
export const updateServiceLevelSchema = z.object({
  orderIds: idList,
  serviceId: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong'),
});

/** UPDATE_ORDER_VEHICLE_TYPE: the vehicle type (spec §3 vehicle types) the orders need. */
export const updateVehicleTypeSchema = z.object({
  orderIds: idList,
  vehicleType: z.enum(vehicleTypes, { error: 'validation.choice' }),
});

/**
 * UPDATE_DELIVERY_TIME: the orders' delivery window (both ends). As in the order form, a window
 * whose end is before its start ends the next day (spec §5); only an empty window is refused.
 */
const windowEnd = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.time');
export const updateDeliveryTimeSchema = z
  .object({
    orderIds: idList,
    deliveryTimeEarliest: windowEnd,
    deliveryTimeLatest: windowEnd,
  })
  .refine((v) => v.deliveryTimeEarliest !== v.deliveryTimeLatest, {
    error: 'validation.deliveryEnd',
    path: ['deliveryTimeLatest'],
  });

export const planningOrderCommandSchemas = {
  SET_PICKUP_AND_DELIVERY_DURATIONS: setDurationsSchema,
  GROUP_ORDERS: groupOrdersSchema,
  UPDATE_PICKUP_AND_DELIVERY_TIMES: updateTimesSchema,
  UPDATE_ORDER_SERVICE_LEVEL: updateServiceLevelSchema,
  UPDATE_ORDER_VEHICLE_TYPE: updateVehicleTypeSchema,
  UPDATE_DELIVERY_TIME: updateDeliveryTimeSchema,
} as const;
