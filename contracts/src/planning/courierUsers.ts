import { z } from 'zod';
import { calendarDate, entityId } from '../common.js';
import { updateShape } from '../updates.js';
import { phoneNumber } from '../users/phoneNumber.js';
import { nonEmptyText } from '../common.js';

export const COURIERS_TABLE = 'rm_couriers';
export const COURIERS_ENTITY = 'couriers';

/**
 * What a courier user has besides being a user (spec §3 "Courier user"). A courier is a user with
 * the COURIER role (its user id is its courier id) who logs in with the phone-code flow.
 */
export const courierProfileFields = {
  canLogIn: z.boolean().default(true),
  secureLoginEnabled: z.boolean().default(false),
  driverId: z.string().trim().max(50).default(''),
  unitIds: z.array(entityId).max(100).default([]),
  alcoholDeliveryEducation: z.boolean().default(false),
  departmentId: entityId,
  dateOfBirth: calendarDate.nullable().default(null),
  occupationalInjuryInsurance: z.boolean().default(false),
  courierScanEnabled: z.boolean().default(false),
};

export const courierUserFields = {
  name: nonEmptyText.max(200),
  phoneNumber,
  email: z.email().nullable().default(null),
  ...courierProfileFields,
};

/** Spec §5: secure login needs a date of birth (on create and on the merged result of an update). */
export const courierUserIssues = (c: {
  secureLoginEnabled?: boolean | undefined;
  dateOfBirth?: string | null | undefined;
}) =>
  c.secureLoginEnabled && !c.dateOfBirth
    ? [{ path: 'dateOfBirth', message: 'validation.dateOfBirthForSecureLogin' }]
    : [];

export const createCourierUserSchema = z.object(courierUserFields).superRefine((c, ctx) => {
  for (const i of courierUserIssues(c))
    ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
});
export const updateCourierUserSchema = z.object({
  id: entityId,
  ...updateShape(courierUserFields),
});

export type CourierUserFields = z.output<typeof createCourierUserSchema>;
export type CourierProfile = Omit<CourierUserFields, 'name' | 'phoneNumber' | 'email'>;
export const courierProfileKeys = Object.keys(courierProfileFields) as (keyof CourierProfile)[];

/** A row of the couriers read model: a courier user as the planner's screens show it. */
export interface CourierRow extends CourierUserFields {
  id: string;
  revision: number;
  updatedAtEpoch: number;
  deleted: boolean;
}

export const courierUserCommandSchemas = {
  CREATE_COURIER_USER: createCourierUserSchema,
  UPDATE_COURIER_USER: updateCourierUserSchema,
} as const;

/** Query `couriers`: the courier users of the departments (all the caller sees when left out). */
export const couriersQuerySchema = z.object({
  departmentIds: z.array(entityId).max(1000).optional(),
});
