import { z } from 'zod';
import {
  boundedNumber,
  entityId,
  hhmm,
  idList,
  isoDate,
  latitude,
  longitude,
  nonEmptyText,
} from '../common.js';

/** Spec §4: the sources an address resolution can come from. */
export const resolutionSources = [
  'GEOCODING_API',
  'DATABASE_LOOKUP',
  'PICKUP_POINT_API',
  'FRONTEND',
  'EDI',
  'CUSTOMER_SITE',
  'DEPARTMENT_LOCATION',
  'PARCEL_HUB',
  'PARCEL_IN_MAILBOX',
  'DRIVER',
  'MAP_SERVICE',
  'ORIGINAL_ORDER',
  'RESTORED_ORDER',
  'ADDRESS_SWAP',
  'GOODS_RETURN_ADDRESS',
] as const;

export const addressBlockSchema = z.object({
  name: nonEmptyText,
  address: z.string().default(''),
  zipCode: z.string().default(''),
  zipArea: z.string().default(''),
  countryCode: z.string().length(2).default('NO'),
  lat: latitude.nullable().optional(),
  lng: longitude.nullable().optional(),
  phone: z.string().optional(),
  secondPhone: z.string().optional(),
  email: z.string().optional(),
  contactPerson: z.string().optional(),
  instructions: z.string().optional(),
  pupUnitId: z.string().optional(),
  resolvedBy: z.enum(resolutionSources).optional(),
});
export type AddressBlock = z.infer<typeof addressBlockSchema>;

const positive = boundedNumber.min(0);
export const measurementLineSchema = z.object({
  packageId: z.string().optional(),
  weight: positive.default(0),
  weightUnit: z.string().optional(),
  height: positive.default(0),
  length: positive.default(0),
  width: positive.default(0),
  dimensionUnit: z.string().optional(),
  volume: positive.optional(),
  volumeUnit: z.string().optional(),
  presetDimension: z.string().optional(),
  specificationDescription: z.string().optional(),
  loadingMeters: positive.optional(),
  palletFootPrints: positive.optional(),
  quantity: z.number().int().positive().max(100_000).default(1),
  packageTypeCode: z.string().optional(),
});
export type MeasurementLine = z.infer<typeof measurementLineSchema>;

/** The minimal booking of the spine issue; the full order form comes with the booking issue. */
export const createOrderSchema = z.object({
  departmentId: entityId,
  customerId: entityId,
  pickupDate: isoDate,
  serviceId: z.string().optional(),
  priority: z.enum(['normal', 'high']).default('normal'),
  type: z.enum(['Delivery', 'Return', 'PickupPoint']).default('Delivery'),
  customerRef: z.string().max(100).optional(),
  recipientRef: z.string().max(100).optional(),
  orderNote: z.string().max(2000).optional(),
  pickup: addressBlockSchema,
  delivery: addressBlockSchema,
  pickupTimeEarliest: hhmm.optional(),
  pickupTimeLatest: hhmm.optional(),
  deliveryTimeEarliest: hhmm.optional(),
  deliveryTimeLatest: hhmm.optional(),
  measurements: z.array(measurementLineSchema).min(1).max(1000),
  /** Orders booked by customers wait as UNCONFIRMED until a planner accepts them. */
  requiresConfirmation: z.boolean().default(false),
});
export type CreateOrder = z.infer<typeof createOrderSchema>;

const side = z.enum(['pickup', 'delivery']);
export const resolveAddressSchema = z.object({
  consignmentId: entityId,
  side: side.default('delivery'),
  lat: latitude,
  lng: longitude,
  resolvedBy: z.enum(resolutionSources).default('FRONTEND'),
});
export const unresolveAddressSchema = z.object({ consignmentIds: idList });
export const updateConsignmentSlotSchema = z.object({ consignmentIds: idList, slotId: entityId });
export const unassignSchema = z.object({
  consignmentIds: idList,
  force: z.boolean().default(false),
});
export const manualOverrideSchema = z.object({
  consignmentIds: idList,
  /** Why the planner overrides what the courier reported (kept in the order history). */
  comment: z.string().max(1000).optional(),
});
export const deviateSchema = manualOverrideSchema.extend({ reason: nonEmptyText.max(200) });
export const orderIdsSchema = z.object({ orderIds: idList });
export const rejectOrdersSchema = z.object({
  orderIds: idList,
  reason: nonEmptyText.max(200),
  otherReason: z.string().max(1000).optional(),
});

export const consignmentCommandSchemas = {
  CREATE_ORDER: createOrderSchema,
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
