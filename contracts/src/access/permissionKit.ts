import type { AccessFlag } from './flags.js';
import type { Role } from './roles.js';

/**
 * The parts of the access tables (commandPermissions.ts, queryPermissions.ts): what a call needs,
 * and the groups of flags the tables share.
 *
 * What each command and query needs (the identity issue's one table). A caller needs any one of
 * `flags` (none listed: any logged-in user), and a role in `roles` when listed. `write` calls are
 * refused to READ_ONLY_PLANNER; restricted roles (COURIER) may send only `courier` commands.
 * `customers`: CUSTOMER users may call it for their own customer's data without the flags.
 */
export interface Permission {
  flags: readonly AccessFlag[];
  roles?: readonly Role[];
  write: boolean;
  courier?: boolean;
  customers?: boolean;
  /**
   * Only for users who see every department: data that spans departments (customer groups,
   * role entities, holidays, new departments) is not administered from inside some of them.
   */
  allDepartments?: boolean;
  /**
   * Also answered without a session, at `POST /openapi/query/{name}` (spec §7 "the openquery
   * endpoint"): the public tracking page's query. Logged-in users call it at `/api` like any
   * other (no flags needed). Only queries whose answer is made for the public may be marked so.
   * A public command (the recipient's answers, 0063) is run at `POST /openapi/command/{name}` as
   * PUBLIC_IDENTITY: its payload carries the only credential (the tracking key).
   */
  public?: boolean;
}

export const write = (flags: AccessFlag[], extra: Partial<Permission> = {}): Permission => ({
  flags,
  write: true,
  ...extra,
});
export const read = (flags: AccessFlag[], extra: Partial<Permission> = {}): Permission => ({
  flags,
  write: false,
  ...extra,
});

export const shipments: AccessFlag[] = ['PLANNER_SHIPMENTS'];
export const importFlags: AccessFlag[] = [
  'PLANNER_IMPORT_EXPORT',
  'PLANNER_IMPORT_EXPORT_EXTENDED',
];
export const returns: AccessFlag[] = ['PLANNER_MANAGE_RETURNS', 'PLANNER_SHIPMENTS'];
export const everyDepartment: Partial<Permission> = { allDepartments: true };
export const labels: AccessFlag[] = ['PLANNER_BOOKING', 'PLANNER_SHIPMENTS'];
export const planning: AccessFlag[] = [
  'PLANNER_ROUTE_PLANNING',
  'PLANNER_DISPATCHING',
  'PLANNER_SHIPMENTS',
];
export const slots: AccessFlag[] = ['PLANNER_ROUTE_PLANNING', 'PLANNER_DISPATCHING'];
export const slotReaders: AccessFlag[] = [...slots, 'PLANNER_LIVE'];
export const units: AccessFlag[] = ['PLANNER_UNITS', 'PLANNER_VEHICLES'];
export const optimizing: AccessFlag[] = [...slots, 'ADMIN_OPTIMIZING'];
export const invoicing: AccessFlag[] = ['PLANNER_INVOICING'];
export const prices: AccessFlag[] = ['PLANNER_INVOICING', 'PLANNER_BOOKING', 'PLANNER_SHIPMENTS'];
/** Recurring orders (docs/decisions/0058): the screen's flag (spec §6). */
export const recurring: AccessFlag[] = ['PLANNER_RECURRING_ORDERS'];
/** The address book (docs/decisions/0061): kept on its screen, read by the booking form too. */
export const addressBook: AccessFlag[] = ['PLANNER_ADDRESSES'];
/** Who looks customers up: booking, the shipments' filters, the customer admin, the address book. */
export const customerLookUp: AccessFlag[] = [
  'PLANNER_BOOKING',
  'PLANNER_SHIPMENTS',
  'ADMIN_CUSTOMER',
  'ADMIN_CUSTOMER_ALL',
  ...addressBook,
];
/** The customer admin screen's flags. */
export const customerAdmin: AccessFlag[] = ['ADMIN_CUSTOMER', 'ADMIN_CUSTOMER_ALL'];
/** Pre-advice (docs/decisions/0062): policies are the admin's, outcomes the planner's (§6). */
export const preAdviceAdmin: AccessFlag[] = ['ADMIN_PRE_ADVICE'];
export const preAdvice: AccessFlag[] = ['PLANNER_PRE_ADVICE', 'PLANNER_SHIPMENTS'];
/** Spec §6: pre-advice is read by the planner-type roles and ADMIN (not READ_ONLY_PLANNER). */
export const preAdviceRoles: Role[] = ['ADMIN', 'PLANNER', 'PLUS_PLANNER', 'PARTNER'];
/** Who may replay an order's events (docs/decisions/0029-audit-replay.md). */
export const auditRoles: readonly Role[] = ['ADMIN', 'ACCOUNTING'];
