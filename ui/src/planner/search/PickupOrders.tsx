import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { pickupOrderStates, type ConsignmentRow } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { formatDate, normalizeLocale, timeZoneFor, todayIn } from '../../i18n/locales';
import { PageHeader } from '../../layout/PageHeader';
import { usePageTitle } from '../../layout/pageTitle';
import { departmentMembers, useDepartmentOptions } from '../../layout/useDepartments';
import { useLiveDates } from '../../live/LiveProvider';
import { runQuery } from '../../shell/api';
import { useLatestPath } from '../../shell/latestPath';
import { DateRangeFilter } from '../DateRangeFilter';
import { liveDates } from '../shipmentsData';
import { SearchResultsGrid } from './SearchResultsGrid';
import { parsePickupOrders, pickupOrdersPath, type PickupOrdersView } from './searchPaths';

/** The most rows the query answers (its schema's maximum). */
const LIMIT = 5000;

/**
 * Pickup orders (spec §2 `/planner/{dep}/pickup-orders/{fromDate?}/{toDate?}`): the department's
 * (or group's) orders whose goods are still to be collected, by pickup date (query `pickupOrders`),
 * in the shipments grid; the live connection keeps them current: a collected order leaves
 * (docs/decisions/0052-search-screens.md).
 */
export default function PickupOrders() {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const navigate = useNavigate();
  usePageTitle('search.pickupTitle');
  const { departmentId = '', '*': splat = '' } = useParams();
  const options = useDepartmentOptions();
  const option = options.data?.find((d) => d.id === departmentId);
  const timeZone = timeZoneFor(option?.country ?? null);
  const today = todayIn(timeZone);
  const view = parsePickupOrders(splat, today);
  const latest = useLatestPath();
  const go = (next: Partial<PickupOrdersView>) =>
    void navigate(
      pickupOrdersPath(departmentId, { ...parsePickupOrders(latest().splat, today), ...next }),
      { replace: true },
    );
  const departmentIds = useMemo(
    () => departmentMembers(departmentId, options.data),
    [departmentId, options.data],
  );
  useLiveDates(
    useMemo(
      () => liveDates(view.fromDate, view.toDate, today),
      [view.fromDate, view.toDate, today],
    ),
  );
  // A rows key (shipmentsData `rowBelongs`): a pushed row joins or leaves by department, date
  // and state.
  const params = {
    departmentIds,
    fromDate: view.fromDate,
    toDate: view.toDate,
    states: [...pickupOrderStates],
  };
  const rows = useQuery({
    queryKey: ['consignments', 'rows', params, 'pickupOrders'],
    enabled: departmentIds.length > 0,
    queryFn: () =>
      runQuery<ConsignmentRow[]>('pickupOrders', {
        departmentIds,
        fromDate: view.fromDate,
        toDate: view.toDate,
        limit: LIMIT,
      }),
  });
  return (
    <Box sx={{ p: 2 }}>
      <PageHeader title={`${translate('search.pickupTitle')}${option ? ` · ${option.name}` : ''}`}>
        <DateRangeFilter
          fromDate={view.fromDate}
          toDate={view.toDate}
          today={today}
          onChange={(range) => go(range)}
        />
      </PageHeader>
      <Typography data-testid="pickup-range" variant="body2" sx={{ mb: 1 }}>
        {`${formatDate(view.fromDate, locale)} – ${formatDate(view.toDate, locale)}`}
      </Typography>
      {(rows.data?.length ?? 0) >= LIMIT ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translate('planner.truncated', { count: LIMIT.toLocaleString() })}
        </Alert>
      ) : null}
      <SearchResultsGrid
        name="PickupOrdersGrid"
        label={translate('search.pickupTitle')}
        rows={rows.data ?? []}
        loading={options.isPending || (departmentIds.length > 0 && rows.isPending)}
        failed={rows.isError}
        emptyText={translate('search.noPickups')}
        timeZone={timeZone}
      />
    </Box>
  );
}
