import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { HttpFailure } from '../errors/parse';
import { PrintLabelsButton } from '../labels/PrintLabelsButton';
import { DeviationReasonField } from '../deviations/DeviationDialog';
import { sendCommand } from '../shell/api';
import { toastTimeouts } from '../shell/timeouts';
import {
  bulkCommandFor,
  bulkInputComplete,
  bulkPayload,
  chunks,
  mergeOutcomes,
  outcomeOfAnswer,
  outcomeOfError,
  type BulkAction,
  type BulkFailure,
  type BulkInput,
  type BulkOutcome,
  type MoveTarget,
} from './shipmentsData';

export { allowedBulkActions } from './shipmentsData';

/** Runs a bulk action in chunks and adds up what succeeded and what failed (with reasons). */
export async function runBulk(
  action: BulkAction,
  ids: readonly string[],
  input: BulkInput,
  /** What an order the refusal does not name failed with (an all-or-nothing move's others). */
  keptBack?: string,
): Promise<BulkOutcome> {
  const outcomes: BulkOutcome[] = [];
  // An all-or-nothing move is one command: chunks would move some and refuse others (0089).
  const parts = input.allOrNothing ? [[...ids]] : chunks(ids);
  for (const chunk of parts) {
    try {
      outcomes.push(
        outcomeOfAnswer(
          await sendCommand(bulkCommandFor(action, input), bulkPayload(action, chunk, input)),
        ),
      );
    } catch (err) {
      if (!(err instanceof HttpFailure)) throw err;
      const unnamed = keptBack === undefined ? undefined : { description: keptBack };
      outcomes.push(outcomeOfError(chunk, err.errors, unnamed));
    }
  }
  return mergeOutcomes(outcomes);
}

/** The request of a confirm dialog: which action on which rows. */
export interface BulkRequest {
  action: BulkAction;
  ids: string[];
}

/**
 * UI.md patterns: the bar appears on selection; every action asks for confirmation saying how
 * many rows it touches; the result toast counts what succeeded and failed, with the reasons.
 * "Print labels" needs no confirmation: it changes nothing but records the print (0020).
 */
