import type { SlotView } from '@nordlog/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { runQuery } from '../../shell/api';
import { SLOT_VIEWS, mergeSlotViews, type SlotViewsParams } from './planningData';

type Fetch = (params: SlotViewsParams & { slotIds: string[] }) => Promise<SlotView[]>;

const fetchSlots: Fetch = (params) => runQuery<SlotView[]>('slots', params);

/** Per cached list, the refreshes in the order they were asked (each waits for the one before). */
const queues = new WeakMap<QueryClient, Map<string, Promise<void>>>();

/**
 * Fetches some slots of a cached list of slot views again (query `slots` with `slotIds`) and
 * puts them into the list (`mergeSlotViews`): a change to one slot costs that slot's answer, not
 * the day's. Refreshes of one list run one after the other, so an older answer never lands after
 * a newer one. If the list was replaced while the answer was on its way (a whole refetch), the
 * answer may be older than the list, so the list refetches instead; so it does on an error.
 */
export function refreshSlotViews(
  client: QueryClient,
  key: QueryKey,
  ids: readonly string[],
  fetch: Fetch = fetchSlots,
): Promise<void> {
  let byKey = queues.get(client);
  if (!byKey) queues.set(client, (byKey = new Map<string, Promise<void>>()));
  const hash = JSON.stringify(key);
  const refetchAll = () => client.invalidateQueries({ queryKey: key, exact: true });
  const next = (byKey.get(hash) ?? Promise.resolve()).then(async () => {
    const before = client.getQueryState(key);
    if (before?.data === undefined) return;
    const params = key[2] as SlotViewsParams;
    try {
      const fresh = await fetch({ ...params, slotIds: [...ids] });
      const after = client.getQueryState(key);
      if (after?.data === undefined) return;
      if (after.dataUpdatedAt !== before.dataUpdatedAt || after.fetchStatus === 'fetching') {
        await refetchAll();
        return;
      }
      client.setQueryData<SlotView[]>(key, (cached) => mergeSlotViews(cached ?? [], ids, fresh));
    } catch {
      await refetchAll();
    }
  });
  byKey.set(hash, next);
  void next.finally(() => {
    if (byKey.get(hash) === next) byKey.delete(hash);
  });
  return next;
}

/** Every cached list of slot views fetches these slots again (after the planner's own command). */
export async function refreshSlotsEverywhere(
  client: QueryClient,
  ids: readonly string[],
): Promise<void> {
  const lists = client.getQueryCache().findAll({ queryKey: [SLOT_VIEWS, 'views'] });
  await Promise.all(lists.map((q) => refreshSlotViews(client, q.queryKey, ids)));
}
