import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CorrectionValues } from '@nordlog/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { canOpen } from '../../access/routes';
import { useShell } from '../../app/UserContext';
import { DateField } from '../../inputs/LazyPickers';
import { usePageTitle } from '../../layout/pageTitle';
import { DialogButtons, EmptyRow, InvoicingHeader, useInvoicingDepartment } from './common';
import { CorrectionDialog } from './CorrectionDialog';
import {
  correctionFields,
  correctionFilters,
  correctionsDate,
  correctionsParams,
  correctionsPath,
  defaultCorrectionFilter,
  filterCorrections,
  rejectPayload,
  type CorrectionField,
  type CorrectionFilter,
  type CorrectionRow,
} from './correctionsModel';
import { useOrderCorrections } from './queries';
import { useInvoicingCommands } from './useInvoicingCommands';

/** The figures of a correction, in the order the accept dialog has them. */
const FIGURES: readonly CorrectionField[] = correctionFields;

/**
 * Order corrections (spec §2 `/corrections/{date?}` and `/corrections/old/{date?}`; §3, §4
 * pending → accepted or rejected; issue 18 §3): what couriers and planners measured or waited that
 * differs from the booking, of a day or every day. `/corrections` shows what waits for a decision,
 * `/corrections/old` what was decided. Accept opens the proposal's values to edit before they are
 * applied (the spec's accept payload); reject asks for an optional comment. Both confirm with a
 * toast of exactly 1000 ms (spec §7).
 */
export default function CorrectionsRoute() {
  const { pathname } = useLocation();
  const old = pathname.includes('/corrections/old');
  // The two routes are two pages: each starts with its own filter (nothing carried over).
  return <CorrectionsPage key={old ? 'old' : 'pending'} old={old} />;
}

