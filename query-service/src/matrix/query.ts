import {
  CUSTOMERS_TABLE,
  DEPARTMENT_MATRIX_TABLE,
  DEPARTMENTS_TABLE,
  matrixOffers,
  type CustomerRow,
  type DepartmentRow,
  type MatrixEntryRow,
  type MatrixOffer,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { allowedDepartments, type QueryHandler } from '../framework.js';
import { scopeCustomers } from '../scopes.js';

/**
 * Query `departmentMatrix {departmentId?}` (docs/decisions/0079): a department's matrix entries
 * (else those of every department the reader sees), by department and first postal code.
 */
export const departmentMatrix: QueryHandler<'departmentMatrix'> = async (
  { departmentId },
  { knex, identity },
) => {
  const allowed = allowedDepartments(identity, departmentId ? [departmentId] : undefined);
  if (allowed !== '*' && allowed.length === 0) return [];
  const q = knex(DEPARTMENT_MATRIX_TABLE)
    .where('deleted', false)
    .select('data')
    .orderBy([{ column: 'department_id' }, { column: 'postal_code_from' }, { column: 'id' }]);
  if (allowed !== '*') q.whereIn('department_id', allowed);
  return ((await q) as { data: MatrixEntryRow }[]).map((r) => r.data);
};

/**
 * Query `getCustomersWithTimeMatrix {departmentIds?}` (spec §7; docs/decisions/0079): the
 * customers the caller may read whose department has a matrix (at least one entry), of the
 * departments named if any, by name. Their services and delivery days follow the matrix.
 */
export const getCustomersWithTimeMatrix: QueryHandler<'getCustomersWithTimeMatrix'> = async (
  { departmentIds },
  { knex, identity },
) => {
  const allowed = allowedDepartments(identity, departmentIds);
  if (allowed !== '*' && allowed.length === 0) return [];
  const q = knex(CUSTOMERS_TABLE)
    .select('data')
    .whereExists(
      knex(DEPARTMENT_MATRIX_TABLE)
        .select(knex.raw('1'))
        .where('deleted', false)
        .whereRaw(`${DEPARTMENT_MATRIX_TABLE}.department_id = ${CUSTOMERS_TABLE}.department_id`),
    )
    .orderBy('name');
  if (allowed !== '*') q.whereIn('department_id', allowed);
  return ((await scopeCustomers(q, identity)) as { data: CustomerRow }[]).map((r) => r.data);
};

/**
 * What a department's matrix offers at a delivery address (the checkout look-ups and
 * `deliveryWindows`): null when the department has no entries (not restricted); else each
 * service the entries give the postal code, none outside every range or in another country.
 */
export async function matrixAt(
  knex: Knex,
  departmentId: string | null,
  delivery: { country: string; postalCode: string },
): Promise<Map<string, MatrixOffer> | null> {
  if (!departmentId) return null;
  const rows = await knex(DEPARTMENT_MATRIX_TABLE)
    .where({ department_id: departmentId, deleted: false })
    .select<{ data: MatrixEntryRow }[]>('data');
  if (rows.length === 0) return null;
  const department = await knex(DEPARTMENTS_TABLE)
    .where('id', departmentId)
    .first<{ data: DepartmentRow } | undefined>('data');
  const sameCountry = department?.data.country === delivery.country;
  return matrixOffers(
    rows.map((r) => r.data),
    sameCountry ? delivery.postalCode : null,
  );
}
