import { AppError, VENDORS_TABLE, type VendorRow } from '@nordlog/contracts';
import { allowedDepartments, type QueryHandler } from '../framework.js';

/** Vendors (spec §7 `vendor`; docs/decisions/0091-vendors.md): a department's hauliers. */

/** `vendors {departmentIds?}`: the vendors of the caller's departments (of these, if named), by name. */
export const vendors: QueryHandler<'vendors'> = async (params, { knex, identity }) => {
  const allowed = allowedDepartments(identity, params.departmentIds);
  if (allowed !== '*' && allowed.length === 0) return [];
  const q = knex(VENDORS_TABLE)
    .where('deleted', false)
    .select<{ data: VendorRow }[]>('data')
    .orderByRaw("lower(data->>'name'), id");
  if (allowed !== '*') q.whereIn('department_id', allowed);
  return (await q).map((r) => r.data);
};

/** `vendor {id}`: one vendor; NOT_FOUND for none, a deleted one, or one outside the caller's access. */
export const vendor: QueryHandler<'vendor'> = async ({ id }, { knex, identity }) => {
  const row = await knex(VENDORS_TABLE)
    .where({ id, deleted: false })
    .first<{ data: VendorRow } | undefined>('data');
  const allowed = allowedDepartments(identity, undefined);
  if (!row || (allowed !== '*' && !allowed.includes(row.data.departmentId)))
    throw new AppError('NOT_FOUND', `Vendor ${id} not found`);
  return row.data;
};

/** The vendor queries, spread into the service's table. */
export const vendorQueries = { vendors, vendor };
