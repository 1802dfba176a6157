import type { AddressRow, AddressesQuery } from '@nordlog/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { readHeaders, requestJson } from '../../shell/api';
import { useMaySearchCustomers } from '../invoicing/queries';
import { addressesKey } from './addressModel';

/**
 * Query `addresses` asked afresh (never shared with one in flight): a list fetched again after a
 * pushed change must not take the answer of a request sent before it.
 */
export const fetchAddresses = (params: AddressesQuery): Promise<AddressRow[]> =>
  requestJson<AddressRow[]>('/api/query/addresses', {
    method: 'POST',
    body: { query: 'addresses', params },
    headers: readHeaders(),
  });

/** The list's addresses (kept while the next filter's answer comes). */
export function useAddresses(params: AddressesQuery | null) {
  return useQuery({
    queryKey: addressesKey('list', params),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    queryFn: () => fetchAddresses(params!),
  });
}

/** One saved address by id (null: none the user may read). */
export function useAddress(id: string | null) {
  return useQuery({
    queryKey: addressesKey('one', id),
    enabled: id !== null,
    queryFn: async () => (await fetchAddresses({ ids: [id!], limit: 1 }))[0] ?? null,
  });
}

export interface CustomerInfo {
  name: string;
  /** The customer's number in Alystra (the download's `customerNumber`), '' when none. */
  alystraId: string;
}

/** Customers by id, for users who may read them (the REST customers' getMany). */
export function useCustomerInfo(ids: readonly string[]): Map<string, CustomerInfo> {
  const allowed = useMaySearchCustomers();
  const wanted = useMemo(() => [...new Set(ids)].filter(Boolean).sort(), [ids]);
  const query = useQuery({
    queryKey: ['customerNames', 'addresses', { ids: wanted }],
    enabled: allowed && wanted.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    queryFn: () =>
      requestJson<{ id: string; name: string; alystraId?: string | null }[]>(
        `/api/rest/customers?filter=${encodeURIComponent(JSON.stringify({ id: wanted }))}`,
      ),
  });
  return useMemo(
    () =>
      new Map(
        (query.data ?? []).map((c) => [
          String(c.id),
          { name: c.name, alystraId: c.alystraId ?? '' },
        ]),
      ),
    [query.data],
  );
}

/** The customer `id` as the customer picker shows a known one (undefined: not known). */
export function useKnownCustomer(id: string) {
  const info = useCustomerInfo(useMemo(() => [id], [id])).get(id);
  return useMemo(
    () => (info ? { id, name: info.name, alystraId: info.alystraId } : undefined),
    [id, info],
  );
}
