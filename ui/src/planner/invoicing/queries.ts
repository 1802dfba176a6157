import type {
  BillingOrderRow,
  InvoiceRow,
  InvoicingData,
  InvoicingRunRow,
  QueryName,
} from '@nordlog/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useShell } from '../../app/UserContext';
import { HttpFailure } from '../../errors/parse';
import { readHeaders, requestJson } from '../../shell/api';
import { fetchRetries } from '../../shell/timeouts';
import { keepNewerRows } from '../optimizing/optimizingData';
import { mayQuery } from '../optimizing/queries';
import { correctionsKey, type CorrectionRow, type CorrectionsParams } from './correctionsModel';
import {
  billingOrdersKey,
  invoicesKey,
  invoicingDataKey,
  isRunActive,
  newestRunsFirst,
  RUN_POLL_MS,
  runsKey,
  type BillingOrdersParams,
  type InvoicingDataParams,
} from './invoicingModel';

/**
 * The invoicing screens' queries (`POST /api/query/{name}` with `{query, params}`, spec §7). Each
 * is asked afresh (never shared with one in flight): a list refetched after a command must not
 * take the answer of a request sent before it.
 */
const freshQuery = <T>(name: QueryName, params: unknown): Promise<T> =>
  requestJson<T>(`/api/query/${name}`, {
    method: 'POST',
    body: { query: name, params },
    headers: readHeaders(),
  });

/** A refusal (4xx) is not tried again; a server or network failure is (spec §9). */
const retry = (count: number, err: unknown) =>
  !(err instanceof HttpFailure && err.status < 500) && count < fetchRetries;

/** A page of the department's orders with their invoicing status and the counts per status. */
export function useInvoicingData(params: InvoicingDataParams | null) {
  return useQuery({
    queryKey: invoicingDataKey(params ?? ({} as InvoicingDataParams)),
    enabled: params !== null,
    retry,
    placeholderData: keepPreviousData,
    queryFn: () => freshQuery<InvoicingData>('invoicingData', params),
  });
}

/**
 * The department's invoicing runs, newest first. Pushed rows replace cached ones (the live
 * connection, by revision); while a run is requested or running the list is also fetched again
 * every RUN_POLL_MS, so its end shows even where the socket does not bring it.
 */
export function useInvoicingRuns(departmentId: string | null) {
  const client = useQueryClient();
  const key = runsKey(departmentId ?? '');
  return useQuery({
    queryKey: key,
    enabled: departmentId !== null,
    retry,
    queryFn: async () => {
      const rows = await freshQuery<InvoicingRunRow[]>('invoicingRuns', { departmentId });
      return keepNewerRows(rows, client.getQueryData<InvoicingRunRow[]>(key));
    },
    refetchInterval: (query) =>
      (query.state.data ?? []).some((r) => isRunActive(r.state)) ? RUN_POLL_MS : false,
    select: newestRunsFirst,
  });
}

/** The invoices of a run (fetched again while the run is going). */
export function useRunInvoices(departmentId: string, runId: string | null, active: boolean) {
  return useQuery({
    queryKey: invoicesKey(departmentId, runId ?? ''),
    enabled: runId !== null,
    retry,
    refetchInterval: active ? RUN_POLL_MS : false,
    queryFn: () => freshQuery<InvoiceRow[]>('invoices', { departmentId, runId }),
  });
}

/** The department's billing orders of a period (by delivery date). */
export function useBillingOrders(params: BillingOrdersParams | null) {
  return useQuery({
    queryKey: billingOrdersKey(params ?? ({} as BillingOrdersParams)),
    enabled: params !== null,
    retry,
    queryFn: () => freshQuery<BillingOrderRow[]>('billingOrders', params),
  });
}

/** The department's order corrections of a day (or every day), of a state (or all). */
export function useOrderCorrections(params: CorrectionsParams | null) {
  return useQuery({
    queryKey: correctionsKey(params ?? ({} as CorrectionsParams)),
    enabled: params !== null,
    retry,
    queryFn: () => freshQuery<CorrectionRow[]>('orderCorrections', params),
  });
}

/** A customer as the pickers show it. */
export interface CustomerOption {
  id: string;
  name: string;
  alystraId: string;
}

/** May the user look customers up (query `searchCustomers`, the REST customers)? */
export function useMaySearchCustomers(): boolean {
  const { user } = useShell();
  return mayQuery(user, 'searchCustomers');
}

/** Customers whose name or numbers contain the phrase (3 characters or more, spec §9). */
export function useCustomerSearch(phrase: string, departmentIds: readonly string[]) {
  const allowed = useMaySearchCustomers();
  const text = phrase.trim();
  return useQuery({
    queryKey: ['searchCustomers', 'invoicing', { text, departmentIds }],
    enabled: allowed && text.length >= 3,
    retry,
    staleTime: 60_000,
    queryFn: async () => {
      const rows = await freshQuery<{ id: string; name: string; alystraId?: string }[]>(
        'searchCustomers',
        {
          searchPhrase: text,
          ...(departmentIds.length > 0 ? { departmentIds: [...departmentIds] } : {}),
          limit: 50,
        },
      );
      return rows.map((r): CustomerOption => ({
        id: String(r.id),
        name: r.name,
        alystraId: r.alystraId ?? '',
      }));
    },
  });
}

/** Names of customers by id (the REST customers' getMany, for users who may read them). */
export function useCustomerNames(ids: readonly string[]): Map<string, string> {
  const allowed = useMaySearchCustomers();
  const wanted = useMemo(() => [...new Set(ids)].sort(), [ids]);
  const query = useQuery({
    queryKey: ['customerNames', 'invoicing', { ids: wanted }],
    enabled: allowed && wanted.length > 0,
    retry,
    staleTime: 60_000,
    queryFn: () =>
      requestJson<{ id: string; name: string }[]>(
        `/api/rest/customers?filter=${encodeURIComponent(JSON.stringify({ id: wanted }))}`,
      ),
  });
  return useMemo(
    () => new Map((query.data ?? []).map((c) => [String(c.id), c.name])),
    [query.data],
  );
}
