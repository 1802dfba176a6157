import {
  courierUserIssues,
  createCourierUserSchema,
  issueKey,
  isValidationKey,
  type CourierRow,
} from '@nordlog/contracts';

/** The courier user form (spec §3 "Courier user"): what its inputs hold. */
export interface CourierFormValues {
  name: string;
  phoneNumber: string;
  email: string;
  departmentId: string;
  driverId: string;
  unitIds: string[];
  canLogIn: boolean;
  secureLoginEnabled: boolean;
  /** yyyy-MM-dd or ''. */
  dateOfBirth: string;
  alcoholDeliveryEducation: boolean;
  occupationalInjuryInsurance: boolean;
  courierScanEnabled: boolean;
}
export type CourierFormField = keyof CourierFormValues;

/** A new courier of a department: can log in, no secure log-in (spec §3 defaults). */
export const emptyCourierForm = (departmentId: string): CourierFormValues => ({
  name: '',
  phoneNumber: '',
  email: '',
  departmentId,
  driverId: '',
  unitIds: [],
  canLogIn: true,
  secureLoginEnabled: false,
  dateOfBirth: '',
  alcoholDeliveryEducation: false,
  occupationalInjuryInsurance: false,
  courierScanEnabled: false,
});

export const courierToForm = (c: CourierRow): CourierFormValues => ({
  name: c.name,
  phoneNumber: c.phoneNumber,
  email: c.email ?? '',
  departmentId: c.departmentId,
  driverId: c.driverId,
  unitIds: c.unitIds,
  canLogIn: c.canLogIn,
  secureLoginEnabled: c.secureLoginEnabled,
  dateOfBirth: c.dateOfBirth ?? '',
  alcoholDeliveryEducation: c.alcoholDeliveryEducation,
  occupationalInjuryInsurance: c.occupationalInjuryInsurance,
  courierScanEnabled: c.courierScanEnabled,
});

/** The payload of CREATE_COURIER_USER: empty e-mail and date of birth are none (null). */
export const courierPayload = (v: CourierFormValues): Record<string, unknown> => ({
  ...v,
  email: v.email.trim() === '' ? null : v.email.trim(),
  dateOfBirth: v.dateOfBirth === '' ? null : v.dateOfBirth,
});

/** The fields of UPDATE_COURIER_USER that differ from the stored courier, with its id. */
export function changedCourier(
  courier: CourierRow,
  payload: Record<string, unknown>,
): Record<string, unknown> {
  const changed: Record<string, unknown> = { id: courier.id };
  for (const [key, value] of Object.entries(payload))
    if (
      JSON.stringify((courier as unknown as Record<string, unknown>)[key]) !== JSON.stringify(value)
    )
      changed[key] = value;
  return changed;
}

/**
 * The problems of the form by field, as message keys: the contracts' create schema (the server's
 * rule, secure log-in needing a date of birth included), "required" for an empty required field.
 */
export function courierFormIssues(
  values: CourierFormValues,
): Partial<Record<CourierFormField, string>> {
  const issues: Partial<Record<CourierFormField, string>> = {};
  const payload = courierPayload(values);
  for (const i of courierUserIssues(payload)) issues[i.path as CourierFormField] = i.message;
  const parsed = createCourierUserSchema.safeParse(payload);
  if (parsed.success) return issues;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) as CourierFormField;
    if (!(field in values) || issues[field]) continue;
    const raw = values[field];
    issues[field] =
      raw === ''
        ? 'validation.required'
        : isValidationKey(issue.message)
          ? issue.message
          : field === 'email'
            ? 'validation.email'
            : field === 'dateOfBirth'
              ? 'validation.date'
              : issueKey(issue);
  }
  return issues;
}
