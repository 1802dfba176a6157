import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { commandPermissions, denial, type AuthUser } from '@nordlog/contracts';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { HttpFailure } from '../errors/parse';
import { sendCommand } from '../shell/api';
import { toastTimeouts } from '../shell/timeouts';
import {
  bulkActions,
  bulkCommand,
  bulkPayload,
  chunks,
  mergeOutcomes,
  outcomeOfAnswer,
  outcomeOfError,
  type BulkAction,
  type BulkFailure,
  type BulkOutcome,
} from './shipmentsData';

/** The bulk actions this user may run (spec §6: the command's permission). */
export function allowedBulkActions(user: AuthUser): BulkAction[] {
  const identity = {
    userId: user.id,
    role: user.role,
    access: user.access,
    departmentIds: user.departmentIds,
    customerId: user.customerId,
  };
  return bulkActions.filter(
    (a) => denial(identity, commandPermissions[bulkCommand[a]], 'command') === null,
  );
}

/** Runs a bulk action in chunks and adds up what succeeded and what failed (with reasons). */
export async function runBulk(
  action: BulkAction,
  ids: readonly string[],
  input: { reason?: string; comment?: string },
): Promise<BulkOutcome> {
  const outcomes: BulkOutcome[] = [];
  for (const chunk of chunks(ids)) {
    try {
      outcomes.push(
        outcomeOfAnswer(await sendCommand(bulkCommand[action], bulkPayload(action, chunk, input))),
      );
    } catch (err) {
      if (!(err instanceof HttpFailure)) throw err;
      outcomes.push(outcomeOfError(chunk, err.errors));
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
 */
export function BulkActionBar(props: {
  count: number;
  allowed: readonly BulkAction[];
  onAction: (action: BulkAction) => void;
  onClear: () => void;
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
      <Button size="small" color="secondary" onClick={props.onClear}>
        {translate('planner.bulk.clear')}
      </Button>
    </Paper>
  );
}

export function BulkConfirmDialog(props: {
  request: BulkRequest | null;
  onClose: () => void;
  onDone: (outcome: BulkOutcome) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const request = props.request;
  const count = request?.ids.length ?? 0;
  const needsReason = request?.action === 'deviate';

  const reasonText = (f: BulkFailure) =>
    f.errorType
      ? translate(`errors.${f.errorType}`, { _: f.description ?? f.errorType })
      : (f.description ?? translate('errors.unknown'));

  const confirm = async () => {
    if (!request) return;
    setBusy(true);
    try {
      const outcome = await runBulk(request.action, request.ids, { reason, comment });
      const failed = outcome.failed;
      notify(
        <span data-testid="bulk-result">
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
      setReason('');
      setComment('');
      props.onClose();
    }
  };

  return (
    <Dialog
      open={request !== null}
      onClose={busy ? undefined : props.onClose}
      maxWidth="xs"
      fullWidth
    >
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
              {needsReason ? (
                <TextField
                  size="small"
                  required
                  autoFocus
                  label={translate('planner.bulk.reason')}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
              ) : null}
              {request.action !== 'delete' ? (
                <TextField
                  size="small"
                  multiline
                  label={translate('planner.bulk.comment')}
                  value={comment}
                  onChange={(e) => setComment(e.target.value)}
                  slotProps={{ htmlInput: { maxLength: 1000 } }}
                />
              ) : null}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose} disabled={busy}>
              {translate('planner.bulk.cancel')}
            </Button>
            <Button
              variant="contained"
              color={request.action === 'delete' ? 'error' : 'secondary'}
              disabled={busy || (needsReason && reason.trim() === '')}
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
