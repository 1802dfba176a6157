import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { consignmentStates, type ConsignmentRow } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { mayRun } from '../access/commands';
import { canOpen } from '../access/routes';
import { useShell } from '../app/UserContext';
import { DataGrid } from '../grid/DataGrid';
import { emptySelection, selectionReducer } from '../grid/selection';
import type { GridActions, RowMenuItem } from '../grid/types';
import { formatDate, normalizeLocale, timeZoneFor, todayIn } from '../i18n/locales';
import { PageHeader } from '../layout/PageHeader';
import { usePageTitle } from '../layout/pageTitle';
import { departmentMembers, useDepartmentOptions } from '../layout/useDepartments';
import { useLiveDates } from '../live/LiveProvider';
import { requestJson, runQuery } from '../shell/api';
import { useLatestPath } from '../shell/latestPath';
import {
  allowedBulkActions,
  BulkActionBar,
  BulkConfirmDialog,
  type BulkRequest,
} from './BulkActions';
import { DateRangeFilter } from './DateRangeFilter';
import { PhraseField } from './PhraseField';
import { OperatorSelect } from './OperatorSelect';
import { ShipmentDetails } from './details/ShipmentDetails';
import { shipmentColumns, shipmentDefaultHidden, shipmentGridName } from './shipmentColumns';
import { useShipmentRows } from './useShipmentRows';
import { UnresolvedNotice } from './unresolved/UnresolvedNotice';
import {
  liveDates,
  isSearchable,
  maxGridRows,
  moveTargets,
  parseShipmentsPath,
  rangeOf,
  shipmentsPath,
  type BulkOutcome,
  type RowsParams,
  type ShipmentsView,
} from './shipmentsData';

const getId = (row: ConsignmentRow) => row.id;
const getGroup = (row: ConsignmentRow) => row.groupId;
const isHigh = (row: ConsignmentRow) => row.priority === 'high';

interface CustomerRow {
  id: string;
  name: string;
  alystraId?: string | null;
}

/** The customers of the departments, for names in the grid and the customer of the URL. */
function useCustomers(departmentIds: string[]) {
  return useQuery({
    queryKey: ['shipmentCustomers', departmentIds],
    enabled: departmentIds.length > 0,
    staleTime: 60_000,
    queryFn: () =>
      requestJson<CustomerRow[]>(
        `/api/rest/customers?filter=${encodeURIComponent(JSON.stringify({ departmentId: departmentIds }))}&range=${encodeURIComponent('[0,999]')}`,
      ),
  });
}

/**
 * The shipments page of a department or group (spec §2 `/shipments/…` and `/shipments-search/…`):
 * the date range and the search phrase live in the URL; the rows are the department's
 * consignments of the range (`consignments`), or the search's (`searchConsignments`, more than 2
 * characters); the live connection updates them in place; a bulk-action bar acts on the
 * selection (docs/decisions/0016-shipments-grid.md).
 */
