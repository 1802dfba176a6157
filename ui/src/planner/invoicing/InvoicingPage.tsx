import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { invoicingStatuses, type InvoicingDataRow } from '@nordlog/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { canOpen } from '../../access/routes';
import { useShell } from '../../app/UserContext';
import { DateField } from '../../inputs/LazyPickers';
import { usePageTitle } from '../../layout/pageTitle';
import { useLatestPath } from '../../shell/latestPath';
import { CustomerPicker, InvoicingHeader, useDebounced, useInvoicingDepartment } from './common';
import { CorrectionDialog } from './CorrectionDialog';
import { BulkActionDialog, RunInvoicingDialog } from './InvoicingDialogs';
import type { InvoicingBulkAction } from './bulkModel';
import {
  DEFAULT_PAGE_SIZE,
  invoicingDataParams,
  invoicingPath,
  pageSizes,
  parseInvoicingPath,
  SEARCH_DEBOUNCE_MS,
  searchOf,
  type InvoicingBase,
  type InvoicingView,
  type ShipmentFilter,
} from './invoicingModel';
import { PriceCorrectionDialog } from './PriceCorrectionDialog';
import { InvoicingOrdersTable } from './InvoicingOrdersTable';
import { useInvoicingData } from './queries';
import { RunsPanel } from './RunsPanel';
import { useInvoicingCommands } from './useInvoicingCommands';

const P = '/planner/:departmentId';

/**
 * The invoicing screen (spec §2 `/invoicing/{fromDate?}/{toDate?}/{shipmentFilter?}/
 * {searchShipments?}/{customerAlystraId?}` and `/invoicing-new/*`; issue 18 §2): a department's
 * orders of a period with their invoicing status, price and errors (query `invoicingData`); the
 * count of every status as filter chips; search and customer; pause, release or set the status of
 * the selected orders (each asks for a reason, and says how many it touches); price corrections
 * of an order; an invoicing run for the period; the runs with their invoices and documents. The
 * filters are the URL, so a link or a reload shows the same view.
 */
