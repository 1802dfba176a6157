import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type InvoicingRunRow, type InvoicingRunState } from '@nordlog/contracts';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatDate, formatDateTime } from '../../i18n/locales';
import { EmptyRow, useLocaleCode, useMoney } from './common';
import { InvoiceTable } from './InvoiceTable';
import { isRunActive, runsEndedSince } from './invoicingModel';
import { useCustomerNames, useInvoicingRuns, useRunInvoices } from './queries';

const RUN_COLUMNS = [
  'requestedAt',
  'period',
  'customer',
  'state',
  'orders',
  'totals',
  'invoices',
] as const;

const stateColor: Record<InvoicingRunState, 'default' | 'info' | 'success' | 'error'> = {
  REQUESTED: 'default',
  RUNNING: 'info',
  COMPLETED: 'success',
  FAILED: 'error',
};

/**
 * The department's invoicing runs (newest first): state, period, customer, orders, totals and
 * errors; a run's invoices with their PDF and CSV documents. A requested or running run shows a
 * progress bar and is followed to its end (pushed rows, and a fetch every 2 s meanwhile); when a
 * run ends, `onRunsEnded` lets the page fetch the orders again.
 */
export function RunsPanel(props: {
  departmentId: string;
  timeZone: string;
  onRunsEnded: () => void;
}) {
  const translate = useTranslate();
  const locale = useLocaleCode();
  const money = useMoney();
  const runs = useInvoicingRuns(props.departmentId);
  const rows = useMemo(() => runs.data ?? [], [runs.data]);
  const [open, setOpen] = useState<string | null>(null);
  const names = useCustomerNames(
    useMemo(() => rows.flatMap((r) => (r.customerId ? [r.customerId] : [])), [rows]),
  );

  // A run that ended since the list was first read changed orders and issued invoices (whether
  // or not it was seen going: a small run ends before the list is fetched again).
  const ended = useRef<Set<string> | null>(null);
  const { onRunsEnded } = props;
  useEffect(() => {
    if (!runs.data) return;
    const fresh = runsEndedSince(ended.current ?? new Set(), rows);
    if (ended.current !== null && fresh.length > 0) onRunsEnded();
    ended.current = new Set([...(ended.current ?? []), ...fresh]);
  }, [runs.data, rows, onRunsEnded]);

  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`invoicingScreen.runs.${key}`, options);
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="invoicing-runs-title"
      sx={{ p: 2, mt: 2, minWidth: 0 }}
    >
      <Typography id="invoicing-runs-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      {runs.isError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate('errors.server')}
        </Alert>
      ) : null}
      <TableContainer
        tabIndex={0}
        role="region"
        aria-label={t('caption')}
        sx={{ overflowX: 'auto' }}
      >
        <Table size="small" data-testid="invoicing-runs">
          <TableHead>
            <TableRow>
              {RUN_COLUMNS.map((c) => (
                <TableCell key={c}>{t(`columns.${c}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <EmptyRow
                colSpan={RUN_COLUMNS.length}
                loading={runs.isPending}
                text={t('none')}
                testId="invoicing-runs-none"
              />
            ) : (
              rows.map((run) => (
                <Fragment key={run.id}>
                  <RunRow
                    run={run}
                    customer={run.customerId ? (names.get(run.customerId) ?? run.customerId) : null}
                    timeZone={props.timeZone}
                    open={open === run.id}
                    onToggle={() => setOpen(open === run.id ? null : run.id)}
                    money={money}
                  />
                  {open === run.id ? (
                    <TableRow>
                      <TableCell colSpan={RUN_COLUMNS.length} sx={{ bgcolor: 'action.hover' }}>
                        <RunInvoices departmentId={props.departmentId} run={run} locale={locale} />
                      </TableCell>
                    </TableRow>
                  ) : null}
                </Fragment>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

function RunRow({
  run,
  customer,
  timeZone,
  open,
  onToggle,
  money,
}: {
  run: InvoicingRunRow;
  customer: string | null;
  timeZone: string;
  open: boolean;
  onToggle: () => void;
  money: (minor: number, currency: string | null | undefined) => string;
}) {
  const translate = useTranslate();
  const locale = useLocaleCode();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`invoicingScreen.runs.${key}`, options);
  const active = isRunActive(run.state);
  return (
    <TableRow
      data-testid="invoicing-run-row"
      data-run-id={run.id}
      data-state={run.state}
      selected={open}
    >
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(run.requestedAt, locale, timeZone)}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {`${formatDate(run.fromDate, locale)} – ${formatDate(run.toDate, locale)}`}
      </TableCell>
      <TableCell>{customer ?? t('allCustomers')}</TableCell>
      <TableCell sx={{ minWidth: 160 }}>
        <Chip
          size="small"
          variant="outlined"
          color={stateColor[run.state]}
          label={t(`state.${run.state}`)}
          data-testid="invoicing-run-state"
        />
        {active ? (
          <LinearProgress
            sx={{ mt: 0.5 }}
            aria-label={t('progress', { id: run.id })}
            data-testid="invoicing-run-progress"
          />
        ) : null}
        {run.errors.length > 0 ? (
          <Box data-testid="invoicing-run-errors" sx={{ mt: 0.5 }}>
            {run.errors.map((e, i) => (
              <Typography key={i} variant="body2" color="error">
                {e}
              </Typography>
            ))}
          </Box>
        ) : null}
      </TableCell>
      <TableCell>
        {active ? (
          '–'
        ) : (
          <>
            <Typography variant="body2">
              {t('orders', { orders: run.orders, billingOrders: run.billingOrders })}
            </Typography>
            {run.takenByOthers > 0 ? (
              <Typography variant="caption" color="text.secondary">
                {t('takenByOthers', { smart_count: run.takenByOthers })}
              </Typography>
            ) : null}
            {run.changed > 0 ? (
              <Typography variant="caption" color="text.secondary" component="div">
                {t('changed', { smart_count: run.changed })}
              </Typography>
            ) : null}
          </>
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {run.totals.length === 0
          ? '–'
          : run.totals.map((total) => (
              <Box key={total.currency} data-testid="invoicing-run-total">
                {t('total', {
                  net: money(total.net, total.currency),
                  gross: money(total.gross, total.currency),
                })}
              </Box>
            ))}
      </TableCell>
      <TableCell>
        {run.invoiceIds.length > 0 || active ? (
          <Button
            size="small"
            variant={open ? 'contained' : 'outlined'}
            color="secondary"
            aria-expanded={open}
            aria-label={t(open ? 'hideInvoices' : 'showInvoices', { id: run.id })}
            onClick={onToggle}
          >
            {t('invoiceCount', { smart_count: run.invoiceIds.length })}
          </Button>
        ) : (
          '–'
        )}
      </TableCell>
    </TableRow>
  );
}

/** A run's invoices, each with its PDF and CSV (spec §7 GET /api/download-invoice/…). */
function RunInvoices({
  departmentId,
  run,
  locale,
}: {
  departmentId: string;
  run: InvoicingRunRow;
  locale: ReturnType<typeof useLocaleCode>;
}) {
  const translate = useTranslate();
  const invoices = useRunInvoices(departmentId, run.id, isRunActive(run.state));
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`invoicingScreen.invoices.${key}`, options);
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('title', { id: run.id })}
      </Typography>
      {invoices.isError ? <Alert severity="error">{translate('errors.server')}</Alert> : null}
      <InvoiceTable
        rows={invoices.data ?? []}
        pending={invoices.isPending}
        label={t('title', { id: run.id })}
        testId="run-invoices"
        locale={locale}
      />
    </Box>
  );
}
