import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { DialogButtons, FailureAlert } from './common';
import {
  acceptCorrection,
  correctionFields,
  correctionFormDefaults,
  isIntegerCorrectionField,
  proposalDefaults,
  proposeCorrection,
  type CorrectionField,
  type CorrectionFormValues,
  type CorrectionRow,
} from './correctionsModel';
import { type Issues } from './formNumbers';

/** What the dialog is for: accepting a pending correction, or proposing one for an order. */
export type CorrectionTarget =
  | { mode: 'accept'; correction: CorrectionRow; shipment: string }
  | { mode: 'create'; orderId: string; packages: number; shipment: string };

/**
 * The values of an order correction (spec §3: packages, volume, weight, waiting and loading
 * minutes, comment). Accepting starts from the proposal and sends the spec's accept payload
 * (ACCEPT_ORDER_CORRECTION); proposing starts from the booked packages and sends
 * CREATE_ORDER_CORRECTION, which waits for a decision. The rules are the contracts' schemas.
 */
export function CorrectionDialog(props: {
  target: CorrectionTarget | null;
  onClose: () => void;
  /** Sends the payload; answers the refusal's text, or null when it was taken. */
  onSend: (payload: Record<string, unknown>) => Promise<string | null>;
}) {
  const translate = useTranslate();
  const { target } = props;
  const [values, setValues] = useState<CorrectionFormValues | null>(null);
  const [issues, setIssues] = useState<Issues<CorrectionField | 'comment'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setValues(
      target === null
        ? null
        : target.mode === 'accept'
          ? correctionFormDefaults(target.correction)
          : proposalDefaults(target.packages),
    );
    setIssues({});
    setFailure(null);
  }, [target]);
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`invoicingScreen.corrections.${key}`, options);
  const send = async () => {
    if (!target || !values) return;
    const { payload, issues: found } =
      target.mode === 'accept'
        ? acceptCorrection(target.correction, values)
        : proposeCorrection(target.orderId, values);
    setIssues(found);
    if (!payload) return;
    setBusy(true);
    try {
      setFailure(await props.onSend(payload));
    } finally {
      setBusy(false);
    }
  };
  const accept = target?.mode === 'accept';
  return (
    <Dialog
      open={target !== null}
      onClose={busy ? undefined : props.onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="correction-dialog-title"
    >
      <DialogTitle id="correction-dialog-title">
        {t(accept ? 'acceptTitle' : 'newTitle', { id: target?.shipment ?? '' })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {target?.mode === 'accept'
            ? t('acceptText', { packages: target.correction.existingPackages })
            : t('newText')}
        </DialogContentText>
        <FailureAlert failure={failure} testId="correction-failure" />
        {values ? (
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
            {correctionFields.map((f) => (
              <TextField
                key={f}
                size="small"
                required={!f.endsWith('InMinutes')}
                label={t(`fields.${f}`)}
                value={values[f]}
                onChange={(e) => setValues({ ...values, [f]: e.target.value })}
                error={!!issues[f]}
                helperText={issues[f] ? translate(issues[f]) : ' '}
                slotProps={{
                  htmlInput: {
                    inputMode: isIntegerCorrectionField(f) ? 'numeric' : 'decimal',
                    'data-testid': `correction-${f}`,
                  },
                }}
              />
            ))}
            <TextField
              size="small"
              multiline
              minRows={2}
              label={t('comment')}
              value={values.comment}
              onChange={(e) => setValues({ ...values, comment: e.target.value })}
              error={!!issues.comment}
              helperText={issues.comment ? translate(issues.comment) : ' '}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
              sx={{ gridColumn: '1 / -1' }}
            />
          </Box>
        ) : null}
      </DialogContent>
      <DialogButtons
        busy={busy}
        onCancel={props.onClose}
        onConfirm={() => void send()}
        label={t(accept ? 'accept' : 'propose')}
        testId="correction-confirm"
      />
    </Dialog>
  );
}
