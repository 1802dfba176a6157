import { authRules } from '@nordlog/contracts';

/** The session id from the cookie header (no cookie library needed for one cookie). */
export function sessionCookie(req: { headers: { cookie?: string } }): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === authRules.cookieName) return decodeURIComponent(value.join('='));
  }
  return undefined;
}
