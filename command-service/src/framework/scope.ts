import { AppError, type Identity } from '@nordlog/contracts';

/** Refuses (NO_ACCESS) departments outside the caller's access (groups already expanded, 0011). */
export function assertDepartmentsInScope(
  identity: Identity,
  departmentIds: readonly string[],
): void {
  if (identity.departmentIds === '*') return;
  const allowed = identity.departmentIds;
  const outside = departmentIds.filter((id) => !allowed.includes(id));
  if (outside.length > 0)
    throw new AppError('NO_ACCESS', `Departments outside your access: ${outside.join(', ')}`);
}
