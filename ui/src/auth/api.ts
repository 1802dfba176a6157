import type { AuthUser } from '@nordlog/contracts';
import { HttpFailure } from '../errors/parse';
import { requestJson, setCsrfToken } from '../shell/api';

/** `GET /auth/user`: the current user, or null when nobody is logged in (401). */
export async function fetchCurrentUser(): Promise<AuthUser | null> {
  try {
    const user = await requestJson<AuthUser>('/auth/user');
    setCsrfToken(user.csrfToken);
    return user;
  } catch (err) {
    if (err instanceof HttpFailure && err.status === 401) return null;
    throw err;
  }
}

const post = async <T>(path: string, body: unknown): Promise<T> =>
  requestJson<T>(path, { method: 'POST', body });

export const authApi = {
  requestToken: (phoneNumber: string) => post<unknown>('/auth/request-token', { phoneNumber }),
  /** Spec §7: the customer login's start (docs/decisions/0074); the code goes as requestToken's. */
  customerLoginInitiate: (phoneNumber: string) =>
    post<unknown>('/api/auth/customer-login-initiate', { phoneNumber }),
  verifyToken: async (phoneNumber: string, token: string) => {
    const user = await post<AuthUser>('/auth/verify-token', { phoneNumber, token });
    setCsrfToken(user.csrfToken);
    return user;
  },
  verifyPwd: async (password: string) => {
    const user = await post<AuthUser>('/auth/verify-pwd', { password });
    setCsrfToken(user.csrfToken);
    return user;
  },
  claimEmail: (email: string) => post<AuthUser>('/auth/claim-email', { email }),
  requestPwdReset: (email: string) => post<unknown>('/auth/request-pwd-reset', { email }),
  setPwd: (password: string, token: string) => post<unknown>('/auth/set-pwd', { password, token }),
  logout: async () => {
    const answer = await post<{ redirectUrl?: string }>('/auth/logout', {});
    setCsrfToken(null);
    // The courier's route and session kept on the phone go with the log-out (0072).
    if (/^\/courier(\/|$)/.test(window.location.pathname))
      await import('../courier/offline/copies')
        .then((m) => m.forgetOfflineCopies())
        .catch(() => undefined);
    return answer.redirectUrl ?? '/';
  },
};
