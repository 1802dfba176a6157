import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { deviationReasons, type DeviationReason } from '@nordlog/contracts';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { enumKey } from '../i18n/enums';

export interface DeviationInput {
  reason: DeviationReason;
  text: string;
}

/** Whether the dialog has what the command needs: a reason, and the text of OTHER. */
export const deviationComplete = (v: { reason: string; text: string }) =>
  v.reason !== '' && (v.reason !== 'OTHER' || v.text.trim() !== '');

/** The reason select of the catalogue (docs/decisions/0051-deviations.md), in the user's language. */
export function DeviationReasonField(props: {
  value: string;
  onChange: (reason: DeviationReason) => void;
  autoFocus?: boolean;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      required
      autoFocus={props.autoFocus}
      label={translate('deviations.reason')}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as DeviationReason)}
      data-testid="deviation-reason"
    >
      {deviationReasons.map((r) => (
        <MenuItem key={r} value={r}>
          {translate(enumKey('deviationReason', r))}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Reports or edits a deviation: its reason from the catalogue and what happened (required for
 * OTHER). `onSave` answers the refusal's text, or null when it was saved.
 */
export function DeviationDialog(props: {
  open: boolean;
  title: string;
  initial?: { reason: DeviationReason; text: string | null } | null;
  saveLabel?: string;
  onClose: () => void;
  onSave: (input: DeviationInput) => Promise<string | null>;
}) {
  const translate = useTranslate();
  const [reason, setReason] = useState<DeviationReason | ''>('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { open, initial } = props;
  useEffect(() => {
    if (!open) return;
    setReason(initial?.reason ?? '');
    setText(initial?.text ?? '');
    setError(null);
  }, [open, initial]);
  const save = async () => {
    if (reason === '') return;
    setBusy(true);
    const refusal = await props.onSave({ reason, text: text.trim() });
    setBusy(false);
    setError(refusal);
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : props.onClose} fullWidth maxWidth="xs">
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <DeviationReasonField value={reason} onChange={setReason} autoFocus />
          <TextField
            size="small"
            multiline
            maxRows={6}
            required={reason === 'OTHER'}
            label={translate('deviations.text')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={busy}>
          {translate('deviations.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={busy || !deviationComplete({ reason, text })}
          onClick={() => void save()}
        >
          {props.saveLabel ?? translate('deviations.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
