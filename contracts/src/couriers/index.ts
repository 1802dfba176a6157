import { z } from 'zod';
import { entityId, latitude, longitude, refuseNullIsland } from '../common.js';

export const COURIER_LOCATIONS_TABLE = 'rm_courier_locations';
export const COURIER_LOCATIONS_ENTITY = 'courierLocations';

/** Spec §9: the app reports a courier's location at most once a minute, while a slot is IN_PROGRESS. */
export const courierLocationThrottleMs = 60_000;

/**
 * SET_COURIER_LOCATION (spec §7 "Courier location report: courierId, latitude, longitude,
 * accuracy, ISO timestamp"). Only a COURIER sends it, and only for itself.
 */
export const setCourierLocationSchema = refuseNullIsland(
  z.object({
    courierId: entityId,
    latitude,
    longitude,
    /** Metres, as the browser's Geolocation API reports it. */
    accuracy: z.number().min(0).max(1_000_000),
    timestamp: z.iso.datetime({ offset: true }),
  }),
  'latitude',
  'longitude',
);
export type SetCourierLocation = z.infer<typeof setCourierLocationSchema>;

export interface CourierLocation {
  /** The courier's id (a row per courier: the latest report). */
  id: string;
  latitude: number;
  longitude: number;
  accuracy: number;
  /** When the device measured it (ISO). */
  at: string;
  /** The reporting user, and the departments they work for (who may see the position). */
  userId: string;
  departmentIds: string[];
}
export interface CourierLocationRow extends CourierLocation {
  revision: number;
  updatedAtEpoch: number;
}

export type CourierLocationEvent = { type: 'CourierLocationReported'; data: CourierLocation };

export const courierLocationStream = (courierId: string) => `courier-location-${courierId}`;

export const courierCommandSchemas = {
  SET_COURIER_LOCATION: setCourierLocationSchema,
} as const;

/** Query `courierLocationsByDepartmentId` (spec §7): the latest position of each courier. */
export const courierLocationsQuerySchema = z.object({ departmentId: entityId });
/** Query `courierLocationsBySlotId` (spec §7): the latest position of the slot's courier. */
export const courierLocationsBySlotIdQuerySchema = z.object({ slotId: entityId });
