import { customerScope, type Identity } from '../identity.js';
import type { CommandName, QueryName } from '../registry.js';
import { commandPermissions } from './commandPermissions.js';
import { addressBook, importFlags, read, write, type Permission } from './permissionKit.js';
import { queryPermissions } from './queryPermissions.js';
import { allows, type RouteRule } from './routeAccess.js';
import { isRestricted } from './roles.js';

/**
 * Who may make which call (spec §6): the command and query tables (their own files), the
 * downloads and imports, and the rules that apply them.
 */
export { auditRoles, type Permission } from './permissionKit.js';
export { commandPermissions } from './commandPermissions.js';
export { queryPermissions } from './queryPermissions.js';

/** The file downloads (spec §7 "other calls"; contracts/src/downloads.ts names their params). */
export const downloadPermissions = {
  '/exportLocationListForSlot': queryPermissions.routePoints,
  '/exportMultilegReturnsList': queryPermissions.manageReturns,
  // The shipments export (docs/decisions/0060): who has the import/export screens.
  '/query': read(['PLANNER_IMPORT_EXPORT', 'PLANNER_IMPORT_EXPORT_EXTENDED']),
  // The address book as xlsx (0061): whoever reads the addresses.
  '/downloadCustomerAddresses': read([...addressBook, 'PLANNER_BOOKING'], { customers: true }),
} as const satisfies Record<string, Permission>;
export type DownloadPath = keyof typeof downloadPermissions;

/**
 * The import endpoints (0059, spec §6 PLANNER_IMPORT_EXPORT(_EXTENDED)): uploading a file and
 * booking a fixed row. The rows are booked by CREATE_ORDER as the uploader, whom the import
 * flag lets book through the import (`importIdentity`).
 */
export const importPermissions = {
  upload: write(importFlags),
  // The address book's upload (0061): whoever keeps the address book.
  addresses: write(addressBook, { customers: true }),
  // A row's personal cells dropped on a person's request (0059 addendum): as ERASE_PERSONAL_DATA.
  erase: commandPermissions.ERASE_PERSONAL_DATA,
} as const;

/** The queries answered without a session (`Permission.public`). */
export const publicQueries: readonly QueryName[] = (
  Object.keys(queryPermissions) as QueryName[]
).filter((name) => queryPermissions[name].public === true);

/** The commands run without a session, at `/openapi/command/{name}` (`Permission.public`). */
export const publicCommands: readonly CommandName[] = (
  Object.keys(commandPermissions) as CommandName[]
).filter((name) => commandPermissions[name].public === true);

/** Why `identity` may not make this call, or null when it may (spec §6 rules). */
export function denial(
  identity: Identity,
  permission: Permission,
  kind: 'command' | 'query',
): string | null {
  if (kind === 'command' && isRestricted(identity.role) && !permission.courier)
    return `The ${identity.role} role may not send this command`;
  if (permission.write && identity.role === 'READ_ONLY_PLANNER')
    return 'A read-only planner may not change anything';
  if (permission.allDepartments && identity.departmentIds !== '*')
    return 'Only a user with access to every department may do this';
  if (permission.roles && !(permission.roles as readonly string[]).includes(identity.role))
    return `The ${identity.role} role may not do this`;
  if (permission.customers && identity.role === 'CUSTOMER')
    return identity.customerId ? null : 'This customer user belongs to no customer';
  if (permission.flags.length === 0 || identity.access.includes('*')) return null;
  // A courier sends its `courier` commands for its own work (each handler checks that it is).
  if (permission.courier && identity.role === 'COURIER') return null;
  return permission.flags.some((f) => identity.access.includes(f))
    ? null
    : `Needs one of: ${permission.flags.join(', ')}`;
}

/** May this identity see or change data of this department (and customer)? */
export function inScope(
  identity: Identity,
  departmentId: string | null,
  customerId: string | null,
): boolean {
  const customers = customerScope(identity);
  if (customers !== null && (customerId === null || !customers.includes(customerId))) return false;
  if (identity.departmentIds === '*' || departmentId === null) return true;
  return identity.departmentIds.includes(departmentId);
}

/**
 * May this user open the screen of a route rule (spec §6)? Its flags and roles, and for a screen
 * made for doing something (`commands`), one of its commands as the command table allows it. The
 * web app's routes and menus and the browser walk all ask this.
 */
export function mayOpen(
  rule: Pick<RouteRule, 'flags' | 'roles' | 'commands'>,
  identity: Identity,
): boolean {
  if (!allows(rule, identity)) return false;
  if (!rule.commands || rule.commands.length === 0) return true;
  return rule.commands.some((c) => denial(identity, commandPermissions[c], 'command') === null);
}
