import type { AuthUser } from '@nordlog/contracts';

/** Where a page load goes (spec §2 "Public and authentication", "Redirects and fallback", §6). */
export type StartDecision =
  { kind: 'public' } | { kind: 'app' } | { kind: 'redirect'; to: string; external?: boolean };

export interface StartConfig {
  /**
   * An external customer portal's address (configuration; spec §2 does not show it). Unset, the
   * product's own portal at /customer/… serves customer users (docs/decisions/0074).
   */
  customerPortalUrl: string | null;
}

/** Pages under /auth/ and /open/ never trigger the login redirect (spec §2); nor do / and /login. */
export const isPublicPath = (path: string): boolean =>
  path === '/' ||
  path === '/login' ||
  path.startsWith('/auth/') ||
  path.startsWith('/open/') ||
  path.startsWith('/track/');

/** The product's own customer portal (docs/decisions/0074). */
export const customerPortalHome = '/customer/shipments';

/** A path of the customer portal: /customer and below. */
export const isPortalPath = (path: string): boolean => /^\/customer(\/|$)/.test(path);

const isCustomerPath = (path: string): boolean =>
  isPortalPath(path) || path.startsWith('/open/') || path.startsWith('/track/');

/** A redirect-to value is only ever a path of this site. */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return null;
  return value;
}

/** The start page of a logged-in user by role (spec §2, §6). */
export function startPage(user: Pick<AuthUser, 'role' | 'access'>): string {
  if (user.role === 'ADMIN') {
    // Some admin users who open the departments page get the users page instead (spec §2).
    return user.access.includes('ADMIN_DEPARTMENT') || !user.access.includes('ADMIN_USERS')
      ? '/admin/departments'
      : '/admin/users';
  }
  // A courier works from its own page (its jobs, its position), not the planner's.
  if (user.role === 'COURIER') return '/courier';
  if (user.role === 'CUSTOMER') return customerPortalHome;
  return '/planner';
}

/** Static redirects of spec §2 that need no user. */
export function staticRedirect(path: string, config: StartConfig): StartDecision | null {
  const tracking = /^\/tracking\/([^/]+)(?:\/flex(?:\/[^/]*)?)?\/?$/.exec(path);
  if (tracking) return { kind: 'redirect', to: `/track/${tracking[1]}` };
  if (path === '/report' || path === '/report/') return { kind: 'redirect', to: '/' };
  // Spec §2 "/customer/* goes to the customer portal": an external one where it is configured;
  // else the paths are the product's own portal's (docs/decisions/0074).
  if (isPortalPath(path) && config.customerPortalUrl)
    return { kind: 'redirect', to: config.customerPortalUrl, external: true };
  return null;
}

function toPortal(config: StartConfig): StartDecision {
  return config.customerPortalUrl
    ? { kind: 'redirect', to: config.customerPortalUrl, external: true }
    : { kind: 'redirect', to: customerPortalHome };
}

/**
 * The first decision of every page load, from the path, its query and `GET /auth/user`:
 * logged out → the public pages, or the root with a redirect-to parameter; a user who must give
 * an e-mail or a password → those pages; a customer user → the customer portal; otherwise the app.
 */
export function decideStart(
  path: string,
  search: string,
  user: AuthUser | null,
  config: StartConfig,
): StartDecision {
  const fixed = staticRedirect(path, config);
  if (fixed) return fixed;
  const params = new URLSearchParams(search);
  if (!user) {
    if (isPublicPath(path)) return { kind: 'public' };
    return { kind: 'redirect', to: `/?redirectTo=${encodeURIComponent(path + search)}` };
  }
  if (user.requiresPwd) {
    const target = user.hasPassword ? '/login' : '/auth/request-password';
    return path === target || path.startsWith('/auth/')
      ? { kind: 'public' }
      : keep(target, path, search);
  }
  if (user.requiresEmail) {
    return path === '/auth/set-email' ? { kind: 'public' } : keep('/auth/set-email', path, search);
  }
  if (user.role === 'CUSTOMER' && !isCustomerPath(path)) return toPortal(config);
  if (path === '/' || path === '/login' || path === '/auth/set-email') {
    return { kind: 'redirect', to: safeRedirect(params.get('redirectTo')) ?? startPage(user) };
  }
  if (isPublicPath(path)) return { kind: 'public' };
  return { kind: 'app' };
}

/** Send the user to a completion page, keeping where they wanted to go. */
function keep(target: string, path: string, search: string): StartDecision {
  const wanted =
    safeRedirect(new URLSearchParams(search).get('redirectTo')) ??
    (isPublicPath(path) ? null : path + search);
  return {
    kind: 'redirect',
    to: wanted ? `${target}?redirectTo=${encodeURIComponent(wanted)}` : target,
  };
}

/** The path the user goes to once logged in (the redirect-to parameter, else the start page). */
export const afterLogin = (search: string, user: AuthUser): string =>
  safeRedirect(new URLSearchParams(search).get('redirectTo')) ?? startPage(user);

/**
 * Spec §7: on a start-up failure on a customer path the user goes to the URL in the error body
 * (`{url}`): a path of this site or an http(s) address; anything else, or another path, is null.
 */
export function startFailureRedirect(path: string, body: unknown): string | null {
  if (!isPortalPath(path) || !body || typeof body !== 'object') return null;
  const url = (body as { url?: unknown }).url;
  if (typeof url !== 'string') return null;
  return /^https?:\/\/[^\s]+$/i.test(url) ? url : safeRedirect(url);
}