export default function InvoicingPage() {
  const translate = useTranslate();
  const { user } = useShell();
  usePageTitle('invoicingScreen.title');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { '*': rest = '' } = useParams();
  const department = useInvoicingDepartment();
  const { departmentId, today } = department;
  const base: InvoicingBase = pathname.includes('/invoicing-new') ? 'invoicing-new' : 'invoicing';
  const view = useMemo(() => parseInvoicingPath(base, rest, today), [base, rest, today]);
  // A change merges into the address as it is now, not as this render saw it (shell/latestPath).
  const latest = useLatestPath();
  const go = (change: Partial<InvoicingView>) => {
    const now = latest();
    const current = parseInvoicingPath(
      now.base === 'invoicing-new' ? 'invoicing-new' : 'invoicing',
      now.splat,
      today,
    );
    void navigate(invoicingPath(department.param, { ...current, ...change }), { replace: true });
  };

  // The search box filters once typing rests; the URL holds what was searched.
  const [searchText, setSearchText] = useState(view.search);
  useEffect(() => setSearchText(view.search), [view.search]);
  const settledSearch = useDebounced(searchText, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    const search = searchOf(settledSearch);
    if (search !== view.search) go({ search });
    // Only a settled search moves the URL.
  }, [settledSearch]);

  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // Another view is other rows: the page and the selection start again.
  const viewKey = `${departmentId}|${view.fromDate}|${view.toDate}|${view.shipmentFilter}|${view.search}|${view.customerAlystraId}`;
  useEffect(() => {
    setPage(0);
    setSelected(new Set());
  }, [viewKey]);

  const params = departmentId
    ? invoicingDataParams(departmentId, view, pageSize, page * pageSize)
    : null;
  const data = useInvoicingData(params);
  const rows = useMemo(() => data.data?.rows ?? [], [data.data]);
  const shipmentOf = useMemo(() => {
    const byOrder = new Map(rows.map((r) => [r.orderId, r.shipmentId ?? r.orderId]));
    return (orderId: string) => byOrder.get(orderId) ?? orderId;
  }, [rows]);

  const commands = useInvoicingCommands();
  const [bulk, setBulk] = useState<InvoicingBulkAction | null>(null);
  const [running, setRunning] = useState(false);
  const [pricing, setPricing] = useState<InvoicingDataRow | null>(null);
  const [correcting, setCorrecting] = useState<InvoicingDataRow | null>(null);
  const mayCorrections = canOpen(user, `${P}/corrections/:date?`);
  const mayBilling = canOpen(user, `${P}/billing-order/*`);
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`invoicingScreen.${key}`, options);

  const counts = data.data?.counts;
  const all = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : null;
  const chip = (filter: ShipmentFilter, count: number | null) => (
    <Chip
      key={filter}
      size="small"
      clickable
      color={view.shipmentFilter === filter ? 'secondary' : 'default'}
      variant={view.shipmentFilter === filter ? 'filled' : 'outlined'}
      aria-pressed={view.shipmentFilter === filter}
      data-testid={`invoicing-filter-${filter}`}
      label={`${filter === 'ALL' ? t('filters.all') : t(`status.${filter}`)}${count === null ? '' : ` (${count})`}`}
      onClick={() => go({ shipmentFilter: filter })}
    />
  );

  return (
    <Box sx={{ p: 2, minWidth: 0 }}>
      <InvoicingHeader title={t('title')} department={department}>
        {mayCorrections ? (
          <Button
            component={RouterLink}
            to={`/planner/${department.param}/corrections`}
            color="secondary"
          >
            {t('corrections.title')}
          </Button>
        ) : null}
        {mayBilling ? (
          <Button
            component={RouterLink}
            to={`/planner/${department.param}/billing-order`}
            color="secondary"
          >
            {t('billing.title')}
          </Button>
        ) : null}
        <Button
          variant="contained"
          color="secondary"
          disabled={!departmentId}
          onClick={() => setRunning(true)}
          data-testid="run-invoicing"
        >
          {t('run.open')}
        </Button>
      </InvoicingHeader>

      <Stack
        direction="row"
        spacing={2}
        sx={{ mb: 1, flexWrap: 'wrap', rowGap: 2, alignItems: 'flex-start' }}
        component="form"
        role="search"
        aria-label={t('filters.label')}
        onSubmit={(e) => e.preventDefault()}
      >
        <DateField
          label={t('period.from')}
          value={view.fromDate}
          onChange={(fromDate) => fromDate && go({ fromDate })}
          minWidth={170}
        />
        <DateField
          label={t('period.to')}
          value={view.toDate}
          onChange={(toDate) => toDate && go({ toDate })}
          minWidth={170}
        />
        <TextField
          size="small"
          type="search"
          label={translate('app.search')}
          helperText={translate('app.searchHint')}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'invoicing-search' } }}
        />
        <CustomerPicker
          kind="alystra"
          label={t('filters.customer')}
          value={view.customerAlystraId}
          onChange={(customerAlystraId) => go({ customerAlystraId })}
          departmentIds={department.members}
          minWidth={260}
        />
      </Stack>

      <Stack
        direction="row"
        spacing={1}
        sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1 }}
        role="group"
        aria-label={t('filters.status')}
      >
        {chip('ALL', all)}
        {invoicingStatuses.map((s) => chip(s, counts ? counts[s] : null))}
      </Stack>

      {data.isError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate('errors.server')}
        </Alert>
      ) : null}

      {selected.size > 0 ? (
        <Paper
          variant="outlined"
          sx={{ p: 1, mb: 1, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
          data-testid="invoicing-bulk-bar"
        >
          <Typography sx={{ mr: 1 }}>
            {t('bulk.selected', { smart_count: selected.size })}
          </Typography>
          {(['pause', 'release', 'setStatus'] as const).map((action) => (
            <Button
              key={action}
              size="small"
              variant="outlined"
              onClick={() => setBulk(action)}
              data-testid={`invoicing-bulk-${action}`}
            >
              {t(`bulk.${action}`)}
            </Button>
          ))}
          <Button size="small" onClick={() => setSelected(new Set())}>
            {t('bulk.clear')}
          </Button>
        </Paper>
      ) : null}

      <InvoicingOrdersTable
        rows={rows}
        loading={data.isPending}
        selected={selected}
        setSelected={setSelected}
        onPrices={setPricing}
        onCorrection={setCorrecting}
      />
      <TablePagination
        component="div"
        count={data.data?.total ?? 0}
        page={page}
        onPageChange={(_e, next) => setPage(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...pageSizes]}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('rowsPerPage')}
      />

      {departmentId ? (
        <RunsPanel
          departmentId={departmentId}
          timeZone={department.timeZone}
          onRunsEnded={commands.runsEnded}
        />
      ) : null}

      <BulkActionDialog
        action={bulk}
        orderIds={[...selected]}
        onClose={() => setBulk(null)}
        onConfirm={async (action, payloads) => {
          const outcome = await commands.bulk(action, payloads, shipmentOf);
          setBulk(null);
          setSelected(new Set(outcome.failed.map((f) => f.id)));
        }}
      />
      {departmentId ? (
        <RunInvoicingDialog
          open={running}
          departmentId={departmentId}
          departmentIds={department.members}
          initial={{ fromDate: view.fromDate, toDate: view.toDate, customerId: '' }}
          onClose={() => setRunning(false)}
          onStart={async (payload) => {
            const result = await commands.startRun(payload);
            if (result.ok) setRunning(false);
            return result.ok ? null : result.failure;
          }}
        />
      ) : null}
      <PriceCorrectionDialog row={pricing} onClose={() => setPricing(null)} />
      <CorrectionDialog
        target={
          correcting
            ? {
                mode: 'create',
                orderId: correcting.orderId,
                packages: correcting.packages,
                shipment: correcting.shipmentId ?? correcting.orderId,
              }
            : null
        }
        onClose={() => setCorrecting(null)}
        onSend={async (payload) => {
          const result = await commands.proposeCorrection(payload);
          if (result.ok) setCorrecting(null);
          return result.ok ? null : result.failure;
        }}
      />
    </Box>
  );
}