function CorrectionsPage({ old }: { old: boolean }) {
  const translate = useTranslate();
  const { user } = useShell();
  usePageTitle('invoicingScreen.corrections.title');
  const navigate = useNavigate();
  const { date: dateParam } = useParams();
  const department = useInvoicingDepartment();
  const date = correctionsDate(dateParam);
  const [filter, setFilter] = useState<CorrectionFilter>(defaultCorrectionFilter(old));
  const params = department.departmentId
    ? correctionsParams(department.departmentId, date, filter)
    : null;
  const corrections = useOrderCorrections(params);
  const rows = useMemo(
    () => filterCorrections(corrections.data ?? [], filter),
    [corrections.data, filter],
  );
  const commands = useInvoicingCommands();
  const [accepting, setAccepting] = useState<CorrectionRow | null>(null);
  const [rejecting, setRejecting] = useState<CorrectionRow | null>(null);
  const mayInvoicing = canOpen(user, '/planner/:departmentId/invoicing/*');
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`invoicingScreen.corrections.${key}`, options);

  return (
    <Box sx={{ p: 2, minWidth: 0 }}>
      <InvoicingHeader title={t('title')} department={department}>
        <DateField
          label={translate('app.date')}
          value={date ?? ''}
          onChange={(value) => void navigate(correctionsPath(department.param, old, value || null))}
          minWidth={170}
        />
        {date ? (
          <Button onClick={() => void navigate(correctionsPath(department.param, old, null))}>
            {t('allDates')}
          </Button>
        ) : null}
        <Button
          component={RouterLink}
          to={correctionsPath(department.param, !old, date)}
          color="secondary"
        >
          {t(old ? 'showPending' : 'showDecided')}
        </Button>
        {mayInvoicing ? (
          <Button component={RouterLink} to={`/planner/${department.param}/invoicing`}>
            {translate('invoicingScreen.title')}
          </Button>
        ) : null}
      </InvoicingHeader>
      <Stack direction="row" spacing={1} sx={{ mb: 1 }} role="group" aria-label={t('filter')}>
        {correctionFilters.map((f) => (
          <Chip
            key={f}
            size="small"
            clickable
            color={filter === f ? 'secondary' : 'default'}
            variant={filter === f ? 'filled' : 'outlined'}
            aria-pressed={filter === f}
            label={t(`filters.${f}`)}
            onClick={() => setFilter(f)}
            data-testid={`corrections-filter-${f}`}
          />
        ))}
      </Stack>
      {corrections.isError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate('errors.server')}
        </Alert>
      ) : null}
      <TableContainer
        component={Paper}
        variant="outlined"
        tabIndex={0}
        role="region"
        aria-label={t('title')}
        sx={{ overflowX: 'auto' }}
      >
        <Table size="small" data-testid="corrections">
          <TableHead>
            <TableRow>
              <TableCell>{t('columns.shipment')}</TableCell>
              <TableCell>{t('columns.customer')}</TableCell>
              <TableCell>{t('columns.date')}</TableCell>
              <TableCell align="right">{t('columns.packages')}</TableCell>
              <TableCell>{t('columns.proposed')}</TableCell>
              <TableCell>{t('columns.comment')}</TableCell>
              <TableCell>{t('columns.state')}</TableCell>
              <TableCell>{t('columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <EmptyRow
                colSpan={8}
                loading={corrections.isPending}
                text={t('none')}
                testId="corrections-none"
              />
            ) : (
              rows.map((c) => (
                <TableRow
                  key={`${c.orderId}-${c.id}`}
                  data-testid="correction"
                  data-state={c.state}
                  data-order={c.orderId}
                >
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.shipmentId ?? c.orderId}</TableCell>
                  <TableCell>{c.customerName ?? c.customerId}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.date}</TableCell>
                  <TableCell align="right">{c.existingPackages}</TableCell>
                  <TableCell>
                    <Figures values={c.accepted ?? c.proposed} />
                  </TableCell>
                  <TableCell>
                    {c.comment}
                    {c.decisionComment ? (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {c.decisionComment}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={
                        c.state === 'PENDING'
                          ? 'warning'
                          : c.state === 'ACCEPTED'
                            ? 'success'
                            : 'default'
                      }
                      label={t(`state.${c.state}`)}
                    />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {c.state === 'PENDING' ? (
                      <>
                        <Button
                          size="small"
                          color="secondary"
                          onClick={() => setAccepting(c)}
                          data-testid="correction-accept"
                        >
                          {t('accept')}
                        </Button>
                        <Button
                          size="small"
                          onClick={() => setRejecting(c)}
                          data-testid="correction-reject"
                        >
                          {t('reject')}
                        </Button>
                      </>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <CorrectionDialog
        target={
          accepting
            ? {
                mode: 'accept',
                correction: accepting,
                shipment: accepting.shipmentId ?? accepting.orderId,
              }
            : null
        }
        onClose={() => setAccepting(null)}
        onSend={async (payload) => {
          const result = await commands.decideCorrection('accept', payload);
          if (result.ok) setAccepting(null);
          return result.ok ? null : result.failure;
        }}
      />
      <RejectDialog
        correction={rejecting}
        onClose={() => setRejecting(null)}
        onReject={async (payload) => {
          const result = await commands.decideCorrection('reject', payload);
          if (result.ok) setRejecting(null);
        }}
      />
    </Box>
  );
}

/** A correction's figures in short: packages, volume, weight, and the minutes that are not 0. */
function Figures({ values }: { values: CorrectionValues }) {
  const translate = useTranslate();
  const parts = FIGURES.filter(
    (f) => ['numberOfPackages', 'volumeDmq', 'weightKilograms'].includes(f) || values[f] > 0,
  ).map((f) => `${translate(`invoicingScreen.corrections.fields.${f}`)}: ${values[f]}`);
  return <>{parts.join(' · ')}</>;
}

/** Reject, with an optional comment. */
function RejectDialog(props: {
  correction: CorrectionRow | null;
  onClose: () => void;
  onReject: (payload: Record<string, unknown>) => Promise<void>;
}) {
  const translate = useTranslate();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const { correction } = props;
  useEffect(() => setComment(''), [correction]);
  const payload = correction ? rejectPayload(correction, comment) : null;
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`invoicingScreen.corrections.${key}`, options);
  return (
    <Dialog
      open={correction !== null}
      onClose={busy ? undefined : props.onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="correction-reject-title"
    >
      <DialogTitle id="correction-reject-title">
        {t('rejectTitle', { id: correction?.shipmentId ?? correction?.orderId ?? '' })}
      </DialogTitle>
      <DialogContent>
        <TextField
          size="small"
          multiline
          minRows={2}
          fullWidth
          autoFocus
          label={t('commentOptional')}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogButtons
        busy={busy}
        disabled={payload === null}
        color="primary"
        onCancel={props.onClose}
        onConfirm={() => {
          if (!payload) return;
          setBusy(true);
          void props.onReject(payload).finally(() => setBusy(false));
        }}
        label={t('reject')}
        testId="correction-reject-confirm"
      />
    </Dialog>
  );
}
