import { z } from 'zod';
import { postalCodeOf } from '../addresses/postalAddress.js';
import { entityId, nonEmptyText } from '../common.js';
import { openingWeekdays, type Weekday } from '../timeWindows/index.js';
import { updateShape } from '../updates.js';
import { crossFieldRules, evenWithFieldIssues, type Issue } from '../crossFieldRules.js';
import { inRange, rangeIssues, repeatedServiceIssues } from './ranges.js';

export * from './ranges.js';

/**
 * The department matrix (spec §2 `/admin/matrix/*`, §7 `GET /checkout/api/department-matrix/
 * services`, `getCustomersWithTimeMatrix`; docs/decisions/0079-department-matrix.md). The spec
 * names it and no field: the fields are ours. An entry of a department says: to the postal codes
 * from–to (the department's country), these services are offered, delivered this many days after
 * the order at the earliest, on these weekdays. A department with entries offers nothing outside
 * them; one without entries is not restricted.
 */

export const DEPARTMENT_MATRIX_TABLE = 'rm_department_matrix';
export const DEPARTMENT_MATRIX_ENTITY = 'departmentMatrix';
/**
 * Every department's entries on one stream: the overlap rule compares a department's entries, and
 * an update or delete names only the entry's id (as production time windows, 0078).
 */
export const DEPARTMENT_MATRIX_STREAM = 'department-matrix';

/** The longest lead time an entry may give (days after the order). */
export const MAX_MATRIX_LEAD_DAYS = 14;

/** A postal code as typed ("114 55", "0150"): kept as its digits, 4 or 5 of them. */
const postalCode = z
  .string()
  .trim()
  .max(10)
  .transform(postalCodeOf)
  .pipe(z.string().regex(/^\d{4,5}$/, 'validation.zipCode'));
const serviceCode = z.string().trim().min(1, 'required').max(30);

const entryFields = {
  departmentId: entityId,
  /** The operator's name of the area ("Oslo inner city", "Finnmark"). */
  name: nonEmptyText.max(100),
  /** The first postal code of the range (inclusive). */
  postalCodeFrom: postalCode,
  /** The last postal code of the range (inclusive); the same as the first for one code. */
  postalCodeTo: postalCode,
  /** The services (transport article codes) offered to the range. */
  serviceCodes: z.array(serviceCode).min(1, 'required').max(50, 'validation.tooMany'),
  /** Days between the order and the earliest delivery (0: the same day). */
  leadTimeDays: z.number().int().min(0).max(MAX_MATRIX_LEAD_DAYS).default(1),
  /** The weekdays the range is delivered on; empty: every day. */
  deliveryWeekdays: z.array(z.enum(openingWeekdays)).max(7).default([]),
};

/** An entry's own rules (the country's format and the overlap need more: the decider). */
export const matrixEntryIssues = (e: {
  postalCodeFrom: string;
  postalCodeTo: string;
  serviceCodes: readonly string[];
}): Issue[] => [...rangeIssues(e), ...repeatedServiceIssues(e.serviceCodes)];

/** Weekdays once each, Monday first (as an entry stores them). */
export const weekOrder = (days: readonly Weekday[]): Weekday[] =>
  openingWeekdays.filter((d) => days.includes(d));

export const createMatrixEntrySchema = z
  .object(entryFields)
  .superRefine(crossFieldRules(matrixEntryIssues), evenWithFieldIssues);

/** Fields left out keep theirs; the merged entry meets the same rules (checked by the decider). */
const { departmentId: _department, ...editable } = entryFields;
export const updateMatrixEntrySchema = z.object({ id: entityId, ...updateShape(editable) });
export const deleteMatrixEntrySchema = z.object({ id: entityId });

export type MatrixEntryFields = z.output<typeof createMatrixEntrySchema>;
export type MatrixEntryChanges = Omit<z.output<typeof updateMatrixEntrySchema>, 'id'>;
export interface MatrixEntry extends MatrixEntryFields {
  id: string;
}
export interface MatrixEntryRow extends MatrixEntry {
  revision: number;
  updatedAtEpoch: number;
  deleted: boolean;
}

export type MatrixEvent =
  | { type: 'MatrixEntryCreated'; data: MatrixEntry }
  | { type: 'MatrixEntryUpdated'; data: { id: string; changes: MatrixEntryChanges } }
  | { type: 'MatrixEntryDeleted'; data: { id: string } };

/** What the matrix says of one service at a postal code. */
export interface MatrixOffer {
  leadTimeDays: number;
  /** Empty: every day. */
  deliveryWeekdays: Weekday[];
}

/**
 * What a department's entries offer at a postal code: null when it has none (not restricted),
 * else each service of the entries whose range holds the code (none: an empty map).
 */
export function matrixOffers(
  entries: readonly Pick<
    MatrixEntry,
    'postalCodeFrom' | 'postalCodeTo' | 'serviceCodes' | 'leadTimeDays' | 'deliveryWeekdays'
  >[],
  postalCode: string | null,
): Map<string, MatrixOffer> | null {
  if (entries.length === 0) return null;
  const offers = new Map<string, MatrixOffer>();
  if (postalCode === null) return offers;
  for (const e of entries)
    if (inRange(e, postalCode))
      for (const code of e.serviceCodes)
        if (!offers.has(code))
          offers.set(code, {
            leadTimeDays: e.leadTimeDays,
            deliveryWeekdays: weekOrder(e.deliveryWeekdays),
          });
  return offers;
}

export const matrixCommandSchemas = {
  CREATE_MATRIX_ENTRY: createMatrixEntrySchema,
  UPDATE_MATRIX_ENTRY: updateMatrixEntrySchema,
  DELETE_MATRIX_ENTRY: deleteMatrixEntrySchema,
} as const;

export const matrixQuerySchemas = {
  /** A department's (else every visible department's) matrix entries. */
  departmentMatrix: z.object({ departmentId: entityId.optional() }).strict(),
  /** Spec §7: the customers whose department has a matrix (of these departments, if named). */
  getCustomersWithTimeMatrix: z
    .object({ departmentIds: z.array(entityId).max(1000).optional() })
    .strict(),
} as const;
