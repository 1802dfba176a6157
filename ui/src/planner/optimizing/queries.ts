import {
  denial,
  identityOfUser,
  queryPermissions,
  type AuthUser,
  type OptimizingRunRow,
  type QueryName,
  type RouteSuggestionView,
} from '@nordlog/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { HttpFailure } from '../../errors/parse';
import { readHeaders, requestJson, runQuery } from '../../shell/api';
import { fetchRetries } from '../../shell/timeouts';
import {
  keepNewerRows,
  runsKey,
  suggestionsKey,
  type RunsParams,
  type SuggestionsParams,
} from './optimizingData';

/** May this user ask this query? The table the query service applies (spec §6). */
export const mayQuery = (user: AuthUser, query: QueryName): boolean =>
  denial(identityOfUser(user), queryPermissions[query], 'query') === null;

/**
 * A query that is never shared with one already in flight (`runQuery` shares identical requests):
 * a list refetched because of a change must not take the answer of a request sent before it.
 */
const freshQuery = <T>(name: QueryName, params: unknown): Promise<T> =>
  requestJson<T>(`/api/query/${name}`, {
    method: 'POST',
    body: { query: name, params },
    headers: readHeaders(),
  });

/** A refusal (4xx) is not tried again; a server or network failure is, as elsewhere (spec §9). */
const retry = (count: number, err: unknown) =>
  !(err instanceof HttpFailure && err.status < 500) && count < fetchRetries;

/**
 * The optimising runs of the departments (none: all the user's) between two dates (query
 * `optimizingRuns`); the socket pushes every change of a run (progress about every 500 ms), which
 * replaces the row in this list (`runBelongs`).
 */
export function useOptimizingRuns(
  departmentIds: readonly string[],
  fromDate: string,
  toDate: string,
  enabled = true,
) {
  const params: RunsParams = useMemo(
    () => ({ departmentIds: [...departmentIds], fromDate, toDate }),
    [departmentIds, fromDate, toDate],
  );
  const client = useQueryClient();
  return useQuery({
    queryKey: runsKey(params),
    enabled,
    retry,
    queryFn: async () => {
      const rows = await freshQuery<OptimizingRunRow[]>('optimizingRuns', {
        ...(params.departmentIds.length > 0 ? { departmentIds: params.departmentIds } : {}),
        fromDate,
        toDate,
        limit: 1000,
      });
      // A row the socket brought while this answer travelled is newer: it stays.
      return keepNewerRows(rows, client.getQueryData<OptimizingRunRow[]>(runsKey(params)));
    },
  });
}

/** The suggested routes of the departments' day (query `routeSuggestions`), live. */
export function useRouteSuggestions(
  departmentIds: readonly string[],
  date: string,
  enabled = true,
) {
  const params: SuggestionsParams = useMemo(
    () => ({ departmentIds: [...departmentIds], date }),
    [departmentIds, date],
  );
  const query = useQuery({
    queryKey: suggestionsKey(params),
    enabled: enabled && departmentIds.length > 0,
    retry,
    queryFn: () =>
      freshQuery<RouteSuggestionView[]>('routeSuggestions', {
        departmentIds: params.departmentIds,
        date,
      }),
    select: (rows) => rows.filter((s) => !s.deleted),
  });
  return { query, suggestions: query.data ?? noSuggestions };
}
const noSuggestions: RouteSuggestionView[] = [];

/** What a day's run would take (query `optimizeRequest`): the preview of the optimise dialog. */
export interface OptimizePreview {
  vehicles: number;
  consignments: number;
  lockedStops: number;
  excludedSlots: { id: string; reason: string }[];
  excludedConsignments?: { id: string; reason: string }[];
}

export function useOptimizePreview(departmentId: string | null, date: string, enabled: boolean) {
  return useQuery({
    queryKey: ['optimizeRequest', 'preview', { departmentId, date }],
    enabled: enabled && departmentId !== null,
    retry,
    staleTime: 0,
    queryFn: () => runQuery<OptimizePreview>('optimizeRequest', { department: departmentId, date }),
  });
}

/** Names of users by id (query `users`, for those who may read users; else none). */
export function useUserNames(user: AuthUser, ids: readonly string[]) {
  const wanted = useMemo(() => [...new Set(ids)].sort(), [ids]);
  const allowed = mayQuery(user, 'users');
  const query = useQuery({
    queryKey: ['users', 'names', { ids: wanted }],
    enabled: allowed && wanted.length > 0,
    retry,
    staleTime: 60_000,
    queryFn: () => runQuery<{ id: string; name: string }[]>('users', { ids: wanted, limit: 1000 }),
  });
  return useMemo(() => {
    const names = new Map((query.data ?? []).map((u) => [String(u.id), u.name]));
    names.set(user.id, user.name);
    return names;
  }, [query.data, user.id, user.name]);
}
