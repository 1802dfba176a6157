/**
 * Spec §2 column settings: the hidden columns of a grid are kept in the browser under a key per
 * view (the grid's name), so another grid keeps its own.
 */
export const hiddenColumnsKey = (view: string): string => `nordlog.grid.${view}.hiddenColumns`;

/**
 * The hidden columns stored for a view: the grid's defaults when nothing (or nothing readable) is
 * stored; ids of columns the grid no longer has are dropped.
 */
export function loadHiddenColumns(
  storage: Pick<Storage, 'getItem'>,
  view: string,
  defaults: readonly string[],
  known: readonly string[],
): string[] {
  let stored: unknown;
  try {
    const raw = storage.getItem(hiddenColumnsKey(view));
    if (raw === null) return [...defaults];
    stored = JSON.parse(raw);
  } catch {
    return [...defaults];
  }
  if (!Array.isArray(stored)) return [...defaults];
  return stored.filter((id): id is string => typeof id === 'string' && known.includes(id));
}

export function saveHiddenColumns(
  storage: Pick<Storage, 'setItem'>,
  view: string,
  hidden: readonly string[],
): void {
  try {
    storage.setItem(hiddenColumnsKey(view), JSON.stringify([...hidden]));
  } catch {
    // A full or disabled storage only means the choice is not remembered.
  }
}
