import type { SortState } from './sort';

/**
 * UI.md: grids keep their sort, filters and scroll position per view, for the browser session
 * (hidden columns last longer: hiddenColumns.ts).
 */
export interface ViewState {
  sort: SortState | null;
  filters: Record<string, string>;
  scrollTop: number;
}

export const viewStateKey = (view: string): string => `nordlog.grid.${view}.view`;
export const emptyViewState: ViewState = { sort: null, filters: {}, scrollTop: 0 };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The stored state of a view, with anything malformed or about unknown columns left out. */
export function loadViewState(
  storage: Pick<Storage, 'getItem'>,
  view: string,
  known: readonly string[],
): ViewState {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(viewStateKey(view)) ?? 'null');
  } catch {
    return emptyViewState;
  }
  if (!isRecord(raw)) return emptyViewState;
  const sort =
    isRecord(raw.sort) &&
    typeof raw.sort.columnId === 'string' &&
    known.includes(raw.sort.columnId) &&
    typeof raw.sort.desc === 'boolean'
      ? { columnId: raw.sort.columnId, desc: raw.sort.desc }
      : null;
  const filters: Record<string, string> = {};
  if (isRecord(raw.filters))
    for (const [id, text] of Object.entries(raw.filters))
      if (known.includes(id) && typeof text === 'string' && text.trim() !== '') filters[id] = text;
  const scrollTop =
    typeof raw.scrollTop === 'number' && Number.isFinite(raw.scrollTop) && raw.scrollTop > 0
      ? raw.scrollTop
      : 0;
  return { sort, filters, scrollTop };
}

export function saveViewState(
  storage: Pick<Storage, 'setItem'>,
  view: string,
  state: ViewState,
): void {
  try {
    storage.setItem(viewStateKey(view), JSON.stringify(state));
  } catch {
    // Not remembered: nothing else depends on it.
  }
}
