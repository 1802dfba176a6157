import { z } from 'zod';
import {
  entityId,
  latitude,
  longitude,
  NUMBER_BOUND,
  nonEmptyText,
  refuseNullIsland,
} from '../common.js';
import { geoPrecisions } from '../geocoding/index.js';
import { updateShape } from '../updates.js';
import { vehicleTypes } from '../consignments/catalogues.js';
import { breakSchema, noBreak } from './breaks.js';

export const UNITS_TABLE = 'rm_units';
export const UNITS_ENTITY = 'units';

/** Spec §3 vehicle types and fuel types, exactly. */
export const fuelTypes = [
  'diesel',
  'gasoline',
  'natural_gas',
  'rme',
  'hvo',
  'ethanol',
  'bio_gas',
  'electric',
  'bicycle',
  'hydrogen',
] as const;
export const vehicleControls = ['approved', 'notApproved'] as const;
export const euroClasses = ['euroEL', 'euro5', 'euro6'] as const;
export type FuelType = (typeof fuelTypes)[number];

/** Spec §5: speedFactor and serviceTimeFactor are numbers from 0.5 to 2 in steps of 0.1. */
export const factor = z
  .number({ error: 'validation.number' })
  .min(0.5, { error: 'validation.factor' })
  .max(2, { error: 'validation.factor' })
  .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, { error: 'validation.factor' });

/** A capacity: a number within the spec's bound, never negative. */
const capacityNumber = z
  .number({ error: 'validation.number' })
  .min(0, { error: 'validation.number' })
  .max(NUMBER_BOUND, { error: 'validation.number' });

/**
 * A unit's depot, where its routes start or end (issue 36, docs/decisions/0041-depot.md): an
 * address the planner picked from the geocoder's suggestions, its point and, when the geocoder
 * said, how precise the point is. Never 0,0 (the shared refinement, as every other position). No
 * depot is null, not a position: spec §3's default of 0,0 is a point in the Gulf of Guinea.
 */
export const depotSchema = refuseNullIsland(
  z.object({
    lat: latitude,
    lng: longitude,
    /** The address as the suggestion named it ('' for a depot given by its point only). */
    address: z.string().trim().max(300).default(''),
    precision: z.enum(geoPrecisions, { error: 'validation.choice' }).optional(),
  }),
);
export type Depot = z.output<typeof depotSchema>;

/**
 * A stored depot as the product reads it. Units recorded before issue 36 hold spec §3's default
 * {lat: 0, lng: 0} for "no depot", and no address: events are immutable, so every reader (the
 * decider, the projection, the schedule, the optimiser) normalises here — 0,0 is no depot, a
 * point without an address has the empty one.
 */
export function depotOf(value: unknown): Depot | null {
  if (!value || typeof value !== 'object') return null;
  const { lat, lng, address, precision } = value as Partial<Depot>;
  if (typeof lat !== 'number' || typeof lng !== 'number' || (lat === 0 && lng === 0)) return null;
  return { lat, lng, address: address ?? '', ...(precision ? { precision } : {}) };
}

const depotFields = ['startLocation', 'endLocation'] as const;

/** A unit's fields (whole or some of them) with their depots read by `depotOf`. */
export function withDepots<T extends object>(fields: T): T {
  const out = { ...fields } as Record<string, unknown>;
  for (const key of depotFields) if (key in out) out[key] = depotOf(out[key]);
  return out as T;
}

/** A unit event as read now: its depots (created, or named by an update) through `depotOf`. */
export function readUnitEvent<E extends { type: string; data: unknown }>(event: E): E {
  if (event.type === 'UnitCreated') return { ...event, data: withDepots(event.data as object) };
  if (event.type === 'UnitUpdated') {
    const data = event.data as { id: string; changes: object };
    return { ...event, data: { ...data, changes: withDepots(data.changes) } };
  }
  return event;
}

/**
 * The fields of a unit (spec §3 "Unit/vehicle (courier form)"). One entity serves both screens:
 * `isUnit` true is a unit (a planned resource with couriers), false a vehicle record
 * (docs/decisions/0021-planning.md). Capacities: `capacity` counts packages, `weightCapacity` is
 * in kilograms and `volumeCapacity` in cubic metres (what a planner reads off a van; a comma is a
 * decimal point in the form, spec §5).
 */
