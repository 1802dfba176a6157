import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { consignmentStates, type ConsignmentRow, type OrderRow } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { DateField } from '../../inputs/LazyPickers';
import { PageHeader } from '../../layout/PageHeader';
import { usePageTitle } from '../../layout/pageTitle';
import { requestJson, runQuery } from '../../shell/api';
import { useLatestPath } from '../../shell/latestPath';
import { isSearchable } from '../shipmentsData';
import { PhraseField } from '../PhraseField';
import { OperatorSelect } from '../OperatorSelect';
import { SearchOutcome } from './SearchResultsGrid';
import {
  advancedSearchPath,
  parseAdvancedSearch,
  searchOrdersParams,
  type AdvancedSearchView,
} from './searchPaths';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

interface CustomerOption {
  id: string;
  name: string;
}

/**
 * Advanced search (spec §2 `/planner/advanced-search/{searchPhrase?}`): searchOrders over every
 * text of the orders of the user's departments, with AND or OR, states, pickup dates and
 * customers (spec §7), all in the URL; the orders found are shown as the shipments grid's rows
 * (`consignments {ids}`; docs/decisions/0052-search-screens.md).
 */
export default function AdvancedSearch() {
  const translate = useTranslate();
  const navigate = useNavigate();
  usePageTitle('search.advancedTitle');
  const { '*': splat = '' } = useParams();
  const { search } = useLocation();
  const view = parseAdvancedSearch(splat, search);
  // A change merges into the address as it is now (shell/latestPath).
  const latest = useLatestPath();
  const go = (next: Partial<AdvancedSearchView>) =>
    void navigate(
      advancedSearchPath({
        ...parseAdvancedSearch(latest().splat, window.location.search),
        ...next,
      }),
      { replace: true },
    );
  const customers = useQuery({
    queryKey: ['searchCustomers', 'all'],
    staleTime: 60_000,
    queryFn: () =>
      requestJson<CustomerOption[]>(`/api/rest/customers?range=${encodeURIComponent('[0,999]')}`),
  });
  const chosenCustomers = useMemo(
    () =>
      view.customerIds.map(
        (id) => customers.data?.find((c) => String(c.id) === id) ?? { id, name: `#${id}` },
      ),
    [customers.data, view.customerIds],
  );
  const searching = isSearchable(view.phrase);
  const params = searchOrdersParams(view);
  const result = useQuery({
    queryKey: ['consignments', 'search', { query: 'searchOrders', params }],
    enabled: searching,
    queryFn: async () => {
      const orders = await runQuery<OrderRow[]>('searchOrders', params);
      if (orders.length === 0) return [];
      const rows = await runQuery<ConsignmentRow[]>('consignments', {
        ids: orders.map((o) => o.orderId),
        limit: orders.length,
      });
      // In the search's order (newest pickup first).
      const byId = new Map(rows.map((r) => [r.id, r]));
      return orders.flatMap((o) => byId.get(o.orderId) ?? []);
    },
  });
  return (
    <Box sx={{ p: 2 }}>
      <PageHeader title={translate('search.advancedTitle')}>
        <PhraseField
          value={view.phrase}
          autoFocus
          onSettled={(phrase) => phrase !== view.phrase && go({ phrase })}
        />
        <OperatorSelect value={view.operator} onChange={(operator) => go({ operator })} />
        <TextField
          select
          size="small"
          label={translate('planner.stateFilter')}
          value={view.states}
          onChange={(e) => {
            const v = e.target.value as unknown;
            go({ states: (Array.isArray(v) ? v : String(v).split(',')) as typeof view.states });
          }}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (v) =>
                (v as string[]).length === 0
                  ? translate('planner.allStates')
                  : (v as string[]).map((s) => translate(`states.${s}`)).join(', '),
              displayEmpty: true,
            },
            inputLabel: { shrink: true },
          }}
          helperText=" "
          sx={{ minWidth: 170, maxWidth: 260 }}
        >
          {consignmentStates.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`states.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete<CustomerOption, true>
          multiple
          size="small"
          options={customers.data ?? []}
          getOptionLabel={(o) => o.name}
          getOptionKey={(o) => String(o.id)}
          isOptionEqualToValue={(o, v) => String(o.id) === String(v.id)}
          value={chosenCustomers}
          onChange={(_e, value) => go({ customerIds: value.map((c) => String(c.id)) })}
          renderInput={(input) => (
            <TextField {...input} label={translate('search.customers')} helperText=" " />
          )}
          sx={{ minWidth: 220, maxWidth: 320 }}
        />
        <DateField
          label={translate('planner.from')}
          value={view.fromDate ?? ''}
          onChange={(value) =>
            (value === '' || isoDate.test(value)) &&
            go({
              fromDate: value || null,
              // Spec §5: the to date follows a later from date.
              toDate: value && view.toDate && view.toDate < value ? value : view.toDate,
            })
          }
          helperText=" "
          minWidth={160}
        />
        <DateField
          label={translate('planner.to')}
          value={view.toDate ?? ''}
          onChange={(value) =>
            (value === '' || isoDate.test(value)) &&
            go({
              toDate: value || null,
              fromDate: value && view.fromDate && view.fromDate > value ? value : view.fromDate,
            })
          }
          helperText=" "
          minWidth={160}
        />
      </PageHeader>
      <SearchOutcome
        label={translate('search.advancedTitle')}
        searching={searching}
        result={result}
        summary={
          searching
            ? translate('planner.searching', { phrase: view.phrase })
            : translate('search.advancedHint')
        }
      />
    </Box>
  );
}
