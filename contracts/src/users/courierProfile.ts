import type { CourierProfile } from '../planning/courierUsers.js';

/**
 * A courier is a user with the COURIER role (spec §3 "Courier user"); its courier profile holds
 * what it has besides being a user. A COURIER user made by CREATE_USER has none: it counts as a
 * courier of the first department of its access with the profile's defaults.
 */

/** The profile's defaults (the create schema's, kept in step by a unit test). */
export const defaultCourierProfile = (departmentId: string): CourierProfile => ({
  canLogIn: true,
  secureLoginEnabled: false,
  driverId: '',
  unitIds: [],
  alcoholDeliveryEducation: false,
  departmentId,
  dateOfBirth: null,
  occupationalInjuryInsurance: false,
  courierScanEnabled: false,
});

/** The first plain department of a department access list (not a `group_{n}`), or null. */
export const firstDepartmentOf = (departmentIds: readonly string[]): string | null =>
  departmentIds.find((id) => /^[1-9]\d*$/.test(id)) ?? null;

/** A courier user's profile: its own, else the defaults in its first department (null: none). */
export function courierProfileOf(user: {
  courier?: CourierProfile | null | undefined;
  departmentIds: readonly string[];
}): CourierProfile | null {
  if (user.courier) return user.courier;
  const departmentId = firstDepartmentOf(user.departmentIds);
  return departmentId === null ? null : defaultCourierProfile(departmentId);
}

/** Spec §3 canLogIn: a courier whose profile says false may not log in; every other user may. */
export const mayLogIn = (user: { role: string; courier?: CourierProfile | null | undefined }) =>
  user.role !== 'COURIER' || user.courier?.canLogIn !== false;
