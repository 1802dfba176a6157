import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { HttpFailure } from '../errors/parse';
import { REFETCH } from '../live/applyChanges';
import type { QueryName } from '@nordlog/contracts';
import { readHeaders, requestJson, runQuery } from '../shell/api';

/** A query asked afresh (never shared with one in flight): a list refetched after a change. */
export const freshQuery = <T>(name: QueryName, params: unknown): Promise<T> =>
  requestJson<T>(`/api/query/${name}`, {
    method: 'POST',
    body: { query: name, params },
    headers: readHeaders(),
  });

/**
 * The query-key heads of the pre-advice screens (docs/decisions/0062): registered with the
 * entities `preAdvicePolicies` and `preAdvice` (resources/registry), so a pushed change fetches
 * the lists again.
 */
export const PRE_ADVICE_POLICIES_KEY = 'preAdvicePolicies';
export const PRE_ADVICE_FOLLOW_UP_KEY = 'preAdviceFollowUp';

export const policiesKey = (...rest: unknown[]) => [PRE_ADVICE_POLICIES_KEY, REFETCH, ...rest];
export const followUpKey = (...rest: unknown[]) => [PRE_ADVICE_FOLLOW_UP_KEY, REFETCH, ...rest];

/** Not allowed to read them (403): none to show, by id only. */
const noneIfRefused = <T>(err: unknown): T[] => {
  if (err instanceof HttpFailure && (err.status === 403 || err.status === 404)) return [];
  throw err;
};

/** The customer groups by id (an admin without ADMIN_CUSTOMER_GROUPS sees their ids). */
export function useCustomerGroups() {
  const query = useQuery({
    queryKey: ['customerGroups', 'preAdvice'],
    staleTime: 60_000,
    queryFn: () =>
      runQuery<{ id: string; name: string }[]>('customerGroups', {}).catch(
        noneIfRefused<{ id: string; name: string }>,
      ),
  });
  return useMemo(
    () => (query.data ?? []).map((g) => ({ id: String(g.id), name: g.name })),
    [query.data],
  );
}

/** The dates from `from` to `to` (at most `max`), for the socket's context. */
export function datesBetween(from: string, to: string, max = 62): string[] {
  const out: string[] = [];
  const day = new Date(`${from}T12:00:00Z`);
  const end = new Date(`${to}T12:00:00Z`);
  if (Number.isNaN(day.getTime()) || Number.isNaN(end.getTime())) return out;
  while (day <= end && out.length < max) {
    out.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return out;
}
