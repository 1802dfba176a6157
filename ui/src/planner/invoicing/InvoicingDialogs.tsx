import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { DateField } from '../../inputs/LazyPickers';
import { CustomerPicker, DialogButtons, FailureAlert } from './common';
import {
  bulkPayloads,
  manualInvoicingTargets,
  type BulkField,
  type BulkInput,
  type InvoicingBulkAction,
  type ManualTarget,
} from './bulkModel';
import { type Issues } from './formNumbers';
import { startRunPayload, type RunField, type RunInput } from './invoicingModel';

/**
 * The dialog of a bulk action on the selected orders: pause (a reason, required), release (a
 * reason, optional) or set a status (one of the four a planner may set, and a reason). The
 * payloads are the contracts' schemas' (the server's rules); Cancel changes nothing.
 */
export function BulkActionDialog(props: {
  action: InvoicingBulkAction | null;
  orderIds: readonly string[];
  onConfirm: (action: InvoicingBulkAction, payloads: Record<string, unknown>[]) => Promise<void>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [input, setInput] = useState<BulkInput>({ reason: '', status: '' });
  const [issues, setIssues] = useState<Issues<BulkField>>({});
  const [busy, setBusy] = useState(false);
  const { action } = props;
  useEffect(() => {
    if (action) {
      setInput({ reason: '', status: '' });
      setIssues({});
    }
  }, [action]);
  const count = props.orderIds.length;
  const confirm = async () => {
    if (!action) return;
    const { payloads, issues: found } = bulkPayloads(action, props.orderIds, input);
    setIssues(found);
    if (payloads.length === 0) return;
    setBusy(true);
    try {
      await props.onConfirm(action, payloads);
    } finally {
      setBusy(false);
    }
  };
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`invoicingScreen.bulk.${key}`, options);
  return (
    <Dialog
      open={action !== null}
      onClose={busy ? undefined : props.onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="invoicing-bulk-title"
    >
      {action ? (
        <>
          <DialogTitle id="invoicing-bulk-title">
            {t(`${action}Title`, { smart_count: count })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              {t(`${action}Text`, { smart_count: count })}
            </DialogContentText>
            <Stack spacing={2}>
              {action === 'setStatus' ? (
                <TextField
                  select
                  size="small"
                  required
                  autoFocus
                  label={t('status')}
                  value={input.status}
                  onChange={(e) => setInput({ ...input, status: e.target.value as ManualTarget })}
                  error={!!issues.status}
                  helperText={issues.status ? translate(issues.status) : ' '}
                >
                  {manualInvoicingTargets.map((s) => (
                    <MenuItem key={s} value={s}>
                      {translate(`invoicingScreen.status.${s}`)}
                    </MenuItem>
                  ))}
                </TextField>
              ) : null}
              <TextField
                size="small"
                multiline
                minRows={2}
                maxRows={6}
                autoFocus={action !== 'setStatus'}
                required={action !== 'release'}
                label={action === 'release' ? t('reasonOptional') : t('reason')}
                value={input.reason}
                onChange={(e) => setInput({ ...input, reason: e.target.value })}
                error={!!issues.reason}
                helperText={issues.reason ? translate(issues.reason) : ' '}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            </Stack>
          </DialogContent>
          <DialogButtons
            busy={busy}
            onCancel={props.onClose}
            onConfirm={() => void confirm()}
            label={t(`${action}Confirm`)}
          />
        </>
      ) : null}
    </Dialog>
  );
}

/**
 * "Run invoicing": the period (the filters' period to start with) and, optionally, one customer;
 * sends START_INVOICING_RUN. A refusal stays in the dialog (spec §8 message).
 */
export function RunInvoicingDialog(props: {
  open: boolean;
  departmentId: string;
  departmentIds: readonly string[];
  initial: RunInput;
  onStart: (payload: Record<string, unknown>) => Promise<string | null>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [input, setInput] = useState<RunInput>(props.initial);
  const [issues, setIssues] = useState<Issues<RunField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { open, initial } = props;
  useEffect(() => {
    if (open) {
      setInput(initial);
      setIssues({});
      setFailure(null);
    }
    // The dialog starts from the filters as they are when it opens.
  }, [open]);
  const start = async () => {
    const { payload, issues: found } = startRunPayload(props.departmentId, input);
    setIssues(found);
    if (!payload) return;
    setBusy(true);
    setFailure(null);
    try {
      const refused = await props.onStart(payload);
      if (refused) setFailure(refused);
    } finally {
      setBusy(false);
    }
  };
  const t = (key: string) => translate(`invoicingScreen.run.${key}`);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : props.onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="invoicing-run-title"
    >
      <DialogTitle id="invoicing-run-title">{t('title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('text')}</DialogContentText>
        <FailureAlert failure={failure} testId="run-failure" />
        <Stack spacing={2}>
          <Stack direction="row" spacing={2}>
            <DateField
              label={translate('invoicingScreen.period.from')}
              value={input.fromDate}
              onChange={(fromDate) => setInput((i) => ({ ...i, fromDate }))}
              error={!!issues.fromDate}
              helperText={issues.fromDate ? translate(issues.fromDate) : ' '}
              fullWidth
            />
            <DateField
              label={translate('invoicingScreen.period.to')}
              value={input.toDate}
              onChange={(toDate) => setInput((i) => ({ ...i, toDate }))}
              error={!!issues.toDate}
              helperText={issues.toDate ? translate(issues.toDate) : ' '}
              fullWidth
            />
          </Stack>
          <CustomerPicker
            kind="id"
            label={t('customer')}
            value={input.customerId}
            onChange={(customerId) => setInput((i) => ({ ...i, customerId }))}
            departmentIds={props.departmentIds}
            error={!!issues.customerId}
            helperText={issues.customerId ? translate(issues.customerId) : t('allCustomers')}
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogButtons
        busy={busy}
        onCancel={props.onClose}
        onConfirm={() => void start()}
        label={t('start')}
      />
    </Dialog>
  );
}
