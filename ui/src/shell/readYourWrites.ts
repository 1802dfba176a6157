import { MIN_POSITION_HEADER } from '@nordlog/contracts';

/** Where the position is kept: the tab's sessionStorage in the browser (or none at all). */
export interface PositionStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const POSITION_KEY = 'nordlog.minPosition';

const isPosition = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^\d{1,18}$/.test(value);

/** Storage that may refuse (disabled, full, private mode): a refusal only loses the memory. */
const quietly = <T>(action: () => T, otherwise: T): T => {
  try {
    return action();
  } catch {
    return otherwise;
  }
};

/**
 * Read-your-writes across page loads: the position of the latest command this tab sent, which
 * every read then sends as `x-min-position` so that its answer includes the user's own write.
 * It is kept in the tab's storage, so a reload right after a save still waits for the save (a
 * module variable alone was lost on reload, and the reloaded list could miss the saved row).
 * A read whose wait ran out (`x-min-position-reached: false`) forgets the position, unless a
 * newer one came meanwhile: a database started afresh never reaches a position of the old one,
 * and every read would otherwise wait the whole bound.
 */
export function positionMemory(storage: PositionStorage | null) {
  const stored = storage ? quietly(() => storage.getItem(POSITION_KEY), null) : null;
  let current: string | null = isPosition(stored) ? stored : null;
  const keep = (value: string | null) => {
    current = value;
    if (!storage) return;
    quietly(
      () =>
        value === null ? storage.removeItem(POSITION_KEY) : storage.setItem(POSITION_KEY, value),
      undefined,
    );
  };
  return {
    /** A command's answered position: kept when it is later than the one kept. */
    remember(position: string | null | undefined): void {
      if (isPosition(position) && (current === null || BigInt(position) > BigInt(current)))
        keep(position);
    },
    /** The header a read sends. */
    headers(): Record<string, string> {
      return current === null ? {} : { [MIN_POSITION_HEADER]: current };
    },
    /** A read came back: `sent` is the position it asked for, `reached` the server's header. */
    answered(sent: string | undefined, reached: string | null): void {
      if (reached === 'false' && sent !== undefined && sent === current) keep(null);
    },
  };
}

/** The tab's sessionStorage, where there is one (not in tests on Node, nor when disabled). */
export const tabStorage = (): PositionStorage | null =>
  quietly(() => (typeof sessionStorage === 'undefined' ? null : sessionStorage), null);