export function BulkActionBar(props: {
  count: number;
  allowed: readonly BulkAction[];
  onAction: (action: BulkAction) => void;
  onClear: () => void;
  /** The selected rows' order ids, for "Print labels" (shown to users who may print). */
  ids?: readonly string[];
}) {
  const translate = useTranslate();
  if (props.count === 0) return null;
  return (
    <Paper
      variant="outlined"
      role="toolbar"
      aria-label={translate('planner.bulk.selected', { smart_count: props.count })}
      sx={{ px: 2, py: 1, mb: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
    >
      <Typography data-testid="bulk-count" sx={{ fontWeight: 600, mr: 1 }}>
        {translate('planner.bulk.selected', { smart_count: props.count })}
      </Typography>
      {props.allowed.map((a) => (
        <Button
          key={a}
          size="small"
          variant={a === 'delete' ? 'contained' : 'outlined'}
          color={a === 'delete' ? 'error' : 'secondary'}
          onClick={() => props.onAction(a)}
        >
          {translate(`planner.bulk.${a}`)}
        </Button>
      ))}
      {props.ids ? <PrintLabelsButton orderIds={props.ids} size="small" /> : null}
      <Button size="small" color="secondary" onClick={props.onClear}>
        {translate('planner.bulk.clear')}
      </Button>
    </Paper>
  );
}

/**
 * The confirm dialog of a bulk action; a deviation asks for its reason, a move for the department
 * the orders go to (`targets`: the departments of the user's access but the page's own).
 */
export function BulkConfirmDialog(props: {
  request: BulkRequest | null;
  targets: readonly MoveTarget[];
  /** Whether a move may be asked as all or nothing (MOVE_ORDERS_NEW, 0089). */
  allOrNothing?: boolean;
  onClose: () => void;
  onDone: (outcome: BulkOutcome) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [departmentId, setDepartmentId] = useState('');
  const [allOrNothing, setAllOrNothing] = useState(false);
  const [busy, setBusy] = useState(false);
  const request = props.request;
  const count = request?.ids.length ?? 0;
  const needsReason = request?.action === 'deviate';
  const moving = request?.action === 'move';
  const input: BulkInput = moving
    ? { departmentId, allOrNothing: allOrNothing && props.allOrNothing === true }
    : { reason, comment };
  const complete = request !== null && bulkInputComplete(request.action, input);
  const targetName = props.targets.find((t) => t.id === departmentId)?.name ?? departmentId;

  const close = () => {
    setReason('');
    setComment('');
    setDepartmentId('');
    setAllOrNothing(false);
    props.onClose();
  };

  const reasonText = (f: BulkFailure) =>
    f.errorType
      ? translate(`errors.${f.errorType}`, { _: f.description ?? f.errorType })
      : (f.description ?? translate('errors.unknown'));

  const confirm = async () => {
    if (!request) return;
    setBusy(true);
    try {
      const outcome = await runBulk(
        request.action,
        request.ids,
        input,
        translate('moveOrdersNew.keptBack'),
      );
      const failed = outcome.failed;
      notify(
        <span data-testid="bulk-result">
          {moving && outcome.succeeded.length > 0 ? (
            <span style={{ display: 'block' }}>
              {translate('planner.bulk.moved', {
                smart_count: outcome.succeeded.length,
                department: targetName,
              })}
            </span>
          ) : null}
          {translate('planner.bulk.result', {
            ok: outcome.succeeded.length,
            failed: failed.length,
          })}
          {failed.slice(0, 5).map((f) => (
            <span key={f.id} style={{ display: 'block' }}>
              {translate('planner.bulk.failure', { id: f.id, reason: reasonText(f) })}
            </span>
          ))}
          {failed.length > 5 ? <span style={{ display: 'block' }}>…</span> : null}
        </span>,
        {
          type:
            failed.length === 0 ? 'success' : outcome.succeeded.length === 0 ? 'error' : 'warning',
          autoHideDuration: failed.length === 0 ? toastTimeouts.short : toastTimeouts.notice,
        },
      );
      props.onDone(outcome);
    } catch {
      notify('errors.server', { type: 'error' });
    } finally {
      setBusy(false);
      close();
    }
  };

  return (
    <Dialog open={request !== null} onClose={busy ? undefined : close} maxWidth="xs" fullWidth>
      {request ? (
        <>
          <DialogTitle>
            {translate(`planner.bulk.confirmTitle.${request.action}`, { smart_count: count })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              {translate('planner.bulk.confirmText', { smart_count: count })}
            </DialogContentText>
            <Stack spacing={2}>
              {moving ? (
                <TextField
                  select
                  size="small"
                  required
                  autoFocus
                  label={translate('planner.bulk.targetDepartment')}
                  value={departmentId}
                  onChange={(e) => setDepartmentId(e.target.value)}
                  helperText={
                    props.targets.length === 0
                      ? translate('planner.bulk.noTargetDepartment')
                      : translate('planner.bulk.moveHint')
                  }
                >
                  {props.targets.map((t) => (
                    <MenuItem key={t.id} value={t.id}>
                      {t.name}
                    </MenuItem>
                  ))}
                </TextField>
              ) : null}
              {moving && props.allOrNothing ? (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={allOrNothing}
                      onChange={(e) => setAllOrNothing(e.target.checked)}
                    />
                  }
                  label={translate('moveOrdersNew.allOrNothing')}
                />
              ) : null}
              {moving && allOrNothing ? (
                <Typography variant="body2" color="text.secondary">
                  {translate('moveOrdersNew.allOrNothingHint')}
                </Typography>
              ) : null}
              {needsReason ? (
                <DeviationReasonField value={reason} onChange={setReason} autoFocus />
              ) : null}
              {request.action !== 'delete' && !moving ? (
                <TextField
                  size="small"
                  multiline
                  maxRows={6}
                  label={translate('planner.bulk.comment')}
                  value={comment}
                  onChange={(e) => setComment(e.target.value)}
                  slotProps={{ htmlInput: { maxLength: 1000 } }}
                />
              ) : null}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={busy}>
              {translate('planner.bulk.cancel')}
            </Button>
            <Button
              variant="contained"
              color={request.action === 'delete' ? 'error' : 'secondary'}
              disabled={busy || !complete}
              onClick={() => void confirm()}
            >
              {translate('planner.bulk.confirm')}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
