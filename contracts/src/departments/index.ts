import { z } from 'zod';
import { updateShape } from '../updates.js';
import { entityId, marketCountries, nonEmptyText, position } from '../common.js';
import { retentionDaysField } from '../privacy/retention.js';
import { sellerFields, sellerProblems, type FieldProblem, type SellerIdentity } from './seller.js';

export * from './seller.js';

/** Spec §3 department types. */
export const departmentTypes = [
  'airExpress',
  'courier',
  'express',
  'hd',
  'parcel',
  'posten',
  'other',
  'h2',
] as const;
export type DepartmentType = (typeof departmentTypes)[number];

export const DEPARTMENTS_TABLE = 'rm_departments';
/** The days ahead a department plans when it names none (today included). */
export const DEFAULT_PLANNING_HORIZON_DAYS = 7;
export const MAX_PLANNING_HORIZON_DAYS = 60;
export const DEPARTMENTS_ENTITY = 'departments';

const fields = {
  name: nonEmptyText.max(200),
  departmentType: z.enum(departmentTypes),
  country: z.enum(marketCountries),
  /** Id of the department in the Alystra transport-management system. */
  alystraId: z.string().trim().max(50).default(''),
  emailAddresses: z.array(z.email()).max(50).default([]),
  location: position.nullable().default(null),
  /** Id used by the net-promoter-score survey provider. */
  npsId: z.string().max(50).nullable().default(null),
  /**
   * Days the personal data of its orders' parties is kept after their work ended; null: the
   * country's default (docs/decisions/0050-personal-data.md).
   */
  personalDataRetentionDays: retentionDaysField,
  /**
   * The days ahead the department plans, today included: its recurring orders are booked this
   * far ahead (docs/decisions/0058); null: DEFAULT_PLANNING_HORIZON_DAYS.
   */
  planningHorizonDays: z
    .number()
    .int()
    .min(1)
    .max(MAX_PLANNING_HORIZON_DAYS)
    .nullable()
    .default(null),
  ...sellerFields,
};

/** Spec §9: home-delivery (hd) departments exist only in these countries (docs/decisions/0102). */
export const HD_DEPARTMENT_COUNTRIES: readonly string[] = ['NO', 'SE', 'DK'];

/**
 * Why a department does not fit its country (empty: it does): its seller fields, and an hd
 * department outside Norway, Sweden and Denmark (spec §9, 0102). One rule for the admin form, the
 * create command's schema and the update command's resulting department.
 */
export function departmentProblems(
  d: SellerIdentity & { departmentType?: DepartmentType },
): FieldProblem[] {
  const problems = sellerProblems(d);
  if (d.departmentType === 'hd' && !HD_DEPARTMENT_COUNTRIES.includes(d.country))
    problems.push({ path: 'country', message: 'validation.hdCountry' });
  return problems;
}

/** A department's fields (create), checked against its country (departmentProblems). */
export const createDepartmentSchema = z.object(fields).superRefine((d, ctx) => {
  for (const p of departmentProblems(d))
    ctx.addIssue({ code: 'custom', message: p.message, path: [p.path] });
});
export const updateDepartmentSchema = z.object({
  id: entityId,
  ...updateShape(fields),
});

export type CreateDepartment = z.infer<typeof createDepartmentSchema>;
export type UpdateDepartment = z.infer<typeof updateDepartmentSchema>;

export interface Department extends CreateDepartment {
  id: string;
}
export interface DepartmentRow extends Department {
  revision: number;
  updatedAtEpoch: number;
}

export type DepartmentEvent =
  | { type: 'DepartmentCreated'; data: Department }
  | { type: 'DepartmentUpdated'; data: { id: string; changes: Partial<CreateDepartment> } };

export const departmentStream = (id: string) => `department-${id}`;

export const departmentCommandSchemas = {
  CREATE_DEPARTMENT: createDepartmentSchema,
  UPDATE_DEPARTMENT: updateDepartmentSchema,
} as const;

export const departmentsQuerySchema = z.object({ ids: z.array(entityId).optional() });
/** `allDepartmentsWithAdminLevelAccess` (spec §7, docs/decisions/0091): no parameters. */
export const adminLevelDepartmentsQuerySchema = z.object({});
/** `departmentsInSameCountry {departmentId}` (spec §7): the department compared with. */
export const departmentsInSameCountryQuerySchema = z.object({ departmentId: entityId });

/**
 * Admin-level access to a department (docs/decisions/0091): an ADMIN user has it to every
 * department; another user to the departments in its access when it holds ADMIN_DEPARTMENT (the
 * flag that administers departments); nobody else to any.
 */
export const hasAdminLevelAccess = (identity: { role: string; access: readonly string[] }) =>
  identity.role === 'ADMIN' ||
  identity.access.includes('*') ||
  identity.access.includes('ADMIN_DEPARTMENT');
