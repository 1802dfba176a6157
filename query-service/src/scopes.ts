import { customerScope, DEPARTMENT_GROUP_PREFIX, type Identity } from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';

type Builder = Knex.QueryBuilder;

/**
 * Department and customer scoping of the admin read models, shared by the queries and the REST
 * resources (the same rule for both). Identities arrive with department groups already expanded.
 */

/** Departments: the caller's departments (ADMIN: all). */
export function scopeDepartments(q: Builder, identity: Identity): Builder {
  if (identity.departmentIds !== '*') q.whereIn('id', identity.departmentIds);
  return q;
}

/** Rows of one department or none (customers, number series): in the caller's departments or none. */
export function scopeDepartmentColumn(q: Builder, identity: Identity, column: string): Builder {
  const allowed = identity.departmentIds;
  if (allowed !== '*') q.where((w) => void w.whereIn(column, allowed).orWhereNull(column));
  return q;
}

/** Customer users see only their own customer's rows (and its sub-customers'). */
export function scopeCustomerColumn(q: Builder, identity: Identity, column: string): Builder {
  const customers = customerScope(identity);
  if (customers) q.whereIn(column, customers);
  return q;
}

export const scopeCustomers = (q: Builder, identity: Identity): Builder =>
  scopeCustomerColumn(scopeDepartmentColumn(q, identity, 'department_id'), identity, 'id');

export const scopeNumberSeries = (q: Builder, identity: Identity): Builder =>
  scopeCustomerColumn(scopeDepartmentColumn(q, identity, 'department_id'), identity, 'customer_id');

/**
 * Department groups a caller sees: all (ADMIN), else the groups of their access (`group_{n}`) and
 * the non-empty groups made only of departments they see.
 */
export function scopeDepartmentGroups(q: Builder, identity: Identity): Builder {
  const allowed = identity.departmentIds;
  if (allowed === '*') return q;
  const mine = identity.departmentGroupIds ?? [];
  return q.where((w) => {
    if (mine.length > 0) w.whereIn('id', mine);
    w.orWhere(
      (inner) =>
        void inner
          .whereRaw(`jsonb_array_length(data->'departmentIds') > 0`)
          .whereRaw(`data->'departmentIds' <@ ?::jsonb`, [JSON.stringify(allowed)]),
    );
  });
}

/**
 * Users a caller sees (contracts rule `userAccess`): all (ADMIN), else users whose department
 * access is not empty and lies wholly inside the caller's departments and groups (`group_{n}`).
 */
export function scopeUsers(q: Builder, identity: Identity): Builder {
  const allowed = identity.departmentIds;
  if (allowed === '*') return q;
  const entries = [
    ...allowed,
    ...(identity.departmentGroupIds ?? []).map((id) => `${DEPARTMENT_GROUP_PREFIX}${id}`),
  ];
  return q
    .whereRaw(`jsonb_array_length(data->'departmentIds') > 0`)
    .whereRaw(`data->'departmentIds' <@ ?::jsonb`, [JSON.stringify(entries)]);
}
