import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { GenericModal } from '../../layout/GenericModal';
import { confirmationTimeouts } from '../../shell/timeouts';
import { usePlanningCommand } from './commands';
import { durationsPayload, type DurationsInput } from './planningData';

/**
 * Spec §2 set pickup/delivery duration form: a heading, a subtext with the count of orders, two
 * mm:ss inputs and Save. Spec §5: blank is null, anything but mm:ss is "not a valid duration";
 * spec §7: the "durations set" toast stays 4000 ms.
 */
export function DurationsDialog(props: {
  open: boolean;
  orderIds: readonly string[];
  onClose: () => void;
  onDone?: () => void;
}) {
  const translate = useTranslate();
  const run = usePlanningCommand();
  const [input, setInput] = useState<DurationsInput>({ pickup: '', delivery: '' });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (props.open) {
      setInput({ pickup: '', delivery: '' });
      setTouched(false);
    }
  }, [props.open]);
  const result = durationsPayload(props.orderIds, input);
  const error = (field: keyof DurationsInput) =>
    touched && !result.ok && result.errors[field] ? translate(result.errors[field]) : null;
  const save = async () => {
    setTouched(true);
    if (!result.ok || result.payload.orderIds.length === 0) return;
    setBusy(true);
    const answer = await run('SET_PICKUP_AND_DELIVERY_DURATIONS', result.payload, {
      success: 'planning.durations.done',
      successArgs: { smart_count: result.payload.orderIds.length },
      successMs: confirmationTimeouts.durationsSet,
    });
    setBusy(false);
    if (answer) {
      props.onDone?.();
      props.onClose();
    }
  };
  return (
    <GenericModal
      open={props.open}
      onClose={busy ? () => undefined : props.onClose}
      size="small"
      title={translate('planning.durations.title')}
    >
      <Stack
        component="form"
        spacing={2}
        noValidate
        data-testid="durations-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Typography data-testid="durations-count">
          {translate('planning.durations.subtext', { smart_count: props.orderIds.length })}
        </Typography>
        <Stack direction="row" spacing={2}>
          <TextField
            size="small"
            fullWidth
            autoFocus
            label={translate('planning.durations.pickup')}
            placeholder="mm:ss"
            value={input.pickup}
            onChange={(e) => setInput((i) => ({ ...i, pickup: e.target.value }))}
            onBlur={() => setTouched(true)}
            error={!!error('pickup')}
            helperText={error('pickup') ?? translate('planning.durations.hint')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
          <TextField
            size="small"
            fullWidth
            label={translate('planning.durations.delivery')}
            placeholder="mm:ss"
            value={input.delivery}
            onChange={(e) => setInput((i) => ({ ...i, delivery: e.target.value }))}
            onBlur={() => setTouched(true)}
            error={!!error('delivery')}
            helperText={error('delivery') ?? translate('planning.durations.hint')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
        </Stack>
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <Button onClick={props.onClose} disabled={busy}>
            {translate('planner.bulk.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="secondary" disabled={busy}>
            {translate('planning.save')}
          </Button>
        </Stack>
      </Stack>
    </GenericModal>
  );
}
