import type { AuthUser } from '@nordlog/contracts';
import type { AuthProvider } from 'react-admin';
import { authApi } from '../auth/api';
import { isPublicPath } from '../auth/start';

/** Spec §2/§8: a 401 outside the public pages goes to the root with a redirect-to parameter. */
export function loginRedirect(location: Pick<Location, 'pathname' | 'search'>): string | null {
  if (isPublicPath(location.pathname)) return null;
  return `/?redirectTo=${encodeURIComponent(location.pathname + location.search)}`;
}

/**
 * react-admin's auth provider over the gateway's session (`/auth/*`). The user was fetched at
 * start-up; a 401 later (the session ended) reloads at the root with the redirect-to parameter.
 */
export function createAuthProvider(user: AuthUser): AuthProvider {
  return {
    login: () => Promise.resolve(),
    logout: async () => {
      const url = await authApi.logout().catch(() => '/');
      window.location.assign(url);
      return false;
    },
    checkAuth: () => Promise.resolve(),
    checkError: (error: { status?: number }) => {
      if (error?.status === 401) {
        const to = loginRedirect(window.location);
        if (to) window.location.assign(to);
      }
      return Promise.resolve();
    },
    getIdentity: () => Promise.resolve({ id: user.id, fullName: user.name }),
    getPermissions: () => Promise.resolve({ role: user.role, access: user.access }),
  };
}
