import { useQuery } from '@tanstack/react-query';
import { useDepartmentOptions } from '../layout/useDepartments';
import { requestJson } from '../shell/api';
import { fetchConfig } from '../shell/config';
import { DEFAULT_TILE_URL } from './mapDefaults';

export interface Choice {
  value: string;
  label: string;
  /** A department's country (its time zone and holidays). */
  country?: string;
}

interface CustomerRow {
  id: string;
  name: string;
}

/**
 * What an order form offers and shows around it (the booking page's and the h2 booking's,
 * docs/decisions/0086): the departments of the path's department (a group's members), the
 * customers, and the map tiles. `found` is false when the path's department is not the user's.
 */
export function useBookingChoices(departmentId: string | undefined) {
  const options = useDepartmentOptions();
  const option = options.data?.find((d) => d.id === departmentId);
  const config = useQuery({ queryKey: ['config'], queryFn: fetchConfig, staleTime: Infinity });
  const customers = useQuery({
    queryKey: ['bookingCustomers'],
    staleTime: 60_000,
    queryFn: () =>
      requestJson<CustomerRow[]>(
        `/api/rest/customers?sort=${encodeURIComponent('["name","ASC"]')}&range=${encodeURIComponent('[0,999]')}`,
      ),
  });
  const departments: Choice[] = option
    ? (options.data ?? [])
        .filter((d) => !d.group && option.members.includes(d.id))
        .map((d) => ({ value: d.id, label: d.name, country: d.country ?? 'NO' }))
    : [];
  return {
    loading: options.isPending || config.isPending || customers.isPending,
    found: option !== undefined,
    departments,
    customers: (customers.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    tileUrl: config.data?.mapTileUrl ?? DEFAULT_TILE_URL,
    attribution: config.data?.mapTileAttribution ?? '© OpenStreetMap contributors',
  };
}
