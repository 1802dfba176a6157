import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SlotView } from '@nordlog/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { normalizeLocale } from '../../i18n/locales';
import { formatNumber } from '../../i18n/numbers';
import { clockTime, loadKinds, type LoadKind } from './planningData';

/**
 * A confirm dialog (spec §7: before deleting a template, unassigning a consignment and changing a
 * consignment's slot): a title, what it does, Cancel and the action. Cancel changes nothing.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="planning-confirm-title"
    >
      <DialogTitle id="planning-confirm-title">{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{props.text}</DialogContentText>
        {props.children}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.busy}>
          {translate('planner.bulk.cancel')}
        </Button>
        <Button
          variant="contained"
          color={props.danger ? 'error' : 'secondary'}
          disabled={props.busy}
          onClick={props.onConfirm}
          autoFocus
        >
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Picks the slot to plan (or move) shipments on: the keyboard's way to do a drag. */
export function PlanOnSlotDialog(props: {
  open: boolean;
  count: number;
  slots: readonly SlotView[];
  /** The slot the shipments are on now (not offered). */
  fromSlotId?: string | null;
  timeZone: string;
  onChoose: (slotId: string) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [slotId, setSlotId] = useState('');
  useEffect(() => {
    if (props.open) setSlotId('');
  }, [props.open]);
  const options = props.slots.filter((s) => s.id !== props.fromSlotId);
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="xs" fullWidth>
      <DialogTitle>
        {translate(props.fromSlotId ? 'planning.plan.moveTitle' : 'planning.plan.title', {
          smart_count: props.count,
        })}
      </DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          size="small"
          autoFocus
          sx={{ mt: 1 }}
          label={translate('planning.plan.slot')}
          value={slotId}
          onChange={(e) => setSlotId(e.target.value)}
          helperText={options.length === 0 ? translate('planning.plan.noSlots') : ' '}
        >
          {options.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {`${s.name} · ${clockTime(s.timeFrom, props.timeZone)} · ${translate(`enums.slotState.${s.state}`)}`}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{translate('planner.bulk.cancel')}</Button>
        <Button
          variant="contained"
          color="secondary"
          disabled={slotId === ''}
          onClick={() => props.onChoose(slotId)}
        >
          {translate('planning.plan.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * CAPACITY_EXCEEDED (docs/decisions/0021): what would be over and by how much; "plan anyway"
 * sends the command again with force.
 */
export function CapacityDialog(props: {
  open: boolean;
  slotName: string;
  over: { kind: LoadKind; amount: number }[];
  busy: boolean;
  onForce: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const number = (n: number) => formatNumber(n, locale, { digits: 1 });
  return (
    <ConfirmDialog
      open={props.open}
      title={translate('planning.capacity.title', { slot: props.slotName })}
      text={
        <>
          {translate('planning.capacity.text')}
          <ul data-testid="capacity-over">
            {props.over
              .slice()
              .sort((a, b) => loadKinds.indexOf(a.kind) - loadKinds.indexOf(b.kind))
              .map((o) => (
                <li key={o.kind}>
                  {translate(`planning.capacity.overBy.${o.kind}`, { amount: number(o.amount) })}
                </li>
              ))}
          </ul>
        </>
      }
      confirmLabel={translate('planning.capacity.force')}
      danger
      busy={props.busy}
      onConfirm={props.onForce}
      onClose={props.onClose}
    />
  );
}

/**
 * A select of a slot's unit, courier or vehicle: "none" (the empty value) or one of `options`,
 * each named by `nameOf` (default its name).
 */
export function OptionalSelect<T extends { id: string; name: string }>(props: {
  label: string;
  value: string;
  options: readonly T[];
  onChange: (value: string) => void;
  disabled?: boolean;
  helperText?: string;
  nameOf?: (option: T) => string;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      disabled={props.disabled}
      onChange={(e) => props.onChange(e.target.value)}
      helperText={props.helperText ?? ' '}
    >
      <MenuItem value="">{translate('planning.slot.none')}</MenuItem>
      {props.options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {props.nameOf ? props.nameOf(o) : o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
