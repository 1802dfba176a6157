import {
  identityOfUser,
  mayOpen,
  resourceRule,
  type AdminResource,
  routeRules,
  type AuthUser,
  type RouteRule,
} from '@nordlog/contracts';

/** The user facts a route check needs (spec §6). */
export interface Viewer {
  role: string;
  access: readonly string[];
}

/** The rule of a route pattern as contracts list it (spec §6 route access). */
export function ruleFor(path: string): RouteRule {
  const rule = routeRules.find((r) => r.path === path);
  if (!rule) throw new Error(`No route rule for ${path}`);
  return rule;
}

/** Spec §6: may the logged-in user open the screen of this route rule (`mayOpen`)? */
export const canOpen = (user: AuthUser | null, path: string): boolean =>
  user !== null && mayOpen(ruleFor(path), identityOfUser(user));

/** May the user open an admin resource: its route rule, narrowed by the resource's own flags. */
export const canOpenResource = (user: AuthUser | null, resource: AdminResource): boolean =>
  user !== null && mayOpen(resourceRule(resource), identityOfUser(user));

/** Turn a rule path into a react-router path (rules already use its syntax). */
export const routerPath = (path: string): string => path;

/**
 * Screens built so far with the shipments page; the booking form, its confirmation and the
 * unconfirmed orders have routes of their own in AdminApp (lazy chunks). The rest of the rules are
 * registered but left out of the menus.
 */
export const builtPlannerScreens = new Set([
  '/planner/:departmentId/shipments/*',
  '/planner/:departmentId/shipments-search/*',
]);

/** Spec §2: `{departmentId}` is a plain number or `group_{n}`. */
export const isDepartmentParam = (value: string | undefined): value is string =>
  value !== undefined && /^([1-9]\d{0,17}|group_[1-9]\d{0,17})$/.test(value);
