import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ConsignmentRow } from '@nordlog/contracts';
import { addDays, format, parseISO } from 'date-fns';
import { useCallback, useMemo, useReducer } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useMayRun } from '../access/useMayRun';
import { DataGrid } from '../grid/DataGrid';
import { emptySelection, selectionReducer } from '../grid/selection';
import type { GridActions } from '../grid/types';
import { normalizeLocale, timeZoneFor, todayIn } from '../i18n/locales';
import { PageHeader } from '../layout/PageHeader';
import { usePageTitle } from '../layout/pageTitle';
import { useLiveDates } from '../live/LiveProvider';
import { DateRangeFilter } from '../planner/DateRangeFilter';
import { shipmentColumns, shipmentDefaultHidden } from '../planner/shipmentColumns';
import { liveDates, maxGridRows, type RowsParams } from '../planner/shipmentsData';
import { useShipmentRows } from '../planner/useShipmentRows';

const getId = (row: ConsignmentRow) => row.id;
const getGroup = (row: ConsignmentRow) => row.groupId;
const isHigh = (row: ConsignmentRow) => row.priority === 'high';
const iso = (d: Date) => format(d, 'yyyy-MM-dd');

/**
 * The customer portal's shipments (docs/decisions/0074-customer-portal.md): the planners' grid
 * (spec §2 CustomerShipmentPageGrid, its own column settings) over the `consignments` query, which
 * the server answers with the customer's and its sub-customers' rows only; the live connection
 * updates them in place. The range is in the address (`?from=…&to=…`, default a week either
 * side of today); a row opens the shipment's page (its labels and tracking link).
 */
export default function CustomerShipments({ departmentIds }: { departmentIds: string[] }) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const navigate = useNavigate();
  const mayRun = useMayRun();
  usePageTitle('portal.shipments');
  const timeZone = timeZoneFor(null);
  const today = todayIn(timeZone);
  const [search, setSearch] = useSearchParams();
  const fromDate = search.get('from') ?? iso(addDays(parseISO(today), -7));
  const toDate = search.get('to') ?? iso(addDays(parseISO(today), 7));
  useLiveDates(useMemo(() => liveDates(fromDate, toDate, today), [fromDate, toDate, today]));
  const params: RowsParams = useMemo(
    () => ({ departmentIds, fromDate, toDate, states: [] }),
    [departmentIds, fromDate, toDate],
  );
  // Asked for once the customer's department is known (a first load without it would be thrown
  // away: bench:customer measured the page loading its rows twice).
  const { query: list, progress } = useShipmentRows(params, departmentIds.length > 0);
  const customerOf = useCallback((r: ConsignmentRow) => r.customerName ?? r.customerId, []);
  const columns = useMemo(
    () => shipmentColumns(translate, locale, timeZone, customerOf),
    [translate, locale, timeZone, customerOf],
  );
  const [selection, dispatch] = useReducer(selectionReducer, emptySelection);
  const actions = useMemo<GridActions<ConsignmentRow>>(
    () => ({
      menu: (row) => [
        {
          label: translate('details.open'),
          onClick: () => void navigate(`/customer/shipments/${row.shipmentId ?? row.orderId}`),
        },
      ],
    }),
    [navigate, translate],
  );
  return (
    <Box sx={{ p: 2 }}>
      <PageHeader title={translate('portal.shipments')}>
        {mayRun('CREATE_ORDER') ? (
          <Button variant="contained" component={RouterLink} to="/customer/booking/create">
            {translate('portal.book')}
          </Button>
        ) : null}
        <DateRangeFilter
          fromDate={fromDate}
          toDate={toDate}
          today={today}
          onChange={(range) => setSearch({ from: range.fromDate, to: range.toDate })}
        />
      </PageHeader>
      {list.isError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate('errors.server')}
        </Alert>
      ) : null}
      {list.data?.truncated ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translate('planner.truncated', { count: maxGridRows.toLocaleString() })}
        </Alert>
      ) : null}
      <DataGrid<ConsignmentRow>
        name="CustomerShipmentPageGrid"
        label={translate('portal.shipments')}
        columns={columns}
        defaultHidden={shipmentDefaultHidden}
        rows={list.data?.data ?? []}
        getId={getId}
        getGroup={getGroup}
        isHighPriority={isHigh}
        selection={selection}
        onSelection={dispatch}
        loading={departmentIds.length === 0 || list.isPending}
        loadingText={
          progress > 0
            ? translate('planner.loadingProgress', { count: progress.toLocaleString() })
            : translate('planner.loadingShipments')
        }
        emptyText={translate('planner.noShipments')}
        actions={actions}
      />
    </Box>
  );
}
