import { AppError, DEPARTMENT_GROUP_PREFIX, type Identity } from '@nordlog/contracts';

/**
 * Authority (docs/decisions/0018): a grant never exceeds the granter, and the scoped `ADMIN_*`
 * flags act only inside the granter's departments. Users who see every department (ADMIN, the
 * system) are not limited here.
 */

const refuse = (what: string) => new AppError('NO_ACCESS', what);

/**
 * The department of an administered row (a customer, a number series, a department): inside the
 * caller's departments; a row of no department is everybody's and needs access to every
 * department, unless `anyDepartment` (e.g. ADMIN_CUSTOMER_ALL) widens the flag.
 */
export function assertAdministers(
  identity: Identity,
  departmentId: string | null,
  what: string,
  anyDepartment = false,
): void {
  if (identity.departmentIds === '*' || anyDepartment) return;
  if (departmentId === null)
    throw refuse(
      `${what} belongs to no department; only a user with every department may change it`,
    );
  if (!identity.departmentIds.includes(departmentId))
    throw refuse(`${what} belongs to department ${departmentId}, outside your access`);
}

/** Roles by what they may hold: a user gives only roles at or below its own (ADMIN: only ADMIN). */
const rank = (role: string) => (role === 'ADMIN' ? 3 : role === 'PLUS_PLANNER' ? 2 : 1);

/** What a user holds, as far as authority goes. */
export interface Holding {
  role: string;
  /** Its effective access flags (own and those of its role entities). */
  access: readonly string[];
  /** Its department access as stored (department ids and `group_{n}`). */
  departmentIds: readonly string[];
}

/** The department access entries the identity may hand out: its departments and its groups. */
function entriesOf(identity: Identity): Set<string> | '*' {
  if (identity.departmentIds === '*') return '*';
  return new Set([
    ...identity.departmentIds,
    ...(identity.departmentGroupIds ?? []).map((id) => `${DEPARTMENT_GROUP_PREFIX}${id}`),
  ]);
}

/** The reasons `held` exceeds what `granter` holds (empty: it does not). */
export function excess(granter: Identity, held: Holding): string[] {
  const reasons: string[] = [];
  if (rank(held.role) > rank(granter.role))
    reasons.push(`the role ${held.role} is above your own (${granter.role})`);
  if (!granter.access.includes('*')) {
    const flags = held.access.filter((f) => !granter.access.includes(f));
    if (flags.length > 0) reasons.push(`access you do not hold: ${flags.join(', ')}`);
  }
  const entries = entriesOf(granter);
  if (entries !== '*') {
    const outside = held.departmentIds.filter((d) => !entries.has(d));
    if (outside.length > 0) reasons.push(`departments outside your access: ${outside.join(', ')}`);
  }
  return reasons;
}

/** Refuses (NO_ACCESS) when `held` exceeds the granter; `who` names the user in the message. */
export function assertWithinGranter(granter: Identity, held: Holding, who: string): void {
  const reasons = excess(granter, held);
  if (reasons.length > 0) throw refuse(`${who}: ${reasons.join('; ')}`);
}

/** Whether the identity holds this flag (or every flag). */
export const holdsFlag = (identity: Identity, flag: string) =>
  identity.access.includes('*') || identity.access.includes(flag);
