import type { ChangeMessage } from '@nordlog/contracts';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/** A row as the read models send it: every one carries its revision. */
interface Versioned {
  id: string | number;
  revision?: number;
  updatedAtEpoch?: number;
}

/**
 * Spec §4: data messages are applied in animation-frame batches; within a batch only the newest
 * revision of each row counts.
 */
export function createChangeBatcher(
  apply: (batch: ChangeMessage[]) => void,
  requestFrame: (fn: () => void) => unknown = (fn) => globalThis.requestAnimationFrame(fn),
): (message: ChangeMessage) => void {
  let pending = new Map<string, ChangeMessage>();
  let scheduled = false;
  return (message) => {
    const key = `${message.entity}\u0000${message.id}`;
    const seen = pending.get(key);
    if (!seen || message.revision >= seen.revision) pending.set(key, message);
    if (scheduled) return;
    scheduled = true;
    requestFrame(() => {
      scheduled = false;
      const batch = [...pending.values()];
      pending = new Map();
      apply(batch);
    });
  };
}

export interface ApplyOptions {
  /** The react-admin resources (query-key heads) that show an entity, e.g. departments → admin/departments. */
  resourcesOf: (entity: string) => string[];
  /** Spec §4: consignments outside the accepted states are dropped from the client store. */
  acceptedStates?: readonly string[];
  /**
   * Whether a row belongs in a list, when the list's query key tells (e.g. the shipments grid's
   * department and date range): true puts a row the list lacks into it at once, false takes a row
   * that no longer belongs out of it, undefined (the default) makes a list lacking the row
   * refetch.
   */
  belongs?: (queryKey: QueryKey, entity: string, row: unknown) => boolean | undefined;
  /**
   * Lists of views built from several read models (a slot with its load and route points): a
   * pushed row cannot replace a view. Kind `views` in the key: this names the views a change
   * concerns (empty: none), which `refreshViews` fetches again (the whole list refetches when there
   * is no `refreshViews`, or while the list is being fetched anyway); never patched in place.
   */
  viewsConcerned?: (
    queryKey: QueryKey,
    change: Pick<ChangeMessage, 'entity' | 'id' | 'op' | 'data'>,
    cached: unknown,
  ) => readonly string[] | undefined;
  refreshViews?: (queryKey: QueryKey, ids: string[]) => void;
}

/** A list key's second part: the list is fetched again on a change, never patched (below). */
export const REFETCH = 'refetch';

/**
 * An incoming row wins unless it is older: a lower revision, or (spec §4) an updatedAtEpoch older
 * than the stored one.
 */
export function isNewer(
  message: Pick<ChangeMessage, 'revision' | 'data'>,
  current: Versioned | undefined,
): boolean {
  if (!current) return true;
  if (current.revision !== undefined && message.revision < current.revision) return false;
  const epoch = (message.data as Versioned | null)?.updatedAtEpoch;
  return !(
    epoch !== undefined &&
    current.updatedAtEpoch !== undefined &&
    epoch < current.updatedAtEpoch
  );
}

/**
 * Applies a batch to react-query's cache (react-admin's store): a row replaces the cached one only
 * when its revision is not older; a row that a list does not hold yet makes that list refetch
 * (its filter and sort are the server's business); a deletion removes the row everywhere. A
 * list whose rows are another shape of the entity's rows (same ids, more or other fields: e.g.
 * the manage-returns rows of orders) says so by `REFETCH` as its key's second part: it is fetched
 * again, never patched with a pushed row.
 */
export function applyChanges(
  client: QueryClient,
  batch: ChangeMessage[],
  options: ApplyOptions,
): void {
  const stale = new Set<Query>();
  const views = new Map<Query, Set<string>>();
  for (const message of batch) {
    const dropped =
      message.entity === 'consignments' &&
      options.acceptedStates !== undefined &&
      options.acceptedStates.length > 0 &&
      !options.acceptedStates.includes(String((message.data as { state?: unknown } | null)?.state));
    const remove = message.op === 'delete' || dropped;
    for (const resource of options.resourcesOf(message.entity)) {
      for (const query of client.getQueryCache().findAll({ queryKey: [resource] })) {
        const kind = query.queryKey[1];
        const data = query.state.data;
        if (data === undefined) continue;
        if (kind === REFETCH) {
          stale.add(query);
          continue;
        }
        if (kind === 'views') {
          const ids = options.viewsConcerned?.(query.queryKey, message, data) ?? [];
          if (ids.length === 0) continue;
          const wanted = views.get(query) ?? new Set<string>();
          for (const id of ids) wanted.add(id);
          views.set(query, wanted);
          continue;
        }
        if (kind === 'getOne') {
          const record = data as Versioned;
          if (String(record.id) !== String(message.id)) continue;
          if (remove) client.removeQueries({ queryKey: query.queryKey, exact: true });
          else if (isNewer(message, record)) client.setQueryData(query.queryKey, message.data);
          continue;
        }
        const list = listOf(data);
        if (!list) continue;
        const index = list.rows.findIndex((r) => String(r.id) === String(message.id));
        const belongs = remove
          ? false
          : options.belongs?.(query.queryKey, message.entity, message.data);
        if (belongs === false) {
          if (index >= 0 && (remove || isNewer(message, list.rows[index])))
            client.setQueryData(query.queryKey, list.without(index));
          continue;
        }
        if (index >= 0) {
          if (isNewer(message, list.rows[index]))
            client.setQueryData(query.queryKey, list.replace(index, message.data as Versioned));
        } else if (belongs === true) {
          client.setQueryData(query.queryKey, list.append(message.data as Versioned));
        } else if (kind === 'getList' || kind === 'getManyReference' || kind === 'rows') {
          stale.add(query);
        }
      }
    }
  }
  for (const [query, ids] of views) {
    if (options.refreshViews && query.state.fetchStatus !== 'fetching')
      options.refreshViews(query.queryKey, [...ids]);
    else stale.add(query);
  }
  for (const query of stale)
    void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
}

interface ListView {
  rows: Versioned[];
  without(index: number): unknown;
  replace(index: number, row: Versioned): unknown;
  append(row: Versioned): unknown;
}

/** react-admin caches lists as `{data, total}` (getList) or plain arrays (getMany). */
function listOf(data: unknown): ListView | null {
  if (Array.isArray(data)) {
    const rows = data as Versioned[];
    return {
      rows,
      without: (i) => rows.filter((_, j) => j !== i),
      replace: (i, row) => rows.map((r, j) => (j === i ? row : r)),
      append: (row) => [...rows, row],
    };
  }
  if (data && typeof data === 'object' && Array.isArray((data as { data?: unknown }).data)) {
    const page = data as { data: Versioned[]; total?: number };
    return {
      rows: page.data,
      without: (i) => ({
        ...page,
        data: page.data.filter((_, j) => j !== i),
        total: page.total === undefined ? undefined : page.total - 1,
      }),
      replace: (i, row) => ({ ...page, data: page.data.map((r, j) => (j === i ? row : r)) }),
      append: (row) => ({
        ...page,
        data: [...page.data, row],
        total: page.total === undefined ? undefined : page.total + 1,
      }),
    };
  }
  return null;
}
