/**
 * Spec §4 "Error fallback reload" and §8: a rendering error that means the browser runs an old
 * build (a chunk it asks for is gone) reloads the page once; a flag kept for 10 s stops a loop.
 */
export const staleCodeMessages = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Load failed',
  'Unable to preload CSS',
  'ChunkLoadError',
] as const;

export const reloadFlagKey = 'nordlog.staleReloadAt';
export const reloadFlagTtlMs = 10_000;

export const isStaleCodeError = (message: string): boolean =>
  staleCodeMessages.some((m) => message.includes(m));

/** True when the page should reload now (and then the flag is set). */
export function shouldReloadForStaleCode(
  message: string,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  now: number,
): boolean {
  if (!isStaleCodeError(message)) return false;
  const at = Number(storage.getItem(reloadFlagKey) ?? 'NaN');
  if (Number.isFinite(at) && now - at < reloadFlagTtlMs) return false;
  storage.setItem(reloadFlagKey, String(now));
  return true;
}

/**
 * Spec §8: a lazy page load that fails is retried 3 times, 500 ms apart, then the page reloads.
 */
export async function loadWithRetry<T>(
  load: () => Promise<T>,
  options: {
    retries?: number;
    delayMs?: number;
    wait?: (ms: number) => Promise<void>;
    reload?: () => void;
  } = {},
): Promise<T> {
  const retries = options.retries ?? 3;
  const delayMs = options.delayMs ?? 500;
  const wait = options.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    try {
      return await load();
    } catch (err) {
      lastError = err;
      if (attempt < retries) await wait(delayMs);
    }
  }
  (options.reload ?? (() => window.location.reload()))();
  throw lastError;
}