export const unitFields = {
  name: nonEmptyText.max(200),
  /** The courier company or driver the unit is known by (free text). */
  courier: z.string().trim().max(200).default(''),
  alystraId: nonEmptyText.max(50),
  departmentId: entityId,
  registrationNumber: z.string().trim().max(20).default(''),
  vehicleBrand: z.string().trim().max(100).default(''),
  vehicleModel: z.string().trim().max(100).default(''),
  isActive: z.boolean().default(true),
  isUnit: z.boolean().default(true),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.color' })
    .default('#ffffff'),
  capacity: capacityNumber.int({ error: 'validation.number' }),
  weightCapacity: capacityNumber,
  volumeCapacity: capacityNumber,
  speedFactor: factor.default(1),
  serviceTimeFactor: factor.default(1),
  maxRangeKm: capacityNumber.nullable().default(null),
  /** Where the unit's routes start: a depot, or null (none: the department's place is used). */
  startLocation: depotSchema.nullable().default(null),
  /** Where they end: a depot, or null (none: back to the start). */
  endLocation: depotSchema.nullable().default(null),
  /** Stored this way round; the form shows the inverted shouldDriverNotReturn (spec §3). */
  shouldDriverReturn: z.boolean().default(true),
  vehicleType: z.enum(vehicleTypes, { error: 'validation.choice' }),
  fuelType: z.enum(fuelTypes, { error: 'validation.choice' }),
  vehicleControl: z.enum(vehicleControls, { error: 'validation.choice' }).nullable().default(null),
  vehicleControlComment: z.string().trim().max(1000).default(''),
  commercialTrafficEligibility: z.boolean().default(false),
  euroClass: z.enum(euroClasses, { error: 'validation.choice' }).nullable().default(null),
  /** Grams of CO₂ per kilometre. */
  co2: capacityNumber.nullable().default(null),
  /** The courier users who drive the unit (spec §5: required, non-empty, for a unit). */
  courierUserIds: z.array(entityId).max(100).default([]),
  break: breakSchema.default(noBreak),
  /** The department a vehicle is assigned to besides its own (vehicle assign/unassign, §7). */
  assignedDepartmentId: entityId.nullable().default(null),
};

type UnitShape = {
  isUnit?: boolean | undefined;
  courierUserIds?: string[] | undefined;
  vehicleControl?: string | null | undefined;
  vehicleControlComment?: string | undefined;
};

/** Rules across fields of the form (spec §5), on create and on the merged result of an update. */
export function unitIssues(u: UnitShape): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (u.isUnit !== false && (u.courierUserIds ?? []).length === 0)
    issues.push({ path: 'courierUserIds', message: 'validation.required' });
  if (u.vehicleControl === 'notApproved' && !u.vehicleControlComment?.trim())
    issues.push({ path: 'vehicleControlComment', message: 'validation.required' });
  return issues;
}

export const createUnitSchema = z.object(unitFields).superRefine((u, ctx) => {
  for (const i of unitIssues(u))
    ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
});
export const updateUnitSchema = z.object({ id: entityId, ...updateShape(unitFields) });
export const unitIdSchema = z.object({ id: entityId });
/** Vehicle assign and unassign to a slot or a department (spec §7). */
export const vehicleToSlotSchema = z.object({ vehicleId: entityId, slotId: entityId });
export const vehicleFromSlotSchema = z.object({ slotId: entityId });
export const vehicleToDepartmentSchema = z.object({ vehicleId: entityId, departmentId: entityId });
export const vehicleFromDepartmentSchema = z.object({ vehicleId: entityId });

export type UnitFields = z.output<typeof createUnitSchema>;
export interface Unit extends UnitFields {
  id: string;
}
export interface UnitRow extends Unit {
  revision: number;
  updatedAtEpoch: number;
}

export type UnitEvent =
  | { type: 'UnitCreated'; data: Unit }
  | { type: 'UnitUpdated'; data: { id: string; changes: Partial<UnitFields> } };

export const unitStream = (id: string) => `unit-${id}`;

export const unitCommandSchemas = {
  CREATE_UNIT: createUnitSchema,
  UPDATE_UNIT: updateUnitSchema,
  DEACTIVATE_UNIT: unitIdSchema,
  ASSIGN_VEHICLE_TO_DEPARTMENT: vehicleToDepartmentSchema,
  UNASSIGN_VEHICLE_FROM_DEPARTMENT: vehicleFromDepartmentSchema,
} as const;

const departmentIdsParam = z.array(entityId).max(1000).optional();
/** Query `units`: the units (isUnit) of the departments, active ones unless asked. */
export const unitsQuerySchema = z.object({
  departmentIds: departmentIdsParam,
  includeInactive: z.boolean().default(false),
});
/** Query `vehicles {departmentIds}` (spec §7): vehicle records of, or assigned to, the departments. */
export const vehiclesQuerySchema = z.object({
  departmentIds: departmentIdsParam,
  includeInactive: z.boolean().default(false),
});
