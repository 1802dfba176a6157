import { useEffect, useMemo, useRef, useState } from 'react';
import { gridConstants } from './constants';
import { loadHiddenColumns, saveHiddenColumns } from './hiddenColumns';
import type { SortState } from './sort';
import { throttle } from './throttle';
import { loadViewState, saveViewState } from './viewState';

const session = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};
const local = (): Storage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};
const noStorage = { getItem: () => null, setItem: () => undefined };

/**
 * A grid's view state (spec §2, §9): sort and filters for the session, hidden columns in
 * localStorage, and the last scroll position, kept as the grid scrolls (throttled, spec §9: 20 ms)
 * and written to the session's storage when the page goes or the grid unmounts, not per event
 * (a storage write costs more than a scroll step).
 */
export function useGridView(name: string, columnIds: readonly string[], defaults: string[]) {
  const [stored] = useState(() => loadViewState(session() ?? noStorage, name, columnIds));
  const [sort, setSort] = useState<SortState | null>(stored.sort);
  const [filters, setFilters] = useState<Record<string, string>>(stored.filters);
  const [hidden, setHiddenState] = useState<string[]>(() =>
    loadHiddenColumns(local() ?? noStorage, name, defaults, columnIds),
  );
  const scrollTop = useRef(stored.scrollTop);
  useEffect(() => {
    saveViewState(session() ?? noStorage, name, { sort, filters, scrollTop: scrollTop.current });
  }, [name, sort, filters]);
  const remember = useMemo(
    () =>
      throttle((top: number) => {
        scrollTop.current = top;
      }, gridConstants.scrollThrottleMs),
    [],
  );
  useEffect(() => {
    const persist = () => {
      const current = loadViewState(session() ?? noStorage, name, columnIds);
      saveViewState(session() ?? noStorage, name, { ...current, scrollTop: scrollTop.current });
    };
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('pagehide', persist);
      persist();
    };
  }, [name, columnIds]);
  useEffect(() => () => remember.cancel(), [remember]);
  /** Hides these columns, kept for the next visit. */
  const setHidden = (next: string[]) => {
    setHiddenState(next);
    saveHiddenColumns(local() ?? noStorage, name, next);
  };
  return { stored, sort, setSort, filters, setFilters, hidden, setHidden, remember };
}
