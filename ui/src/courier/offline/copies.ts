import type { AuthUser } from '@nordlog/contracts';
import { HttpFailure } from '../../errors/parse';
import { forgetCopies, readCopy, saveCopy } from './store';

/**
 * The last answers the courier page read, kept on the phone so that it starts and shows the route
 * without a network (docs/decisions/0072-courier-offline.md). The page's own copies, in IndexedDB,
 * per user: the service worker keeps no API answer.
 */

/** Whether a failed call got no answer at all (no network, the server unreachable). */
export const unanswered = (err: unknown): boolean => !(err instanceof HttpFailure);

type Listener = (savedAt: string | null) => void;
const listeners = new Set<Listener>();
let shownSince: string | null = null;

/** The time of the oldest copy the page shows instead of a fresh answer; null when all are fresh. */
export function copyShown(): string | null {
  return shownSince;
}
export function onCopyShown(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function setShown(savedAt: string | null) {
  if (savedAt === shownSince) return;
  shownSince = savedAt;
  for (const l of listeners) l(savedAt);
}

/**
 * The answer of `read`, kept as the copy of `key`; when no answer comes (offline), the copy kept
 * last, if there is one. A refusal (an HTTP answer) is the server's word and is thrown as it is.
 */
export async function withOfflineCopy<T>(key: string, read: () => Promise<T>): Promise<T> {
  try {
    const value = await read();
    setShown(null);
    await saveCopy(key, value).catch(() => undefined);
    return value;
  } catch (err) {
    if (!unanswered(err)) throw err;
    const copy = await readCopy<T>(key).catch(() => null);
    if (!copy) throw err;
    setShown(shownSince && shownSince < copy.savedAt ? shownSince : copy.savedAt);
    return copy.value;
  }
}

const SESSION = 'session';
const isCourierPath = (path: string) => /^\/courier(\/|$)/.test(path);

/** Keeps the courier's session (without its CSRF token) for a start without a network. */
export async function rememberCourierSession(user: AuthUser): Promise<void> {
  if (user.role !== 'COURIER') return;
  await saveCopy(SESSION, { ...user, csrfToken: '' });
}

/**
 * The session a courier page starts with when `GET /auth/user` got no answer: the one kept at the
 * courier's last visit online. Any other path, an answer (401 included), or nothing kept: the
 * error, as before. The page then sends nothing until a session answers (./sender.ts).
 */
export async function offlineSession(path: string, err: unknown): Promise<AuthUser> {
  if (!isCourierPath(path) || !unanswered(err)) throw err;
  const copy = await readCopy<AuthUser>(SESSION).catch(() => null);
  if (!copy) throw err;
  return copy.value;
}

/** A log-out forgets the route and the session kept on the phone; waiting reports stay. */
export async function forgetOfflineCopies(): Promise<void> {
  setShown(null);
  await forgetCopies();
}
