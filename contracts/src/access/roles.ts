/**
 * Roles (spec §1, §6). The spec does not name the accounting-type role: it is ACCOUNTING here
 * (docs/decisions/0008-roles-and-access.md).
 */
export const roles = [
  'ADMIN',
  'PLANNER',
  'READ_ONLY_PLANNER',
  'CUSTOMER',
  'PLUS_PLANNER',
  'PARTNER',
  'COURIER',
  'ACCOUNTING',
] as const;
export type Role = (typeof roles)[number];

/** Spec §6 groups. READ_ONLY_PLANNER can see planner screens but is outside every group. */
export const roleGroups = {
  plannerType: ['PLANNER', 'PLUS_PLANNER', 'PARTNER'],
  adminOrPlanner: ['ADMIN', 'PLANNER', 'PLUS_PLANNER', 'PARTNER'],
  elevated: ['ADMIN', 'PLUS_PLANNER'],
  /** Restricted (courier-type) roles: no commands but their own location and scan reports. */
  restricted: ['COURIER'],
} as const satisfies Record<string, readonly Role[]>;

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (roles as readonly string[]).includes(value);
const inGroup = (group: readonly Role[]) => (role: string) =>
  (group as readonly string[]).includes(role);
export const isPlannerType = inGroup(roleGroups.plannerType);
export const isAdminOrPlanner = inGroup(roleGroups.adminOrPlanner);
export const isElevated = inGroup(roleGroups.elevated);
export const isRestricted = inGroup(roleGroups.restricted);

/**
 * Roles for which development impersonation (`GET /auth/user/{role}`) exists. Spec §6 names six
 * (planner, read_only_planner, partner, customer, admin, plus_planner); a developer tries the
 * courier page and invoicing the same way, so every role has it here (decision record 0008).
 */
export const impersonableRoles: readonly Role[] = roles;