export default function Shipments() {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user } = useShell();
  usePageTitle('shipments');
  const { departmentId = '', '*': rest = '' } = useParams();
  const options = useDepartmentOptions();
  const option = options.data?.find((d) => d.id === departmentId);
  const timeZone = timeZoneFor(option?.country ?? null);
  const today = todayIn(timeZone);
  const base: ShipmentsView['base'] = pathname.includes('/shipments-search')
    ? 'shipments-search'
    : 'shipments';
  const view = parseShipmentsPath(base, rest, today);
  // A change merges into the address as it is now, not as this render saw it (shell/latestPath).
  const latest = useLatestPath();
  const latestView = (): ShipmentsView => {
    const now = latest();
    return parseShipmentsPath(
      now.base === 'shipments-search' ? 'shipments-search' : 'shipments',
      now.splat,
      today,
    );
  };
  const go = (next: Partial<ShipmentsView>, replace = false) =>
    void navigate(shipmentsPath(departmentId, { ...latestView(), ...next }), { replace });
  // A plain department's rows are asked for at once; a group's members come with the list.
  const departmentIds = useMemo(
    () => departmentMembers(departmentId, options.data),
    [departmentId, options.data],
  );

  // Date range: the named ranges, or custom with from/to pickers (spec §2; DateRangeFilter).
  const named = rangeOf(view.fromDate, view.toDate, today);

  // Search: more than 2 characters (spec §9); consignments combine words with OR by default.
  const [operator, setOperator] = useState<'OR' | 'AND'>('OR');
  const searching = isSearchable(view.searchPhrase);

  useLiveDates(
    useMemo(
      () => liveDates(view.fromDate, view.toDate, today),
      [view.fromDate, view.toDate, today],
    ),
  );

  const states = useMemo(() => (view.filter === 'all' ? [] : [view.filter]), [view.filter]);
  const params: RowsParams = useMemo(
    () => ({ departmentIds, fromDate: view.fromDate, toDate: view.toDate, states }),
    [departmentIds, view.fromDate, view.toDate, states],
  );
  const { query: list, progress } = useShipmentRows(params, departmentIds.length > 0 && !searching);
  const search = useQuery({
    queryKey: [
      'consignments',
      'search',
      {
        departmentIds,
        fromDate: view.fromDate,
        toDate: view.toDate,
        states,
        phrase: view.searchPhrase,
        operator,
      },
    ],
    enabled: departmentIds.length > 0 && searching,
    queryFn: () =>
      runQuery<ConsignmentRow[]>('searchConsignments', {
        searchPhrase: view.searchPhrase,
        searchOperator: operator,
        departmentIds,
        fromDate: view.fromDate,
        toDate: view.toDate,
        ...(states.length > 0 ? { states } : {}),
        limit: 1000,
      }),
  });
  const source = searching ? search : list;

  const customers = useCustomers(departmentIds);
  const names = useMemo(
    () => new Map((customers.data ?? []).map((c) => [String(c.id), c.name])),
    [customers.data],
  );
  const customerFilter = useMemo(() => {
    if (!view.customerAlystraId) return null;
    return new Set(
      (customers.data ?? [])
        .filter((c) => c.alystraId === view.customerAlystraId)
        .map((c) => String(c.id)),
    );
  }, [customers.data, view.customerAlystraId]);
  const rows = useMemo(() => {
    const all = searching ? (search.data ?? []) : (list.data?.data ?? []);
    return customerFilter ? all.filter((r) => customerFilter.has(r.customerId)) : all;
  }, [searching, search.data, list.data, customerFilter]);

  // A row's customer: its own name (any department), else the department's list, else the id.
  const customerOf = useCallback(
    (r: ConsignmentRow) => r.customerName ?? names.get(r.customerId) ?? r.customerId,
    [names],
  );
  const columns = useMemo(
    () => shipmentColumns(translate, locale, timeZone, customerOf),
    [translate, locale, timeZone, customerOf],
  );

  const [selection, dispatch] = useReducer(selectionReducer, emptySelection);
  // A move needs a department to go to: the plain departments of the access but this one.
  const targets = useMemo(
    () => moveTargets(options.data ?? [], departmentId),
    [options.data, departmentId],
  );
  const allowed = useMemo(
    () => allowedBulkActions(user).filter((a) => a !== 'move' || targets.length > 0),
    [user, targets],
  );
  const [request, setRequest] = useState<BulkRequest | null>(null);
  const mayEdit = canOpen(user, '/planner/:departmentId/booking/*') && mayRun(user, 'UPDATE_ORDER');
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const detailsRow = rows.find((r) => r.id === detailsId) ?? null;
  const actions = useMemo<GridActions<ConsignmentRow>>(() => {
    const menu = (row: ConsignmentRow): RowMenuItem[] => [
      // Every reader of the grid may open a consignment's details (issue 13).
      { label: translate('details.open'), onClick: () => setDetailsId(row.id) },
      ...allowed
        .filter((a) => a !== 'delete')
        .map((a) => ({
          label: translate(`planner.bulk.${a}`),
          onClick: () => setRequest({ action: a, ids: [row.id] }),
        })),
    ];
    return {
      onEdit: mayEdit
        ? (row) => void navigate(`/planner/${departmentId}/booking/edit/${row.orderId}`)
        : undefined,
      onDelete: allowed.includes('delete')
        ? (row) => setRequest({ action: 'delete', ids: [row.id] })
        : undefined,
      menu,
    };
  }, [allowed, mayEdit, navigate, departmentId, translate]);
  const onDone = useCallback((outcome: BulkOutcome) => {
    // What failed stays selected, so the planner sees it and can act again.
    dispatch({ type: 'clear' });
    if (outcome.failed.length > 0)
      dispatch({ type: 'toggleAll', ids: outcome.failed.map((f) => f.id) });
  }, []);

  const selectedIds = [...selection.selected];
  return (
    <Box sx={{ p: 2 }}>
      <PageHeader title={`${translate('pages.shipments')}${option ? ` · ${option.name}` : ''}`}>
        <PhraseField
          value={view.searchPhrase}
          onSettled={(next) =>
            next !== latestView().searchPhrase && go({ searchPhrase: next }, true)
          }
        />
        <OperatorSelect value={operator} onChange={setOperator} />
        <TextField
          select
          size="small"
          label={translate('planner.stateFilter')}
          value={view.filter}
          onChange={(e) => {
            const v = e.target.value;
            const filter = (consignmentStates as readonly string[]).includes(v)
              ? (v as ShipmentsView['filter'])
              : 'all';
            go({ base: 'shipments', filter });
          }}
          helperText=" "
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="all">{translate('planner.allStates')}</MenuItem>
          {consignmentStates.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`states.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <DateRangeFilter
          fromDate={view.fromDate}
          toDate={view.toDate}
          today={today}
          onChange={(range) => go(range)}
        />
      </PageHeader>
      <UnresolvedNotice departmentId={departmentId} departmentIds={departmentIds} />
      <Typography data-testid="shipments-range" variant="body2" sx={{ mb: 1 }}>
        {named === 'all'
          ? translate('planner.ranges.all')
          : `${formatDate(view.fromDate, locale)} – ${formatDate(view.toDate, locale)}`}
        {searching ? ` · ${translate('planner.searching', { phrase: view.searchPhrase })}` : ''}
      </Typography>
      {source.isError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate('errors.server')}
        </Alert>
      ) : null}
      {!searching && list.data?.truncated ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translate('planner.truncated', { count: maxGridRows.toLocaleString() })}
        </Alert>
      ) : null}
      <BulkActionBar
        count={selection.selected.size}
        allowed={allowed}
        onAction={(action) => setRequest({ action, ids: selectedIds })}
        onClear={() => dispatch({ type: 'clear' })}
        ids={selectedIds}
      />
      <DataGrid<ConsignmentRow>
        name={shipmentGridName}
        label={translate('pages.shipments')}
        columns={columns}
        defaultHidden={shipmentDefaultHidden}
        rows={rows}
        getId={getId}
        getGroup={getGroup}
        isHighPriority={isHigh}
        selection={selection}
        onSelection={dispatch}
        loading={options.isPending || (departmentIds.length > 0 && source.isPending)}
        loadingText={
          progress > 0 && !searching
            ? translate('planner.loadingProgress', { count: progress.toLocaleString() })
            : translate('planner.loadingShipments')
        }
        emptyText={translate('planner.noShipments')}
        actions={actions}
        focusId={view.shipmentId}
      />
      <ShipmentDetails
        row={detailsRow}
        customerName={detailsRow ? customerOf(detailsRow) : ''}
        timeZone={timeZone}
        onClose={() => setDetailsId(null)}
      />
      <BulkConfirmDialog
        request={request}
        targets={targets}
        allOrNothing={mayRun(user, 'MOVE_ORDERS_NEW')}
        onClose={() => setRequest(null)}
        onDone={onDone}
      />
    </Box>
  );
}
