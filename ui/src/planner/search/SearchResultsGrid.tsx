import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ConsignmentRow } from '@nordlog/contracts';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo, useReducer, useState, type ReactNode } from 'react';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { mayRun } from '../../access/commands';
import { canOpen } from '../../access/routes';
import { useShell } from '../../app/UserContext';
import { DataGrid } from '../../grid/DataGrid';
import type { GridName } from '../../grid/constants';
import { emptySelection, selectionReducer } from '../../grid/selection';
import type { GridActions, RowMenuItem } from '../../grid/types';
import { normalizeLocale, timeZoneFor } from '../../i18n/locales';
import { runQuery, sendCommand } from '../../shell/api';
import { toastTimeouts } from '../../shell/timeouts';
import { ShipmentDetails } from '../details/ShipmentDetails';
import { shipmentColumns, shipmentDefaultHidden } from '../shipmentColumns';

const getId = (row: ConsignmentRow) => row.id;
const getGroup = (row: ConsignmentRow) => row.groupId;
const isHigh = (row: ConsignmentRow) => row.priority === 'high';
const customerOf = (row: ConsignmentRow) => row.customerName ?? row.customerId;

/**
 * The shipments grid (its columns and look, planner/shipmentColumns) for the rows of a search or
 * of the pickup orders: every row opens its details; a row on a load carrier shows the
 * consignments on the same one (consignmentsInSameLoadCarrier) in place of the result until
 * the planner goes back; a deleted row is restored from here (RESTORE_ORDERS) or opened in the
 * order form's restore mode (docs/decisions/0052-search-screens.md).
 */
export function SearchResultsGrid(props: {
  name: GridName;
  label: string;
  rows: readonly ConsignmentRow[];
  loading: boolean;
  failed: boolean;
  emptyText: ReactNode;
  timeZone: string;
  /** After a restore: the screen asks for its rows again. */
  onChanged?: () => void;
}) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user } = useShell();
  const [selection, dispatch] = useReducer(selectionReducer, emptySelection);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [carrierOf, setCarrierOf] = useState<ConsignmentRow | null>(null);
  const carrier = useQuery({
    queryKey: ['consignments', 'loadCarrier', carrierOf?.id ?? ''],
    enabled: carrierOf !== null,
    queryFn: () =>
      runQuery<ConsignmentRow[]>('consignmentsInSameLoadCarrier', {
        consignmentId: carrierOf!.id,
      }),
  });
  const rows = carrierOf ? (carrier.data ?? []) : props.rows;
  const columns = useMemo(
    () => shipmentColumns(translate, locale, props.timeZone, customerOf),
    [translate, locale, props.timeZone],
  );
  const mayRestore = mayRun(user, 'RESTORE_ORDERS');
  const mayOpenForm =
    canOpen(user, '/planner/:departmentId/booking/*') && mayRun(user, 'UPDATE_ORDER');
  const restore = useCallback(
    async (row: ConsignmentRow) => {
      try {
        const answer = await sendCommand('RESTORE_ORDERS', { orderIds: [row.orderId] });
        const failure = answer.failed[0];
        notify(
          failure
            ? translate('search.restoreFailed', { id: row.orderId, reason: failure.description })
            : translate('search.restored', { id: row.shipmentId ?? row.orderId }),
          {
            type: failure ? 'error' : 'success',
            autoHideDuration: failure ? toastTimeouts.notice : toastTimeouts.short,
          },
        );
        void client.invalidateQueries({ queryKey: ['consignments'] });
        props.onChanged?.();
      } catch {
        notify('errors.server', { type: 'error' });
      }
    },
    [client, notify, props, translate],
  );
  const actions = useMemo<GridActions<ConsignmentRow>>(() => {
    const menu = (row: ConsignmentRow): RowMenuItem[] => [
      { label: translate('details.open'), onClick: () => setDetailsId(row.id) },
      ...(row.loadCarrierId
        ? [{ label: translate('search.sameLoadCarrier'), onClick: () => setCarrierOf(row) }]
        : []),
      ...(row.state === 'DELETED' && mayRestore
        ? [{ label: translate('search.restore'), onClick: () => void restore(row) }]
        : []),
      ...(row.state === 'DELETED' && mayOpenForm
        ? [
            {
              label: translate('search.restoreInForm'),
              onClick: () =>
                void navigate(`/planner/${row.departmentId}/booking/restore/${row.orderId}`),
            },
          ]
        : []),
    ];
    return { menu };
  }, [translate, mayRestore, mayOpenForm, restore, navigate]);
  const detailsRow = rows.find((r) => r.id === detailsId) ?? null;
  const loading = carrierOf ? carrier.isPending : props.loading;
  return (
    <>
      {carrierOf ? (
        <Typography data-testid="load-carrier" variant="body2" sx={{ mb: 1 }}>
          {translate('search.loadCarrierRows', { carrier: carrierOf.loadCarrierId ?? '' })}{' '}
          <Link component="button" variant="body2" onClick={() => setCarrierOf(null)}>
            {translate('search.backToResults')}
          </Link>
        </Typography>
      ) : null}
      {(carrierOf ? carrier.isError : props.failed) ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate('errors.server')}
        </Alert>
      ) : null}
      <DataGrid<ConsignmentRow>
        name={props.name}
        label={props.label}
        columns={columns}
        defaultHidden={shipmentDefaultHidden}
        rows={rows}
        getId={getId}
        getGroup={getGroup}
        isHighPriority={isHigh}
        selection={selection}
        onSelection={dispatch}
        loading={loading}
        loadingText={translate('planner.loadingShipments')}
        emptyText={props.emptyText}
        actions={actions}
      />
      <ShipmentDetails
        row={detailsRow}
        customerName={detailsRow ? customerOf(detailsRow) : ''}
        timeZone={props.timeZone}
        onClose={() => setDetailsId(null)}
      />
    </>
  );
}

/** A search screen's result: what it searched (or how to), then its rows in the grid. */
export function SearchOutcome(props: {
  label: string;
  summary: string;
  searching: boolean;
  result: UseQueryResult<ConsignmentRow[]>;
}) {
  const translate = useTranslate();
  const { result, searching } = props;
  return (
    <>
      <Typography data-testid="search-summary" variant="body2" sx={{ mb: 1 }}>
        {props.summary}
      </Typography>
      <SearchResultsGrid
        name="SearchResultsGrid"
        label={props.label}
        rows={searching ? (result.data ?? []) : []}
        loading={searching && result.isPending}
        failed={result.isError}
        emptyText={translate('planner.noShipments')}
        // Across departments: the default zone of the product's countries.
        timeZone={timeZoneFor(null)}
      />
    </>
  );
}
